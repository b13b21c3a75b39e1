import CarouselCore

/// The help card (F1, `?`): every listed row of the command table, in its groups (styles, the carousel, the
/// timeline, time, capture, the panel, compare, the window), each row its keys in bold and what they do. The groups
/// flow into as few columns as fit the window's height; no line is cut where the window is wide enough for it (at
/// 1280x720 none is), and a card taller than the window scrolls with the wheel or Up / Down.
@MainActor
final class HelpCard {
    let root = Node(name: "help")
    private let content = Node(name: "help.content")
    private unowned let scene: Scene
    /// How far the content is scrolled up, in points.
    private(set) var scroll = 0.0
    private var contentHeight = 0.0

    nonisolated static let title = "Carousel Lab: keys and gestures"
    nonisolated static let font = FontSpec(size: 12)
    nonisolated static let keyFont = FontSpec(size: 12, bold: true)
    nonisolated static let headerFont = FontSpec(size: 13, bold: true)
    nonisolated static let lineHeight = Typography.cardLine
    nonisolated static let headerHeight = 24.0
    nonisolated static let padding = 16.0
    nonisolated static let gap = 20.0
    nonisolated static let keyColor = Color(hex: 0x8ab4f8)
    nonisolated static let headerColor = Color(0.62, 0.72, 0.9)

    init(scene: Scene) {
        self.scene = scene
        root.background = Color(0.08, 0.08, 0.09, 1)
        root.cornerRadius = 12
        root.clipsToBounds = true
        root.isHidden = true
        root.isHitTestable = false
        content.isHitTestable = false
        root.addChild(content)
        root.onPointer = { [unowned self] event in
            if let wheel = ScrollWheel(event) { scroll(by: -wheel.verticalPoints(pointsPerTick: HelpCard.lineHeight * 3)) }
            if case .pointerDown = event { hide() }
            return true
        }
    }

    var isVisible: Bool { !root.isHidden }

    func toggle() { isVisible ? hide() : show() }

    func show() {
        root.isHidden = false
        scroll = 0
        layout()
    }

    func hide() { root.isHidden = true }

    /// Scrolls a card taller than the window by `points` (positive: further down the card).
    func scroll(by points: Double) {
        scroll = min(max(scroll + points, 0), max(contentHeight - root.frame.height, 0))
        content.frame.origin = Point(0, -scroll)
    }

    /// One group as the card lays it out: its title and rows of keys and meaning.
    private struct Block {
        var title: String
        var rows: [(keys: String, help: String)]
        var height: Double { HelpCard.headerHeight + Double(rows.count) * HelpCard.lineHeight }
    }

    /// Lays the card out for the window's size (when shown, and after a resize).
    func layout() {
        guard isVisible else { return }
        let measure = { (text: String, font: FontSpec) in self.scene.textMeasurer.width(of: text, font: font).rounded(.up) }
        let blocks = CommandGroup.allCases.compactMap { group -> Block? in
            let rows = CommandTable.all.filter { $0.isListed && $0.group == group }.map { ($0.cardInput, $0.help) }
            return rows.isEmpty ? nil : Block(title: group.title, rows: rows)
        }
        func keyWidth(_ column: [Block]) -> Double { min(column.flatMap(\.rows).map { measure($0.keys, HelpCard.keyFont) }.max() ?? 0, 300) }
        func width(_ column: [Block]) -> Double {
            keyWidth(column) + 12 + (column.flatMap(\.rows).map { measure($0.help, HelpCard.font) }.max() ?? 0)
        }
        let window = scene.size
        let room = Size(max(window.width - 20, 120), max(window.height - 20, 80))
        // As few columns as fit the height; if the widest such layout is too wide, fewer columns and a scroll.
        var chosen = HelpCard.columns(blocks, count: 1)
        for count in 1...4 {
            let columns = HelpCard.columns(blocks, count: count)
            let total = columns.map(width).reduce(0, +) + HelpCard.gap * Double(columns.count - 1) + 2 * HelpCard.padding
            guard total <= room.width else { break }
            chosen = columns
            let tallest = columns.map { $0.map(\.height).reduce(0, +) }.max() ?? 0
            if tallest + HelpCard.headerHeight + 2 * HelpCard.padding <= room.height { break }
        }
        let widths = chosen.map { min(width($0), room.width - 2 * HelpCard.padding) }
        let cardWidth = min(widths.reduce(0, +) + HelpCard.gap * Double(chosen.count - 1) + 2 * HelpCard.padding, room.width)
        contentHeight = (chosen.map { $0.map(\.height).reduce(0, +) }.max() ?? 0) + HelpCard.headerHeight + 2 * HelpCard.padding
        let height = min(contentHeight, room.height)
        root.frame = Rect(((window.width - cardWidth) / 2).rounded(), ((window.height - height) / 2).rounded(), cardWidth, height)
        content.removeAllChildren()
        content.frame = Rect(0, -scroll, cardWidth, contentHeight)
        add(HelpCard.title, Rect(HelpCard.padding, HelpCard.padding, cardWidth - 2 * HelpCard.padding, HelpCard.lineHeight),
            HelpCard.headerFont, .white)
        var x = HelpCard.padding
        for (column, w) in zip(chosen, widths) {
            let keyWidth = keyWidth(column)
            var y = HelpCard.padding + HelpCard.headerHeight
            for block in column {
                add(block.title, Rect(x, y + 4, w, HelpCard.lineHeight), HelpCard.headerFont, HelpCard.headerColor)
                y += HelpCard.headerHeight
                for row in block.rows {
                    add(row.keys, Rect(x, y, keyWidth, HelpCard.lineHeight), HelpCard.keyFont, HelpCard.keyColor)
                    add(row.help, Rect(x + keyWidth + 12, y, w - keyWidth - 12, HelpCard.lineHeight), HelpCard.font, .white)
                    y += HelpCard.lineHeight
                }
            }
            x += w + HelpCard.gap
        }
        scroll(by: 0)
    }

    /// `blocks` in order into `count` columns of about equal height (a group never splits).
    private static func columns(_ blocks: [Block], count: Int) -> [[Block]] {
        let total = blocks.map(\.height).reduce(0, +)
        var columns: [[Block]] = [[]]
        var height = 0.0
        for block in blocks {
            if height > 0, height + block.height / 2 > total / Double(count) * Double(columns.count), columns.count < count {
                columns.append([])
            }
            columns[columns.count - 1].append(block)
            height += block.height
        }
        return columns
    }

    /// A text node of one line, fitted to `frame`'s width (only a window too small for the card cuts it).
    private func add(_ text: String, _ frame: Rect, _ font: FontSpec, _ color: Color) {
        let n = Node(name: "help.line", frame: frame)
        n.text = TextContent(scene.textMeasurer.fitted(text, width: frame.width, font: font), font: font, color: color)
        n.isHitTestable = false
        content.addChild(n)
    }
}
