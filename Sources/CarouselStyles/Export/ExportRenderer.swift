import CarouselSupport

/// Renders a style's export template: the one mechanism every style and format goes through.
public enum ExportRenderer {
    /// The partials every template may include: the SwiftUI and the web pieces.
    static let template = Template(partials: SwiftUIPartials.all.merging(WebPartials.all) { a, _ in a })

    /// The code of `format` for `style` with `parameters` (its full schema) on `deck`, the images named as in
    /// `images` (see `ExportImage.images`), a SwiftUI file's type and file named as `naming` says. Throws when the
    /// style has no template for the format or a template is broken (a programming error the tests catch).
    public static func render(_ format: ExportFormat, style: StyleDescriptor, export: StyleExport, parameters: Parameters,
                              deck: Deck, images: [ExportImage], naming: ExportNaming) throws(TemplateError) -> String {
        guard let source = export.templates[format] else {
            throw TemplateError("\(style.name) has no \(format.rawValue) export")
        }
        let values = ExportValues.make(style: style, export: export, parameters: parameters, deck: deck, images: images,
                                       naming: naming)
        return try template.render(source, values, name: "\(style.name).\(format.fileExtension)")
    }
}
