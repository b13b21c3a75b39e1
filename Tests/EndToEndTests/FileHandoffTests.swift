import CarouselClips
@testable import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselSupport
import CarouselTesting
import Foundation
import Testing

/// The last file saved, handed on: to the X clipboard as an image or a file (read back from the clipboard with
/// xclip, as another program would paste it), and to the file manager.
@Suite("Copy and show saved files", .serialized, .sharedDisplay)
@MainActor
struct FileHandoffTests {
    nonisolated static var available: Bool {
        TestRequirement.met(ProcessInfo.processInfo.environment["DISPLAY"] != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/xclip"))
    }

    /// What the clipboard offers as `type` ("TARGETS": the types it has), read as another program pastes it.
    static func clipboard(_ type: String) throws -> Data {
        try ChildProcess("/usr/bin/xclip", ["-selection", "clipboard", "-t", type, "-o"], output: .kept, errors: .discarded).wait().standardOutput
    }

    func preview(saved path: String) throws -> Preview {
        let (deck, _) = try Deck.load(path: Golden.packageRoot.appendingPathComponent("Resources/deck.json").path)
        let p = try Preview(deck: deck, images: deck.fakeImageStore(), size: Size(640, 360), style: "expand")
        p.apply(.capture(.saved(path)))
        return p
    }

    @Test("Ctrl+Shift+C puts a PNG on the clipboard as image data, and a clip as a file", .enabled(if: available))
    func copies() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("shot.png").path
        let bytes = try Data(contentsOf: Golden.folder.appendingPathComponent("compare-2.png"))
        try bytes.write(to: URL(fileURLWithPath: png))
        let p = try preview(saved: png)
        let sim = InputSimulator(driver: p, size: Size(640, 360))
        sim.key("c", [.ctrl, .shift])
        #expect(p.waitForBackgroundWork(timeout: 10))
        #expect(p.currentMessage == "Copied shot.png to the clipboard (as an image)")
        #expect(String(decoding: try Self.clipboard("TARGETS"), as: UTF8.self).contains("image/png"))
        #expect(try Self.clipboard("image/png") == bytes, "the clipboard holds the PNG's bytes")
        let mp4 = dir.appendingPathComponent("clip.mp4").path
        #expect(FileManager.default.createFile(atPath: mp4, contents: Data("not really".utf8)))
        p.apply(.capture(.saved(mp4)))
        sim.key("c", [.ctrl, .shift])
        #expect(p.waitForBackgroundWork(timeout: 10))
        #expect(String(decoding: try Self.clipboard("text/uri-list"), as: UTF8.self) == URL(fileURLWithPath: mp4).absoluteString + "\r\n")
    }

    @Test("Ctrl+Shift+O asks the file manager to show the file; with nothing saved, it says so")
    func reveals() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A stand-in dbus-send that writes down what it was asked.
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = dir.appendingPathComponent("asked.txt").path
        let fake = bin.appendingPathComponent("dbus-send").path
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(log)'\n".write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let (deck, _) = try Deck.load(path: Golden.packageRoot.appendingPathComponent("Resources/deck.json").path)
        let p = try Preview(deck: deck, images: deck.fakeImageStore(), size: Size(640, 360), style: "expand")
        p.handoff.searchPath = bin.path
        let sim = InputSimulator(driver: p, size: Size(640, 360))
        sim.key("o", [.ctrl, .shift])
        #expect(p.currentMessage?.hasPrefix("Nothing to show yet") == true)
        let png = dir.appendingPathComponent("shot one.png").path
        #expect(FileManager.default.createFile(atPath: png, contents: Data()))
        p.apply(.capture(.saved(png)))
        sim.key("o", [.ctrl, .shift])
        #expect(p.waitForBackgroundWork(timeout: 10))
        let asked = try String(contentsOfFile: log, encoding: .utf8)
        #expect(asked.contains("org.freedesktop.FileManager1.ShowItems") && asked.contains("array:string:file://\(dir.path)/shot%20one.png"), "\(asked)")
        #expect(p.currentMessage == "Showing shot one.png in the file manager")
    }
}
