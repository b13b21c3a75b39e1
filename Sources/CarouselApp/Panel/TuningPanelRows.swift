import CarouselSupport
import CarouselCore
import CarouselStyles

// MARK: - Look

/// The tuning panel's sizes, fonts and colours, in one place so every row lines up.
enum PanelLook {
    /// The panel's full width, in a window wide enough for it and `margin`.
    static let width = 320.0
    /// The narrowest width rows are laid out for: in a narrower window they keep this layout and the panel clips them.
    static let narrowestWidth = 180.0
    /// The strip of the style kept visible left of a narrowed panel, given up below `narrowestWidth + margin`.
    static let margin = 40.0
    static let inset = 14.0
    static let rowHeight = 28.0
    static let headerHeight = 32.0
    static let titleHeight = 58.0
    static let presetRowHeight = 26.0
    static let valueWidth = 64.0
    static let fieldHeight = 20.0

    static let font = FontSpec(size: 12)
    static let smallFont = FontSpec(size: 11)
    static let headerFont = FontSpec(size: 12, bold: true)
    static let titleFont = FontSpec(size: 13, bold: true)

    /// Opaque: the style never shows through the labels (issue 21.3: a 95 % background let photos and text ghost through).
    static let background = Color(0.098, 0.102, 0.114, 1)
    static let edge = Color(1, 1, 1, 0.08)
    static let text = Color(0.89, 0.9, 0.93)
    static let dim = Color(0.58, 0.61, 0.67)
    static let headerText = Color(0.62, 0.72, 0.9)
    static let accent = Color(hex: 0x8ab4f8)
    static let field = Color(1, 1, 1, 0.075)
    static let fieldEditing = Color(0.54, 0.71, 0.97, 0.24)
    static let track = Color(1, 1, 1, 0.14)
    static let selection = Color(0.54, 0.71, 0.97, 0.15)
    static let hover = Color(1, 1, 1, 0.045)
    static let handle1 = Color(hex: 0xf28b82)
    static let handle2 = Color(hex: 0x81c995)

    /// A node that draws but is never hit: the panel does its own hit-testing, and styles hit-testing the scene must
    /// never find it.
    @MainActor
    static func node(_ name: String, _ frame: Rect, _ background: Color? = nil, radius: Double = 0) -> Node {
        let n = Node(name: name, frame: frame)
        n.isHitTestable = false
        n.background = background
        n.cornerRadius = radius
        return n
    }

    /// A one-line text node whose line is centred vertically in `frame` (leading and trailing alignments).
    @MainActor
    static func text(_ name: String, _ string: String, _ frame: Rect, font: FontSpec = font, color: Color = text,
                     alignment: TextContent.Alignment = .leading) -> Node {
        let lineHeight = font.size * 1.2
        let f = alignment == .leading ? Rect(frame.x, frame.y + (frame.height - lineHeight) / 2, frame.width, lineHeight) : frame
        let n = node(name, f)
        n.text = TextContent(string, font: font, color: color, alignment: alignment)
        return n
    }

    /// Ends the text being typed into a field: a thin bar (DejaVu Sans has the block elements).
    static let caret = "\u{258F}"

    /// `text` shortened with an ellipsis to fit `width` in `font`, by `estimatedWidth` (nodes cannot measure text).
    /// `keepingEnd` cuts the start instead, for text being typed, so its end and the caret stay in view. At least one
    /// character is kept besides the ellipsis.
    static func fitted(_ text: String, width: Double, font: FontSpec, keepingEnd: Bool = false) -> String {
        guard estimatedWidth(text, font: font) > width else { return text }
        let room = width - estimatedWidth("…", font: font)
        var kept: [Character] = [], used = 0.0
        for c in keepingEnd ? Array(text.reversed()) : Array(text) {
            let w = estimatedWidth(String(c), font: font)
            guard kept.isEmpty || used + w <= room else { break }
            kept.append(c)
            used += w
        }
        return keepingEnd ? "…" + String(kept.reversed()) : String(kept) + "…"
    }

    /// The width `text` takes in `font`, from DejaVu Sans's advances (the font the app draws with, measured through
    /// SDL_ttf at 12 px), 1 em for a character outside ASCII, 15 % more for bold, and 1 % to spare for rounding.
    static func estimatedWidth(_ text: String, font: FontSpec) -> Double {
        var ems = 0.0
        for scalar in text.unicodeScalars {
            let v = Int(scalar.value)
            ems += v >= 32 && v < 127 ? Double(advances[v - 32]) / 100 : 1
        }
        return ems * font.size * (font.bold ? 1.15 : 1) * 1.01
    }

    /// DejaVu Sans's advance widths for the characters 32 (space) to 126 (~), in hundredths of an em.
    private static let advances: [UInt8] = [
        32, 40, 46, 84, 64, 95, 78, 27, 39, 39, 50, 84, 32, 36, 32, 34, 64, 64, 64, 64, 64, 64, 64, 64,
        64, 64, 34, 34, 84, 84, 84, 53, 100, 68, 69, 70, 77, 63, 58, 77, 75, 29, 30, 66, 56, 86, 75, 79,
        60, 79, 69, 64, 61, 73, 68, 99, 68, 61, 68, 39, 34, 39, 84, 50, 50, 61, 64, 55, 64, 61, 35, 64,
        63, 28, 28, 58, 28, 97, 63, 61, 64, 64, 41, 52, 39, 63, 59, 82, 59, 59, 52, 64, 34, 64, 84,
    ]

    /// Text being typed into a field `width` wide, with the caret at its end.
    static func typing(_ text: String, width: Double) -> String { fitted(text + caret, width: width, font: font, keepingEnd: true) }

    /// `value` with its unit as the panel shows it: "150 pt", "0.4 s", "1.5×".
    static func format(_ value: Double, unit: String) -> String {
        let n = JSONValue.format(value)
        if unit.isEmpty { return n }
        return unit == "×" || unit == "%" ? n + unit : n + " " + unit
    }
}

/// Where a row's parts go at one panel width: the label column and a slider's track share what the insets and the
/// value box leave, in the proportions of the full 320-pt panel (label 128, track 86), so at 320 nothing moves.
struct PanelGeometry: Equatable {
    /// The width rows are laid out for.
    let width: Double

    /// The layout for a panel `width` wide (never narrower than `PanelLook.narrowestWidth`).
    init(width: Double) { self.width = min(max(width, PanelLook.narrowestWidth), PanelLook.width) }

    /// The panel's width in a window `windowWidth` wide: 320 when the window leaves the margin beside it, else the
    /// window less the margin, never under the narrowest layout unless the window itself is narrower.
    static func panelWidth(inWindow windowWidth: Double) -> Double {
        let w = max(windowWidth, 0)
        return min(PanelLook.width, max(w - PanelLook.margin, min(w, PanelLook.narrowestWidth)))
    }

    /// The label column's width: 128 at full width.
    var labelWidth: Double { ((width - 106) * 128 / 214).rounded() }
    /// Where controls start: sliders' tracks, pickers' boxes (148 at full width).
    var controlX: Double { PanelLook.inset + labelWidth + 6 }
    /// Where controls end (306 at full width).
    var controlRight: Double { width - PanelLook.inset }
    /// A slider's track width (86 at full width).
    var trackWidth: Double { controlRight - PanelLook.valueWidth - 8 - controlX }
    /// The width of a line running from inset to inset: title, hint, headers.
    var lineWidth: Double { width - 2 * PanelLook.inset }
}

extension Node {
    /// Sets the background only when it differs, so an unchanged row does not cost a frame.
    func setBackground(_ colour: Color?) { if background != colour { background = colour } }
    /// Shows or hides the node only when that changes something.
    func setHidden(_ hidden: Bool) { if isHidden != hidden { isHidden = hidden } }
}

// MARK: - What rows stand for

/// What one line of the panel stands for. Rows are known by what they stand for, not by position, so a selection
/// or a drag survives the panel being rebuilt.
enum PanelItem: Hashable {
    /// A group's folder header.
    case header(String)
    /// A parameter's control, by key.
    case parameter(String)
    /// The plot and handles under a curve parameter.
    case curvePlot(String)
    /// A spring curve's response or damping, as a slider of its own.
    case springPart(String, SpringPart)
    /// "Save current values as a preset".
    case savePreset
    /// One preset, by its index in the panel's preset list.
    case preset(Int)

    /// Whether Up/Down can select it.
    var isSelectable: Bool {
        switch self {
        case .header, .curvePlot: false
        default: true
        }
    }

    /// A stable name for its node ("panel.row.parameter.itemWidth"), for tests and debugging.
    var name: String {
        switch self {
        case .header(let g): "header.\(g)"
        case .parameter(let k): "parameter.\(k)"
        case .curvePlot(let k): "plot.\(k)"
        case .springPart(let k, let part): "spring.\(k).\(part == .response ? "response" : "damping")"
        case .savePreset: "savePreset"
        case .preset(let i): "preset.\(i)"
        }
    }

    /// The parameter it edits, if any.
    var key: String? {
        switch self {
        case .parameter(let k), .curvePlot(let k), .springPart(let k, _): k
        default: nil
        }
    }
}

extension PanelItem {
    /// The rows for a style's values: per group (in schema order) a header and its parameters, each curve followed by
    /// its plot and, for a spring, its response and damping; then the presets.
    static func list(for p: Parameters, presetCount: Int) -> [PanelItem] {
        var groups: [String] = []
        for s in p.specs where !groups.contains(s.group) { groups.append(s.group) }
        var out: [PanelItem] = []
        for g in groups {
            out.append(.header(g))
            for s in p.specs where s.group == g {
                out.append(.parameter(s.key))
                guard s.kind == .curve else { continue }
                out.append(.curvePlot(s.key))
                if p.curve(s.key).isSpring { out += [.springPart(s.key, .response), .springPart(s.key, .damping)] }
            }
        }
        out += [.header("Presets"), .savePreset]
        out += (0..<presetCount).map { .preset($0) }
        return out
    }
}

/// A spring curve's two numbers.
enum SpringPart: Hashable { case response, damping }

/// Where a press landed within a row.
enum PanelPart: Equatable {
    case track, valueBox, toggle, previous, next, name, handle(Int), row
}

/// What a row shows besides its value: selection, hover, and the text being typed into its field.
struct RowState {
    var selected = false
    var hovered = false
    var entry: String?
}

// MARK: - Numbers

/// A number the panel edits with a slider: a number parameter, or a spring curve's response or damping.
struct NumberControl {
    let key: String
    let part: SpringPart?
    let label: String
    let min: Double, max: Double, step: Double
    let unit: String

    /// The control for a number parameter (nil for other kinds).
    init?(_ spec: ParameterSpec) {
        guard case .number(let lo, let hi, let step, let unit) = spec.kind else { return nil }
        key = spec.key; part = nil; label = spec.label; min = lo; max = hi; self.step = step > 0 ? step : (hi - lo) / 100; self.unit = unit
    }

    /// The control for one part of the spring curve parameter `key`.
    init(spring key: String, _ part: SpringPart) {
        self.key = key; self.part = part
        switch part {
        case .response: label = "Response"; min = 0.05; max = 3; step = 0.05; unit = "s"
        case .damping: label = "Damping"; min = 0; max = 2; step = 0.05; unit = ""
        }
    }

    /// The current value in `p`.
    func value(in p: Parameters) -> Double {
        guard let part else { return p.number(key) }
        let s: Spring
        if case .spring(let spring) = p.curve(key) { s = spring } else { s = .standard }
        return part == .response ? s.response : s.dampingFraction
    }

    /// `p` with the value set to `v` (a spring part rewrites its curve as "spring(response,damping)").
    func setting(_ v: Double, in p: Parameters) throws(ParameterError) -> Parameters {
        var p = p
        guard let part else { try p.set(key, .number(v)); return p }
        guard v.isFinite, v >= min, v <= max else {
            throw ParameterError("\(key) \(label.lowercased()): \(JSONValue.format(v)) is out of range \(JSONValue.format(min))...\(JSONValue.format(max))")
        }
        var response = value(in: p), damping = response
        if part == .response { response = v; damping = NumberControl(spring: key, .damping).value(in: p) } else {
            response = NumberControl(spring: key, .response).value(in: p); damping = v
        }
        try p.set(key, .text(CurveSyntax.format(.spring(Spring(response: response, dampingFraction: damping)))))
        return p
    }

    /// `v` moved onto the grid of `step` (a tenth of it when `fine`) from `min`, inside the range.
    func snapped(_ v: Double, fine: Bool) -> Double {
        let s = fine ? step / 10 : step
        let k = ((v - min) / s).rounded()
        return clamped(((min + k * s) * 1e9).rounded() / 1e9)
    }

    func clamped(_ v: Double) -> Double { Swift.min(Swift.max(v, min), max) }

    /// Where `v` sits in the range, 0...1.
    func fraction(_ v: Double) -> Double { max > min ? (clamped(v) - min) / (max - min) : 0 }

    /// The value shown: "150 pt".
    func text(_ v: Double) -> String { PanelLook.format(v, unit: unit) }
}

// MARK: - Row views

/// The common part of every row: its node (with the hover and selection background) and the selection bar.
@MainActor
class RowView {
    let item: PanelItem
    let node: Node
    let height: Double
    /// The width the row is laid out for.
    let geometry: PanelGeometry
    private let bar: Node

    init(_ item: PanelItem, height: Double, geometry: PanelGeometry) {
        self.item = item
        self.height = height
        self.geometry = geometry
        node = PanelLook.node("panel.row.\(item.name)", Rect(0, 0, geometry.width, height))
        bar = PanelLook.node("panel.row.selection", Rect(0, 3, 3, height - 6), PanelLook.accent, radius: 1.5)
        node.addChild(bar)
    }

    /// What a press at `p` (row coordinates) hits.
    func part(at p: Point) -> PanelPart? { item.isSelectable ? .row : nil }

    /// Shows the row's value in `parameters` and its state.
    func update(_ parameters: Parameters, _ state: RowState) {
        node.setBackground(state.selected ? PanelLook.selection : state.hovered && item.isSelectable ? PanelLook.hover : nil)
        bar.setHidden(!state.selected)
    }

    /// A label at the row's leading edge, ending with an ellipsis when the label column is too narrow for it.
    func addLabel(_ string: String, indent: Double = 0) {
        let width = geometry.labelWidth - indent
        node.addChild(PanelLook.text("panel.label", PanelLook.fitted(string, width: width, font: PanelLook.font),
                                     Rect(PanelLook.inset + indent, 0, width, height)))
    }
}

/// A group's folder header.
final class HeaderRowView: RowView {
    init(_ title: String, separator: Bool, geometry: PanelGeometry) {
        super.init(.header(title), height: PanelLook.headerHeight, geometry: geometry)
        let w = geometry.lineWidth
        if separator { node.addChild(PanelLook.node("panel.separator", Rect(PanelLook.inset, 4, w, 1), PanelLook.edge)) }
        node.addChild(PanelLook.text("panel.header", PanelLook.fitted(title.uppercased(), width: w, font: PanelLook.headerFont),
                                     Rect(PanelLook.inset, 10, w, 20), font: PanelLook.headerFont, color: PanelLook.headerText))
    }
}

/// A number: label, a track with its filled part and thumb, and the value (with unit) right-aligned in a box.
final class SliderRowView: RowView {
    let control: NumberControl
    /// The track in row coordinates.
    let track: Rect
    private let fill: Node, thumb: Node, box: Node, value: Node
    static let trackY = 12.0

    init(_ item: PanelItem, _ control: NumberControl, geometry: PanelGeometry) {
        self.control = control
        let h = PanelLook.rowHeight, x = geometry.controlX
        track = Rect(x, SliderRowView.trackY, geometry.trackWidth, 4)
        fill = PanelLook.node("panel.slider.fill", Rect(x, SliderRowView.trackY, 0, 4), PanelLook.accent, radius: 2)
        thumb = PanelLook.node("panel.slider.thumb.\(control.key)", Rect(x - 6, 8, 12, 12), .white, radius: 6)
        let boxFrame = Rect(geometry.controlRight - PanelLook.valueWidth, (h - PanelLook.fieldHeight) / 2, PanelLook.valueWidth, PanelLook.fieldHeight)
        box = PanelLook.node("panel.value.\(control.key)", boxFrame, PanelLook.field, radius: 4)
        value = PanelLook.text("panel.value.text", "", Rect(6, 0, boxFrame.width - 12, boxFrame.height), alignment: .trailing)
        super.init(item, height: h, geometry: geometry)
        addLabel(control.label, indent: control.part == nil ? 0 : 12)
        node.addChild(PanelLook.node("panel.slider.track.\(control.key)", track, PanelLook.track, radius: 2))
        node.addChild(fill)
        node.addChild(thumb)
        node.addChild(box)
        box.addChild(value)
    }

    /// The value under x (row coordinates), not snapped.
    func rawValue(atX x: Double) -> Double {
        let t = min(max((x - track.minX) / track.width, 0), 1)
        return control.min + t * (control.max - control.min)
    }

    override func part(at p: Point) -> PanelPart? {
        if box.frame.outset(2).contains(p) { return .valueBox }
        if p.x >= track.minX - 8 && p.x <= track.maxX + 8 { return .track }
        return .row
    }

    override func update(_ parameters: Parameters, _ state: RowState) {
        super.update(parameters, state)
        let v = control.value(in: parameters)
        let x = track.minX + control.fraction(v) * track.width
        // The filled part runs from zero when the range spans it (offsets), else from the minimum.
        let zeroX = track.minX + control.fraction(0) * track.width
        fill.frame = Rect(min(x, zeroX), track.minY, abs(x - zeroX), track.height)
        thumb.frame = Rect(x - 6, track.midY - 6, 12, 12)
        value.text?.string = state.entry.map { PanelLook.typing($0, width: value.frame.width) } ?? control.text(v)
        box.setBackground(state.entry == nil ? PanelLook.field : PanelLook.fieldEditing)
    }
}

/// An on/off switch at the trailing edge.
final class ToggleRowView: RowView {
    let key: String
    private let pill: Node, knob: Node

    init(_ spec: ParameterSpec, geometry: PanelGeometry) {
        key = spec.key
        pill = PanelLook.node("panel.toggle.\(spec.key)", Rect(geometry.controlRight - 34, 5, 34, 18), PanelLook.track, radius: 9)
        knob = PanelLook.node("panel.toggle.knob", Rect(2, 2, 14, 14), .white, radius: 7)
        super.init(.parameter(spec.key), height: PanelLook.rowHeight, geometry: geometry)
        addLabel(spec.label)
        node.addChild(pill)
        pill.addChild(knob)
    }

    override func part(at p: Point) -> PanelPart? { .toggle }

    override func update(_ parameters: Parameters, _ state: RowState) {
        super.update(parameters, state)
        let on = parameters.bool(key)
        pill.setBackground(on ? PanelLook.accent : PanelLook.track)
        knob.frame = Rect(on ? 18 : 2, 2, 14, 14)
    }
}

/// A choice or a curve: the current name in a box with previous / next arrows; a click cycles.
final class PickerRowView: RowView {
    let key: String
    let isCurve: Bool
    private let box: Node, name: Node

    init(_ spec: ParameterSpec, geometry: PanelGeometry) {
        key = spec.key
        isCurve = spec.kind == .curve
        let boxFrame = Rect(geometry.controlX, (PanelLook.rowHeight - PanelLook.fieldHeight) / 2,
                            geometry.controlRight - geometry.controlX, PanelLook.fieldHeight)
        box = PanelLook.node("panel.picker.\(spec.key)", boxFrame, PanelLook.field, radius: 4)
        name = PanelLook.text("panel.picker.name", "", Rect(18, 0, boxFrame.width - 36, boxFrame.height), alignment: .center)
        super.init(.parameter(spec.key), height: PanelLook.rowHeight, geometry: geometry)
        addLabel(spec.label)
        node.addChild(box)
        box.addChild(PanelLook.text("panel.picker.previous", "‹", Rect(8, 0, 10, boxFrame.height), color: PanelLook.dim))
        box.addChild(PanelLook.text("panel.picker.next", "›", Rect(boxFrame.width - 16, 0, 10, boxFrame.height), color: PanelLook.dim))
        box.addChild(name)
    }

    override func part(at p: Point) -> PanelPart? {
        guard box.frame.outset(2).contains(p) else { return .row }
        if p.x < box.frame.minX + 26 { return .previous }
        if p.x > box.frame.maxX - 26 { return .next }
        return .name
    }

    override func update(_ parameters: Parameters, _ state: RowState) {
        super.update(parameters, state)
        let text = parameters.text(key)
        let shown = isCurve ? PickerRowView.curveName(text) : text
        name.text?.string = state.entry.map { PanelLook.typing($0, width: name.frame.width) }
            ?? PanelLook.fitted(shown, width: name.frame.width, font: PanelLook.font)
        box.setBackground(state.entry == nil ? PanelLook.field : PanelLook.fieldEditing)
    }

    /// A curve's short name: its preset name, else "cubic-bezier" or "spring".
    static func curveName(_ text: String) -> String {
        guard let curve = CurveSyntax.parse(text) else { return text }
        let formatted = CurveSyntax.format(curve)
        if CurveSyntax.presetNames.contains(formatted) { return formatted }
        switch curve {
        case .linear: return "linear"
        case .bezier: return "cubic-bezier"
        case .spring: return "spring"
        }
    }
}

/// "Save current values as a preset" (with a name field while one is typed), or one preset to load. A name too long
/// for the row ends with an ellipsis, and is clipped before the tag whatever its letters' widths.
final class PresetRowView: RowView {
    private let label: Node, tag: Node, field: Node

    init(_ item: PanelItem, title: String, tag: String, geometry: PanelGeometry) {
        let h = PanelLook.presetRowHeight, labelWidth = geometry.lineWidth - 60
        label = PanelLook.node("panel.preset.label", Rect(PanelLook.inset, 0, labelWidth, h))
        label.clipsToBounds = true
        label.addChild(PanelLook.text("panel.preset.name", PanelLook.fitted(title, width: labelWidth, font: PanelLook.font),
                                      Rect(0, 0, labelWidth, h)))
        let fieldFrame = Rect(PanelLook.inset, (h - PanelLook.fieldHeight) / 2, geometry.lineWidth, PanelLook.fieldHeight)
        field = PanelLook.node("panel.preset.field", fieldFrame, PanelLook.fieldEditing, radius: 4)
        self.tag = PanelLook.text("panel.preset.tag", tag, Rect(label.frame.maxX, 0, geometry.controlRight - label.frame.maxX, h),
                                  font: PanelLook.smallFont, color: PanelLook.dim, alignment: .trailing)
        super.init(item, height: h, geometry: geometry)
        node.addChild(label)
        node.addChild(self.tag)
        node.addChild(field)
        field.addChild(PanelLook.text("panel.preset.entry", "", Rect(6, 0, fieldFrame.width - 12, fieldFrame.height)))
    }

    /// The name (up to where the tag begins), else the row.
    override func part(at p: Point) -> PanelPart? { p.x < tag.frame.minX ? .name : .row }

    override func update(_ parameters: Parameters, _ state: RowState) {
        super.update(parameters, state)
        field.setHidden(state.entry == nil)
        label.setHidden(state.entry != nil)
        tag.setHidden(state.entry != nil)
        if let entry = state.entry, let text = field.children.first { text.text?.string = PanelLook.typing(entry, width: text.frame.width) }
    }
}
