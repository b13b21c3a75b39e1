/// The image store's background decodes and fetches as the window's background work: `pump` (the store's own:
/// finished decodes become textures, failures placeholders) runs once a frame where the model takes its results,
/// and an image that changed becomes `.panes(.imagesChanged)`.
@MainActor
public final class ImageLoading: BackgroundWork {
    private let pump: @MainActor () -> Bool

    /// `pump` takes the store's finished work on the main thread and says whether any image changed.
    public init(pump: @escaping @MainActor () -> Bool) { self.pump = pump }

    public func takeResults() -> [AppAction] { pump() ? [.panes(.imagesChanged)] : [] }

    /// Images never hold up an exit: a decode still running is simply dropped.
    public var isIdle: Bool { true }
}
