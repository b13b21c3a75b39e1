import CarouselCore
import Foundation
import Testing

@MainActor
@Suite("Gesture recognizers")
struct RecognizerTests {
    // MARK: Tap

    @Test("A press and release within the slop and time is a tap at the release point")
    func tap() {
        var tap = TapRecognizer()
        #expect(tap.handle(.pointerDown(Point(100, 100), .left), at: 0) == nil)
        #expect(tap.handle(.pointerMove(Point(103, 102)), at: 0.1) == nil)
        #expect(tap.handle(.pointerUp(Point(104, 103), .left), at: 0.2) == Point(104, 103))
        // One press makes one tap: a second release without a press is nothing.
        #expect(tap.handle(.pointerUp(Point(104, 103), .left), at: 0.3) == nil)
    }

    @Test("No tap after a long press, a move past the slop (even back again), another button or a leave")
    func notTaps() {
        var tap = TapRecognizer()
        _ = tap.handle(.pointerDown(Point(0, 0), .left), at: 0)
        #expect(tap.handle(.pointerUp(Point(0, 0), .left), at: 0.61) == nil)

        _ = tap.handle(.pointerDown(Point(0, 0), .left), at: 1)
        _ = tap.handle(.pointerMove(Point(7, 0)), at: 1.1)
        _ = tap.handle(.pointerMove(Point(0, 0)), at: 1.2)
        #expect(tap.handle(.pointerUp(Point(0, 0), .left), at: 1.3) == nil)

        _ = tap.handle(.pointerDown(Point(0, 0), .left), at: 2)
        #expect(tap.handle(.pointerUp(Point(5, 5), .left), at: 2.1) == nil, "released 7.07 points away")

        _ = tap.handle(.pointerDown(Point(0, 0), .right), at: 3)
        #expect(tap.handle(.pointerUp(Point(0, 0), .right), at: 3.1) == nil)

        _ = tap.handle(.pointerDown(Point(0, 0), .left), at: 4)
        _ = tap.handle(.pointerLeave, at: 4.05)
        #expect(tap.handle(.pointerUp(Point(0, 0), .left), at: 4.1) == nil)

        // Exactly at the limits still counts.
        _ = tap.handle(.pointerDown(Point(0, 0), .left), at: 5)
        #expect(tap.handle(.pointerUp(Point(6, 0), .left), at: 5.6) == Point(6, 0))
    }

    // MARK: Drag

    @Test("A drag begins after the slop, reports moves as deltas and ends with the release velocity")
    func drag() {
        var drag = DragRecognizer()
        #expect(drag.handle(.pointerDown(Point(100, 100), .left), at: 0).isEmpty)
        #expect(drag.handle(.pointerMove(Point(103, 130)), at: 0.01).isEmpty, "vertical motion and 3 points do not start a drag")
        #expect(!drag.isDragging)
        #expect(drag.handle(.pointerMove(Point(110, 100)), at: 0.02) == [.began, .moved(dx: 10)])
        #expect(drag.isDragging)
        var total = 10.0
        // Then 10 points every 10 ms: 1000 points per second.
        for k in 3...12 {
            let x = 110 + 10 * Double(k - 2)
            let updates = drag.handle(.pointerMove(Point(x, 100)), at: 0.01 * Double(k))
            #expect(updates == [.moved(dx: 10)])
            if case .moved(let dx) = updates.first { total += dx }
        }
        #expect(total == 210 - 100)
        let end = drag.handle(.pointerUp(Point(210, 100), .left), at: 0.12)
        #expect(end.count == 1)
        if case .ended(let v) = end.first { #expect(abs(v - 1000) < 1e-6, "velocity \(v)") } else { Issue.record("no end: \(end)") }
        #expect(!drag.isDragging)
    }

    @Test("A pointer that rests before release ends with zero velocity; leftward drags have negative velocity")
    func dragVelocity() {
        var drag = DragRecognizer()
        _ = drag.handle(.pointerDown(Point(500, 0), .left), at: 0)
        for k in 1...5 { _ = drag.handle(.pointerMove(Point(500 - 20 * Double(k), 0)), at: 0.016 * Double(k)) }
        #expect(drag.handle(.pointerUp(Point(400, 0), .left), at: 0.3) == [.ended(velocity: 0)])

        _ = drag.handle(.pointerDown(Point(500, 0), .left), at: 1)
        for k in 1...5 { _ = drag.handle(.pointerMove(Point(500 - 20 * Double(k), 0)), at: 1 + 0.02 * Double(k)) }
        let end = drag.handle(.pointerUp(Point(400, 0), .left), at: 1.1)
        if case .ended(let v) = end.first { #expect(abs(v - -1000) < 1e-6, "velocity \(v)") } else { Issue.record("no end") }

        // A press and release without passing the slop is no drag at all.
        _ = drag.handle(.pointerDown(Point(0, 0), .left), at: 2)
        _ = drag.handle(.pointerMove(Point(3, 0)), at: 2.01)
        #expect(drag.handle(.pointerUp(Point(3, 0), .left), at: 2.02).isEmpty)
        // Moves without a press are ignored.
        #expect(drag.handle(.pointerMove(Point(300, 0)), at: 3).isEmpty)
    }

    // MARK: Magnification

    final class Log {
        var events: [(phase: GesturePhase, scale: Double, now: Double)] = []
    }

    func makeMagnifier() -> (Scene, MagnificationRecognizer, Log) {
        let scene = Scene(size: Size(100, 100))
        let rec = MagnificationRecognizer(scene: scene)
        let log = Log()
        rec.onMagnify = { [unowned scene] phase, scale in log.events.append((phase, scale, scene.now)) }
        return (scene, rec, log)
    }

    func ctrlWheel(_ dy: Double, precise: Bool = false) -> InputEvent {
        .wheel(dx: 0, dy: dy, precise: precise, modifiers: .ctrl, at: Point(50, 50))
    }

    @Test("Ctrl+wheel ticks within quietTime make one gesture with scale = factor^ticks, ending after quietTime")
    func ctrlWheelGesture() {
        let (scene, rec, log) = makeMagnifier()
        for t in [1.0, 1.1, 1.3] {
            scene.advance(to: t)
            #expect(rec.handle(ctrlWheel(1)))
        }
        #expect(rec.isActive)
        #expect(log.events.map(\.phase) == [.begin, .change, .change, .change])
        #expect(log.events.first?.scale == 1)
        let expected = [1.1, 1.1 * 1.1, 1.1 * 1.1 * 1.1]
        for (e, x) in zip(log.events.dropFirst(), expected) { #expect(abs(e.scale - x) < 1e-12) }
        scene.advance(to: 1.3 + 0.25 - 0.001)
        #expect(log.events.count == 4)
        scene.advance(to: 2)
        #expect(log.events.count == 5)
        #expect(log.events.last?.phase == .end)
        #expect(abs((log.events.last?.scale ?? 0) - pow(1.1, 3)) < 1e-12)
        #expect(abs((log.events.last?.now ?? 0) - 1.55) < 1e-12, "ends quietTime after the last tick")
        #expect(!rec.isActive)
        // The next tick starts a new gesture at 1; rolling towards the user pinches in.
        scene.advance(to: 3)
        _ = rec.handle(ctrlWheel(-2))
        #expect(log.events.suffix(2).map(\.phase) == [.begin, .change])
        #expect(abs(log.events.last!.scale - pow(1.1, -2)) < 1e-12)
        scene.advance(to: 4)
        #expect(log.events.last?.phase == .end)
        #expect(abs(log.events.last!.scale - 1 / 1.21) < 1e-12)
    }

    @Test("Precise Ctrl+wheel deltas count 40 pixels per tick")
    func preciseCtrlWheel() {
        let (scene, rec, log) = makeMagnifier()
        _ = rec.handle(ctrlWheel(20, precise: true))
        scene.advance(to: 0.05)
        _ = rec.handle(ctrlWheel(60, precise: true))
        scene.advance(to: 1)
        #expect(log.events.map(\.phase) == [.begin, .change, .change, .end])
        #expect(abs(log.events.last!.scale - 1.1 * 1.1) < 1e-12)
    }

    @Test("Ctrl+minus and Ctrl+plus are each a whole gesture; other input is not consumed")
    func keys() {
        let (scene, rec, log) = makeMagnifier()
        #expect(rec.handle(.keyDown("minus", .ctrl, isRepeat: false)))
        #expect(log.events.allSatisfy { $0.now == scene.now })
        #expect(log.events.map(\.phase) == [.begin, .change, .end])
        #expect(log.events.map(\.scale)[0] == 1)
        #expect(log.events.dropFirst().allSatisfy { abs($0.scale - 1 / (1.1 * 1.1)) < 1e-12 && $0.scale < 1 })
        log.events.removeAll()
        #expect(rec.handle(.keyDown("plus", .ctrl, isRepeat: false)))
        #expect(log.events.map(\.phase) == [.begin, .change, .end])
        #expect(abs(log.events.last!.scale - 1.21) < 1e-12)
        #expect(!rec.isActive)
        log.events.removeAll()
        #expect(!rec.handle(.keyDown("minus", [], isRepeat: false)))
        #expect(!rec.handle(.wheel(dx: 0, dy: 1, precise: false, modifiers: [], at: nil)))
        #expect(!rec.handle(.wheel(dx: 1, dy: 0, precise: false, modifiers: .ctrl, at: nil)))
        #expect(log.events.isEmpty)
        // Real pinch events pass straight through.
        #expect(rec.handle(.magnify(.change, scale: 1.7, at: nil)))
        #expect(log.events.map(\.phase) == [.change] && log.events.first?.scale == 1.7)
    }
}

/// A press ends as a tap or a drag, never both, and a scroll follows the drag (the one place drags become scrolling).
@Suite("Press recognizer")
@MainActor
struct PressRecognizerTests {
    @Test("A click is a tap; a press that moves is a drag the scroll follows, and its release is no tap")
    func tapOrDrag() {
        var press = PressRecognizer()
        #expect(press.handle(.pointerDown(Point(100, 50), .left), at: 0) == [.press(Point(100, 50), clickCount: 1)])
        #expect(press.handle(.pointerUp(Point(101, 50), .left), at: 0.1) == [.tap(Point(101, 50))])
        let scene = Scene(size: Size(400, 300))
        let scroll = ScrollController(scene: scene)
        scroll.maxOffset = 1000
        var outcomes: [PressRecognizer.Outcome] = []
        outcomes += press.handle(.pointerDown(Point(200, 50), .left), at: 1)
        outcomes += press.handle(.pointerMove(Point(203, 50)), at: 1.02)  // within the slop: nothing yet
        outcomes += press.handle(.pointerMove(Point(150, 50)), at: 1.05)
        outcomes += press.handle(.pointerMove(Point(120, 50)), at: 1.1)
        for case .drag(let update) in outcomes { scroll.follow(update) }
        #expect(scroll.isDragging && scroll.offset == 80, "the content follows the pointer 80 points")
        #expect(outcomes.first == .press(Point(200, 50), clickCount: 1), "a press 1 s after the last is a new click")
        let release = press.handle(.pointerUp(Point(120, 50), .left), at: 1.12)
        #expect(release.count == 1 && !release.contains { if case .tap = $0 { return true } else { return false } })
        for case .drag(let update) in release { scroll.follow(update) }
        #expect(!scroll.isDragging)
    }

    @Test("Presses count clicks: a second press soon and near is a double-click, a far or late one starts again")
    func clickCount() {
        var press = PressRecognizer()
        func down(_ x: Double, at t: Double) -> Int? {
            for case .press(_, let n) in press.handle(.pointerDown(Point(x, 10), .left), at: t) { return n }
            return nil
        }
        func up(_ x: Double, at t: Double) { _ = press.handle(.pointerUp(Point(x, 10), .left), at: t) }
        #expect(down(10, at: 0) == 1); up(10, at: 0.05)
        #expect(down(12, at: 0.3) == 2, "within 0.4 s and 6 points"); up(12, at: 0.35)
        #expect(down(12, at: 0.6) == 3); up(12, at: 0.65)
        #expect(down(40, at: 0.8) == 1, "too far")
        up(40, at: 0.85)
        #expect(down(40, at: 2) == 1, "too late")
    }
}
