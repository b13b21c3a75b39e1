import CarouselCore
import CarouselStyles
import CarouselSupport

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

    /// How far from the thumb's centre a press grabs the thumb instead of moving it to the pointer: its radius.
    static let thumbGrab = 6.0

    /// The value under x (row coordinates) on the slider's scale, not snapped.
    func rawValue(atX x: Double) -> Double {
        control.clamped(control.slider.value(at: min(max((x - track.minX) / track.width, 0), 1)))
    }

    /// The thumb's centre for value `v` (row coordinates).
    func thumbX(_ v: Double) -> Double { track.minX + control.fraction(v) * track.width }

    /// The value box: a double-click types a value, a drag scrubs; the track: the value under the pointer, dragged
    /// along it (a press on the thumb grabs it where it is; with Shift held, from the current value at a tenth of
    /// the rate).
    override func press(_ part: PanelPart, at p: Point, local: Point, isDouble: Bool, model: PanelModel) {
        let span = Size(track.width, 0)
        switch part {
        case .valueBox:
            if isDouble { model.beginEntry(item) } else {
                model.beginDrag(.scrub(control), at: p, span: span, anchorValue: control.value(in: model.current))
            }
        case .track:
            let current = control.value(in: model.current)
            let fromCurrent = model.shift || abs(local.x - thumbX(current)) <= Self.thumbGrab
            let anchor = fromCurrent ? current : rawValue(atX: local.x)
            model.beginDrag(.slider(control), at: p, span: span, anchorValue: anchor)
            if !fromCurrent { model.setNumber(control, control.snapped(anchor, fine: false)) }
        default:
            break
        }
    }

    override func part(at p: Point) -> PanelPart? {
        if box.frame.outset(2).contains(p) { return .valueBox }
        if p.x >= track.minX - 8 && p.x <= track.maxX + 8 { return .track }
        return .row
    }

    override func update(_ parameters: Parameters, _ state: RowState) {
        super.update(parameters, state)
        let v = control.value(in: parameters)
        let x = thumbX(v)
        // The filled part runs from zero when the range spans it (offsets), else from the minimum.
        let zeroX = track.minX + control.fraction(0) * track.width
        fill.frame = Rect(min(x, zeroX), track.minY, abs(x - zeroX), track.height)
        thumb.frame = Rect(x - 6, track.midY - 6, 12, 12)
        value.text?.string = state.entry.map { geometry.typing($0, width: value.frame.width) } ?? control.text(v)
        box.background = state.entry == nil ? PanelLook.field : PanelLook.fieldEditing
    }
}

