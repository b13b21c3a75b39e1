@testable import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Testing

/// The time and chrome slices as state and effects: the clock, messages, the problem line, help, status, panel,
/// checks, the hint, the keyboard focus's moves, reduced motion.
@Suite("Time and chrome reducers")
@MainActor
struct ChromeAndTimeReducerTests {
    @Test("A tick moves scene time with the wall clock unless paused; a message runs on wall time from the first frame that shows it")
    func ticksAndMessages() {
        var h = ReducerHarness()
        h.send(.time(.tick(wall: 1))) { $0.chrome.wall = 1; _ = $0.time.sceneTime(atWall: 1) }
        h.send(.time(.tick(wall: 2))) { $0.chrome.wall = 2; _ = $0.time.sceneTime(atWall: 2) }
        #expect(h.state.time.sceneTime == 1)
        h.send(.time(.togglePause)) { $0.time.togglePause(); $0.chrome.message = Message("Paused (. steps a frame)") }
        h.send(.time(.tick(wall: 10))) { $0.chrome.wall = 10; _ = $0.time.sceneTime(atWall: 10); $0.chrome.messageDeadline = 13 }
        #expect(h.state.time.sceneTime == 1, "paused: the scene stays")
        h.send(.time(.stepFrame)) { $0.time.step() }
        h.send(.time(.tick(wall: 13))) { $0.chrome.wall = 13; _ = $0.time.sceneTime(atWall: 13); $0.chrome.message = nil; $0.chrome.messageDeadline = nil }
        h.send(.time(.cycleSlowMotion)) { $0.time.cycleSlowMotion(); $0.chrome.message = Message("Speed 1/2×") }
        h.send(.chrome(.message(Message("sticky", seconds: nil)))) { $0.chrome.message = Message("sticky", seconds: nil) }
        h.send(.time(.tick(wall: 100))) { $0.chrome.wall = 100; _ = $0.time.sceneTime(atWall: 100) }
        h.send(.chrome(.clearMessage)) { $0.chrome.message = nil }
        h.send(.chrome(.message(.problem("p.json:2: bad"))), [.report("p.json:2: bad")]) { $0.chrome.message = .problem("p.json:2: bad") }
        h.send(.chrome(.report("stderr only")), [.report("stderr only")])
        h.send(.chrome(.problem("broken file"))) { $0.chrome.problem = "broken file" }
        h.send(.chrome(.problem(nil))) { $0.chrome.problem = nil }
    }

    @Test("F3, F1, P, C and the hint are state; Escape hides the help first; Tab, focus and the help's scroll are the runtime's")
    func toggles() {
        var h = ReducerHarness()
        h.send(.chrome(.toggleStatus)) { $0.chrome.statusShown = true }
        h.send(.chrome(.toggleHelp)) { $0.chrome.helpShown = true }
        h.send(.chrome(.scrollHelp(30)), [.scrollHelp(30)])
        h.send(.chrome(.escape)) { $0.chrome.helpShown = false }
        h.send(.chrome(.escape))
        h.send(.chrome(.togglePanel), [.focusPanel(true)]) { $0.chrome.panelOpen = true }
        h.send(.chrome(.togglePanel), [.focusPanel(false)]) { $0.chrome.panelOpen = false }
        h.send(.chrome(.toggleChecks)) { $0.chrome.checksShown = true }
        h.send(.chrome(.showHint(true))) { $0.chrome.hintShown = true }
        h.send(.chrome(.moveFocus(forward: false)), [.moveFocus(forward: false)])
        h.send(.chrome(.focusCarousel(true)), [.focusCarousel(true)])
    }

    @Test("L turns reduced motion on whatever the desktop says later; the desktop's answer counts only before anyone chose")
    func reducedMotion() {
        var h = ReducerHarness()
        h.send(.chrome(.setReducedMotion(true, source: .desktop("gsettings: false")))) { $0.motion = MotionState(reducesMotion: true, source: .desktop("gsettings: false")) }
        h.send(.chrome(.toggleReducedMotion)) { $0.motion = MotionState(reducesMotion: false, source: .key); $0.chrome.message = Message("Reduced motion off") }
        h.send(.chrome(.setReducedMotion(true, source: .desktop("gsettings: false"))))
        h.send(.chrome(.setReducedMotion(true, source: .option))) { $0.motion = MotionState(reducesMotion: true, source: .option) }
    }
}

/// The capture slice as state and effects, and what only a window can do.
@Suite("Capture reducer")
@MainActor
struct CaptureReducerTests {
    @Test("Without a window, F12, Ctrl+R, Shift+F12 and Ctrl+E explain in one line; with one they become effects")
    func services() {
        var h = ReducerHarness()
        h.send(.capture(.requestScreenshot)) { $0.chrome.message = Message("Screenshots need a window (use carousel-lab capture)", error: true) }
        h.send(.capture(.toggleRecording)) { $0.chrome.message = Message("Recording needs a window (use carousel-lab record)", error: true) }
        h.send(.capture(.exportCode)) { $0.chrome.message = Message("Export needs a window (use carousel-lab export)", error: true) }
        h.send(.services([.screenshots, .clips, .exports])) { $0.services = [.screenshots, .clips, .exports] }
        h.send(.capture(.requestScreenshot), [.screenshot])
        h.send(.capture(.exportCode), [.exportCode])
        h.state.time.seek(toScene: 7)
        h.send(.capture(.saveReplay), [.saveReplay(end: 7)])
    }

    @Test("Ctrl+R marks a start and then saves the clip to now; with the timeline's loop marked, the loop is the clip")
    func clips() {
        var h = ReducerHarness()
        h.state.services = [.clips]
        h.state.time.seek(toScene: 2)
        h.send(.capture(.toggleRecording)) { $0.capture.clipStart = 2; $0.chrome.message = Message("Recording (Ctrl+R stops)") }
        h.state.time.seek(toScene: 5)
        h.send(.capture(.toggleRecording), [.saveClip(from: 2, to: 5, label: "Clip")]) { $0.capture.clipStart = nil }
        h.state.timeline.setShown(true)
        h.state.timeline.range = 1...3
        h.send(.capture(.toggleRecording), [.saveClip(from: 1, to: 3, label: "Loop")])
    }

    @Test("The last file saved is what Ctrl+Shift+C and Ctrl+Shift+O hand on; before one, they say so")
    func handoff() {
        var h = ReducerHarness()
        h.send(.capture(.copySaved)) { $0.chrome.message = Message("Nothing to copy yet: take a screenshot (F12), a clip or an export first", error: true) }
        h.send(.capture(.saved("/p/a.png"))) { $0.capture.lastSaved = "/p/a.png" }
        h.send(.capture(.copySaved), [.copyFile("/p/a.png")])
        h.send(.capture(.revealSaved), [.revealFile("/p/a.png")])
        h.send(.capture(.pasteDeck), [.pasteDeck])
        h.send(.capture(.copyValues), [.copyValues])
        h.send(.capture(.savePreset), [.beginSavingPreset, .focusPanel(true)]) { $0.chrome.panelOpen = true }
        h.send(.quit) { $0.wantsQuit = true }
    }
}

/// The command table as state: which actions a key press maps to, in which state, held or not.
@Suite("Command table as state")
@MainActor
struct CommandTableStateTests {
    @Test("Space pauses live, replays with the strip shown; a held toggle toggles once; a held step repeats; Escape answers only when it has something to do")
    func keysInStates() {
        var state = ReducerHarness().state
        func names(_ key: String, _ mods: Modifiers = [], repeat r: Bool = false) -> String {
            guard let actions = CommandTable.actions(for: Key(key), mods, isRepeat: r, in: state) else { return "none" }
            return actions.map { "\($0)" }.joined(separator: ", ")
        }
        #expect(names("space") == "time(CarouselApp.TimeAction.togglePause)")
        #expect(names("escape") == "none")
        state.timeline.setShown(true)
        #expect(names("space") == "timeline(CarouselApp.TimelineAction.togglePlayback)")
        #expect(names("space", repeat: true) == "", "a held Space toggles once")
        #expect(names("right", .shift, repeat: true) == "timeline(CarouselApp.TimelineAction.step(1.0))", "a held step repeats")
        #expect(names("end") == "timeline(CarouselApp.TimelineAction.resumeLive)")
        _ = state.timeline.scrub(to: 0, liveTime: 1, timePaused: false)
        #expect(names("escape") == "chrome(CarouselApp.ChromeAction.escape)")
        #expect(names("2").hasPrefix("panes(CarouselApp.PaneAction.switchStyle("))
        #expect(names("z", .ctrl) == "values(CarouselApp.ValueAction.undo)")
    }
}
