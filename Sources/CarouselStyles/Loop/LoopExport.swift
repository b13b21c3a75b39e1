import CarouselSupport
import CarouselCore

extension LoopStyle: ExportableStyle {
    /// The loop style as the article's SwiftUI strip of copies and as a web page.
    public static let export = StyleExport(
        templates: [.swiftui: LoopSwiftUITemplate.source, .html: LoopWebTemplate.source],
        swiftConstants: { key, value in
            // The number of copies is a whole number: the strip's length is `copies * count` cards.
            guard key == "copies", case .number(let n) = value else { return nil }
            return SwiftConstant(type: "Int", JSONValue.format(n.rounded()))
        })
}
