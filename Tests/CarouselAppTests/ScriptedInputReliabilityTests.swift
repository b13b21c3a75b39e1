import CarouselApp
import CarouselCore
import Foundation
import Testing

@Suite("Scripted input files and limits")
struct ScriptedInputReliabilityTests {
    let size = Size(1280, 720)

    func loadError(_ argument: String) -> String? {
        do { _ = try ScriptedInput.load(argument, size: size); return nil } catch { return "\(error)" }
    }

    @Test("A script over 4 MB is refused as a whole, in one line")
    func tooLong() {
        let long = String(repeating: "0.1 move 1 1\n", count: (4 << 20) / 13 + 1)
        #expect(loadError(long) == "the script is longer than 4 MB")
    }

    @Test("@FILE: missing, a folder, not UTF-8, and a bad entry inside it name the file")
    func files() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("script-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let latin1 = dir.appendingPathComponent("latin1.txt").path
        FileManager.default.createFile(atPath: latin1, contents: Data([0x30, 0x20, 0x6B, 0x65, 0x79, 0x20, 0xE9]))
        let bad = dir.appendingPathComponent("bad.txt").path
        try "# demo\n0.1 move 1 1\n0.2 wheel 1\n".write(toFile: bad, atomically: true, encoding: .utf8)
        #expect(loadError("@" + dir.appendingPathComponent("none.txt").path) == "\(dir.path)/none.txt: cannot read the input script: file not found")
        #expect(loadError("@" + dir.path) == "\(dir.path): cannot read the input script: is a folder, not a file")
        #expect(loadError("@" + latin1) == "\(latin1): the input script is not UTF-8 text")
        #expect(loadError("@" + bad) == "\(bad): input entry 2 \"0.2 wheel 1\": wheel needs 2 numbers")
    }
}
