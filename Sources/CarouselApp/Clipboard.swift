/// The system clipboard, as the window backend provides it (SDL's in the app; a fake in tests).
@MainActor
public protocol Clipboard: AnyObject {
    /// Replaces the clipboard's content with `text`; throws a one-line message when the system refuses.
    func setText(_ text: String) throws(ClipboardError)
}

/// The system clipboard refused the text.
public struct ClipboardError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
