import CarouselSupport

/// A problem with an effect file, as one line: `file:line:column: what`, naming the key.
public struct EffectFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String
    public var line: Int
    public var column: Int
    /// What is wrong, naming the key (already cleaned for a message: `MessageText`).
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = message
    }

    /// `file:line:column: what`.
    public var description: String { "\(MessageText.clean(file)):\(line):\(column): \(message)" }
}

/// The limits an effect file is held to, so that any file is read in bounded time and memory.
public enum EffectLimits {
    /// The largest file, in bytes.
    public static let fileBytes = 256 * 1024
    /// The most JSON values (numbers, strings, elements, members) in a file.
    public static let values = 20_000
    public static let parameters = 64
    public static let derived = 64
    public static let tracks = 64
    public static let keysPerTrack = 64
    public static let states = 32
    /// The longest name (parameter, derived value).
    public static let nameLength = 40
    /// The largest magnitude of any number (lengths in points, angles in degrees): `EffectExpression.limit`.
    public static var magnitude: Double { EffectExpression.limit }
}
