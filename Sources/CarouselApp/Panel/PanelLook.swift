import CarouselCore
import CarouselStyles
import CarouselSupport

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
    /// A greyed row's opacity (a parameter with no effect now): its label still reads at 4.5:1 on the panel.
    static let inapplicableOpacity = 0.55
    /// Points the content moves per wheel tick.
    static let wheelTick = 40.0
    static let headerHeight = 32.0
    static let titleHeight = 58.0
    static let presetRowHeight = 26.0
    static let valueWidth = 64.0
    static let fieldHeight = 20.0

    static let font = FontSpec(size: 12)
    static let smallFont = FontSpec(size: 11)
    static let headerFont = FontSpec(size: 12, bold: true)
    static let titleFont = FontSpec(size: 13, bold: true)

    /// Opaque: the style never shows through the labels (a translucent one lets photos and text ghost through them).
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
        let lineHeight = Typography.lineHeight(font)
        let f = alignment == .leading ? Rect(frame.x, frame.y + (frame.height - lineHeight) / 2, frame.width, lineHeight) : frame
        let n = node(name, f)
        n.text = TextContent(string, font: font, color: color, alignment: alignment)
        return n
    }

    /// Ends the text being typed into a field: a thin bar (DejaVu Sans has the block elements).
    static let caret = "\u{258F}"

    /// `value` with its unit as the panel shows it: "150 pt", "0.4 s", "1.5×".
    static func format(_ value: Double, unit: String) -> String {
        let n = JSONValue.format(value)
        if unit.isEmpty { return n }
        return unit == "×" || unit == "%" ? n + unit : n + " " + unit
    }
}

/// Where a row's parts go at one panel width: the label column and a slider's track share what the insets and the
/// value box leave, in the proportions of the full 320-pt panel (label 128, track 86), so at 320 nothing moves.
@MainActor
struct PanelGeometry: @MainActor Equatable {
    /// The width rows are laid out for.
    let width: Double
    /// How the panel's text measures (the renderer's metrics in the app).
    let measurer: any TextMeasurer

    /// The layout for a panel `width` wide (never narrower than `PanelLook.narrowestWidth`), measuring text with
    /// `measurer`.
    init(width: Double, measurer: any TextMeasurer = EstimatedTextMeasurer.shared) {
        self.width = min(max(width, PanelLook.narrowestWidth), PanelLook.width)
        self.measurer = measurer
    }

    static func == (a: PanelGeometry, b: PanelGeometry) -> Bool { a.width == b.width && a.measurer === b.measurer }

    /// `text` shortened with an ellipsis to fit `width` in `font`.
    func fitted(_ text: String, width: Double, font: FontSpec = PanelLook.font) -> String {
        measurer.fitted(text, width: width, font: font)
    }

    /// Text being typed into a field `width` wide, with the caret at its end (its start gives way).
    func typing(_ text: String, width: Double) -> String {
        measurer.fitted(text + PanelLook.caret, width: width, font: PanelLook.font, keepingEnd: true)
    }

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

