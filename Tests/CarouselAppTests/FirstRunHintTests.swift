@testable import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Testing

/// The first-run hint beside the toolbar says what the shown style's photos answer to.
@Suite("First-run hint")
@MainActor
struct FirstRunHintTests {
    /// The hint's words as the window draws them, or nil when it is hidden.
    func hint(_ preview: Preview) -> String? {
        func find(_ n: Node) -> Node? {
            if n.name == "toolbar.hint.text" { return n }
            return n.children.lazy.compactMap(find).first
        }
        guard let node = find(preview.chrome.root), node.parent?.isHidden == false else { return nil }
        return node.text?.string
    }

    @Test("The hint names what the style does: expand is hovered, not dragged; loop's cards are dragged",
          arguments: [("expand", "Hover"), ("loop", "drag"), ("stitch", "Pinch"), ("circular", "Drag"), ("paging", "dots")])
    func hintFollowsTheStyle(style: String, words: String) throws {
        let deck = Deck.sample(count: 12)
        let preview = try Preview(deck: deck, images: deck.fakeImageStore(), size: Size(1280, 720), style: style)
        let sim = InputSimulator(driver: preview, size: Size(1280, 720))
        preview.showFirstRunHint()
        sim.frame()
        let text = try #require(hint(preview))
        #expect(text.contains(words), "\(style): \(text)")
        if style == "expand" { #expect(!text.lowercased().contains("drag"), "drag does nothing in expand: \(text)") }
        // It goes at the first key, as before.
        sim.key("right")
        sim.frame()
        #expect(hint(preview) == nil)
    }

    @Test("Every style the app ships has its own words in the hint")
    func everyStyleHasWords() {
        for name in StyleRegistry.names { #expect(!Toolbar.hintText(style: name).contains("Try the photos"), "\(name)") }
    }
}
