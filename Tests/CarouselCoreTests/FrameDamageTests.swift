@testable import CarouselCore
import Testing

/// What `FrameDamage` redraws (issues 18 and 31): the bounds of drawings that changed, appeared or went away; the
/// whole window when drawings swap places.
@MainActor
@Suite("Frame damage regions")
struct FrameDamageTests {
    let window = Rect(0, 0, 400, 300)

    func draw(_ node: Int, _ rect: Rect, _ color: Color = .white) -> ResolvedDraw {
        var d = ResolvedDraw(kind: .fill(color), rect: rect, cornerRadius: 0, opacity: 1, clip: nil)
        d.node = node
        return d
    }

    @Test("The same drawings in the same order: only the one that moved is redrawn, where it was and where it is")
    func movedDrawing() {
        let old = [draw(1, Rect(0, 0, 400, 300)), draw(2, Rect(10, 10, 50, 50)), draw(3, Rect(200, 100, 40, 40))]
        var new = old
        new[2] = draw(3, Rect(210, 100, 40, 40))
        let regions = FrameDamage.regions(from: old, to: new, in: window)
        #expect(regions == [Rect(197, 97, 56, 46)])
        #expect(FrameDamage.regions(from: old, to: old, in: window).isEmpty)
        // Only the colour changed: its bounds, once.
        var recoloured = old
        recoloured[1] = draw(2, Rect(10, 10, 50, 50), Color(1, 0, 0))
        #expect(FrameDamage.regions(from: old, to: recoloured, in: window) == [Rect(7, 7, 56, 56)])
    }

    @Test("A drawing that appears or goes away damages its bounds; the rest keep their pixels")
    func appearingAndGoing() {
        let old = [draw(1, Rect(0, 0, 400, 300)), draw(2, Rect(10, 10, 50, 50))]
        let new = [draw(1, Rect(0, 0, 400, 300)), draw(2, Rect(10, 10, 50, 50)), draw(3, Rect(300, 200, 20, 20))]
        #expect(FrameDamage.regions(from: old, to: new, in: window) == [Rect(297, 197, 26, 26)])
        #expect(FrameDamage.regions(from: new, to: old, in: window) == [Rect(297, 197, 26, 26)])
        // A node that draws one more thing (a second drawing of node 2) damages only that one.
        let more = [draw(1, Rect(0, 0, 400, 300)), draw(2, Rect(10, 10, 50, 50)), draw(2, Rect(100, 10, 10, 10))]
        #expect(FrameDamage.regions(from: old, to: more, in: window) == [Rect(97, 7, 16, 16)])
    }

    @Test("Drawings that swap places paint over each other the other way round: the whole window")
    func swappedOrder() {
        let old = [draw(1, Rect(0, 0, 400, 300)), draw(2, Rect(10, 10, 50, 50)), draw(3, Rect(20, 20, 50, 50))]
        let new = [old[0], old[2], old[1]]
        #expect(FrameDamage.regions(from: old, to: new, in: window) == [window])
    }
}
