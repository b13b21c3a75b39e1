/// Keyboard modifier keys held during an event.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1)
    public static let ctrl = Modifiers(rawValue: 2)
    public static let alt = Modifiers(rawValue: 4)
    public static let meta = Modifiers(rawValue: 8)
}

/// A key, by a lower-case name: letters and digits as themselves, and "left", "right", "up", "down", "return",
/// "escape", "tab", "space", "backspace", "delete", "home", "end", "pageup", "pagedown", "f1"..."f12", "minus",
/// "plus", "equals", "period", "comma", "slash", "question".
public struct Key: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name.lowercased() }
    public init(stringLiteral value: String) { self.init(value) }
    public var description: String { name }
}

/// Phases of a continuous gesture.
public enum GesturePhase: String, Sendable { case begin, change, end }

/// A pointer button.
public enum PointerButton: Int, Sendable { case left = 1, middle = 2, right = 3 }

/// One step of a drag and drop onto the window. A drop is `begin`, then one `file` or `text` per item in the order
/// the source gave them, then `complete`.
public enum DropEvent: Equatable, Sendable {
    case begin
    /// A local file or folder, as an absolute path.
    case file(String)
    /// Text, such as a URL dragged from a browser.
    case text(String)
    case complete
}

/// Input as the core sees it, translated from SDL (or a script, or a test) by the caller.
public enum InputEvent: Equatable, Sendable {
    /// The pointer moved to a point in window coordinates.
    case pointerMove(Point)
    /// The pointer left the window.
    case pointerLeave
    case pointerDown(Point, PointerButton)
    case pointerUp(Point, PointerButton)
    /// Wheel motion. `dx`, `dy` in SDL's sign (dy > 0: wheel rolled away from the user; dx > 0: to the right),
    /// in whole ticks when `precise` is false, else in pixels from a trackpad. `modifiers` as held at the time.
    case wheel(dx: Double, dy: Double, precise: Bool, modifiers: Modifiers, at: Point?)
    /// A magnification gesture; `scale` is the scale since the gesture began (1 at `begin`).
    case magnify(GesturePhase, scale: Double, at: Point?)
    case keyDown(Key, Modifiers, isRepeat: Bool)
    case keyUp(Key, Modifiers)
    /// Text typed (after keyboard layout), for text fields.
    case text(String)
    /// The window's drawable size changed.
    case resize(Size)
    /// The window was hidden or minimised (false) or shown again (true).
    case visibility(Bool)
    /// Files or text dropped onto the window, one step at a time (see `DropEvent`).
    case drop(DropEvent)
    /// Keyboard focus came into (true) or left (false) what receives this: `FocusRouter` tells the handlers whose
    /// subtree gained or lost the focus; a carousel records it (`focus in`, `focus out` in a script).
    case focus(Bool)
}

extension InputEvent {
    /// Where a pointer event happened (a wheel or pinch when it carries a position), else nil.
    public var location: Point? {
        switch self {
        case .pointerMove(let p), .pointerDown(let p, _), .pointerUp(let p, _): p
        case .wheel(_, _, _, _, let at), .magnify(_, _, let at): at
        default: nil
        }
    }
}
