import CarouselCore
import CarouselStyles
import CarouselSupport

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

    /// The arrows step back and forth through the options (a curve's presets); the name steps forward.
    override func press(_ part: PanelPart, at p: Point, local: Point, isDouble: Bool, model: PanelModel) {
        switch part {
        case .previous: model.cycle(key, by: -1)
        case .next, .name: model.cycle(key, by: 1)
        default: break
        }
    }

    override func update(_ parameters: Parameters, _ state: RowState) {
        super.update(parameters, state)
        let text = parameters.text(key)
        let shown = isCurve ? PickerRowView.curveName(text) : text
        name.text?.string = state.entry.map { geometry.typing($0, width: name.frame.width) }
            ?? geometry.fitted(shown, width: name.frame.width, font: PanelLook.font)
        box.background = state.entry == nil ? PanelLook.field : PanelLook.fieldEditing
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

