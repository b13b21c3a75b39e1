import CarouselSupport
import CarouselCore

/// One page of the paging style: a clipping page node (tagged with its deck index) holding the image node, and a
/// caption that tells what went wrong when the image failed to load.
///
/// Page views are recycled: the style keeps only the pages that can be visible and rebinds a view to another deck
/// item when it scrolls back into view.
@MainActor
final class PagingPageView {
    /// The page: its frame is written by the style's layout pass; it clips the image and carries the tag.
    let node = Node(name: "paging.page")
    /// The image, filling the page and placed inside it by the content mode.
    let imageNode = Node(name: "paging.image")
    /// One line under the core's error placeholder: the error message of a failed image.
    let captionNode = Node(name: "paging.caption")
    /// The deck item shown, or nil while the view waits in the pool.
    private(set) var deckIndex: Int?
    private var handle: ImageHandle?

    /// The caption's font.
    static let captionFont = FontSpec(size: 13)
    /// The caption's colour, matching the core's error placeholder label.
    static let captionColor = Color(1, 0.85, 0.8)
    /// Horizontal margin of the caption inside the page.
    static let captionMargin = 16.0

    /// How the caption measures, to shorten it to the page.
    private let measurer: any TextMeasurer

    init(measurer: any TextMeasurer) {
        self.measurer = measurer
        node.clipsToBounds = true
        imageNode.isHitTestable = false
        captionNode.isHitTestable = false
        captionNode.isHidden = true
        node.addChild(imageNode)
        node.addChild(captionNode)
    }

    // MARK: Binding

    /// Shows deck item `index` on a page of `size`: sets the tag, the image and the caption.
    func bind(index: Int, source: String, size: Size, contentMode: ContentMode, background: Color?, images: ImageStore) {
        deckIndex = index
        node.tag = index
        node.background = background
        // Centred at its natural size, an image is drawn at full resolution: no downscaled copy may stand in for it.
        // Scaled down, it is drawn at most at the page's size, so a copy within the page's budget serves.
        let h = images.handle(for: source, maxPixelSize: contentMode == .center ? nil : StyleSupport.pixelBudget(size))
        handle = h
        imageNode.image = ImageContent(h, contentMode: contentMode)
        resize(to: size)
        refreshCaption(images: images)
    }

    /// Forgets the item (the view goes back to the pool).
    func unbind() {
        deckIndex = nil
        node.tag = nil
        handle = nil
    }

    /// Lays out the image and caption for a page of `size` (the page's own frame is the style's).
    func resize(to size: Size) {
        imageNode.frame = Rect(origin: .zero, size: size)
        // Below the core's centred "can't load" label.
        captionNode.frame = Rect(Self.captionMargin, size.height / 2 + 14, max(size.width - 2 * Self.captionMargin, 0), 20)
    }

    /// Shows the error message of a failed image, hides the caption otherwise.
    func refreshCaption(images: ImageStore) {
        guard let h = handle, case .failed(let message) = images.state(of: h) else {
            captionNode.isHidden = true
            return
        }
        // Cut in the middle: a long URL's end and the reason after it stay (MessageText.fitted).
        let width = captionNode.frame.width
        let text = MessageText.fitted(message) { measurer.width(of: $0, font: Self.captionFont) <= width }
        captionNode.text = TextContent(text, font: Self.captionFont, color: Self.captionColor, alignment: .center)
        captionNode.isHidden = false
    }
}


/// The paging style's page indicator: a row of dots on a translucent pill at the bottom, the current page's dot
/// fully opaque and the others dimmed. When the dots would not fit the width (a deck of hundreds), the pill shows
/// "page / count" instead.
@MainActor
final class PagingDots {
    /// What a click on the indicator asks for.
    enum Target: Equatable {
        /// Go to this page (a click on a dot).
        case page(Int)
        /// Go this many pages on (a click on the left or right half of the "page / count" label).
        case step(Int)
    }

    /// The pill; the dots (or the label) are its children.
    let bar = Node(name: "paging.dots")
    private var dotNodes: [Node] = []
    /// The click targets: each dot's share of the pill (its cell, the end cells reaching a little past the pill), or in
    /// label mode the label's two halves. A click resolves to the one the scene's hit-test finds within the pill.
    private var dotCells: [Node] = []
    private let previousHalf = Node(name: "paging.dots.previous")
    private let nextHalf = Node(name: "paging.dots.next")
    /// How far past the pill a click still counts, in points.
    private static let slop = 4.0
    private let label = Node(name: "paging.dots.label")
    private let count: Int
    private var isEnabled = true
    private var dotSize = 8.0
    private var inset = 24.0
    private var usesLabel = false
    private var shownPage: Int?

    /// The opacity of the dots of other pages.
    static let dimOpacity = 0.4
    /// How the highlight moves from dot to dot.
    static let highlightAnimation = Animation.easeOut(0.2)
    /// The pill's colour, dark enough to show white dots over a white image.
    static let barColor = Color(0, 0, 0, 0.35)

    /// How the "page / count" label measures.
    private let measurer: any TextMeasurer

    init(count: Int, measurer: any TextMeasurer) {
        self.count = count
        self.measurer = measurer
        bar.zIndex = 1
        bar.background = Self.barColor
        label.isHitTestable = false
        label.isHidden = true
        bar.addChild(label)
        bar.addChild(previousHalf)
        bar.addChild(nextHalf)
    }

    // MARK: Layout

    /// Sets the parameters; `layout(in:page:)` applies the sizes.
    func configure(visible: Bool, dotSize: Double, inset: Double) {
        isEnabled = visible
        self.dotSize = dotSize
        self.inset = inset
        bar.isHidden = !visible || count < 2
    }

    /// The distance from one dot's left edge to the next one's.
    private var dotPitch: Double { 2 * dotSize }
    /// Space between the pill's edge and the first or last dot.
    private var padding: Double { dotSize }
    private var labelFont: FontSpec { FontSpec(size: max(dotSize * 1.5, 11)) }

    /// Places the pill at the bottom centre of a container of `size` and shows `page` without animating.
    func layout(in size: Size, page: Int) {
        let height = 3 * dotSize
        let dotsWidth = Double(count) * dotPitch - dotSize + 2 * padding
        usesLabel = dotsWidth > size.width - 32
        let width: Double
        if usesLabel {
            // Room for the longest text, "count / count".
            width = measurer.width(of: "\(count) / \(count)", font: labelFont).rounded(.up) + 2 * height
            if !dotNodes.isEmpty {
                for node in dotNodes + dotCells { node.removeFromParent() }
                dotNodes = []
                dotCells = []
            }
        } else {
            width = dotsWidth
            while dotNodes.count < count {
                let dot = Node(name: "paging.dot")
                dot.background = .white
                dot.isHitTestable = false
                bar.addChild(dot)
                dotNodes.append(dot)
                let cell = Node(name: "paging.dot.cell")
                bar.addChild(cell)
                dotCells.append(cell)
            }
        }
        bar.frame = Rect((size.width - width) / 2, size.height - inset - height, width, height)
        bar.cornerRadius = height / 2
        label.isHidden = !usesLabel
        label.frame = Rect(origin: .zero, size: bar.frame.size)
        for (i, dot) in dotNodes.enumerated() {
            dot.frame = Rect(padding + Double(i) * dotPitch, dotSize, dotSize, dotSize)
            dot.cornerRadius = dotSize / 2
            // Cell i runs from half a dot before dot i to half a dot before the next one.
            let start = i == 0 ? -Self.slop : padding - dotSize / 2 + Double(i) * dotPitch
            let end = i == count - 1 ? width + Self.slop : padding - dotSize / 2 + Double(i + 1) * dotPitch
            dotCells[i].frame = Rect(start, -Self.slop, end - start, height + 2 * Self.slop)
        }
        previousHalf.isHidden = !usesLabel
        nextHalf.isHidden = !usesLabel
        previousHalf.frame = Rect(-Self.slop, -Self.slop, width / 2 + Self.slop, height + 2 * Self.slop)
        nextHalf.frame = Rect(width / 2, -Self.slop, width / 2 + Self.slop, height + 2 * Self.slop)
        shownPage = nil
        show(page: page, animated: false)
    }

    // MARK: Highlight

    /// Highlights the dot of `page` (fading from the previous one when `animated`), or updates the label.
    func show(page: Int, animated: Bool) {
        guard page != shownPage else { return }
        shownPage = page
        label.text = TextContent("\(page + 1) / \(count)", font: labelFont, color: .white, alignment: .center)
        let apply = {
            for (i, dot) in self.dotNodes.enumerated() { dot.opacity = i == page ? 1 : Self.dimOpacity }
        }
        if animated, let scene = bar.scene {
            scene.withAnimation(Self.highlightAnimation, apply)
        } else {
            bar.scene?.withoutAnimation(apply) ?? apply()
        }
    }

    /// The index of the highlighted dot, for tests and the status line.
    var highlightedPage: Int? { shownPage }

    // MARK: Hit-testing

    /// The click targets on screen, as the checks measure them: each dot's cell, or the label's halves.
    /// The pill on screen (scene coordinates), nil while hidden.
    var frame: Rect? {
        guard !bar.isHidden, let now = bar.scene?.now else { return nil }
        return bar.worldFrame(at: now)
    }

    var targets: [PointerTarget] {
        guard !bar.isHidden, let now = bar.scene?.now else { return [] }
        let named = usesLabel ? [("previous page", previousHalf), ("next page", nextHalf)]
            : dotCells.enumerated().map { ("page dot \($0.offset + 1)", $0.element) }
        // A dot's cell is twice its size wide and three times (plus the slop) high.
        let fix = usesLabel ? "Dot size \(JSONValue.format(max((24 - 2 * Self.slop) / 3, 4).rounded(.up))) pt or more (the label's height follows it)"
            : "Dot size 12 pt or more: a dot's cell is twice its size wide, so 12 pt dots give 24 pt cells"
        return named.map { PointerTarget($0.0, $0.1.worldFrame(at: now), fix: fix) }
    }

    /// What a click at `point` (window coordinates) on the indicator asks for, or nil when it misses.
    func target(at point: Point) -> Target? {
        guard !bar.isHidden, let hit = bar.scene?.hitTest(point, within: bar) else { return nil }
        if hit === previousHalf { return .step(-1) }
        if hit === nextHalf { return .step(1) }
        return dotCells.firstIndex { $0 === hit }.map { .page($0) }
    }
}
