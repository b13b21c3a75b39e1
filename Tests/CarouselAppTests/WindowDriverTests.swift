import CarouselApp
import CarouselCore
import CarouselSupport
import CarouselTesting
import Foundation
import Testing

/// The window's driver: scripted input on the wall clock, the layout file, the stats line.
@Suite("Window driver")
@MainActor
struct WindowDriverTests {
    @Test("Scripted input is delivered on the wall clock: nothing before its time, everything at it")
    func replaysOnTheWallClock() throws {
        let (preview, _) = try makePreview()
        let script = try ScriptedInput.parse("0.5 move 100 400", size: preview.scene.size)
        let driver = WindowDriver(preview: preview, script: script, layoutFile: nil, report: { _ in })
        #expect(driver.nextWakeTime == 0.5 || (driver.nextWakeTime ?? 1) < 0.5)
        driver.update(to: 0.4)
        #expect(preview.stateValue("expanded") == .null)
        driver.update(to: 0.5)
        #expect(preview.stateValue("expanded") != .null)
    }

    @Test("The layout file's time and timeline follow the moment when no frame is drawn: a paused window scrubbed by a script, an idle clock (issue 40)")
    func layoutFollowsTheMoment() throws {
        let dir = try temporaryFolder("driver-moment")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.path + "/layout.json"
        let (preview, _) = try makePreview()
        let driver = WindowDriver(preview: preview, script: ScriptedInput(entries: []), layoutFile: path, report: { _ in })
        driver.update(to: 0)
        driver.draw(into: DrawListRecorder(size: preview.scene.size))
        // Nothing moves in an idle expand row: no frame is owed, yet the time runs on.
        driver.update(to: 2)
        #expect(!driver.needsFrame)
        let later = try JSONParser.parse(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(later["time"]?.numberValue == 2, "the file says \(later["time"]?.serialized() ?? "nothing")")
        #expect(later["timeline"]?["end"]?.numberValue == 2)
    }

    @Test("The layout file is written after a drawn frame, whole, and only when it changed")
    func writesTheLayoutFile() throws {
        let dir = try temporaryFolder("driver")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.path + "/layout.json"
        let (preview, _) = try makePreview()
        let driver = WindowDriver(preview: preview, script: ScriptedInput(entries: []), layoutFile: path, report: { _ in })
        let renderer = DrawListRecorder(size: preview.scene.size)
        driver.update(to: 0)
        driver.draw(into: renderer)
        let first = try JSONParser.parse(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(first["style"] == .string("expand"))
        let written = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        try FileManager.default.removeItem(atPath: path)
        driver.draw(into: renderer)  // Nothing changed: not written again.
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(written != nil)
        #expect(driver.framesDrawn == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test("A layout file that cannot be written is reported once, not every frame, and the window goes on")
    func reportsALayoutFailureOnce() throws {
        var lines: [String] = []
        let (preview, input) = try makePreview()
        let driver = WindowDriver(preview: preview, script: ScriptedInput(entries: []), layoutFile: "/nonexistent-folder/l.json",
                                  report: { lines.append($0) })
        let renderer = DrawListRecorder(size: preview.scene.size)
        for (i, x) in [100.0, 300, 500].enumerated() {
            input.move(x, 400)
            driver.update(to: Double(i) * 0.5)
            driver.draw(into: renderer)
        }
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("/nonexistent-folder/l.json: cannot write the layout") == true)
    }

    @Test("A raised stats request prints the stats line on the next update")
    func statsOnRequest() throws {
        var lines: [String] = []
        let (preview, _) = try makePreview()
        let driver = WindowDriver(preview: preview, script: ScriptedInput(entries: []), layoutFile: nil, report: { lines.append($0) })
        driver.statsLine = { "stats: 0 frames" }
        driver.update(to: 0.1)
        #expect(lines.isEmpty)
        driver.statsRequest.raise()
        driver.update(to: 0.2)
        driver.update(to: 0.3)
        #expect(lines == ["stats: 0 frames"])
    }
}
