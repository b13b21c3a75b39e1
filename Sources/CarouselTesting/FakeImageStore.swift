import CarouselCore

/// An image store for tests: every source is ready at once with a size given up front (default 400x600),
/// except those marked loading or failed.
@MainActor
public final class FakeImageStore: ImageStore {
    public var sizes: [String: Size] = [:]
    public var defaultSize = Size(400, 600)
    public var loading: Set<String> = []
    /// Failure messages by source ("source: reason", as a real store words them).
    public var failing: [String: String] = [:]
    /// What the tiles of ready images say over them, by source (`ImageStore.note(of:)`).
    public var notes: [String: String] = [:]
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

    /// The failure message after "source: " (the whole message when it does not start so).
    public func failureReason(of handle: ImageHandle) -> String? {
        guard let s = sources[handle] else { return "unknown handle" }
        guard let m = failing[s] else { return nil }
        return m.hasPrefix("\(s): ") ? String(m.dropFirst(s.count + 2)) : m
    }

    public func note(of handle: ImageHandle) -> String? {
        guard case .ready = state(of: handle), let s = sources[handle] else { return nil }
        return notes[s]
    }
}
