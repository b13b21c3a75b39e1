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

    @Test("Drawings pushed along by whole points are moved, not redrawn: only the widened one and the gap they leave are drawn (issue 41)")
    func pushedRowMoves() {
        let old = [draw(1, Rect(10, 10, 50, 50)), draw(2, Rect(80, 10, 50, 50)), draw(3, Rect(150, 10, 50, 50))]
        let new = [draw(1, Rect(10, 10, 60, 50)), draw(2, Rect(90, 10, 50, 50)), draw(3, Rect(160, 10, 50, 50))]
        let plan = FrameDamage.plan(from: old, to: new, in: window, canMove: { _ in true })
        #expect(plan.moves == [FrameDamage.Move(source: Rect(77, 7, 126, 56), offset: Point(10, 0))])
        #expect(plan.regions == [Rect(7, 7, 66, 56), Rect(77, 7, 10, 56)])
        // A renderer that cannot move pixels redraws them all.
        let redrawn = FrameDamage.plan(from: old, to: new, in: window, canMove: { _ in false })
        #expect(redrawn.moves.isEmpty && redrawn.regions == FrameDamage.regions(from: old, to: new, in: window))
        #expect(redrawn.regions == [Rect(7, 7, 66, 56), Rect(77, 7, 66, 56), Rect(147, 7, 66, 56)])
        // Half a point is not a whole pixel: redrawn.
        let half = [old[0], draw(2, Rect(80.5, 10, 50, 50)), draw(3, Rect(150.5, 10, 50, 50))]
        #expect(FrameDamage.plan(from: old, to: half, in: window, canMove: { _ in true }).moves.isEmpty)
    }

    @Test("What else lies under moved pixels is redrawn where it was carried to and where it is; a backdrop fill is not")
    func movesAroundOtherDrawings() {
        let backdrop = draw(9, Rect(0, 0, 400, 300), Color(0.1, 0.1, 0.1))
        let badge = draw(4, Rect(100, 30, 20, 20), Color(1, 0, 0))
        let old = [backdrop, draw(2, Rect(80, 10, 50, 50)), badge]
        let new = [backdrop, draw(2, Rect(90, 10, 50, 50)), badge]
        let plan = FrameDamage.plan(from: old, to: new, in: window, canMove: { _ in true })
        #expect(plan.moves == [FrameDamage.Move(source: Rect(77, 7, 56, 56), offset: Point(10, 0))])
        // The gap left behind, the badge where the copy carried its old pixels, and the badge where it is.
        #expect(plan.regions == [Rect(77, 7, 10, 56), Rect(97, 27, 36, 26)])
    }

    @Test("Pixels moved in from beyond the window's edge are drawn where they land: the copy brings only what was on screen")
    func movesFromBeyondTheEdge() {
        // A page sliding in from the right, further than the part of it on screen (3 points and its margin).
        let old = [draw(2, Rect(397, 10, 300, 50))], new = [draw(2, Rect(389, 10, 300, 50))]
        let plan = FrameDamage.plan(from: old, to: new, in: window, canMove: { _ in true })
        #expect(plan.moves == [FrameDamage.Move(source: Rect(394, 7, 6, 56), offset: Point(-8, 0))])
        // The copy lands on 386..<392; from there to the window's edge, what came from beyond it is drawn.
        #expect(plan.regions == [Rect(392, 7, 8, 56)])
    }

    @Test("Drawings moved by one offset far apart move as separate blocks: the background between them is not copied")
    func farApartMovesSeparately() {
        let old = [draw(1, Rect(10, 10, 50, 50)), draw(2, Rect(300, 10, 50, 50))]
        let new = [draw(1, Rect(4, 10, 50, 50)), draw(2, Rect(294, 10, 50, 50))]
        let plan = FrameDamage.plan(from: old, to: new, in: window, canMove: { _ in true })
        #expect(plan.moves == [FrameDamage.Move(source: Rect(7, 7, 56, 56), offset: Point(-6, 0)),
                               FrameDamage.Move(source: Rect(297, 7, 56, 56), offset: Point(-6, 0))])
        #expect(plan.regions == [Rect(57, 7, 6, 56), Rect(347, 7, 6, 56)])
        // Closer than `moveGap`: one block.
        let near = [draw(1, Rect(10, 10, 50, 50)), draw(2, Rect(80, 10, 50, 50))]
        let nearMoved = near.map { d in draw(d.node, d.rect.offsetBy(-6, 0)) }
        #expect(FrameDamage.plan(from: near, to: nearMoved, in: window, canMove: { _ in true }).moves.count == 1)
    }

    @Test("A fitted or centred picture is bounded by what it covers once its size is known; a filled one by its rectangle")
    func imageExtent() {
        let recorder = DrawListRecorder(size: Size(400, 300))
        recorder.imageFacts = { _ in ImageFacts(placedSize: Size(100, 50), version: 3) }
        recorder.beginFrame(clearColor: .black)
        recorder.concatenate(.translation(10, 0))
        recorder.drawImage(ImageHandle(1), in: Rect(0, 0, 200, 200), cornerRadius: 0, contentMode: .fit, opacity: 1)
        recorder.drawImage(ImageHandle(1), in: Rect(0, 0, 200, 200), cornerRadius: 0, contentMode: .center, opacity: 1)
        recorder.drawImage(ImageHandle(1), in: Rect(0, 0, 200, 200), cornerRadius: 0, contentMode: .fill, opacity: 1)
        recorder.endFrame()
        #expect(recorder.draws.map(\.extent) == [Rect(10, 50, 200, 100), Rect(60, 75, 100, 50), nil])
        #expect(recorder.draws[0].bounds == Rect(7, 47, 206, 106))
        #expect(recorder.draws[2].bounds == Rect(7, -3, 206, 206))
        #expect(recorder.draws.allSatisfy { $0.imageVersion == 3 })
        // Without a size, the rectangle.
        recorder.imageFacts = nil
        recorder.beginFrame(clearColor: .black)
        recorder.drawImage(ImageHandle(1), in: Rect(0, 0, 200, 200), cornerRadius: 0, contentMode: .fit, opacity: 1)
        #expect(recorder.draws[0].extent == nil)
    }

    @Test("A picture whose pixels changed (decoded, dropped) is redrawn where it is, though its drawing is the same")
    func pictureVersion() {
        var picture = ResolvedDraw(kind: .image(ImageHandle(1), .fill), rect: Rect(10, 10, 50, 50), cornerRadius: 0, opacity: 1, clip: nil)
        picture.node = 2
        let old = [draw(1, Rect(200, 10, 50, 50)), picture]
        var decoded = picture
        decoded.imageVersion = 1
        #expect(FrameDamage.regions(from: old, to: [old[0], decoded], in: window) == [Rect(7, 7, 56, 56)])
        // Moved and decoded again: redrawn, not moved.
        decoded.rect = decoded.rect.offsetBy(4, 0)
        let plan = FrameDamage.plan(from: old, to: [old[0], decoded], in: window, canMove: { _ in true })
        #expect(plan.moves.isEmpty && plan.regions == [Rect(7, 7, 60, 56)])
    }
}
