@testable import CarouselApp
import CarouselCore
import CarouselSupport
import Foundation
import Testing

@Suite("Remembered window state")
struct WindowStateTests {
    func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("state-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test("The state file lives under $XDG_STATE_HOME, else ~/.local/state; a relative XDG_STATE_HOME is ignored, as the spec says")
    func location() {
        #expect(StateFile.standard(environment: ["XDG_STATE_HOME": "/s"], home: "/h").path == "/s/carousel-lab/state.json")
        #expect(StateFile.standard(environment: [:], home: "/h").path == "/h/.local/state/carousel-lab/state.json")
        #expect(StateFile.standard(environment: ["XDG_STATE_HOME": "rel"], home: "/h").path == "/h/.local/state/carousel-lab/state.json")
        // Home is $HOME, as the shell has it (Foundation's NSHomeDirectory() ignores it for root); a relative one is not.
        #expect(StateFile.standard(environment: ["HOME": "/u"]).path == "/u/.local/state/carousel-lab/state.json")
        #expect(StateFile.standard(environment: ["HOME": "u"]).path == NSHomeDirectory() + "/.local/state/carousel-lab/state.json")
    }

    @Test("Saved and loaded, the state is the same: size, place, style, deck, panel, compared panes with their values")
    func roundTrip() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = StateFile(path: dir + "/carousel-lab/state.json")
        #expect(file.load().state == nil && file.load().problem == nil, "nothing remembered yet, and that is no problem")
        let panes = [Variant(name: "current", style: "expand", values: .object([JSONMember("spacing", 30)])),
                     Variant(name: "snappy", style: "circular", values: .object([]))]
        let state = RememberedWindow(size: Size(900, 600), position: (100, 80), style: "circular", deck: "/photos", panelOpen: true, panes: panes)
        try file.save(state)
        let loaded = try #require(file.load().state)
        #expect(loaded.size == state.size && loaded.position?.x == 100 && loaded.position?.y == 80)
        #expect(loaded.style == "circular" && loaded.deck == "/photos" && loaded.panelOpen)
        #expect(loaded.panes?.map(\.name) == ["current", "snappy"] && loaded.panes?.map(\.style) == ["expand", "circular"])
        #expect(loaded.panes?.first?.values?["spacing"] == .number(30))
        // Written whole: no temporary file stays beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/carousel-lab") == ["state.json"])
    }

    @Test("A size below the window's minimum (240x160) is never remembered: a 1x1 window is saved, and a 1x1 state file read, at least that")
    func neverBelowTheMinimum() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = StateFile(path: dir + "/carousel-lab/state.json")
        try file.save(RememberedWindow(size: Size(1, 1), position: nil, style: "expand", deck: nil, panelOpen: false, panes: nil))
        let saved = try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: file.path)))
        #expect(saved["size"]?["width"] == .number(240) && saved["size"]?["height"] == .number(160))
        #expect(RememberedWindow(size: Size(100, 900), position: nil, style: "expand", deck: nil, panelOpen: false, panes: nil).size == Size(240, 900))
        // A state written before the rule.
        try "{\"size\": {\"width\": 1, \"height\": 1}, \"style\": \"loop\"}".write(toFile: file.path, atomically: true, encoding: .utf8)
        #expect(file.load().state?.size == Size(240, 160))
    }

    @Test("A corrupt or foreign state file is one line naming it, and nothing is taken from it")
    func corrupt() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/state.json"
        let file = StateFile(path: path)
        for (text, why) in [("{\"size\": {\"width\": 900", "not valid JSON"), ("[1, 2]", "not a JSON object"),
                            ("{\"size\": {\"width\": -5, \"height\": 10}, \"style\": \"expand\"}", "no usable \"size\""),
                            ("{\"size\": {\"width\": 900, \"height\": 600}}", "no \"style\""),
                            ("{\"size\": {\"width\": 900, \"height\": 600}, \"style\": \"loop\", \"panes\": [{\"style\": \"loop\"}]}", "\"panes\" must list 2 to 4")] {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let (state, problem) = file.load()
            #expect(state == nil, "\(text)")
            #expect(problem?.hasPrefix("\(path): \(why)") == true, "\(text): \(problem ?? "no problem")")
            #expect(problem?.hasSuffix("; starting with defaults and replacing it") == true)
            #expect(problem?.contains("\n") == false)
        }
    }

    @Test("A state folder that cannot be made is one line naming the file")
    func unwritable() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "a file where the folder should be".write(toFile: dir + "/carousel-lab", atomically: true, encoding: .utf8)
        let file = StateFile(path: dir + "/carousel-lab/state.json")
        #expect(throws: StateFileError.self) {
            try file.save(RememberedWindow(size: Size(800, 600), position: nil, style: "expand", deck: nil, panelOpen: false, panes: nil))
        }
    }
}
