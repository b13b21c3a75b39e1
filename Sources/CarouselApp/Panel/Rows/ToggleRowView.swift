import CarouselCore
import CarouselStyles
import CarouselSupport

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

    /// Anywhere on the row flips the switch.
    override func press(_ part: PanelPart, at p: Point, local: Point, isDouble: Bool, model: PanelModel) { model.flip(key) }

    override func update(_ parameters: Parameters, _ state: RowState) {
        super.update(parameters, state)
        let on = parameters.bool(key)
        pill.background = on ? PanelLook.accent : PanelLook.track
        knob.frame = Rect(on ? 18 : 2, 2, 14, 14)
    }
}

