import CarouselSupport

/// What the export can write for a style: a SwiftUI view or a web page.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// One self-contained SwiftUI file (iOS 17 / macOS 14) with the tuned values as named constants.
    case swiftui
    /// One self-contained HTML page (inline CSS and JavaScript) that plays the effect in a browser.
    case html

    /// The file extension of the format.
    public var fileExtension: String { self == .swiftui ? "swift" : "html" }
}

/// A style's export: one template per format, kept beside the style's own files, plus what the style adds to the
/// values every template gets (`ExportValues`): the Swift spelling of its choices and any derived numbers.
public struct StyleExport: Sendable {
    /// The template of each format the style exports (`Template` syntax).
    public let templates: [ExportFormat: String]
    /// The Swift type and expression of a choice parameter's value (e.g. `posterAnchor` as a `UnitPoint`), by key;
    /// keys without an entry get the generic spelling (`String` literal for choices).
    public let swiftConstants: @Sendable (_ key: String, _ value: ParameterValue) -> SwiftConstant?
    /// Extra values for the templates, computed from the parameters (e.g. a swift-only derived number).
    public let extras: @Sendable (_ parameters: Parameters) -> [String: TemplateValue]

    /// An export with `templates`; `swiftConstants` and `extras` default to none.
    public init(templates: [ExportFormat: String],
                swiftConstants: @escaping @Sendable (String, ParameterValue) -> SwiftConstant? = { _, _ in nil },
                extras: @escaping @Sendable (Parameters) -> [String: TemplateValue] = { _ in [:] }) {
        self.templates = templates; self.swiftConstants = swiftConstants; self.extras = extras
    }

    /// The formats this style exports, in `ExportFormat` order.
    public var formats: [ExportFormat] { ExportFormat.allCases.filter { templates[$0] != nil } }
}

/// A Swift constant's type and value expression, as the SwiftUI file declares it.
public struct SwiftConstant: Sendable, Equatable {
    public let type: String
    public let expression: String
    /// A constant `static let NAME: type = expression`.
    public init(type: String, _ expression: String) { self.type = type; self.expression = expression }
}

/// A style whose tuned effect can be exported as code.
@MainActor
public protocol ExportableStyle: BuiltInStyle {
    /// The style's templates and Swift spellings.
    static var export: StyleExport { get }
}
