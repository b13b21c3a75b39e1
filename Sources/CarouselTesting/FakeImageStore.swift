import CarouselCore

/// An image store for tests: every source is ready at once with a size given up front (default 400x600),
/// except those marked loading or failed.
@MainActor
public final class FakeImageStore: ImageStore {
    public var sizes: [String: Size] = [:]
    public var defaultSize = Size(400, 600)
    public var loading: Set<String> = []
    public var failing: [String: String] = [:]
    private var handles: [String: ImageHandle] = [:]
    private var sources: [ImageHandle: String] = [:]
    /// The largest `maxPixelSize` asked for each source.
    public private(set) var requestedSizes: [String: Size] = [:]

    public init() {}

    public func handle(for source: String, maxPixelSize: Size?) -> ImageHandle {
        if let m = maxPixelSize { requestedSizes[source] = m }
        if let h = handles[source] { return h }
        let h = ImageHandle(handles.count + 1)
        handles[source] = h; sources[h] = source
        return h
    }

    public func state(of handle: ImageHandle) -> ImageState {
        guard let s = sources[handle] else { return .failed("unknown handle") }
        if let m = failing[s] { return .failed(m) }
        if loading.contains(s) { return .loading }
        return .ready(sizes[s] ?? defaultSize)
    }

    public func source(of handle: ImageHandle) -> String? { sources[handle] }
}
