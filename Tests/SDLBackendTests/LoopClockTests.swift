@testable import SDLBackend
import Testing

/// The window loop's clock (issue 40): a wait the loop asked for is time passing; a gap it did not ask for (the
/// process stopped with SIGSTOP, a debugger) is left out, so animations and timers go on from where they were.
@Suite("Loop clock")
struct LoopClockTests {
    /// A monotonic source the test moves by hand.
    final class Source: @unchecked Sendable {
        var seconds = 1000.0
    }

    @Test("Frames and waits advance the clock with the wall clock")
    func followsTheWallClock() {
        let source = Source()
        var clock = LoopClock { source.seconds }
        #expect(clock.now() == 0)
        for _ in 0..<60 { source.seconds += 1.0 / 60; _ = clock.now() }
        #expect(abs(clock.now() - 1) < 1e-9)
        // Idle: the loop waits a day for input; an hour passes before a key comes.
        clock.willWait(86_400)
        source.seconds += 3600
        #expect(abs(clock.now() - 3601) < 1e-9)
        // A slow frame (0.2 s) is still time passing.
        source.seconds += 0.2
        #expect(abs(clock.now() - 3601.2) < 1e-9)
        #expect(clock.pausedSeconds == 0)
    }

    @Test("Stopped for ten seconds while working or past a short wait: the clock goes on from where it was")
    func leavesOutAStop() {
        let source = Source()
        var clock = LoopClock { source.seconds }
        clock.willWait(2)
        source.seconds += 2
        #expect(clock.now() == 2)
        // Stopped between two reads while drawing.
        source.seconds += 10
        #expect(clock.now() == 2)
        source.seconds += 1.0 / 60
        #expect(abs(clock.now() - (2 + 1.0 / 60)) < 1e-9)
        // Stopped during a 16 ms wait for the next frame: the 16 ms pass, the rest is left out.
        clock.willWait(0.016)
        source.seconds += 30
        #expect(abs(clock.now() - (2 + 1.0 / 60 + 0.016)) < 1e-9)
        #expect(abs(clock.pausedSeconds - (10 + 30 - 0.016)) < 1e-9)
    }
}
