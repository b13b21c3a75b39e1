import CarouselApp
import CarouselCore
import CarouselStyles
import Foundation
import Testing

/// Where presets live and what may name them.
@Suite("Preset store")
struct PresetStoreTests {
    @Test("The user's presets live under XDG_CONFIG_HOME, else ~/.config")
    func userRoot() {
        #expect(PresetStore.defaultUserRoot(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/u"]) == "/cfg/carousel-lab/presets")
        #expect(PresetStore.defaultUserRoot(environment: ["HOME": "/home/u"]) == "/home/u/.config/carousel-lab/presets")
        // A relative XDG_CONFIG_HOME is invalid by the spec and ignored.
        #expect(PresetStore.defaultUserRoot(environment: ["XDG_CONFIG_HOME": "cfg", "HOME": "/home/u"]) == "/home/u/.config/carousel-lab/presets")
    }

    @Test("Names are 1-64 letters, digits, spaces, - _ . and cannot hide or escape the folder")
    func names() {
        for good in ["my look", "expand-2025-03-04-050607", "v1.2_final"] { #expect(PresetStore.problem(withName: good) == nil) }
        #expect(PresetStore.problem(withName: "") == "is empty")
        #expect(PresetStore.problem(withName: String(repeating: "a", count: 65)) == "is longer than 64 characters")
        #expect(PresetStore.problem(withName: ".hidden") != nil)
        #expect(PresetStore.problem(withName: "a/b") == "cannot contain \"/\" (letters, digits, space, - _ . only)")
        #expect(PresetStore.problem(withName: "é") != nil)
    }

    @Test("A saved preset is a parameter file: --params (Parameters.apply) reads it with no problems")
    @MainActor func savedIsAParameterFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("presets-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = PresetStore(shippedRoot: nil, userRoot: root)
        var p = Parameters(specs: StyleRegistry.schema(of: StitchStyle.self))
        try p.set("stitchCurve", .text("spring(0.3,0.7)"))
        let preset = try store.save(p, style: "stitch", name: "bouncy")
        #expect(store.presets(for: "stitch") == [preset])
        var fresh = Parameters(specs: p.specs)
        let json = try JSONParser.parse(try #require(FileManager.default.contents(atPath: preset.path)))
        #expect(fresh.apply(json: json, file: preset.path).isEmpty)
        #expect(fresh.values == p.values)
    }
}
