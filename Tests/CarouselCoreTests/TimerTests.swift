import CarouselCore
import Testing

@MainActor
@Suite("Timers")
struct TimerTests {
    @Test("One-shot timers fire in due order, each with scene.now at its exact due time")
    func oneShotOrder() {
        let scene = Scene(size: Size(100, 100))
        var log: [(name: String, now: Double)] = []
        scene.timers.schedule(at: 0.5) { log.append(("b", scene.now)) }
        scene.timers.schedule(at: 0.25) { log.append(("a", scene.now)) }
        scene.timers.schedule(at: 0.75) { log.append(("c", scene.now)) }
        scene.timers.schedule(at: 1.5) { log.append(("late", scene.now)) }
        scene.advance(to: 0.2)
        #expect(log.isEmpty)
        #expect(scene.now == 0.2)
        scene.advance(to: 1)
        #expect(log.map(\.name) == ["a", "b", "c"])
        #expect(log.map(\.now) == [0.25, 0.5, 0.75])
        #expect(scene.now == 1)
        scene.advance(to: 1.5)
        #expect(log.map(\.name) == ["a", "b", "c", "late"])
        #expect(log.last?.now == 1.5)
        // Fired timers are gone.
        scene.advance(to: 10)
        #expect(log.count == 4)
    }

    @Test("Timers due at the same time fire in the order they were scheduled")
    func ties() {
        let scene = Scene(size: Size(100, 100))
        var log: [Int] = []
        for i in 0..<5 { scene.timers.schedule(at: 1) { log.append(i) } }
        scene.advance(to: 1)
        #expect(log == [0, 1, 2, 3, 4])
    }

    @Test("A repeating timer fires every interval, interleaved in time order with others")
    func repeating() {
        let scene = Scene(size: Size(100, 100))
        var log: [(String, Double)] = []
        let id = scene.timers.schedule(at: 0.5, repeating: 0.25) { [unowned scene] in log.append(("r", scene.now)) }  // a repeating timer would keep its scene alive
        scene.timers.schedule(at: 0.8) { log.append(("once", scene.now)) }
        scene.advance(to: 1.6)
        #expect(log.map(\.0) == ["r", "r", "once", "r", "r", "r"])
        #expect(log.map(\.1) == [0.5, 0.75, 0.8, 1.0, 1.25, 1.5])
        #expect(scene.timers.interval(id) == 0.25)
        #expect(scene.timers.isScheduled(id))
        #expect(abs((scene.timers.remaining(id, at: scene.now) ?? -1) - 0.15) < 1e-12)
        // Advancing in frames gives the same due times.
        var t = 1.6
        while t < 2.6 { t += 1.0 / 60; scene.advance(to: t) }
        #expect(log.suffix(4).map(\.1) == [1.75, 2.0, 2.25, 2.5])
    }

    @Test("Timers scheduled by a timer's action fire within the same advance, at their own due time")
    func chained() {
        let scene = Scene(size: Size(100, 100))
        var log: [Double] = []
        scene.timers.schedule(at: 0.1) {
            log.append(scene.now)
            scene.timers.schedule(at: scene.now + 0.2) { log.append(scene.now) }
        }
        scene.advance(to: 1)
        #expect(log == [0.1, 0.1 + 0.2])
    }

    @Test("Pause keeps the remaining time; resume restarts the countdown from it")
    func pauseResume() {
        let scene = Scene(size: Size(100, 100))
        var firedAt: [Double] = []
        let id = scene.timers.schedule(at: 1) { firedAt.append(scene.now) }
        scene.advance(to: 0.4)
        scene.timers.pause(id, at: scene.now)
        let left = 1 - 0.4
        #expect(scene.timers.remaining(id, at: 0.4) == left)
        scene.advance(to: 2)
        #expect(firedAt.isEmpty)
        #expect(scene.timers.remaining(id, at: 2) == left)
        #expect(scene.timers.isScheduled(id))
        #expect(scene.timers.nextDue == nil)
        // Pausing twice does not lose time.
        scene.timers.pause(id, at: 2.1)
        #expect(scene.timers.remaining(id, at: 2.1) == left)
        scene.timers.resume(id, at: 2)
        #expect(scene.timers.nextDue == 2 + left)
        scene.advance(to: 2 + left - 0.01)
        #expect(firedAt.isEmpty)
        scene.advance(to: 3)
        #expect(firedAt == [2 + left])
        #expect(!scene.timers.isScheduled(id))
    }

    @Test("A paused repeating timer keeps its phase when resumed")
    func pauseRepeating() {
        let scene = Scene(size: Size(100, 100))
        var log: [Double] = []
        let id = scene.timers.schedule(at: 1, repeating: 1) { [unowned scene] in log.append(scene.now) }  // a repeating timer would keep its scene alive
        scene.advance(to: 1.75)
        scene.timers.pause(id, at: 1.75)
        scene.advance(to: 5)
        scene.timers.resume(id, at: 5)
        scene.advance(to: 6.5)
        #expect(log == [1, 5.25, 6.25])
    }

    @Test("Cancel removes a timer; cancelling a repeating timer from its own action stops it")
    func cancel() {
        let scene = Scene(size: Size(100, 100))
        var count = 0, repeats = 0
        let id = scene.timers.schedule(at: 0.5) { count += 1 }
        scene.timers.cancel(id)
        #expect(!scene.timers.isScheduled(id))
        var rid: TimerID?
        rid = scene.timers.schedule(at: 0.1, repeating: 0.1) {
            repeats += 1
            if repeats == 3 { scene.timers.cancel(rid) }
        }
        scene.advance(to: 2)
        #expect(count == 0)
        #expect(repeats == 3)
        #expect(scene.timers.nextDue == nil)
        // Cancelling what already fired or was cancelled is harmless.
        scene.timers.cancel(id)
        scene.timers.cancel(nil)
        #expect(scene.timers.remaining(id, at: 2) == nil)
    }

    @Test("nextWakeTime is the next running timer when nothing needs drawing")
    func nextWake() {
        let scene = Scene(size: Size(100, 100))
        scene.paint(into: DrawListRecorder(size: scene.size), images: nil)
        #expect(scene.nextWakeTime == nil)
        let a = scene.timers.schedule(at: 3) {}
        scene.timers.schedule(at: 4) {}
        #expect(scene.nextWakeTime == 3)
        scene.timers.pause(a, at: 0)
        #expect(scene.nextWakeTime == 4)
        scene.root.background = .black
        #expect(scene.nextWakeTime == scene.now)
    }
}
