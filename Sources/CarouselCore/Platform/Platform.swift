/// Services of the platform the app runs on, implemented by a backend (SDL in the window, fakes in tests). They sit
/// beside `Renderer` in the core so that a backend depends on the core only, never on the app.

// MARK: Screenshots

/// The files of one screenshot under one name of a series: the PNG, its sidecar's path and the sidecar's text
/// (which names the PNG).
public struct ScreenshotFiles: Equatable, Sendable {
    public var png: String
    public var sidecarPath: String
    public var sidecar: String

    public init(png: String, sidecarPath: String, sidecar: String) {
        self.png = png; self.sidecarPath = sidecarPath; self.sidecar = sidecar
    }
}

/// Saves a drawn frame as a PNG without holding up the frame loop: the backend reads the pixels back on the main
/// thread right after the frame is drawn, then encodes and writes the files on a background thread.
@MainActor
public protocol ScreenshotTaker: AnyObject {
    /// Arms a read-back of the next frame drawn: that frame's pixels are saved as a PNG with its sidecar beside it,
    /// under the first of the names `files(1)`, `files(2)`, ... that nothing holds when they are written (the name
    /// is taken atomically: two windows saving in the same second each keep their screenshot), both through
    /// temporary files put in place together, so a failure (folder not writable, disk full) leaves no partial file.
    /// The frame read back is not shown on screen: the caller draws the frame again for the window. `completion`
    /// runs on the main thread with the PNG's path or the error.
    func captureNextFrame(naming files: @escaping @Sendable (Int) -> ScreenshotFiles,
                          completion: @escaping @MainActor (Result<String, Error>) -> Void)
    /// Runs the completions of the saves that finished since the last call, on the main thread (the app calls it
    /// once a frame, where it takes its background work's results).
    func finishSaves()
}

// MARK: Sound

/// Plays short sounds; the backend implements it with SDL audio.
@MainActor
public protocol SoundPlayer: AnyObject {
    /// A short click, like a phone's "heavy impact" haptic made audible.
    func playClick()
}

// MARK: Clipboard

/// The system clipboard, as the window backend provides it (SDL's in the app; a fake in tests).
@MainActor
public protocol Clipboard: AnyObject {
    /// Replaces the clipboard's content with `text`; throws a one-line message when the system refuses.
    func setText(_ text: String) throws(ClipboardError)
    /// The clipboard's text, or nil when it holds none.
    func readText() -> String?
}

/// The system clipboard refused the text.
public struct ClipboardError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
