import CarouselSupport
import Foundation
import Testing

/// Reading files that are not what they seem (issue 34): a FIFO never blocks the window's reads, the system's own
/// reasons replace Foundation's error codes, and a name that is not UTF-8 is said to be one.
@Suite("Safe file reading")
struct SafeFileReaderTests {
    private func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "safe-read-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test("With .refuse a FIFO with no writer is refused at once, by name; with .read it is read once a writer writes")
    func fifo() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/p.json"
        #expect(mkfifo(fifo, 0o644) == 0)
        let started = Date()
        #expect(throws: FileInputError("\(fifo): cannot read the parameter file: is a FIFO (named pipe), not a regular file")) {
            try FileInput.read(fifo, limit: 1 << 20, what: "parameter file", streams: .refuse)
        }
        #expect(Date().timeIntervalSince(started) < 0.5, "refused without waiting for a writer")
        // The command line's `<(...)`: a writer comes, the bytes are read.
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            _ = "{}".withCString { write(fd, $0, 2) }
            close(fd)
        }
        writer.start()
        #expect(try FileInput.read(fifo, limit: 1 << 20, what: "parameter file", streams: .read) == Data("{}".utf8))
    }

    @Test("Devices are refused with .refuse; /dev/zero read with .read stops at the limit")
    func devices() throws {
        #expect(throws: FileInputError("/dev/zero: cannot read the deck file: is a device, not a regular file")) {
            try FileInput.read("/dev/zero", limit: 1024, what: "deck file", streams: .refuse)
        }
        #expect(throws: FileInputError("/dev/zero: the deck file is larger than 1 KB; not read")) {
            try FileInput.read("/dev/zero", limit: 1024, what: "deck file", streams: .read)
        }
    }

    @Test("A file that fails while read gives the system's reason (/proc/self/mem: Input/output error), not NSCocoaErrorDomain 256")
    func systemReason() throws {
        #expect(throws: FileInputError("/proc/self/mem: cannot read the deck file: Input/output error")) {
            try FileInput.read("/proc/self/mem", limit: 1024, what: "deck file")
        }
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(FileManager.default.createFile(atPath: dir + "/file", contents: Data()))
        do {
            try FileManager.default.createDirectory(atPath: dir + "/file/sub", withIntermediateDirectories: true)
            Issue.record("a folder inside a file")
        } catch {
            #expect(SystemError.reason(error) == "Not a directory")
        }
        #expect(SystemError.reason(CocoaError(.fileReadUnknown)) == "read error")
    }

    @Test("A name whose bytes are not UTF-8 is said to be one, not just \"file not found\"")
    func invalidUTF8Name() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Made with the raw bytes; Swift sees the name with U+FFFD in their place.
        let raw = Array(dir.utf8) + Array("/\u{2F}".utf8).dropFirst() + [0xFF, 0xFE] + Array(".jpg".utf8)
        let fd = open(raw.map { CChar(bitPattern: $0) } + [0], O_CREAT | O_WRONLY, 0o644)
        #expect(fd >= 0)
        close(fd)
        let seen = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(seen.count == 1)
        #expect(FileInput.problem(at: dir + "/" + seen[0], regularOnly: true)
                == "file not found (its name is not valid UTF-8, which cannot be opened here: rename it)")
        #expect(FileInput.problem(at: dir + "/missing.jpg", regularOnly: true) == "file not found")
    }
}
