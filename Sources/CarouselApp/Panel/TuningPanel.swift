import CarouselSupport
import CarouselCore
import CarouselStyles
import Foundation

/// The live tuning panel (Tab): every parameter of the current style, generated from its schema and grouped in
/// folders, drawn with nodes in a translucent column on the right of the window while the style keeps running. The
/// column is 320 pt wide; in a narrower window it narrows (keeping a strip of the style beside it) and its rows are
/// laid out again for its width.
///
/// It stands in front of the style in `Preview.handle`: `route` keeps the events meant for it (everything over the
/// panel, its keys while it is open, typing while a field is open) and passes the rest on. Every change goes through
/// `Preview.setParameters`, so it applies live, mid-animation. Each finished drag, typed value, reset, preset load or
/// key press is one undo step, kept per style.
@MainActor
public final class TuningPanel {
    /// The panel's node, above the style and below the overlay's messages and help.
    public let root = PanelLook.node("panel", .zero, PanelLook.background)
    /// Whether the panel is shown.
    public private(set) var isVisible = false
    /// Where presets are listed from and saved to (tests point it at a temporary folder).
    public var presets = PresetStore.standard()
    /// The clock that names saved presets (the style and the local time).
    public var date: () -> Date = { Date() }
    /// The longest gap between two presses that still makes a double-click, in seconds of wall time.
    public var doubleClickTime = 0.4
    /// The scroll position: how far the content is moved up, in points.
    public private(set) var scroll = 0.0

    private unowned let preview: Preview
    private let content = PanelLook.node("panel.content", .zero)
    private let title = PanelLook.text("panel.title", "", Rect(PanelLook.inset, 12, PanelLook.width - 2 * PanelLook.inset, 18),
                                       font: PanelLook.titleFont)
    private let hint = PanelLook.text("panel.hint", "", Rect(PanelLook.inset, 33, PanelLook.width - 2 * PanelLook.inset, 16),
                                      font: PanelLook.smallFont, color: PanelLook.dim)
    /// The width the rows are laid out for, from the window's width.
    private var geometry = PanelGeometry(width: PanelLook.width)
    /// The width the rows were last built for.
    private var builtWidth: Double?
    private let scrollbar = PanelLook.node("panel.scrollbar", .zero, Color(1, 1, 1, 0.22), radius: 1.5)
    private var items: [PanelItem] = []
    private var rows: [RowView] = []
    private var rowTops: [Double] = []
    private var contentHeight = 0.0
    private var presetList: [Preset] = []
    private var builtFor: String?
    private var selection: PanelItem?
    /// The user preset a first Delete asked about; a second Delete, with no other key or click between, deletes it.
    private var pendingDelete: Preset?
    private var hovered: PanelItem?
    private var entry: TextEntry?
    private var drag: PanelDrag?
    private var pointer: Point?
    private var pointerInside = false
    private var styleHasPointer = false
    private var shift = false
    private var consumedKeys: Set<String> = []
    private var lastPress: (item: PanelItem, part: PanelPart, point: Point, time: Double)?

    init(preview: Preview) {
        self.preview = preview
        root.zIndex = 900
        root.clipsToBounds = true
        root.isHidden = true
        root.addChild(PanelLook.node("panel.edge", Rect(0, 0, 1, 100_000), PanelLook.edge))
        root.addChild(content)
        root.addChild(scrollbar)
        content.addChild(title)
        content.addChild(hint)
        layout(size: preview.windowSize)
    }

    // MARK: State for tests and the app

    /// The panel's rectangle in the window.
    public var frame: Rect { root.frame }
    /// The parameter key of the selected row, if it edits one.
    public var selectedKey: String? { selection?.key }
    /// The selected row's node name ("panel.row.parameter.itemWidth"), if any.
    public var selectedRowName: String? { selection.map { "panel.row." + $0.name } }
    /// The text being typed into a field, if one is open.
    public var entryText: String? { entry?.text }
    /// The presets listed for the current style.
    public var presetEntries: [Preset] { presetList }
    /// The undo history of a style's parameters in the focused pane (each variant keeps its own).
    public func history(for style: String) -> ParameterHistory { preview.focused.histories[style] ?? ParameterHistory() }

    private var styleName: String { preview.styleType.descriptor.name }
    private var current: Parameters { preview.currentParameters }

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
        finishDrag()
        entry = nil
        cancelDelete()
        isVisible = false
        pointerInside = false
        hovered = nil
        root.isHidden = true
    }

    /// The window was resized: the panel takes its width from the window's, and an open panel whose width changed
    /// lays its rows out again.
    func layout(size: Size) {
        let w = PanelGeometry.panelWidth(inWindow: size.width)
        root.frame = Rect(size.width - w, 0, w, max(size.height, 0))
        geometry = PanelGeometry(width: w)
        if isVisible && builtWidth != geometry.width { rebuild(rereadPresets: false) } else { clampScroll() }
    }

    /// The active style changed: the panel shows the new style's parameters (each style keeps its own undo history).
    func styleChanged() {
        finishDrag()
        entry = nil
        cancelDelete()
        selection = nil
        hovered = nil
        scroll = 0
        builtFor = nil
        if isVisible { rebuild(rereadPresets: true) }
    }

    /// The active style's values changed (from the panel or elsewhere: a parameter file, the A key, undo).
    func parametersChanged() {
        guard isVisible else { return }
        if builtFor != styleName || builtWidth != geometry.width || PanelItem.list(for: current, presetCount: presetList.count) != items {
            rebuild(rereadPresets: builtFor != styleName)
        } else {
            refresh()
        }
    }

    private func rebuild(rereadPresets: Bool) {
        if rereadPresets || builtFor != styleName { presetList = presets.presets(for: styleName) }
        builtFor = styleName
        builtWidth = geometry.width
        let p = current
        items = PanelItem.list(for: p, presetCount: presetList.count)
        for row in rows { row.node.removeFromParent() }
        rows = items.map { makeRow($0, parameters: p) }
        rowTops = []
        var y = PanelLook.titleHeight
        for row in rows {
            rowTops.append(y)
            row.node.frame.origin = Point(0, y)
            content.addChild(row.node)
            y += row.height
        }
        contentHeight = y + 16
        if selection.map({ !items.contains($0) }) ?? true { selection = items.first { $0.isSelectable } }
        if let e = entry, !items.contains(e.item) { entry = nil }
        title.frame.size.width = geometry.lineWidth
        title.text?.string = PanelLook.fitted("Tuning · \(styleName)", width: geometry.lineWidth, font: PanelLook.titleFont)
        hint.frame.size.width = geometry.lineWidth
        hint.text?.string = PanelLook.fitted("Tab hides · ↑↓ select · ←→ adjust · R reset", width: geometry.lineWidth, font: PanelLook.smallFont)
        clampScroll()
        refresh()
    }

    private func makeRow(_ item: PanelItem, parameters p: Parameters) -> RowView {
        switch item {
        case .header(let group):
            return HeaderRowView(group, separator: item != items.first, geometry: geometry)
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
            return PresetRowView(item, title: presetList[i].name, tag: presetList[i].isShipped ? "shipped" : "yours", geometry: geometry)
        }
    }

    /// Shows every row's value and state, the scroll position and the scroll bar.
    private func refresh() {
        guard isVisible else { return }
        let p = current
        for row in rows {
            var state = RowState(selected: row.item == selection, hovered: row.item == hovered)
            if let e = entry, e.item == row.item { state.entry = e.text }
            row.update(p, state)
        }
        content.frame = Rect(0, -scroll, geometry.width, contentHeight)
        let h = root.frame.height
        scrollbar.setHidden(contentHeight <= h)
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

    private func scrollIntoView(_ item: PanelItem) {
        guard let i = items.firstIndex(of: item) else { return }
        var top = rowTops[i], bottom = rowTops[i] + rows[i].height
        // A curve row brings its plot (and spring rows) along when it can.
        if case .parameter(let key) = item, i + 1 < items.count, items[i + 1] == .curvePlot(key) { bottom += rows[i + 1].height }
        if i > 0, case .header = items[i - 1] { top = rowTops[i - 1] }
        if i == items.firstIndex(where: \.isSelectable) { top = 0 }
        if top < scroll { scroll = top } else if bottom > scroll + root.frame.height { scroll = bottom - root.frame.height + 8 }
        clampScroll()
    }

    // MARK: Routing

    /// Takes the events meant for the panel and returns what the style should get instead: nil when the panel kept
    /// the event, `.pointerLeave` when the pointer just moved onto the panel, else the event itself.
    func route(_ event: InputEvent) -> InputEvent? {
        switch event {
        case .resize(let size):
            layout(size: size)
            return event
        case .keyDown(let key, let mods, let isRepeat):
            setShift(mods.contains(.shift))
            guard handleKey(key, mods, isRepeat: isRepeat) else { return event }
            consumedKeys.insert(key.name)
            return nil
        case .keyUp(let key, let mods):
            setShift(mods.contains(.shift))
            return consumedKeys.remove(key.name) == nil ? event : nil
        case .text(let s):
            guard entry != nil else { return event }
            type(s)
            return nil
        case .pointerMove(let p):
            return pointerMoved(to: p) ? nil : (pointerInside ? .pointerLeave : event)
        case .pointerDown(let p, let button):
            cancelDelete()
            return pointerPressed(at: p, button) ? nil : event
        case .pointerUp(let p, _):
            return pointerReleased(at: p) ? nil : event
        case .pointerLeave:
            finishDrag()
            pointer = nil
            pointerInside = false
            setHovered(nil)
            styleHasPointer = false
            return event
        case .wheel(_, let dy, let precise, let mods, let at):
            setShift(mods.contains(.shift))
            guard isVisible, drag == nil, !styleHasPointer, let p = at ?? pointer, frame.contains(p) else { return event }
            scroll -= precise ? dy : dy * 40
            clampScroll()
            return nil
        default:
            return event
        }
    }

    /// Returns whether the panel keeps the move. Sets `pointerInside`; a move that enters the panel is kept by the
    /// panel but tells the style the pointer left (the caller turns it into `.pointerLeave`).
    private func pointerMoved(to p: Point) -> Bool {
        pointer = p
        if drag != nil { continueDrag(to: p); return true }
        guard isVisible, !styleHasPointer else { pointerInside = false; return false }
        let inside = frame.contains(p), wasInside = pointerInside
        pointerInside = inside
        setHovered(inside ? row(at: p)?.row.item : nil)
        if inside && !wasInside { return false }  // the style gets .pointerLeave once
        return inside
    }

    private func pointerPressed(at p: Point, _ button: PointerButton) -> Bool {
        pointer = p
        guard isVisible, !styleHasPointer, frame.contains(p) else {
            if entry != nil { commitEntry() }
            if button == .left { styleHasPointer = true }
            return false
        }
        if button == .left { press(at: p) }
        return true
    }

    private func pointerReleased(at p: Point) -> Bool {
        pointer = p
        if drag != nil {
            continueDrag(to: p)
            finishDrag()
            return true
        }
        if styleHasPointer { styleHasPointer = false; return false }
        return isVisible && frame.contains(p)
    }

    private func setHovered(_ item: PanelItem?) {
        guard item != hovered else { return }
        hovered = item
        refresh()
    }

    /// The row under a window point, with the point in the row's coordinates.
    private func row(at p: Point) -> (row: RowView, point: Point)? {
        let y = p.y - frame.minY + scroll, x = p.x - frame.minX
        guard let i = rowTops.lastIndex(where: { $0 <= y }), y < rowTops[i] + rows[i].height else { return nil }
        return (rows[i], Point(x, y - rowTops[i]))
    }

    // MARK: Mouse

    private func press(at p: Point) {
        guard let (row, local) = row(at: p), let part = row.part(at: local) else {
            if entry != nil { commitEntry() }
            return
        }
        let item = row.item
        let isDouble = lastPress.map { $0.item == item && $0.part == part && preview.wall - $0.time <= doubleClickTime
            && hypot($0.point.x - p.x, $0.point.y - p.y) <= 6 } ?? false
        lastPress = (item, part, p, preview.wall)
        if let e = entry {
            if e.item == item && part != .track { return }  // a click inside the field being typed into
            commitEntry()
        }
        if item.isSelectable { selection = item }
        switch (row, part) {
        case (let slider as SliderRowView, .valueBox):
            if isDouble { beginEntry(item) } else { beginDrag(.scrub(slider.control), at: p, row: slider, local: local) }
        case (let slider as SliderRowView, .track):
            beginDrag(.slider(slider.control), at: p, row: slider, local: local)
        case (let toggle as ToggleRowView, .toggle):
            flip(toggle.key)
        case (let picker as PickerRowView, .previous):
            cycle(picker.key, by: -1)
        case (let picker as PickerRowView, .next), (let picker as PickerRowView, .name):
            cycle(picker.key, by: 1)
        case (let plot as CurvePlotView, .handle(let k)):
            beginDrag(.handle(plot.key, k), at: p, row: plot, local: local)
        case (_, _) where item == .savePreset:
            beginSavingPreset()
        case (_, let part):
            guard case .preset(let i) = item else { break }
            // Double-click types: on a user preset's name it renames (the first click loaded it, as a click does).
            if isDouble && part == .name && !presetList[i].isShipped { beginRenaming(presetList[i], item) } else { load(presetList[i]) }
        }
        refresh()
    }

    private func beginDrag(_ kind: PanelDrag.Kind, at p: Point, row: RowView, local: Point) {
        var d = PanelDrag(kind: kind, before: current.values, anchor: p, fine: shift)
        switch row {
        case let slider as SliderRowView: d.span = Size(slider.track.width, 0)
        case let plot as CurvePlotView: d.span = plot.inner.size
        default: break
        }
        switch kind {
        case .slider(let c):
            d.anchorValue = shift ? c.value(in: current) : (row as! SliderRowView).rawValue(atX: local.x)
            drag = d
            if !shift { setNumber(c, c.snapped(d.anchorValue, fine: false)) }
        case .scrub(let c):
            d.anchorValue = c.value(in: current)
            drag = d
        case .handle(let key, let k):
            d.anchorPoint = CurvePlotView.controlPoints(of: current.curve(key))?[k] ?? (0, 0)
            drag = d
        }
    }

    /// Shift pressed or released: a drag in progress carries on from where the pointer is, at the new rate.
    private func setShift(_ held: Bool) {
        guard held != shift else { return }
        shift = held
        if let p = pointer { reanchorDrag(at: p) }
    }

    private func reanchorDrag(at p: Point) {
        guard var d = drag else { return }
        d.anchor = p
        d.fine = shift
        switch d.kind {
        case .slider(let c), .scrub(let c): d.anchorValue = c.value(in: current)
        case .handle(let key, let k): d.anchorPoint = CurvePlotView.controlPoints(of: current.curve(key))?[k] ?? d.anchorPoint
        }
        drag = d
    }

    private func continueDrag(to p: Point) {
        if let d = drag, d.fine != shift { reanchorDrag(at: p) }
        guard let d = drag else { return }
        let scale = d.fine ? 0.1 : 1
        switch d.kind {
        case .slider(let c), .scrub(let c):
            let perPoint = (c.max - c.min) / d.span.width * scale
            setNumber(c, c.snapped(c.clamped(d.anchorValue + (p.x - d.anchor.x) * perPoint), fine: d.fine))
        case .handle(let key, let k):
            guard var points = CurvePlotView.controlPoints(of: current.curve(key)) else { break }
            let range = CurvePlotView.yRange
            let x = d.anchorPoint.x + (p.x - d.anchor.x) / d.span.width * scale
            let y = d.anchorPoint.y - (p.y - d.anchor.y) / d.span.height * (range.upperBound - range.lowerBound) * scale
            points[k] = (min(max(x, 0), 1), min(max(y, range.lowerBound), range.upperBound))
            var values = current
            try? values.set(key, .text(CurvePlotView.curveText(p1: points[0], p2: points[1], decimals: d.fine ? 3 : 2)))
            preview.setParameters(values)
        }
    }

    /// Ends a drag: one undo step for the whole of it.
    private func finishDrag() {
        guard let d = drag else { return }
        drag = nil
        preview.focused.histories[styleName, default: ParameterHistory()].record(label(of: d.kind), from: d.before, to: current.values)
    }

    private func label(of kind: PanelDrag.Kind) -> String {
        switch kind {
        case .slider(let c), .scrub(let c): label(of: c)
        case .handle(let key, _): current.spec(key)?.label ?? key
        }
    }

    private func label(of c: NumberControl) -> String {
        guard c.part != nil else { return c.label }
        return "\(current.spec(c.key)?.label ?? c.key) \(c.label.lowercased())"
    }

    // MARK: Changing values

    /// Applies new values live and records them as one undo step.
    private func apply(_ p: Parameters, label: String, tag: String? = nil, merging: Bool = false) {
        let before = current.values
        preview.setParameters(p)
        preview.focused.histories[styleName, default: ParameterHistory()].record(label, from: before, to: p.values, tag: tag, merging: merging)
    }

    /// Sets a number during a drag (recorded when the drag ends).
    private func setNumber(_ c: NumberControl, _ v: Double) {
        guard let p = try? c.setting(v, in: current) else { return }
        preview.setParameters(p)
    }

    private func flip(_ key: String) {
        var p = current
        try? p.set(key, .bool(!p.bool(key)))
        apply(p, label: p.spec(key)?.label ?? key)
    }

    /// Moves a choice to the next (or previous) option, a curve to the next (or previous) preset, wrapping around.
    private func cycle(_ key: String, by step: Int, tag: String? = nil, merging: Bool = false) {
        var p = current
        guard let spec = p.spec(key) else { return }
        let options: [String], now: String
        switch spec.kind {
        case .choice(let o): options = o; now = p.text(key)
        case .curve: options = CurveSyntax.presetNames; now = PickerRowView.curveName(p.text(key))
        default: return
        }
        let next: Int
        if let i = options.firstIndex(of: now) { next = (i + step + options.count) % options.count } else { next = step > 0 ? 0 : options.count - 1 }
        try? p.set(key, .text(options[next]))
        apply(p, label: spec.label, tag: tag, merging: merging)
    }

    // MARK: Keyboard

    /// Handles a key; returns whether the panel used it.
    private func handleKey(_ key: Key, _ mods: Modifiers, isRepeat: Bool) -> Bool {
        if entry != nil { return editKey(key, mods) }
        // A Delete waiting for its confirmation: Escape keeps the preset, any other key forgets the question.
        if let pending = pendingDelete, !TuningPanel.deleteKeys.contains(key.name), !TuningPanel.modifierKeys.contains(key.name) {
            cancelDelete()
            if key.name == "escape" && mods.isEmpty { preview.show(message: "Kept preset \(pending.name)"); return true }
        }
        // Keys that work with the panel closed too (Tab, Ctrl+Z, Ctrl+S, ...) are app commands (`CommandTable`).
        guard isVisible, !mods.contains(.ctrl) else { return false }
        switch key.name {
        case "up", "down": moveSelection(by: key.name == "up" ? -1 : 1)
        case "left", "right": adjustSelection(by: key.name == "left" ? -1 : 1, fine: mods.contains(.shift), isRepeat: isRepeat)
        case "return": activateSelection()
        case "r": if mods.contains(.shift) { resetAll() } else { resetSelection() }
        case "delete", "backspace", "f2":
            guard case .preset(let i)? = selection else { return false }
            if isRepeat { break }  // a held Delete asks once and never answers its own question
            if key.name == "f2" { beginRenaming(presetList[i], .preset(i)) } else { deletePreset(presetList[i], at: i) }
        default: return false
        }
        refresh()
        return true
    }

    /// The keys that delete the selected preset (Backspace only reaches here when no field is being typed into).
    private static let deleteKeys: Set = ["delete", "backspace"]
    /// Keys that only modify others: pressing one between the two Deletes keeps the question open.
    private static let modifierKeys: Set = ["left shift", "right shift", "left ctrl", "right ctrl", "left alt", "right alt",
                                            "left gui", "right gui", "capslock", "modeswitch"]

    private func moveSelection(by step: Int) {
        let selectable = items.filter(\.isSelectable)
        guard !selectable.isEmpty else { return }
        let i = selection.flatMap { selectable.firstIndex(of: $0) } ?? (step > 0 ? -1 : selectable.count)
        selection = selectable[min(max(i + step, 0), selectable.count - 1)]
        scrollIntoView(selection!)
    }

    private func adjustSelection(by step: Int, fine: Bool, isRepeat: Bool) {
        guard let item = selection else { return }
        let tag = "key \(item.name)"
        switch item {
        case .springPart(let key, let part):
            nudge(NumberControl(spring: key, part), by: step, fine: fine, tag: tag, merging: isRepeat)
        case .parameter(let key):
            guard let spec = current.spec(key) else { return }
            switch spec.kind {
            case .number: nudge(NumberControl(spec)!, by: step, fine: fine, tag: tag, merging: isRepeat)
            case .toggle:
                var p = current
                try? p.set(key, .bool(step > 0))
                apply(p, label: spec.label, tag: tag, merging: isRepeat)
            case .choice, .curve: cycle(key, by: step, tag: tag, merging: isRepeat)
            }
        default:
            break
        }
    }

    /// One step (a tenth with `fine`) up or down; a held key's repeats merge into one undo step.
    private func nudge(_ c: NumberControl, by step: Int, fine: Bool, tag: String, merging: Bool) {
        let v = c.value(in: current) + Double(step) * (fine ? c.step / 10 : c.step)
        guard let p = try? c.setting(c.clamped((v * 1e9).rounded() / 1e9), in: current) else { return }
        apply(p, label: label(of: c), tag: tag, merging: merging)
    }

    /// Enter: type a number or curve, flip a toggle, cycle a choice, save or load a preset.
    private func activateSelection() {
        guard let item = selection else { return }
        switch item {
        case .springPart: beginEntry(item)
        case .parameter(let key):
            switch current.spec(key)?.kind {
            case .number?, .curve?: beginEntry(item)
            case .toggle?: flip(key)
            case .choice?: cycle(key, by: 1)
            case nil: break
            }
        case .savePreset: beginSavingPreset()
        case .preset(let i): load(presetList[i])
        default: break
        }
    }

    private func resetSelection() {
        guard let key = selection?.key, let spec = current.spec(key) else { return }
        var p = current
        p.reset(key)
        apply(p, label: "Reset \(spec.label)")
        preview.show(message: "Reset \(spec.label) to \(p.values[key]!)")
    }

    private func resetAll() {
        var p = current
        p.reset()
        apply(p, label: "Reset all")
        preview.show(message: "Reset every \(styleName) parameter to its default")
    }

    // MARK: Undo and redo

    /// Undoes the active style's last step.
    public func undo() {
        guard let step = preview.focused.histories[styleName]?.undo() else { preview.show(message: "Nothing to undo"); return }
        set(step.before)
        preview.show(message: "Undo: \(step.label)")
    }

    /// Redoes the active style's last undone step.
    public func redo() {
        guard let step = preview.focused.histories[styleName]?.redo() else { preview.show(message: "Nothing to redo"); return }
        set(step.after)
        preview.show(message: "Redo: \(step.label)")
    }

    private func set(_ values: [String: ParameterValue]) {
        var p = current
        for (k, v) in values { try? p.set(k, v) }
        preview.setParameters(p)
    }

    // MARK: Typing

    /// What a field being typed into edits, and its text.
    struct TextEntry {
        enum Kind { case number(NumberControl), curve(String), presetName, renamePreset(Preset) }
        let item: PanelItem
        let kind: Kind
        var text: String
        /// Still the text it opened with: the first character typed replaces it.
        var pristine = true

        func accepts(_ c: Character) -> Bool {
            switch kind {
            case .number: c.isASCII && (c.isNumber || c == "." || c == "-")
            case .curve: c.isASCII && (c.isLetter || c.isNumber || "-.,():".contains(c))
            case .presetName, .renamePreset: PresetStore.isNameCharacter(c)
            }
        }
    }

    private func beginEntry(_ item: PanelItem) {
        drag = nil
        let p = current
        switch item {
        case .springPart(let key, let part):
            let c = NumberControl(spring: key, part)
            entry = TextEntry(item: item, kind: .number(c), text: JSONValue.format(c.value(in: p)))
        case .parameter(let key):
            guard let spec = p.spec(key) else { return }
            if let c = NumberControl(spec) {
                entry = TextEntry(item: item, kind: .number(c), text: JSONValue.format(c.value(in: p)))
            } else if spec.kind == .curve {
                entry = TextEntry(item: item, kind: .curve(key), text: p.text(key))
            }
        default:
            return
        }
        refresh()
    }

    private func type(_ s: String) {
        guard var e = entry else { return }
        for c in s where e.accepts(c) {
            if e.pristine { e.text = ""; e.pristine = false }
            if e.text.count < 64 { e.text.append(c) }
        }
        entry = e
        refresh()
    }

    /// Keys while a field is open: Enter commits, Escape cancels, Backspace deletes; every other key is the field's
    /// (characters arrive as text events), except Ctrl+Q.
    private func editKey(_ key: Key, _ mods: Modifiers) -> Bool {
        if mods.contains(.ctrl) && key.name == "q" { return false }
        switch key.name {
        case "return": commitEntry()
        case "escape": entry = nil
        case "backspace":
            if entry!.pristine { entry!.text = ""; entry!.pristine = false } else if !entry!.text.isEmpty { entry!.text.removeLast() }
        default: break
        }
        refresh()
        return true
    }

    /// Applies the typed text; a bad value leaves everything as it was and says why in one line.
    private func commitEntry() {
        guard let e = entry else { return }
        entry = nil
        let text = e.text.trimmingCharacters(in: .whitespaces)
        switch e.kind {
        case .number(let c):
            guard let v = Double(text), v.isFinite else {
                preview.show(message: "\(c.key): \"\(text)\" is not a number", error: true)
                break
            }
            do { apply(try c.setting(v, in: current), label: label(of: c)) } catch { preview.show(message: error.message, error: true) }
        case .curve(let key):
            var p = current
            do {
                try p.set(key, .text(text))
                apply(p, label: p.spec(key)?.label ?? key)
            } catch { preview.show(message: error.message, error: true) }
        case .presetName:
            savePreset(named: text)
        case .renamePreset(let preset):
            rename(preset, to: text)
        }
        refresh()
    }

    // MARK: Presets

    /// Opens the name field of "Save current values as a preset", filled with the style and the time; Enter saves.
    public func beginSavingPreset() {
        show()
        drag = nil
        selection = .savePreset
        entry = TextEntry(item: .savePreset, kind: .presetName, text: PresetStore.timestampName(style: styleName, date: date()))
        scrollIntoView(.savePreset)
        refresh()
    }

    private func savePreset(named name: String) {
        do {
            let preset = try presets.save(current, style: styleName, name: name)
            rebuild(rereadPresets: true)
            preview.show(message: "Saved preset \(preset.name) to \(preset.path)")
        } catch {
            preview.show(message: error.message, error: true)
        }
    }

    /// F2 (or a double-click on its name): opens the name field of a user preset, filled with its name; Enter renames,
    /// Escape cancels. A shipped preset is refused in one line.
    private func beginRenaming(_ preset: Preset, _ item: PanelItem) {
        guard !preset.isShipped else {
            preview.show(message: PresetError.shipped(preset, cannotBe: "renamed").message, error: true)
            return
        }
        drag = nil
        entry = TextEntry(item: item, kind: .renamePreset(preset), text: preset.name)
        refresh()
    }

    private func rename(_ preset: Preset, to name: String) {
        do {
            let renamed = try presets.rename(preset, to: name)
            guard renamed != preset else { return }
            rebuild(rereadPresets: true)
            if let i = presetList.firstIndex(of: renamed) { selection = .preset(i); scrollIntoView(.preset(i)) }
            preview.show(message: "Renamed preset \(preset.name) to \(renamed.name)")
        } catch {
            preview.show(message: error.message, error: true)
        }
    }

    /// Delete or Backspace on a preset: the first press on a user preset asks, a second one (nothing else pressed or
    /// clicked, the preset still selected) deletes its file and selects a neighbour. Shipped presets are refused.
    private func deletePreset(_ preset: Preset, at i: Int) {
        guard !preset.isShipped else {
            preview.show(message: PresetError.shipped(preset, cannotBe: "deleted").message, error: true)
            return
        }
        guard pendingDelete == preset else {
            pendingDelete = preset
            preview.show(message: "Delete preset \(preset.name)? Press Delete again to confirm, Escape to keep it", sticky: true)
            return
        }
        pendingDelete = nil
        do { try presets.delete(preset) } catch {
            preview.show(message: error.message, error: true)
            return
        }
        let neighbour = i + 1 < presetList.count ? presetList[i + 1] : i > 0 ? presetList[i - 1] : nil
        rebuild(rereadPresets: true)
        let next = neighbour.flatMap { presetList.firstIndex(of: $0) }.map(PanelItem.preset) ?? .savePreset
        selection = next
        scrollIntoView(next)
        preview.show(message: "Deleted preset \(preset.name) (\(preset.path))")
    }

    /// Forgets a Delete waiting for its confirmation, and takes its question off the screen.
    private func cancelDelete() {
        guard pendingDelete != nil else { return }
        pendingDelete = nil
        preview.clearMessage()
    }

    /// Loads a preset into the active style: its valid values apply (one undo step); problems are reported by line.
    public func load(_ preset: Preset) {
        var p = current
        let problems: [String]
        do { problems = try presets.load(preset, style: styleName, into: &p) } catch {
            preview.show(message: error.message, error: true)
            preview.report(error.message)
            return
        }
        apply(p, label: "Preset \(preset.name)")
        problems.forEach(preview.report)
        if let first = problems.first {
            let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
            preview.show(message: "Preset \(preset.name): \(first)\(more)", error: true)
        } else {
            preview.show(message: "Loaded preset \(preset.name)" + (preset.about.map { ": \($0)" } ?? ""))
        }
    }

    // MARK: Export

    /// Copies the active style's values as JSON and as a Swift snippet (Ctrl+C).
    public func copyToClipboard() {
        guard let clipboard = preview.clipboard else {
            preview.show(message: "No clipboard here (the window's clipboard is only available in `carousel-lab run`)", error: true)
            return
        }
        do {
            try clipboard.setText(ParameterExport.clipboardText(current, style: styleName))
            preview.show(message: "Copied JSON and Swift to the clipboard")
        } catch {
            preview.show(message: "Cannot copy to the clipboard: \(error.message)", error: true)
        }
    }
}

/// A drag in the panel: a slider (absolute along the track), a value box scrubbed sideways, or a curve handle.
/// Shift makes it fine (a tenth of the rate, a tenth of the step); changing Shift mid-drag re-anchors it.
struct PanelDrag {
    enum Kind {
        case slider(NumberControl)
        case scrub(NumberControl)
        case handle(String, Int)
    }
    let kind: Kind
    /// Every value when the drag began, for its one undo step.
    let before: [String: ParameterValue]
    /// The pointer when the drag began or was last re-anchored.
    var anchor: Point
    var fine: Bool
    /// A slider's (unsnapped) value at the anchor.
    var anchorValue = 0.0
    /// A handle's control point at the anchor.
    var anchorPoint: (x: Double, y: Double) = (0, 0)
    /// The points the whole range spans in the row dragged from: a slider's track width (a scrub goes the range in
    /// the same distance), a plot's unit square and its y range.
    var span = Size(PanelLook.width, PanelLook.width)

    init(kind: Kind, before: [String: ParameterValue], anchor: Point, fine: Bool) {
        self.kind = kind; self.before = before; self.anchor = anchor; self.fine = fine
    }
}
