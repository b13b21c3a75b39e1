import CarouselCore

/// The nodes of one expand-style item: the rounded image area holding the poster, the still and the details
/// overlay, and the title beneath. Recycled between items as the row scrolls.
@MainActor
final class ExpandItemView {
    let root = Node(name: "expand.item")
    /// The rounded, clipping image area: the item's "image" in layout exports.
    let imageArea = Node(name: "expand.image")
    private let poster = Node(name: "expand.poster")
    private let still = Node(name: "expand.still")
    private let details = Node(name: "expand.details")
    /// A gradient from the panel's shade to nothing that softens the details panel's trailing edge into the still.
    private let detailsFade = Node(name: "expand.details.fade")
    private let title = Node(name: "expand.title")
    private var lines: [Node] = []
    /// The mark of a pinned item: a dark pill in the image area's top-trailing corner with a pin (a round head on a
    /// needle) and "Pinned", fading in and out with the expansion.
    let pinMark = Node(name: "expand.pin")
    private let pinHead = Node(name: "expand.pin.head")
    private let pinNeedle = Node(name: "expand.pin.needle")
    private let pinLabel = Node(name: "expand.pin.label")

    static let titleFont = FontSpec(size: 13)
    static let pinFont = FontSpec(size: 11, bold: true)
    /// The pin mark's height and its distance from the image area's top and trailing edges.
    static let pinHeight = 20.0, pinInset = 8.0
    static let detailTitleFont = FontSpec(size: 15, bold: true)
    static let detailFont = FontSpec(size: 11)
    /// Largest size the poster or still is drawn at, in pixels (1.5x poster at 2x density).
    static let imageBudget = Size(520, 620)

    /// How titles and details measure, to shorten them to their room.
    private let measurer: any TextMeasurer
    /// What the last `layout` placed the item with: the same again changes no node, so it is skipped (issue 41: the
    /// items a widening card pushes along only move, and the rest of the row not at all). Forgotten when the item is
    /// configured anew.
    private var laidOut: (x: Double, y: Double, width: Double, expansion: Double, pinned: Bool)?

    init(measurer: any TextMeasurer) {
        self.measurer = measurer
        imageArea.clipsToBounds = true
        imageArea.background = Color(hex: 0x303134)
        root.addChild(imageArea)
        root.addChild(title)
        imageArea.addChild(poster)
        imageArea.addChild(still)
        imageArea.addChild(detailsFade)
        imageArea.addChild(details)
        imageArea.addChild(pinMark)
        pinMark.addChild(pinNeedle)
        pinMark.addChild(pinHead)
        pinMark.addChild(pinLabel)
        for n in [poster, still, details, detailsFade, title, pinMark, pinHead, pinNeedle, pinLabel] { n.isHitTestable = false }
        details.background = Color(0, 0, 0, 0.5)
        pinMark.background = Color(0, 0, 0, 0.62)
        pinMark.cornerRadius = Self.pinHeight / 2
        pinMark.isHidden = true
        pinHead.background = Color(hex: 0xf28b82)
        pinNeedle.background = Color(1, 1, 1, 0.9)
        let labelWidth = measurer.width(of: "Pinned", font: Self.pinFont).rounded(.up)
        pinLabel.text = TextContent("Pinned", font: Self.pinFont, color: .white)
        pinMark.frame.size = Size(22 + labelWidth + 8, Self.pinHeight)
        pinHead.frame = Rect(8, 4, 8, 8)
        pinHead.cornerRadius = 4
        pinNeedle.frame = Rect(11.25, 10, 1.5, 6)
        pinLabel.frame = Rect(22, 2, labelWidth + 2, Self.pinHeight - 4)
        detailsFade.gradient = HorizontalGradient(from: Color(0, 0, 0, 0.5), to: Color(0, 0, 0, 0))
    }

    /// Shows deck item `index`.
    func configure(index: Int, item: DeckItem, images: ImageStore, settings: ExpandSettings) {
        laidOut = nil
        root.tag = index
        poster.image = ImageContent(images.handle(for: item.image, maxPixelSize: ExpandItemView.imageBudget), contentMode: .fill)
        still.image = ImageContent(images.handle(for: item.still ?? item.image, maxPixelSize: ExpandItemView.imageBudget), contentMode: .fill)
        title.text = TextContent(measurer.fitted(item.title, width: settings.itemWidth - 4, font: ExpandItemView.titleFont),
                                 font: ExpandItemView.titleFont, color: Color(hex: 0xe8eaed))
        let rows: [(String, FontSpec)] = ([(item.title, ExpandItemView.detailTitleFont)]
            + item.detailLines.map { ($0, ExpandItemView.detailFont) }).filter { !$0.0.isEmpty }
        for n in lines { n.removeFromParent() }
        // Lines are fitted to the fully expanded panel; while it opens, the image area clips them.
        let panel = settings.expandedWidth * 0.78 - 16
        lines = rows.map { text, font in
            let n = Node(name: "expand.details.line")
            n.isHitTestable = false
            n.text = TextContent(measurer.fitted(text, width: panel, font: font), font: font, color: .white)
            details.addChild(n)
            return n
        }
        configureStatic(settings)
    }

    /// Applies the parameters that do not change with expansion.
    func configureStatic(_ settings: ExpandSettings) {
        imageArea.cornerRadius = settings.cornerRadius
        poster.anchor = settings.posterAnchor
    }

    /// Places the item with its leading edge at `x`, top at `y`, `width` wide, at expansion `e` (0...1), with the pin
    /// mark when it is `pinned`.
    func layout(x: Double, y: Double, width: Double, expansion e: Double, pinned: Bool, settings s: ExpandSettings) {
        let previous = laidOut
        laidOut = (x, y, width, e, pinned)
        root.frame = Rect(x, y, width, s.itemHeight)
        // Moved, or not even that: nothing inside the item changes.
        if let l = previous, l.width == width, l.expansion == e, l.pinned == pinned { return }
        imageArea.frame = Rect(0, 0, width, s.imageHeight)
        poster.frame = Rect(0, 0, s.itemWidth, s.imageHeight)
        poster.scale = 1 + (s.posterScale - 1) * e
        poster.opacity = 1 - e
        still.frame = Rect(0, 0, width, s.imageHeight)
        still.opacity = e
        still.isHidden = e <= 0
        let panelWidth = min(s.expandedWidth * 0.62, width)
        details.frame = Rect(0, 0, panelWidth, s.imageHeight)
        let fadeWidth = max(width - panelWidth, 0)
        detailsFade.frame = Rect(panelWidth, 0, fadeWidth, s.imageHeight)
        details.opacity = e
        detailsFade.opacity = e
        details.isHidden = e <= 0
        detailsFade.isHidden = e <= 0
        var lineY = max(s.imageHeight - 16 - Double(lines.count) * Typography.paragraphAllowance, 8)
        for n in lines {
            let line = Typography.paragraphLine(n.text!.font)
            n.frame = Rect(10, lineY, panelWidth - 16, line.height)
            lineY += line.pitch
        }
        title.frame = Rect(2, s.imageHeight + 8, width - 4, 18)
        pinMark.isHidden = !pinned || e <= 0
        pinMark.frame.origin = Point(width - Self.pinInset - pinMark.frame.width, Self.pinInset)
        pinMark.opacity = e
    }
}
