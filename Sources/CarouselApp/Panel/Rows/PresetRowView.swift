import CarouselCore
import CarouselStyles
import CarouselSupport

/// "Save current values as a preset" (with a name field while one is typed), or one preset to load. A name too long
/// for the row ends with an ellipsis, and is clipped before the tag whatever its letters' widths.
final class PresetRowView: RowView {
    private let label: Node, tag: Node, field: Node

    init(_ item: PanelItem, title: String, tag: String, geometry: PanelGeometry) {
        let h = PanelLook.presetRowHeight, labelWidth = geometry.lineWidth - 60
        label = PanelLook.node("panel.preset.label", Rect(PanelLook.inset, 0, labelWidth, h))
        label.clipsToBounds = true
        label.addChild(PanelLook.text("panel.preset.name", geometry.fitted(title, width: labelWidth, font: PanelLook.font),
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

    /// "Save…" opens the name field; a preset loads, and a double-click on one of the user's own names renames it
    /// (the first click loaded it, as a click does).
    override func press(_ part: PanelPart, at p: Point, local: Point, isDouble: Bool, model: PanelModel) {
        switch item {
        case .savePreset:
            model.presets.beginSaving()
        case .preset(let i):
            if isDouble && part == .name && !model.presets.list[i].isShipped { model.presets.beginRenaming(at: i) } else {
                model.presets.load(at: i)
            }
        default:
            break
        }
    }

    override func update(_ parameters: Parameters, _ state: RowState) {
        super.update(parameters, state)
        field.isHidden = state.entry == nil
        label.isHidden = state.entry != nil
        tag.isHidden = state.entry != nil
        if let entry = state.entry, let text = field.children.first { text.text?.string = geometry.typing(entry, width: text.frame.width) }
    }
}
