import CarouselSupport

extension CircularStyle: ExportableStyle {
    /// The circular style as the article's SwiftUI slider (`offset`, `scale` and `progress` in a `visualEffect`,
    /// view-aligned snapping, the Normal / Scaled picker) and as a web page.
    public static let export = StyleExport(
        templates: [.swiftui: CircularSwiftUITemplate.source, .html: CircularWebTemplate.source],
        swiftConstants: { key, value in
            // The mode is the article's `TripPicker`.
            guard key == "mode", case .text(let s) = value else { return nil }
            return SwiftConstant(type: "TripPicker", "." + s)
        })
}
