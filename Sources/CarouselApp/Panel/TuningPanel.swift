import CarouselSupport
import CarouselCore
import CarouselStyles
import Foundation

/// The live tuning panel (P): every parameter of the current style, generated from its schema and grouped in
/// folders, drawn with nodes in a translucent column on the right of the window while the style keeps running. The
/// column is 320 pt wide; in a narrower window it narrows (keeping a strip of the style beside it) and its rows are
/// laid out again for its width.
///
/// Typing comes first in `WindowRuntime.handle`: `route` keeps every key while a field is open (and the answer to a
/// delete's question), and passes the rest on; its own keys (rows, values, reset) reach it while it has the keyboard
/// focus: its root is a focus stop of the window's `FocusRouter` (Tab, or opening it, or a press on it). Pointer events reach it through the window's `PointerRouter` (its root is a
/// pointer target in front of the panes, so it gets what happens over it, and keeps a press begun on it until the
/// release). This is the view: nodes, rows, scrolling and presses; what the panel does to values (selection, typing, drags, keys, undo,
/// presets) is `PanelModel`, and each row owns what a press on its parts does. It edits the focused pane, live,
/// mid-animation; each finished drag, typed value, reset, preset load or key press is one undo step, kept per
/// variant and style.
@MainActor
public final class TuningPanel {
    /// The panel's node, above the style and below the overlay's messages and help.
    public let root = PanelLook.node("panel", .zero, PanelLook.background)
    /// Whether the panel is shown.
    public private(set) var isVisible = false
    /// Where presets are listed from and saved to (tests point it at a temporary folder).
    public var presets: PresetStore {
        get { model.presets.store }
        set { model.presets.store = newValue }
    }
    /// The clock that names saved presets (the style and the local time).
    public var date: () -> Date {
        get { model.presets.date }
        set { model.presets.date = newValue }
    }
    /// The longest gap between two presses that still makes a double-click, in seconds of wall time.
    public var doubleClickTime: Double {
        get { press.doubleClickTime }
        set { press.doubleClickTime = newValue }
    }
    /// The scroll position: how far the content is moved up, in points.
    public private(set) var scroll = 0.0
    /// How many times the rows were refreshed (each edit refreshes them once: tests count).
    private(set) var refreshes = 0

    private unowned let context: AppContext
    private unowned let chrome: Scene
    let model: PanelModel
    private let content = PanelLook.node("panel.content", .zero)
    private let title = PanelLook.text("panel.title", "", Rect(PanelLook.inset, 12, PanelLook.width - 2 * PanelLook.inset, 18),
                                       font: PanelLook.titleFont)
    private let hint = PanelLook.text("panel.hint", "", Rect(PanelLook.inset, 33, PanelLook.width - 2 * PanelLook.inset, 16),
                                      font: PanelLook.smallFont, color: PanelLook.dim)
    /// The width the rows are laid out for, from the window's width.
    private var geometry: PanelGeometry
    /// The width the rows were last built for.
    private var builtWidth: Double?
    private let scrollbar = PanelLook.node("panel.scrollbar", .zero, Color(1, 1, 1, 0.22), radius: 1.5)
    private var rows: [RowView] = []
    private var rowTops: [Double] = []
    private var contentHeight = 0.0
    /// The style the rows were built for.
    private var builtFor: String?
    private var pointer: Point?
    private var consumedKeys: Set<String> = []
    /// Presses on the panel: where each began, and double-clicks (on wall time: a paused window still tells them).
    private var press = PressRecognizer()
    /// The last press's row and part: a double-click is two presses on the same part of the same row.
    private var lastPressed: (item: PanelItem, part: PanelPart)?

    /// The panel of the window whose chrome scene is `chrome`, editing `context`'s focused pane.
    init(context: AppContext, chrome: Scene) {
        self.context = context
        self.chrome = chrome
        geometry = PanelGeometry(width: PanelLook.width, measurer: chrome.textMeasurer)
        model = PanelModel(context: context)
        root.zIndex = 900
        root.clipsToBounds = true
        root.isHidden = true
        root.addChild(PanelLook.node("panel.edge", Rect(0, 0, 1, 100_000), PanelLook.edge))
        root.addChild(content)
        root.addChild(scrollbar)
        content.addChild(title)
        content.addChild(hint)
        model.view = self
        root.onPointer = { [unowned self] in handlePointer($0) }
        root.isFocusable = true
        root.onKey = { [unowned self] in handleFocusedKey($0) }
        layout(size: chrome.size)
    }

    // MARK: State for tests and the app

    /// The panel's rectangle in the window.
    public var frame: Rect { root.frame }
    /// The parameter key of the selected row, if it edits one.
    public var selectedKey: String? { model.selection?.key }
    /// The selected row's node name ("panel.row.parameter.itemWidth"), if any.
    public var selectedRowName: String? { model.selection.map { "panel.row." + $0.name } }
    /// The text being typed into a field, if one is open.
    public var entryText: String? { model.entry?.field.text }
    /// The presets listed for the current style.
    public var presetEntries: [Preset] { model.presets.list }
    /// The undo history of a style's parameters in the focused pane (each variant keeps its own).
    public func history(for style: String) -> ParameterHistory { context.focusedPane.history(for: style) }

    private var styleName: String { context.focusedPane.styleName }

    // MARK: Showing and building

    /// Shows or hides the panel.
    public func toggle() { isVisible ? hide() : show() }

    /// Shows the panel, built for the current style and values.
    public func show() {
        guard !isVisible else { return }
        isVisible = true
        root.isHidden = false
        rebuild(rereadPresets: true)
    }

    /// Hides the panel; a field being typed into is cancelled and a drag in progress ends where it is.
    public func hide() {
        guard isVisible else { return }
        model.finishDrag()
        model.cancelEntry()
        model.presets.cancelDelete()
        isVisible = false
        model.hovered = nil
        root.isHidden = true
    }

    /// The window was resized: the panel takes its width from the window's, and an open panel whose width changed
    /// lays its rows out again.
    func layout(size: Size) {
        let w = PanelGeometry.panelWidth(inWindow: size.width)
        root.frame = Rect(size.width - w, 0, w, max(size.height, 0))
        geometry = PanelGeometry(width: w, measurer: chrome.textMeasurer)
        if isVisible && builtWidth != geometry.width { rebuild(rereadPresets: false) } else { clampScroll() }
    }

    /// The edited style changed (a style switch, another pane focused): the panel shows the new style's parameters.
    func styleChanged() {
        model.reset()
        scroll = 0
        builtFor = nil
        if isVisible { rebuild(rereadPresets: true) }
    }

    /// The edited values changed (from the panel or elsewhere: a parameter file, the A key, undo).
    func parametersChanged() {
        guard isVisible else { return }
        if builtFor != styleName || builtWidth != geometry.width { rebuild(rereadPresets: builtFor != styleName) } else { model.changed() }
    }

    private func rebuild(rereadPresets: Bool) {
        if rereadPresets || model.presets.listedFor != styleName { model.presets.reload() }
        builtFor = styleName
        builtWidth = geometry.width
        model.updateItems()
        layoutRows()
    }

    /// Builds a row for every item the model lists, one under the other.
    private func layoutRows() {
        let p = model.current
        for row in rows { row.node.removeFromParent() }
        rows = model.items.map { makeRow($0, parameters: p) }
        rowTops = []
        var y = PanelLook.titleHeight
        for row in rows {
            rowTops.append(y)
            row.node.frame.origin = Point(0, y)
            content.addChild(row.node)
            y += row.height
        }
        contentHeight = y + 16
        title.frame.size.width = geometry.lineWidth
        // In a comparison, the variant edited is named: the labels on the panes are its.
        let edited = context.isComparing ? "Tuning \(context.focusedPane.name) · \(styleName)" : "Tuning · \(styleName)"
        title.text?.string = geometry.fitted(edited, width: geometry.lineWidth, font: PanelLook.titleFont)
        hint.frame.size.width = geometry.lineWidth
        hint.text?.string = geometry.fitted("P hides · ↑↓ select · ←→ adjust · R reset", width: geometry.lineWidth, font: PanelLook.smallFont)
        clampScroll()
    }

    private func makeRow(_ item: PanelItem, parameters p: Parameters) -> RowView {
        switch item {
        case .header(let group):
            return HeaderRowView(group, separator: item != model.items.first, geometry: geometry)
        case .parameter(let key):
            let spec = p.spec(key)!
            switch spec.kind {
            case .number: return SliderRowView(item, NumberControl(spec)!, geometry: geometry)
            case .toggle: return ToggleRowView(spec, geometry: geometry)
            case .choice, .curve: return PickerRowView(spec, geometry: geometry)
            }
        case .curvePlot(let key):
            return CurvePlotView(key: key, geometry: geometry)
        case .springPart(let key, let part):
            return SliderRowView(item, NumberControl(spring: key, part), geometry: geometry)
        case .savePreset:
            return PresetRowView(item, title: "Save current values as a preset…", tag: "Ctrl+S", geometry: geometry)
        case .preset(let i):
            let preset = model.presets.list[i]
            return PresetRowView(item, title: preset.name, tag: preset.isShipped ? "shipped" : "yours", geometry: geometry)
        }
    }

    /// Shows every row's value and state, the scroll position and the scroll bar.
    func refresh() {
        guard isVisible else { return }
        refreshes += 1
        let p = model.current
        for row in rows {
            let state = RowState(selected: row.item == model.selection, hovered: row.item == model.hovered, entry: model.entryText(for: row.item))
            row.update(p, state)
        }
        content.frame = Rect(0, -scroll, geometry.width, contentHeight)
        let h = root.frame.height
        scrollbar.isHidden = contentHeight <= h
        if contentHeight > h {
            let barHeight = max(h * h / contentHeight, 24)
            scrollbar.frame = Rect(root.frame.width - 5, scroll / (contentHeight - h) * (h - barHeight), 3, barHeight)
        }
    }

    // MARK: Scrolling

    private func clampScroll() {
        scroll = min(max(scroll, 0), max(contentHeight - root.frame.height, 0))
        refresh()
    }

    func scrollIntoView(_ item: PanelItem) {
        let items = model.items
        guard let i = items.firstIndex(of: item), i < rows.count else { return }
        var top = rowTops[i], bottom = rowTops[i] + rows[i].height
        // A curve row brings its plot (and spring rows) along when it can.
        if case .parameter(let key) = item, i + 1 < items.count, items[i + 1] == .curvePlot(key) { bottom += rows[i + 1].height }
        if i > 0, case .header = items[i - 1] { top = rowTops[i - 1] }
        if i == items.firstIndex(where: \.isSelectable) { top = 0 }
        if top < scroll { scroll = top } else if bottom > scroll + root.frame.height { scroll = bottom - root.frame.height + 8 }
        clampScroll()
    }

    // MARK: Routing

    /// Takes the keys meant for the panel and returns what the rest of the window should get instead: nil when the
    /// panel kept the event, else the event itself.
    func route(_ event: InputEvent) -> InputEvent? {
        switch event {
        case .resize(let size):
            layout(size: size)
            return event
        case .keyDown(let key, let mods, let isRepeat):
            model.setShift(mods.contains(.shift), pointer: pointer)
            // Only a field being typed into or a pending question here; the rows' keys need the focus.
            guard model.handleKey(key, mods, isRepeat: isRepeat, panelShown: false) else { return event }
            consumedKeys.insert(key.name)
            return nil
        case .keyUp(let key, let mods):
            model.setShift(mods.contains(.shift), pointer: pointer)
            return consumedKeys.remove(key.name) == nil ? event : nil
        case .text(let s):
            guard model.isTyping else { return event }
            model.type(s)
            return nil
        default:
            return event
        }
    }

    /// The keys the window's `FocusRouter` gives the panel while it has the keyboard focus: choose a row, adjust,
    /// type, reset. Whether it used the key.
    private func handleFocusedKey(_ event: InputEvent) -> Bool {
        guard case .keyDown(let key, let mods, let isRepeat) = event, isVisible,
              model.handleKey(key, mods, isRepeat: isRepeat, panelShown: true) else { return false }
        consumedKeys.insert(key.name)
        return true
    }

    /// Where the keyboard focus ring goes while the panel has the focus: around the selected row (its part inside
    /// the panel), else along the panel's edge.
    var focusRingFrame: Rect {
        let now = chrome.now
        if let selected = model.selection, let row = rows.first(where: { $0.item == selected }) {
            let f = row.node.worldFrame(at: now).intersection(root.frame)
            if !f.isEmpty { return f }
        }
        return root.frame
    }

    /// A press somewhere in the window, going to `targets` (the pointer router's): a pending question is forgotten,
    /// and a press off the panel commits the field being typed into.
    func pointerPressed(on targets: [Node]) {
        model.presets.cancelDelete()
        if model.isTyping && !targets.contains(where: { $0 === root }) { model.commitEntry() }
    }

    /// The pointer events the window's router gives the panel: what happens over it, and everything of a press begun
    /// on it until the release (a slider drag follows the pointer anywhere). It keeps all of them.
    private func handlePointer(_ event: InputEvent) -> Bool {
        if case .pointerLeave = event {
            model.finishDrag()
            pointer = nil
            setHovered(nil)
            return true
        }
        if let p = event.location { pointer = p }
        for outcome in press.handle(event, at: context.wall) {
            if case .press(let p, let clicks) = outcome { pressed(at: p, clickCount: clicks) }
        }
        switch event {
        case .pointerMove(let p):
            if model.isDragging { model.continueDrag(to: p) } else { setHovered(row(at: p)?.row.item) }
        case .pointerUp(let p, _):
            if model.isDragging {
                model.continueDrag(to: p)
                model.finishDrag()
            }
        case .wheel(_, _, _, let mods, _):
            model.setShift(mods.contains(.shift), pointer: pointer)
            guard !model.isDragging, let wheel = ScrollWheel(event) else { break }
            scroll -= wheel.verticalPoints(pointsPerTick: PanelLook.wheelTick)
            clampScroll()
        default:
            break
        }
        return true
    }

    private func setHovered(_ item: PanelItem?) {
        guard item != model.hovered else { return }
        model.hovered = item
        refresh()
    }

    /// The row under a window point, found by hit-testing the panel's rows, with the point in the row's coordinates.
    private func row(at p: Point) -> (row: RowView, point: Point)? {
        guard let scene = root.scene, let hit = scene.hitTest(p, within: content),
              let row = rows.first(where: { $0.node === hit }), let local = scene.convert(p, to: row.node) else { return nil }
        return (row, local)
    }

    /// A press in the panel: the row under it does what its part does (a click outside any field commits it first);
    /// the second click of a double-click on the same part of the same row types a value.
    private func pressed(at p: Point, clickCount: Int) {
        guard let (row, local) = row(at: p), let part = row.part(at: local) else {
            lastPressed = nil
            if model.isTyping { model.commitEntry() }
            return
        }
        let item = row.item
        let isDouble = clickCount > 1 && lastPressed.map { $0.item == item && $0.part == part } == true
        lastPressed = (item, part)
        if let e = model.entry {
            if e.item == item && part != .track { return }  // a click inside the field being typed into
            model.commitEntry()
        }
        if item.isSelectable { model.selection = item }
        row.press(part, at: p, local: local, isDouble: isDouble, model: model)
        refresh()
    }

    // MARK: Commands (the app's keys: `CommandTable`)

    /// Undoes the focused pane's last step in the edited style.
    public func undo() { model.undo() }
    /// Redoes the last undone step.
    public func redo() { model.redo() }
    /// Opens the panel and the name field to save the values as a preset (Ctrl+S).
    public func beginSavingPreset() {
        show()
        model.presets.beginSaving()
    }
    /// Loads a preset into the edited style.
    public func load(_ preset: Preset) { model.presets.load(preset) }
    /// Copies the values as JSON and Swift (Ctrl+C).
    public func copyToClipboard() { model.copyToClipboard() }
}

extension TuningPanel: PanelModelView {
    func itemsChanged() { if isVisible { layoutRows() } }
}
