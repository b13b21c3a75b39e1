/// Line heights in one place: how tall a line of text is centred and how far apart stacked lines are set, for every
/// view that places lines (the window's cards and labels, the panel, the styles' captions and details), so lines meant
/// to match do, and each is changed once. The fonts themselves stay with their views (`FontSpec`).
public enum Typography {
    /// One line of `font` as a view centres it, and as layout measures it where no renderer does: 1.2 em (DejaVu
    /// Sans's ascent plus descent is 1.164 em).
    public static func lineHeight(_ font: FontSpec) -> Double { font.size * 1.2 }

    /// Rows of 12 to 14 pt text listed one under another in the window's cards: the help card, the checks panel.
    public static let cardLine = 17.0

    /// Lines of 12 pt labels set close: a pane's label and the differences under it, loop's captions.
    public static let labelLine = 16.0

    /// A line of `font` in a paragraph set over a picture (expand's details): its box is 1.3 em tall and the next
    /// line starts 1.45 em below it.
    public static func paragraphLine(_ font: FontSpec) -> (height: Double, pitch: Double) { (font.size * 1.3, font.size * 1.45) }

    /// What such a paragraph reserves per line, whatever its fonts, when it is placed up from the picture's bottom.
    public static let paragraphAllowance = 17.0
}
