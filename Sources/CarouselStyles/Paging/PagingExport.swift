import CarouselSupport

extension PagingStyle: ExportableStyle {
    /// The paging style as a SwiftUI pager (the article's timer-driven `UICollectionView`, in SwiftUI) and as a web page.
    public static let export = StyleExport(
        templates: [.swiftui: PagingSwiftUITemplate.source, .html: PagingWebTemplate.source],
        swiftConstants: { key, value in
            guard case .text(let s) = value else { return nil }
            switch key {
            case "contentMode": return SwiftConstant(type: "ContentMode", "." + s)
            case "wrap": return SwiftConstant(type: "Wrap", "." + s)
            case "background":
                let colors = ["none": "Color.clear", "black": "Color.black", "white": "Color.white", "gray": "Color(white: 0.19)"]
                return SwiftConstant(type: "Color", colors[s] ?? "Color.clear")
            default: return nil
            }
        })
}
