import CarouselSupport
import Foundation
import Testing

@Suite("Atomic files")
struct AtomicFileTests {
    private func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "atomic-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    private func listing(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

    @Test("A write replaces the file whole and leaves no temporary file")
    func replaces() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AtomicFile.write("old", to: dir + "/a.txt")
        try AtomicFile.write("new", to: dir + "/a.txt")
        #expect(try String(contentsOfFile: dir + "/a.txt", encoding: .utf8) == "new")
        #expect(listing(dir) == ["a.txt"])
    }

    @Test("Without replacing, an existing file is kept and the error says it exists")
    func refusesToReplace() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AtomicFile.write("mine", to: dir + "/a.txt")
        #expect(throws: AtomicFileError(path: dir + "/a.txt", reason: "already exists", kind: .exists)) {
            try AtomicFile.write("theirs", to: dir + "/a.txt", replacing: false)
        }
        #expect(try String(contentsOfFile: dir + "/a.txt", encoding: .utf8) == "mine")
        #expect(listing(dir) == ["a.txt"])
    }

    @Test("A folder in the target's place is refused, never replaced")
    func refusesFolders() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/a.txt", withIntermediateDirectories: false)
        #expect(throws: AtomicFileError(path: dir + "/a.txt", reason: "is a folder; not replaced")) {
            try AtomicFile.write("x", to: dir + "/a.txt")
        }
        #expect(listing(dir) == ["a.txt"])
    }

    @Test("Several files are written as one: when the second cannot be written, the first is not left behind")
    func allOrNothing() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        do {
            try AtomicFile.writeAll([(dir + "/clip.json", Data("{}".utf8)), (dir + "/missing/clip.mp4", Data([1, 2, 3]))])
            Issue.record("wrote into a missing folder")
        } catch {
            #expect(error.path == dir + "/missing/clip.mp4")
            #expect(error.reason.hasPrefix("cannot create a file in \(dir)/missing"))
        }
        #expect(listing(dir) == [])
    }

    @Test("Temporary names are hidden, unique and recognisable")
    func temporaryNames() {
        let a = AtomicFile.temporaryPath(beside: "/x/clip.mp4"), b = AtomicFile.temporaryPath(beside: "/x/clip.mp4")
        #expect(a != b)
        #expect(a.hasPrefix("/x/.clip.mp4.") && AtomicFile.isTemporary((a as NSString).lastPathComponent))
        #expect(!AtomicFile.isTemporary("clip.mp4"))
    }
}
