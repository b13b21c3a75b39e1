import CarouselCore
import Testing

@Suite("Wheel burst filter")
struct WheelBurstFilterTests {
    /// Feeds (time, delta) events and returns the steps, one per event.
    func steps(_ events: [(t: Double, delta: Double)], precise: Bool, filter: WheelBurstFilter = WheelBurstFilter()) -> [Int] {
        var f = filter
        return events.map { f.step(delta: $0.delta, precise: precise, at: $0.t) }
    }

    @Test("A trackpad burst of 20 decaying precise deltas 5 ms apart makes exactly one step", arguments: [1.0, -1.0])
    func inertiaBurst(sign: Double) {
        let events = (0..<20).map { k in (t: 10 + 0.005 * Double(k), delta: sign * 60 * pow085(k)) }
        let s = steps(events, precise: true)
        #expect(s.filter { $0 != 0 } == [Int(sign)])
        #expect(s.first == Int(sign), "the burst steps on its first event")
    }

    func pow085(_ k: Int) -> Double { (0..<k).reduce(1.0) { acc, _ in acc * 0.85 } }

    @Test("Events 200 ms apart each make a step")
    func separateEvents() {
        let events = (0..<6).map { k in (t: 0.2 * Double(k), delta: k == 3 ? -1.0 : 1.0) }
        #expect(steps(events, precise: false) == [1, 1, 1, -1, 1, 1])
    }

    @Test("A direction flip inside a burst steps the other way at once")
    func directionFlip() {
        let events: [(t: Double, delta: Double)] = [(0, 30), (0.01, 25), (0.02, -20), (0.03, -15), (0.04, 18)]
        #expect(steps(events, precise: true) == [1, 0, -1, 0, 1])
    }

    @Test("A new push during inertia (a delta growing past 1.5x) steps again; a small rise does not")
    func newPush() {
        let events: [(t: Double, delta: Double)] = [(0, 40), (0.01, 30), (0.02, 20), (0.03, 25), (0.04, 45), (0.05, 30)]
        #expect(steps(events, precise: true) == [1, 0, 0, 0, 1, 0])
        // Whole ticks never count as a push.
        #expect(steps([(0, 1), (0.01, 1), (0.02, 3)], precise: false) == [1, 0, 0])
    }

    @Test("A wheel held spinning (a tick every 50 ms for 1 s) steps about every repeatInterval")
    func heldWheel() {
        var f = WheelBurstFilter()
        var stepTimes: [Double] = []
        for k in 0...20 {
            let t = 0.05 * Double(k)
            if f.step(delta: 1, precise: false, at: t) != 0 { stepTimes.append(t) }
        }
        #expect(stepTimes.count == 4, "steps at \(stepTimes)")
        #expect(stepTimes.first == 0)
        for (a, b) in zip(stepTimes, stepTimes.dropFirst()) {
            #expect(b - a >= f.repeatInterval - 1e-9 && b - a <= f.repeatInterval + 0.05 + 1e-9, "\(a) -> \(b)")
        }
        #expect(f.isInBurst(at: 1.1))
        #expect(!f.isInBurst(at: 1.2))
    }

    @Test("Zero deltas are ignored and do not extend a burst")
    func zeroDelta() {
        var f = WheelBurstFilter()
        #expect(f.step(delta: 0, precise: true, at: 0) == 0)
        #expect(!f.isInBurst(at: 0))
        #expect(f.step(delta: 5, precise: true, at: 0.01) == 1)
        #expect(f.step(delta: 0, precise: true, at: 0.1) == 0)
        #expect(f.step(delta: 5, precise: true, at: 0.2) == 1)
    }
}
