import CarouselCore
import CarouselStyles
import CarouselSupport

/// A group's folder header.
final class HeaderRowView: RowView {
    init(_ title: String, separator: Bool, geometry: PanelGeometry) {
        super.init(.header(title), height: PanelLook.headerHeight, geometry: geometry)
        let w = geometry.lineWidth
        if separator { node.addChild(PanelLook.node("panel.separator", Rect(PanelLook.inset, 4, w, 1), PanelLook.edge)) }
        node.addChild(PanelLook.text("panel.header", geometry.fitted(title.uppercased(), width: w, font: PanelLook.headerFont),
                                     Rect(PanelLook.inset, 10, w, 20), font: PanelLook.headerFont, color: PanelLook.headerText))
    }
}

