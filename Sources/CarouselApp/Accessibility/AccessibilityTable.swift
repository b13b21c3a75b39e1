import CarouselStyles

/// The tables of docs/accessibility.md that the code decides, generated so they cannot drift from it (a test compares
/// them with the file; `UPDATE_DOCS=1` rewrites them there).
@MainActor
public enum AccessibilityTable {
    /// Per style: what it becomes under reduced motion (`StyleDescriptor.reducedMotion`) and what Enter and Space do
    /// on the focused carousel (`StyleDescriptor.enterAction`, else the rotation control), in Markdown.
    public static var markdown: String {
        var lines = ["| style | under reduced motion | Enter / Space on the focused carousel |", "| --- | --- | --- |"]
        for style in StyleRegistry.all {
            let d = style.descriptor
            let keys = d.enterAction.map { "Enter: \($0); Space: pause / play auto-advance" } ?? "pause / play auto-advance"
            lines.append("| \(d.name) | \(d.reducedMotion) | \(keys) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
