import CarouselSupport

extension StitchStyle: ExportableStyle {
    /// The stitch style as the article's SwiftUI view (a `MagnifyGesture` on a scrolling `HStack`) and as a web page.
    public static let export = StyleExport(templates: [.swiftui: StitchSwiftUITemplate.source, .html: StitchWebTemplate.source])
}
