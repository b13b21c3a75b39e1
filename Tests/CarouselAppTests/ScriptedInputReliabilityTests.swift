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

    @Test("Entries out of time order are played sorted, and said once: the first such entry and how many (issue 40)")
    func outOfOrder() throws {
        let sorted = try ScriptedInput.parse("0.1 move 1 1; 0.5 move 2 2; 0.2 move 3 3; # note\n0.3 key a; 0.9 key b", size: size)
        #expect(sorted.entries.map(\.time) == [0.1, 0.2, 0.3, 0.5, 0.9])
        #expect(sorted.entries.map(\.position) == [1, 3, 4, 2, 5], "entries keep their place in the script for messages")
        #expect(sorted.warnings == ["input entry 3 \"0.2 move 3 3\" comes before an earlier entry's time (0.5 s); entries are played in time order (2 entries are out of order)"])
        #expect(try ScriptedInput.parse("0.1 move 1 1; 0.1 key a; 0.2 key b", size: size).warnings.isEmpty, "equal times are in order")
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
        #expect(FileManager.default.createFile(atPath: latin1, contents: Data([0x30, 0x20, 0x6B, 0x65, 0x79, 0x20, 0xE9])))
        let bad = dir.appendingPathComponent("bad.txt").path
        try "# demo\n0.1 move 1 1\n0.2 wheel 1\n".write(toFile: bad, atomically: true, encoding: .utf8)
        #expect(loadError("@" + dir.appendingPathComponent("none.txt").path) == "\(dir.path)/none.txt: cannot read the input script: file not found")
        #expect(loadError("@" + dir.path) == "\(dir.path): cannot read the input script: is a folder, not a file")
        #expect(loadError("@" + latin1) == "\(latin1): the input script is not UTF-8 text")
        #expect(loadError("@" + bad) == "\(bad): input entry 2 \"0.2 wheel 1\": wheel needs 2 numbers")
    }
}
