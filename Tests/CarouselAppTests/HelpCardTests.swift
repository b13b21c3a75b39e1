@testable import CarouselApp
import CarouselCore
import CarouselTesting
import Foundation
import Testing

/// The help card is grouped, fits a 1280x720 window without cutting a line, and scrolls in a small one.
@Suite("Help card")
@MainActor
struct HelpCardTests {
    /// The texts of the help card's lines as drawn, and the card's frame.
    func card(size: Size) throws -> (texts: [String], frame: Rect, preview: Preview, sim: InputSimulator) {
        let (preview, sim) = try makePreview(style: "expand", size: size)
        sim.key("f1")
        let card = preview.overlay.helpCard
        let texts = card.root.children.flatMap(\.children).compactMap(\.text?.string)
        return (texts, card.root.frame, preview, sim)
    }

    @Test("At 1280x720 every listed row shows whole, under its group, and the card needs no scrolling")
    func fitsWithoutCuts() throws {
        let (texts, frame, _, _) = try card(size: Size(1280, 720))
        #expect(!texts.contains { $0.hasSuffix("…") }, "cut: \(texts.filter { $0.hasSuffix("…") })")
        for c in CommandTable.all where c.isListed {
            #expect(texts.contains(c.cardInput) && texts.contains(c.help), "\(c.name)")
        }
        for group in CommandGroup.allCases { #expect(texts.contains(group.title), "\(group)") }
        #expect(Rect(0, 0, 1280, 720).contains(frame.origin) && frame.maxX <= 1280 && frame.maxY <= 720)
        let lastY = try #require(try card(size: Size(1280, 720)).preview.overlay.helpCard.root.children.first?.children.map(\.frame.maxY).max())
        #expect(lastY <= frame.height, "everything is inside the card without scrolling")
    }

    @Test("In a small window the card stays inside it and Up / Down scroll it")
    func smallWindowScrolls() throws {
        let (_, frame, preview, sim) = try card(size: Size(640, 400))
        #expect(frame.minX >= 0 && frame.maxX <= 640 && frame.maxY <= 400)
        let card = preview.overlay.helpCard
        #expect(card.scroll == 0)
        sim.key("down")
        #expect(card.scroll > 0, "Down scrolls the card")
        sim.key("up")
        #expect(card.scroll == 0)
        #expect(preview.isHelpVisible)
    }
}
