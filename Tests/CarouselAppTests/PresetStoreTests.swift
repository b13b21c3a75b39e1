import CarouselSupport
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
        var p = Parameters(specs: StyleRegistry.schema(of: StitchStyle.definition))
        try p.set("stitchCurve", .text("spring(0.3,0.7)"))
        let preset = try store.save(p, style: "stitch", name: "bouncy")
        #expect(store.presets(for: "stitch") == [preset])
        var fresh = Parameters(specs: p.specs)
        let json = try JSONParser.parse(try #require(FileManager.default.contents(atPath: preset.path)))
        #expect(fresh.apply(json: json, file: preset.path).isEmpty)
        #expect(fresh.values == p.values)
    }

    // MARK: Deleting and renaming

    /// A store over a fresh temporary folder holding the user presets `names` for expand (each saved by `save`).
    @MainActor
    private func store(with names: [String]) throws -> (PresetStore, root: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("presets-\(UUID().uuidString)").path
        let store = PresetStore(shippedRoot: ResourceLocator.resourcesFolder().map { $0 + "/presets" }, userRoot: root)
        var p = Parameters(specs: StyleRegistry.schema(of: ExpandStyle.definition))
        for (i, name) in names.enumerated() {
            try p.set("itemWidth", .number(100 + Double(i)))
            try store.save(p, style: "expand", name: name)
        }
        return (store, root)
    }

    private func user(_ store: PresetStore) -> [String] { store.presets(for: "expand").filter { !$0.isShipped }.map(\.name) }

    private func userPreset(_ store: PresetStore, _ name: String) throws -> Preset {
        try #require(store.presets(for: "expand").first { !$0.isShipped && $0.name == name })
    }

    private func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("Deleting a user preset removes its file and only that file")
    @MainActor func delete() throws {
        let (store, root) = try store(with: ["a", "b", "c"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let shipped = store.presets(for: "expand").filter(\.isShipped)
        try store.delete(try userPreset(store, "b"))
        #expect(user(store) == ["a", "c"])
        #expect(!FileManager.default.fileExists(atPath: root + "/expand/b.json"))
        #expect(store.presets(for: "expand").filter(\.isShipped) == shipped)
    }

    @Test("Shipped presets cannot be deleted or renamed; their files stay")
    @MainActor func shippedAreReadOnly() throws {
        let (store, root) = try store(with: [])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let glide = try #require(store.presets(for: "expand").first { $0.isShipped })
        #expect(throws: PresetError("Preset \(glide.name) ships with the app and cannot be deleted", kind: .shipped)) {
            try store.delete(glide)
        }
        #expect(throws: PresetError("Preset \(glide.name) ships with the app and cannot be renamed", kind: .shipped)) {
            try store.rename(glide, to: "mine")
        }
        #expect(FileManager.default.fileExists(atPath: glide.path))
        #expect(store.presets(for: "expand").first == glide)
        #expect(!FileManager.default.fileExists(atPath: root + "/expand/mine.json"))
    }

    @Test("A preset file that cannot be removed (already gone, its folder replaced by a file) is a one-line error naming it")
    @MainActor func deleteFailures() throws {
        let (store, root) = try store(with: ["a", "b"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let a = try userPreset(store, "a"), b = try userPreset(store, "b")
        try FileManager.default.removeItem(atPath: a.path)
        #expect(throws: PresetError("\(a.path): cannot delete the preset (No such file or directory)")) { try store.delete(a) }
        // A folder where the file was is refused, never removed with what it holds.
        try FileManager.default.createDirectory(atPath: a.path + "/inside", withIntermediateDirectories: true)
        #expect(throws: PresetError.self) { try store.delete(a) }
        #expect(FileManager.default.fileExists(atPath: a.path + "/inside"))
        // The style's folder replaced by a file: nothing can be removed in it.
        try FileManager.default.removeItem(atPath: root + "/expand")
        #expect(FileManager.default.createFile(atPath: root + "/expand", contents: Data("not a folder".utf8)))
        #expect(throws: PresetError("\(b.path): cannot delete the preset (Not a directory)")) { try store.delete(b) }
        #expect(contents(root + "/expand") == "not a folder")
    }

    @Test("Renaming moves the file and rewrites the name inside; the values and the other members stay as they were")
    @MainActor func rename() throws {
        let (store, root) = try store(with: ["a", "b"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let a = try userPreset(store, "a")
        let before = try JSONParser.parse(try #require(FileManager.default.contents(atPath: a.path)))
        let renamed = try store.rename(a, to: "my look 2")
        #expect(renamed == (try userPreset(store, "my look 2")))
        #expect(renamed.path == root + "/expand/my look 2.json")
        #expect(user(store) == ["b", "my look 2"])
        #expect(!FileManager.default.fileExists(atPath: a.path))
        let after = try JSONParser.parse(try #require(FileManager.default.contents(atPath: renamed.path)))
        #expect(after["name"] == "my look 2")
        #expect(after["style"] == before["style"])
        #expect(after["parameters"] == before["parameters"])
        #expect(after["parameters"]?["itemWidth"] == .number(100))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/expand").sorted() == ["b.json", "my look 2.json"],
                "no temporary file left")
        // Its own name is no change at all.
        #expect(try store.rename(renamed, to: "my look 2") == renamed)
        #expect(user(store) == ["b", "my look 2"])
    }

    @Test("A preset file without a name member, or not valid JSON, is renamed byte for byte")
    @MainActor func renameKeepsBytes() throws {
        let (store, root) = try store(with: [])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/expand", withIntermediateDirectories: true)
        let plain = "{\n  \"itemWidth\": 200\n}\n", broken = "{\n  \"itemWidth\": \n"
        #expect(FileManager.default.createFile(atPath: root + "/expand/plain.json", contents: Data(plain.utf8)))
        #expect(FileManager.default.createFile(atPath: root + "/expand/broken.json", contents: Data(broken.utf8)))
        try store.rename(try userPreset(store, "plain"), to: "plain2")
        try store.rename(try userPreset(store, "broken"), to: "broken2")
        #expect(contents(root + "/expand/plain2.json") == plain)
        #expect(contents(root + "/expand/broken2.json") == broken)
        #expect(user(store) == ["broken2", "plain2"])
    }

    @Test("Renaming onto another preset's name or a bad name is refused, and both presets stay as they were")
    @MainActor func renameRefusals() throws {
        let (store, root) = try store(with: ["a", "b"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let a = try userPreset(store, "a"), b = try userPreset(store, "b")
        let (aBytes, bBytes) = (contents(a.path), contents(b.path))
        #expect(throws: PresetError("\(b.path): a preset of that name already exists", kind: .nameTaken)) {
            try store.rename(a, to: "b")
        }
        for bad in ["", ".a", "x/y", String(repeating: "n", count: 65)] {
            do {
                try store.rename(a, to: bad)
                Issue.record("\"\(bad)\" was accepted")
            } catch { #expect(error.kind == .invalidName, "\(bad)") }
        }
        #expect(contents(a.path) == aBytes && contents(b.path) == bBytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/expand").sorted() == ["a.json", "b.json"])
    }

    @Test("A rename that cannot read or place the file (file gone, folder replaced) loses nothing and leaves nothing")
    @MainActor func renameFailures() throws {
        let (store, root) = try store(with: ["a", "b"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let a = try userPreset(store, "a"), b = try userPreset(store, "b")
        let folder = root + "/expand"
        // Already gone: nothing to rename, nothing created.
        try FileManager.default.removeItem(atPath: b.path)
        #expect(throws: PresetError("\(b.path): cannot read the preset")) { try store.rename(b, to: "d") }
        #expect(!FileManager.default.fileExists(atPath: folder + "/d.json"))
        // The style's folder replaced by a file.
        try FileManager.default.removeItem(atPath: folder)
        #expect(FileManager.default.createFile(atPath: folder, contents: Data("not a folder".utf8)))
        #expect(throws: PresetError("\(a.path): cannot read the preset")) { try store.rename(a, to: "e") }
        #expect(contents(folder) == "not a folder")
    }
}
