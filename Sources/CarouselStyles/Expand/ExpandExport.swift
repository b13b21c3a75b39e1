import CarouselSupport

extension ExpandStyle: ExportableStyle {
    /// The expand style as a SwiftUI view (the article's `ScrollViewReader` row) and as a web page.
    public static let export = StyleExport(
        templates: [.swiftui: ExpandSwiftUITemplate.source, .html: ExpandWebTemplate.source],
        swiftConstants: { key, value in
            switch (key, value) {
            // The choices are SwiftUI's own unit points; "nearest" is `scrollTo`'s nil anchor (scroll only as needed).
            case ("posterAnchor", .text(let s)): SwiftConstant(type: "UnitPoint", "." + s)
            case ("scrollAnchor", .text(let s)): SwiftConstant(type: "UnitPoint?", s == "nearest" ? "nil" : "." + s)
            default: nil
            }
        })
}
