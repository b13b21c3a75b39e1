import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Foundation
import Testing

/// The watched `--params` file (issue 9): a saved change applies live; a broken file keeps the last good values and
/// shows its error until fixed; single-key problems are reported by line while the rest applies; editors that
/// replace the file by a rename are followed.
@Suite("Parameter file watching")
@MainActor
struct ParameterFileWatcherTests {
    let folder: URL
    let path: String

    init() throws {
        folder = try temporaryFolder("params")
        path = folder.appendingPathComponent("params.json").path
    }

    func write(_ text: String) throws { try text.write(toFile: path, atomically: false, encoding: .utf8) }

    /// Writes `text` to a new file and renames it over the watched one, as many editors save.
    func replace(_ text: String) throws {
        let tmp = folder.appendingPathComponent(".params.json.swp").path
        try text.write(toFile: tmp, atomically: false, encoding: .utf8)
        #expect(rename(tmp, path) == 0)
    }

    func make(_ initial: String) throws -> (Preview, ParameterFileWatcher, InputSimulator) {
        try write(initial)
        let (preview, sim) = try makePreview()
        let watcher = ParameterFileWatcher(path: path, context: preview)
        watcher.load()
        preview.watch(watcher)
        sim.frame()
        return (preview, watcher, sim)
    }

    func duration(_ p: Preview) -> Double { p.currentParameters.number("expandDuration") }

    @Test("The file's values apply at start, and a saved change applies within half a second, live")
    func goodChange() throws {
        let (p, _, sim) = try make(#"{"expandDuration": 0.6}"#)
        #expect(duration(p) == 0.6)
        #expect(p.itemFrame(0)?.width == 150)
        try write(#"{"expandDuration": 0.8, "itemWidth": 120}"#)
        sim.wait(0.5)
        #expect(duration(p) == 0.8)
        #expect(p.itemFrame(0)?.width == 120, "the layout follows at once")
        #expect(p.currentProblem == nil)
    }

    @Test("After a scrub (a fresh pane in the old one's place), a saved change applies to the pane shown")
    func changeAfterScrub() throws {
        let (p, _, sim) = try make(#"{"expandDuration": 0.6}"#)
        sim.move(270, 350)
        sim.wait(2)
        p.apply(.timeline(.toggleShown))
        let before = ObjectIdentifier(p.focused)
        p.apply(.timeline(.scrub(1)))
        sim.frame()
        #expect(ObjectIdentifier(p.focused) != before, "the scrub replayed into a new pane")
        try write(#"{"expandDuration": 0.8, "itemWidth": 120}"#)
        sim.wait(0.5)
        #expect(duration(p) == 0.8)
        #expect(p.itemFrame(0)?.width == 120, "the pane shown takes the file's values")
    }

    @Test("Invalid JSON keeps the last good values and shows the error, with its line, until the file is fixed")
    func brokenThenFixed() throws {
        let (p, _, sim) = try make(#"{"expandDuration": 0.6}"#)
        try write("{\n  \"expandDuration\": 0.9,\n  \"itemWidth\": \n}")
        sim.wait(0.6)
        #expect(duration(p) == 0.6)
        let problem = try #require(p.currentProblem)
        #expect(problem.hasPrefix("\(path):4: invalid JSON"), "\(problem)")
        #expect(problem.contains("keeping the last good values"))
        // It stays, through other messages and time.
        sim.key("comma")
        sim.wait(5)
        #expect(p.currentProblem == problem)
        #expect(sim.renderer.draws.texts.contains { $0.hasPrefix(String(problem.prefix(30))) }, "drawn in the window")
        try write(#"{"expandDuration": 0.7}"#)
        sim.wait(0.5)
        #expect(duration(p) == 0.7)
        #expect(p.currentProblem == nil)
        #expect(p.currentMessage == "params.json: reloaded")
    }

    @Test("A file that is not an object changes nothing and says what it expected")
    func wrongTopLevelType() throws {
        let (p, _, sim) = try make(#"{"expandDuration": 0.6}"#)
        try write(#"[0.9]"#)
        sim.wait(0.6)
        #expect(duration(p) == 0.6)
        #expect(p.currentProblem?.contains("expected a JSON object of parameter values, got an array") == true, "\(p.currentProblem ?? "nil")")
    }

    @Test("An unknown key and a wrong type are reported by name and line; the rest applies")
    func unknownKeyByLine() throws {
        var reported: [String] = []
        let (p, w, sim) = try make(#"{"expandDuration": 0.6}"#)
        p.report = { reported.append($0) }
        try write("{\n  \"expandDuration\": 0.5,\n  \"bogus\": 3,\n  \"itemWidth\": \"wide\"\n}")
        sim.wait(0.5)
        #expect(duration(p) == 0.5)
        #expect(reported == ["\(path):3: unknown parameter \"bogus\" (ignored)",
                             "\(path):4: itemWidth: expected a number, got \"wide\" (ignored)"])
        #expect(w.problem == "\(path):3: unknown parameter \"bogus\" (ignored); 1 more on stderr")
        #expect(p.currentProblem == w.problem)
        try write("{\n  \"expandDuration\": 0.5\n}")
        sim.wait(0.5)
        #expect(p.currentProblem == nil)
    }

    @Test("A file replaced by a rename (same size, new inode) is picked up")
    func renamedOver() throws {
        let (p, _, sim) = try make(#"{"itemWidth": 130}"#)
        #expect(p.itemFrame(0)?.width == 130)
        try replace(#"{"itemWidth": 140}"#)
        sim.wait(0.3)
        #expect(p.itemFrame(0)?.width == 140)
        try replace(#"{"itemWidth": 150}"#)
        sim.wait(0.3)
        #expect(p.itemFrame(0)?.width == 150)
    }

    @Test("A file caught half-written, or missing for a moment, never flashes an error")
    func transientStates() throws {
        let (p, w, _) = try make(#"{"expandDuration": 0.6}"#)
        try write(#"{"expandDurat"#)
        #expect(w.poll(wall: 1))
        #expect(p.currentProblem == nil, "one failed read is not shown yet")
        try write(#"{"expandDuration": 0.8}"#)
        w.poll(wall: 1.25)
        #expect(duration(p) == 0.8)
        #expect(p.currentProblem == nil)
        try FileManager.default.removeItem(atPath: path)
        w.poll(wall: 1.5)
        #expect(p.currentProblem == nil)
        try replace(#"{"expandDuration": 0.9}"#)
        w.poll(wall: 1.75)
        #expect(duration(p) == 0.9)
        #expect(p.currentProblem == nil)
        // Missing for good: shown at the second look.
        try FileManager.default.removeItem(atPath: path)
        w.poll(wall: 2)
        w.poll(wall: 2.25)
        #expect(p.currentProblem?.contains("cannot read the parameter file") == true)
        #expect(duration(p) == 0.9)
    }

    @Test("Checks run every 0.25 s of wall time, are part of the wake time, and go on while paused")
    func pollingSchedule() throws {
        let (p, w, sim) = try make(#"{"expandDuration": 0.6}"#)
        sim.wait(1)
        #expect(w.nextPoll > 1 && w.nextPoll <= 1.25 + 1e-9)
        #expect(p.nextWakeTime == w.nextPoll, "an idle preview wakes only for the next check")
        let next = w.nextPoll
        try write(#"{"expandDuration": 1.25}"#)
        #expect(!w.poll(wall: next - 0.01), "not before its time")
        #expect(w.nextPoll == next)
        sim.key("space")
        sim.wait(0.5)
        #expect(duration(p) == 1.25)
        #expect(p.time.isPaused)
    }

    @Test("An unchanged file is not read again")
    func unchangedNotRead() throws {
        let (_, w, _) = try make(#"{"expandDuration": 0.6}"#)
        for k in 1...8 { #expect(!w.poll(wall: Double(k))) }
    }
}
