import CarouselCore
import CarouselStyles

/// The window's toolbar in its top-left corner: the style (a menu of the five), the tuning panel, the timeline,
/// recording (red while a clip is recorded) and the help card, each a button that applies the action its key does;
/// on a first run, a hint beside it says where to start. Window chrome: never in screenshots or clips.
@MainActor
final class Toolbar {
    let root = Node(name: "toolbar")
    private let hint = Node(name: "toolbar.hint")
    private let menu = Node(name: "toolbar.menu")
    private unowned let context: AppContext
    private unowned let scene: Scene
    /// The buttons, in order, with what each does.
    private var buttons: [(node: Node, action: AppAction?)] = []
    /// What the buttons show, to redraw them only when it changes.
    private var shown: State?

    /// What the toolbar reflects.
    struct State: Equatable {
        var style: String
        var panelOpen: Bool
        var timelineShown: Bool
        var recording: Bool
        var helpShown: Bool
        /// The first-run hint beside the buttons.
        var hint: Bool
        /// How far right the toolbar may reach: the picture's right edge, left of an open panel.
        var maxX: Double
    }

    nonisolated static let height = 24.0
    /// The toolbar's top-left corner: above the styles' headings, which start below it.
    nonisolated static let origin = Point(8, 4)
    nonisolated static let font = FontSpec(size: 12, bold: true)
    nonisolated static let hintFont = FontSpec(size: 12)
    nonisolated static let background = Color(0.08, 0.085, 0.1, 1)
    nonisolated static let on = Color(0.54, 0.71, 0.97, 0.35)
    nonisolated static let recordColor = Color(hex: 0xea4335)
    /// The words of the first-run hint over `style`: what its photos answer to, then the keys.
    nonisolated static func hintText(style: String) -> String {
        "New here? \(tryIt[style] ?? "Try the photos with the pointer") · 1-5 switch styles · ? lists every key"
    }
    /// What each style's photos answer to, as the hint says it (the keys' table in the README says the same).
    nonisolated static let tryIt = [
        "expand": "Hover a photo, click to pin it", "stitch": "Pinch or Ctrl+wheel the photos",
        "loop": "Click or drag the cards", "circular": "Drag or click the photos", "paging": "Drag the pages or click the dots",
    ]

    init(context: AppContext, scene: Scene) {
        self.context = context
        self.scene = scene
        root.isHitTestable = false
        menu.isHitTestable = false
        menu.isHidden = true
        menu.background = Toolbar.background
        menu.cornerRadius = 8
        hint.isHidden = true
        hint.isHitTestable = false
        root.addChild(hint)
        root.addChild(menu)
        root.onPointer = { [unowned self] in handlePointer($0) }
    }

    var isHintShown: Bool { !hint.isHidden }
    /// How wide the buttons are, from the toolbar's left edge.
    private(set) var buttonsWidth = 0.0
    /// Where the toolbar's row of buttons ends, in window points (the badge sits right of it).
    var buttonsMaxX: Double { Toolbar.origin.x + buttonsWidth }

    /// Draws the buttons for `state` (only when it changed).
    func update(_ state: State) {
        guard state != shown else { return }
        shown = state
        hint.isHidden = !state.hint
        for (node, _) in buttons { node.removeFromParent() }
        buttons = []
        var x = 0.0, full = false
        let room = state.maxX - Toolbar.origin.x
        func button(_ name: String, _ title: String, on: Bool, color: Color = .white, action: AppAction?) {
            let w = scene.textMeasurer.width(of: title, font: Toolbar.font).rounded(.up) + 20
            // Only what fits in the picture, in order: a button past it would cover the panel (its keys still work).
            guard x == 0 || (!full && x + w <= room) else { full = true; return }
            let n = Node(name: "toolbar." + name, frame: Rect(x, 0, w, Toolbar.height))
            n.background = on ? Toolbar.on : Toolbar.background
            n.cornerRadius = Toolbar.height / 2
            n.isHitTestable = false
            let label = Node(name: "toolbar.\(name).label", frame: Rect(0, 0, w, Toolbar.height))
            label.text = TextContent(title, font: Toolbar.font, color: color, alignment: .center)
            label.isHitTestable = false
            n.addChild(label)
            root.insertChild(n, before: hint)
            buttons.append((n, action))
            x += w + 6
        }
        button("style", "\(state.style) ▾", on: !menu.isHidden, action: nil)
        button("panel", "Tune", on: state.panelOpen, action: .chrome(.togglePanel))
        button("timeline", "Timeline", on: state.timelineShown, action: .timeline(.toggleShown))
        button("record", state.recording ? "● REC" : "● Record", on: state.recording, color: state.recording ? Toolbar.recordColor : .white,
               action: .capture(.toggleRecording))
        button("help", "?", on: state.helpShown, action: .chrome(.toggleHelp))
        let hintText = Toolbar.hintText(style: state.style)
        let hintWidth = scene.textMeasurer.width(of: hintText, font: Toolbar.hintFont).rounded(.up) + 20
        // Beside the buttons when it fits in the picture, else under them.
        let beside = x + 6 + hintWidth <= room
        hint.frame = beside ? Rect(x + 6, 0, hintWidth, Toolbar.height) : Rect(0, Toolbar.height + 4, min(hintWidth, max(room, 40)), Toolbar.height)
        hint.background = Color(0.16, 0.21, 0.3, 1)
        hint.cornerRadius = 6
        hint.removeAllChildren()
        let text = Node(name: "toolbar.hint.text", frame: Rect(10, 0, hint.frame.width - 20, Toolbar.height))
        text.text = TextContent(scene.textMeasurer.fitted(hintText, width: hint.frame.width - 20, font: Toolbar.hintFont), font: Toolbar.hintFont,
                                color: .white, alignment: .center)
        text.isHitTestable = false
        hint.addChild(text)
        buttonsWidth = max(x - 6, 0)
        root.frame = Rect(Toolbar.origin.x, Toolbar.origin.y, hint.isHidden ? buttonsWidth : max(hint.frame.maxX, buttonsWidth),
                          hint.isHidden || beside ? Toolbar.height : hint.frame.maxY)
        if !menu.isHidden { root.frame.size.height = max(root.frame.height, menu.frame.maxY) }
        layoutMenu()
    }

    /// The style menu's columns: the five styles (their number keys beside them), then the gallery of effects.
    private var menuColumns: [[StyleDefinition]] { [StyleRegistry.all, StyleRegistry.gallery] }
    static let menuRow = 24.0, menuColumn = 160.0

    /// The style menu under its button: a column of the five styles, a column of the gallery's effects.
    private func layoutMenu() {
        menu.removeAllChildren()
        guard !menu.isHidden else { return }
        let columns = menuColumns
        for (c, (title, styles)) in zip(["Styles", "Gallery"], columns).enumerated() {
            let x = 8 + Double(c) * Toolbar.menuColumn
            let heading = Node(name: "toolbar.menu.heading", frame: Rect(x, 4, Toolbar.menuColumn - 8, Toolbar.menuRow))
            heading.text = TextContent(title, font: Toolbar.hintFont, color: Color(0.7, 0.74, 0.8))
            heading.isHitTestable = false
            menu.addChild(heading)
            for (i, style) in styles.enumerated() {
                let row = Node(name: "toolbar.menu.\(style.name)", frame: Rect(x, 4 + Double(i + 1) * Toolbar.menuRow, Toolbar.menuColumn - 8, Toolbar.menuRow))
                let label = c == 0 ? "\(i + 1)  \(style.name)" : style.name
                row.text = TextContent(label, font: Toolbar.font, color: style.name == shown?.style ? Color(hex: 0x8ab4f8) : .white)
                row.isHitTestable = false
                menu.addChild(row)
            }
        }
        let rows = Double((columns.map(\.count).max() ?? 0) + 1)
        menu.frame = Rect(0, Toolbar.height + 4, Double(columns.count) * Toolbar.menuColumn + 8, rows * Toolbar.menuRow + 8)
        root.frame.size.height = menu.frame.maxY
        root.frame.size.width = max(root.frame.width, menu.frame.maxX)
    }

    /// The style under `local` (a point in the toolbar) in the open menu, if any.
    private func menuStyle(at local: Point) -> StyleDefinition? {
        guard menu.frame.contains(local) else { return nil }
        let c = Int((local.x - menu.frame.x - 8) / Toolbar.menuColumn), r = Int((local.y - menu.frame.y - 4) / Toolbar.menuRow) - 1
        let columns = menuColumns
        guard columns.indices.contains(c), columns[c].indices.contains(r) else { return nil }
        return columns[c][r]
    }

    /// Presses on a button apply its action; the style button opens the menu, a row of it switches style. The
    /// toolbar keeps every pointer event over it (the carousel under it gets none).
    private func handlePointer(_ event: InputEvent) -> Bool {
        guard case .pointerDown(let p, .left) = event else { return true }
        if shown?.hint == true { context.apply(.chrome(.showHint(false))) }
        let local = Point(p.x - root.frame.x, p.y - root.frame.y)
        if !menu.isHidden {
            menu.isHidden = true
            if let style = menuStyle(at: local) { context.apply(.panes(.switchStyle(style, announce: true))) }
            shown = nil
            return true
        }
        guard let hit = buttons.first(where: { $0.node.frame.contains(local) }) else { return true }
        if let action = hit.action {
            context.apply(action)
        } else {
            menu.isHidden = false
            shown = nil
        }
        return true
    }
}
