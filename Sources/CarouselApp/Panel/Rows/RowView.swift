import CarouselCore
import CarouselStyles
import CarouselSupport

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
        // The panel finds the row under a press by hit-testing: the row, not its parts, is the target.
        node.isHitTestable = true
        bar = PanelLook.node("panel.row.selection", Rect(0, 3, 3, height - 6), PanelLook.accent, radius: 1.5)
        node.addChild(bar)
    }

    /// What a press at `p` (row coordinates) hits.
    func part(at p: Point) -> PanelPart? { item.isSelectable ? .row : nil }

    /// Does what a press on `part` does: at window point `p`, `local` in row coordinates, the second press of a
    /// double-click when `isDouble`. Each row owns its parts' actions (and the drags they start).
    func press(_ part: PanelPart, at p: Point, local: Point, isDouble: Bool, model: PanelModel) {}

    /// Shows the row's value in `parameters` and its state. A parameter that has no effect with these values (its
    /// schema's `appliesWhen`: a duration beside a spring curve) is greyed; it can still be set.
    func update(_ parameters: Parameters, _ state: RowState) {
        node.background = state.selected ? PanelLook.selection : state.hovered && item.isSelectable ? PanelLook.hover : nil
        bar.isHidden = !state.selected
        let applies = item.key.flatMap { parameters.spec($0) }?.applies(in: parameters) ?? true
        node.opacity = applies ? 1 : PanelLook.inapplicableOpacity
    }

    /// A label at the row's leading edge, ending with an ellipsis when the label column is too narrow for it.
    func addLabel(_ string: String, indent: Double = 0) {
        let width = geometry.labelWidth - indent
        node.addChild(PanelLook.text("panel.label", geometry.fitted(string, width: width, font: PanelLook.font),
                                     Rect(PanelLook.inset + indent, 0, width, height)))
    }
}

