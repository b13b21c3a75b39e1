import CarouselSupport
import CarouselCore

/// Where a style comes from: compiled in, or an effect file (its path and the text it was read from, so a sidecar
/// can carry the effect even after the file changed).
public enum StyleOrigin: Equatable, Sendable {
    /// One of the five styles compiled into the app.
    case builtIn
    /// An effect read from `path`; `text` is the file's content as read.
    case file(path: String, text: String)
}

/// A style as the app holds and offers it: its descriptor (name, summary, parameters), the channels the timeline
/// graphs, its export, where it came from, and how to make it on a scene. Each built-in style has one
/// (`BuiltInStyle.definition`); an effect file makes one. Two definitions are the same style when their names and
/// origins are equal.
public struct StyleDefinition: Equatable {
    /// Name, summary and the style's own parameters.
    public let descriptor: StyleDescriptor
    /// The style's animated channels, for the timeline's graphs (value and speed over time).
    public let channels: [StyleChannel]
    /// The style's templates for code export, when it has them.
    public let export: StyleExport?
    /// Built in, or the file it was read from.
    public let origin: StyleOrigin
    private let make: @MainActor (StyleContext, Parameters) -> any CarouselStyle

    /// A definition that makes its style with `make`.
    public init(descriptor: StyleDescriptor, channels: [StyleChannel], export: StyleExport?, origin: StyleOrigin,
                make: @escaping @MainActor (StyleContext, Parameters) -> any CarouselStyle) {
        self.descriptor = descriptor; self.channels = channels; self.export = export; self.origin = origin; self.make = make
    }

    /// The name used on the command line, in menus and as the key of its values.
    public var name: String { descriptor.name }

    /// Builds the style's nodes for the context's deck; `parameters` holds every value of the schema.
    @MainActor public func makeStyle(context: StyleContext, parameters: Parameters) -> any CarouselStyle { make(context, parameters) }

    /// Whether `other` is the same style (same name, same origin and content).
    public func isSame(as other: StyleDefinition) -> Bool { name == other.name && origin == other.origin }

    /// The same style: same name, same origin and content.
    public static func == (a: StyleDefinition, b: StyleDefinition) -> Bool { a.isSame(as: b) }
}

/// One of the styles compiled into the app: its type gives its definition.
@MainActor
public protocol BuiltInStyle: CarouselStyle {
    /// Name, summary and parameters of the style.
    static var descriptor: StyleDescriptor { get }
    /// The style's animated channels, for the timeline's graphs.
    static var channels: [StyleChannel] { get }
    /// Builds the style's nodes for the deck; `parameters` holds every value of the schema.
    init(context: StyleContext, parameters: Parameters)
}

extension BuiltInStyle {
    /// The style's definition: its descriptor, channels and export, made by its initializer.
    public static var definition: StyleDefinition {
        StyleDefinition(descriptor: descriptor, channels: channels, export: (Self.self as? any ExportableStyle.Type)?.export,
                        origin: .builtIn) { Self(context: $0, parameters: $1) }
    }
}
