import CarouselCore
import CarouselStyles
import CarouselSupport
import Foundation

/// What the panel's view does when the model changes.
@MainActor
protocol PanelModelView: AnyObject {
    /// The rows' values or states changed.
    func refresh()
    /// The list of rows changed (a curve became a spring, presets were saved, renamed or deleted).
    func itemsChanged()
    /// `item` should come into view.
    func scrollIntoView(_ item: PanelItem)
}

/// The tuning panel's state and everything it does to values, without a node: the rows it lists, the selection, the
/// field being typed into, the drag in progress, the keys it answers, undo and redo, and the presets
/// (`PresetController`). The view (`TuningPanel`) draws it and turns pointer presses into the row's action. It
/// edits the focused pane through its `AppContext`: each change of values is an action, and the change notice that
/// comes back (`changed`) refreshes the view, once per edit.
@MainActor
final class PanelModel {
    unowned let context: AppContext
    weak var view: PanelModelView?
    private(set) lazy var presets = PresetController(model: self)
    /// What each row stands for, in order.
    private(set) var items: [PanelItem] = []
    /// The selected row (Up/Down), if any.
    var selection: PanelItem?
    /// The row under the pointer, if any.
    var hovered: PanelItem?
    /// The field being typed into and the row it belongs to.
    private(set) var entry: (item: PanelItem, purpose: EntryPurpose, field: TextField)?
    /// The drag in progress.
    private(set) var drag: PanelDrag?
    /// Whether Shift is held (fine drags and steps).
    private(set) var shift = false

    /// What a typed field's text is for.
    enum EntryPurpose {
        case number(NumberControl), curve(String), presetName, renamePreset(Preset)
    }

    init(context: AppContext) { self.context = context }

    var styleName: String { context.focusedPane.styleName }
    var current: Parameters { context.focusedPane.currentParameters }
    /// The edited style's undo history in the focused pane.
    var history: ParameterHistory { context.focusedPane.history(for: styleName) }

    /// Shows a one-line message in the window (red when `error`; a sticky one stays until replaced or cleared).
    func say(_ text: String, error: Bool = false, sticky: Bool = false) {
        context.apply(.message(Message(text, seconds: sticky ? nil : 3, error: error)))
    }

    // MARK: Rows

    /// Lists the rows for the current values and presets; returns whether the list changed. A selection or a field
    /// whose row went away goes too.
    @discardableResult
    func updateItems() -> Bool {
        let new = PanelItem.list(for: current, presetCount: presets.list.count)
        guard new != items else { return false }
        items = new
        if selection.map({ !items.contains($0) }) ?? true { selection = items.first { $0.isSelectable } }
        if let e = entry, !items.contains(e.item) { entry = nil }
        return true
    }

    /// Forgets the selection, hover, field, drag and pending question (the edited style changed).
    func reset() {
        finishDrag()
        entry = nil
        presets.cancelDelete()
        selection = nil
        hovered = nil
        items = []
    }

    /// The text being typed into a field of `item`, if any.
    func entryText(for item: PanelItem) -> String? { entry?.item == item ? entry?.field.text : nil }

    // MARK: Changing values

    /// Applies new values live and records them as one undo step.
    func apply(_ p: Parameters, label: String, tag: String? = nil, merging: Bool = false) {
        context.apply(.values(.set(p, undo: UndoLabel(label, tag: tag, merging: merging))))
    }

    /// Sets a number during a drag (recorded as one step when the drag ends).
    func setNumber(_ c: NumberControl, _ v: Double) {
        guard let p = try? c.setting(v, in: current) else { return }
        context.apply(.values(.set(p)))
    }

    func flip(_ key: String) {
        var p = current
        try? p.set(key, .bool(!p.bool(key)))
        apply(p, label: p.spec(key)?.label ?? key)
    }

    /// Moves a choice to the next (or previous) option, a curve to the next (or previous) preset, wrapping around.
    func cycle(_ key: String, by step: Int, tag: String? = nil, merging: Bool = false) {
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

    /// One step (a tenth with `fine`) up or down; a held key's repeats merge into one undo step.
    func nudge(_ c: NumberControl, by step: Int, fine: Bool, tag: String, merging: Bool) {
        let v = c.value(in: current) + Double(step) * (fine ? c.step / 10 : c.step)
        guard let p = try? c.setting(c.clamped((v * 1e9).rounded() / 1e9), in: current) else { return }
        apply(p, label: label(of: c), tag: tag, merging: merging)
    }

    func label(of c: NumberControl) -> String {
        guard c.part != nil else { return c.label }
        return "\(current.spec(c.key)?.label ?? c.key) \(c.label.lowercased())"
    }

    func resetSelection() {
        guard let key = selection?.key, let spec = current.spec(key) else { return }
        var p = current
        p.reset(key)
        apply(p, label: "Reset \(spec.label)")
        say("Reset \(spec.label) to \(p.values[key]!)")
    }

    func resetAll() {
        var p = current
        p.reset()
        apply(p, label: "Reset all")
        say("Reset every \(styleName) parameter to its default")
    }

    /// Undoes the edited style's last step.
    func undo() { context.apply(.values(.undo)) }

    /// Redoes the edited style's last undone step.
    func redo() { context.apply(.values(.redo)) }

    /// The edited values changed (the window's notice, once per edit): tells the view, the row list when it changed
    /// (a curve turned into a spring adds rows), else the values.
    func changed() {
        if updateItems() { view?.itemsChanged() } else { view?.refresh() }
    }

    // MARK: Keyboard

    /// Handles a key while the panel is shown; returns whether it used it. A field being typed into takes every key
    /// (characters come as text); Ctrl keys are app commands (`CommandTable`).
    func handleKey(_ key: Key, _ mods: Modifiers, isRepeat: Bool, panelShown: Bool) -> Bool {
        if entry != nil { return editKey(key, mods) }
        // A Delete waiting for its confirmation: Escape keeps the preset, any other key forgets the question.
        if presets.answerPendingDelete(key, mods) { return true }
        guard panelShown, !mods.contains(.ctrl) else { return false }
        // Each key refreshes the view once: a change of values through the window's notice, the rest here.
        switch key.name {
        case "up", "down": moveSelection(by: key.name == "up" ? -1 : 1)
        case "left", "right": adjustSelection(by: key.name == "left" ? -1 : 1, fine: mods.contains(.shift), isRepeat: isRepeat)
        case "return": activateSelection()
        case "r": if mods.contains(.shift) { resetAll() } else { resetSelection() }
        case "delete", "backspace", "f2":
            guard case .preset(let i)? = selection else { return false }
            if isRepeat { break }  // a held Delete asks once and never answers its own question
            if key.name == "f2" { presets.beginRenaming(at: i) } else { presets.delete(at: i) }
            view?.refresh()
        default: return false
        }
        return true
    }

    func moveSelection(by step: Int) {
        let selectable = items.filter(\.isSelectable)
        guard !selectable.isEmpty else { return }
        let i = selection.flatMap { selectable.firstIndex(of: $0) } ?? (step > 0 ? -1 : selectable.count)
        selection = selectable[min(max(i + step, 0), selectable.count - 1)]
        view?.scrollIntoView(selection!)
    }

    func adjustSelection(by step: Int, fine: Bool, isRepeat: Bool) {
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

    /// Enter: type a number or curve, flip a toggle, cycle a choice, save or load a preset.
    func activateSelection() {
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
        case .savePreset: presets.beginSaving()
        case .preset(let i): presets.load(at: i)
        default: break
        }
    }

    // MARK: Typing

    /// Opens the field of a number or curve row, filled with its value.
    func beginEntry(_ item: PanelItem) {
        drag = nil
        let p = current
        switch item {
        case .springPart(let key, let part):
            let c = NumberControl(spring: key, part)
            entry = (item, .number(c), TextField(.number, text: Self.editableText(c.value(in: p))))
        case .parameter(let key):
            guard let spec = p.spec(key) else { return }
            if let c = NumberControl(spec) {
                entry = (item, .number(c), TextField(.number, text: Self.editableText(c.value(in: p))))
            } else if spec.kind == .curve {
                entry = (item, .curve(key), TextField(.curve, text: p.text(key)))
            }
        default:
            return
        }
        view?.refresh()
    }

    /// A value as a field opens with it: every digit it has ("0.4725", where the box shows 4 decimals), so Enter on
    /// the unchanged text keeps the value exactly.
    static func editableText(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)"
    }

    /// Opens a name field on `item` for `purpose`, filled with `text`.
    func beginNameEntry(_ item: PanelItem, _ purpose: EntryPurpose, text: String) {
        drag = nil
        entry = (item, purpose, TextField(.name, text: text))
        view?.refresh()
    }

    /// Whether a field is being typed into.
    var isTyping: Bool { entry != nil }

    /// Text typed (after the keyboard layout) into the open field.
    func type(_ s: String) {
        guard entry != nil else { return }
        entry!.field.type(s)
        view?.refresh()
    }

    /// Keys while a field is open: Enter commits, Escape cancels, Backspace deletes; every other key is the field's
    /// (characters arrive as text events), except Ctrl+Q.
    private func editKey(_ key: Key, _ mods: Modifiers) -> Bool {
        if mods.contains(.ctrl) && key.name == "q" { return false }
        switch key.name {
        case "return": commitEntry(); return true  // it refreshes the view itself
        case "escape": entry = nil
        case "backspace": entry!.field.backspace()
        default: break
        }
        view?.refresh()
        return true
    }

    /// Applies the typed text; a bad value leaves everything as it was and says why in one line.
    func commitEntry() {
        guard let e = entry else { return }
        entry = nil
        let text = e.field.text.trimmingCharacters(in: .whitespaces)
        switch e.purpose {
        case .number(let c):
            guard let v = Double(text), v.isFinite else {
                say("\(c.key): \"\(text)\" is not a number", error: true)
                break
            }
            // A value applied refreshes the view through the window's notice.
            do { return apply(try c.setting(v, in: current), label: label(of: c)) } catch { say(error.message, error: true) }
        case .curve(let key):
            var p = current
            do {
                try p.set(key, .text(text))
                return apply(p, label: p.spec(key)?.label ?? key)
            } catch { say(error.message, error: true) }
        case .presetName:
            presets.save(named: text)
        case .renamePreset(let preset):
            presets.rename(preset, to: text)
        }
        view?.refresh()
    }

    /// Closes the field without applying it.
    func cancelEntry() { entry = nil }

    // MARK: Drags

    /// Starts a drag of `kind` at window point `p`; `span` is the points the whole range spans in the row,
    /// `anchorValue` a slider's value at the pointer, `anchorPoint` a handle's control point.
    func beginDrag(_ kind: PanelDrag.Kind, at p: Point, span: Size, anchorValue: Double = 0, anchorPoint: (x: Double, y: Double) = (0, 0)) {
        var d = PanelDrag(kind: kind, before: current.values, anchor: p, fine: shift)
        d.span = span
        d.anchorValue = anchorValue
        d.anchorPoint = anchorPoint
        drag = d
    }

    /// Shift pressed or released: a drag in progress carries on from where the pointer is, at the new rate.
    func setShift(_ held: Bool, pointer: Point?) {
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

    /// The drag follows the pointer to window point `p`.
    func continueDrag(to p: Point) {
        if let d = drag, d.fine != shift { reanchorDrag(at: p) }
        guard let d = drag else { return }
        let scale = d.fine ? 0.1 : 1
        switch d.kind {
        case .slider(let c), .scrub(let c):
            var onTrack = false
            if case .slider = d.kind { onTrack = true }
            let moved = (p.x - d.anchor.x) / d.span.width * scale
            // Not moved (a click, the first half of a double-click): the value stays as it is, off the grid or not.
            guard moved != 0 else { return }
            setNumber(c, c.snapped(c.dragged(from: d.anchorValue, by: moved, onTrack: onTrack), fine: d.fine))
        case .handle(let key, let k):
            guard var points = CurvePlotView.controlPoints(of: current.curve(key)) else { break }
            let range = CurvePlotView.yRange
            let x = d.anchorPoint.x + (p.x - d.anchor.x) / d.span.width * scale
            let y = d.anchorPoint.y - (p.y - d.anchor.y) / d.span.height * (range.upperBound - range.lowerBound) * scale
            points[k] = (min(max(x, 0), 1), min(max(y, range.lowerBound), range.upperBound))
            var values = current
            try? values.set(key, .text(CurvePlotView.curveText(p1: points[0], p2: points[1], decimals: d.fine ? 3 : 2)))
            context.apply(.values(.set(values)))
        }
    }

    /// Whether a drag is in progress.
    var isDragging: Bool { drag != nil }

    /// Ends a drag: one undo step for the whole of it.
    func finishDrag() {
        guard let d = drag else { return }
        drag = nil
        context.apply(.values(.recordUndo(label(of: d.kind), before: d.before)))
    }

    private func label(of kind: PanelDrag.Kind) -> String {
        switch kind {
        case .slider(let c), .scrub(let c): label(of: c)
        case .handle(let key, _): current.spec(key)?.label ?? key
        }
    }

    // MARK: Export

    /// Copies the edited style's values as JSON and as a Swift snippet (Ctrl+C).
    func copyToClipboard() {
        guard let clipboard = context.clipboard else {
            say("No clipboard here (the window's clipboard is only available in `carousel-lab run`)", error: true)
            return
        }
        do {
            try clipboard.setText(ParameterExport.clipboardText(current, style: styleName))
            say("Copied JSON and Swift to the clipboard")
        } catch {
            say("Cannot copy to the clipboard: \(error.message)", error: true)
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
