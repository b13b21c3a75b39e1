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

    @Test("Under a free name: eight writers saving 25 pairs each into one series at once keep all 200, each sidecar with its PNG")
    func freeNamesUnderContention() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        @Sendable func names(_ n: Int) -> (png: String, json: String) {
            let stem = dir + "/shot" + (n > 1 ? "-\(n)" : "")
            return (stem + ".png", stem + ".json")
        }
        DispatchQueue.concurrentPerform(iterations: 8) { writer in
            for k in 0..<25 {
                let mark = "writer \(writer) shot \(k)"
                _ = try? AtomicFile.writeAllUnderFreeName { n in
                    let f = names(n)
                    return [(f.json, Data("{\"screenshot\": \"\((f.png as NSString).lastPathComponent)\", \"mark\": \"\(mark)\"}".utf8)),
                            (f.png, Data(mark.utf8))]
                }
            }
        }
        let files = listing(dir)
        #expect(files.count == 400, "\(files.count) files")
        #expect(!files.contains(where: AtomicFile.isTemporary))
        var marks = Set<String>()
        for n in 1...200 {
            let f = names(n)
            let png = try String(contentsOfFile: f.png, encoding: .utf8)
            let json = try String(contentsOfFile: f.json, encoding: .utf8)
            #expect(json == "{\"screenshot\": \"\((f.png as NSString).lastPathComponent)\", \"mark\": \"\(png)\"}", "the pair stays together")
            marks.insert(png)
        }
        #expect(marks.count == 200, "no save lost or replaced")
    }

    @Test("Under a free name: a name taken by anything (a file, a folder) is passed over and nothing is replaced")
    func freeNamePassesOverTaken() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AtomicFile.write("theirs", to: dir + "/a.txt")
        try FileManager.default.createDirectory(atPath: dir + "/a-2.txt", withIntermediateDirectories: false)
        let n = try AtomicFile.writeAllUnderFreeName { n in [(dir + "/a" + (n > 1 ? "-\(n)" : "") + ".txt", Data("ours".utf8))] }
        #expect(n == 3)
        #expect(try String(contentsOfFile: dir + "/a.txt", encoding: .utf8) == "theirs")
        #expect(try String(contentsOfFile: dir + "/a-3.txt", encoding: .utf8) == "ours")
        #expect(listing(dir) == ["a-2.txt", "a-3.txt", "a.txt"])
    }
}
