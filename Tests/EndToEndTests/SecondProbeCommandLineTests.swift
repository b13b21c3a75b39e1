import CarouselClips
import CarouselSupport
import CarouselTesting
import Foundation
import Testing

/// The command line fed what the second hostile probe fed it (issue 40): a `--params <(...)` read by commands that
/// need the file more than once, clip sizes no encoder takes, names of 100 KB, broken images in an export, signals
/// while an export writes, a display that does not answer, and scripts with bad `set`s and times out of order.
@Suite("Command line: second hostile probe", .serialized, .enabled(if: CLI.available, "needs a built carousel-lab (swift build)"))
struct SecondProbeCommandLineTests {
    /// Runs `command` in bash (for its process substitution), with the app as `$APP`; stderr is returned.
    func bash(_ command: String, in dir: URL, timeout: Double = 120) throws -> CLI.Result {
        try CLI.run([], environment: ["APP": CLI.executable], shell: "cd \(dir.path); " + command + "; exit $?", timeout: timeout)
    }

    @Test("--params <(...) is read once: capture, record (a GIF, whose sample pass runs the frames again) and check take it",
          arguments: ["capture", "record", "check"])
    func paramsFromProcessSubstitution(command: String) throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let params = #"<(printf '%s' '{"style": "loop", "cardWidth": 120}')"#
        let line: String
        switch command {
        case "capture": line = "\"$APP\" capture --params \(params) --size 320x180 --out c.png --layout c.json"
        case "record": line = "\"$APP\" record --params \(params) --size 160x90 --to 0.5 --fps 10 --out c.gif"
        default: line = "\"$APP\" check --params \(params) --out c.json > report.txt"
        }
        let r = try bash(line, in: dir)
        #expect(!r.stderr.contains("invalid JSON") && !r.stderr.contains("/dev/fd/"), "\(r.stderr)")
        switch command {
        case "capture":
            #expect(r.status == 0, "\(r.stderr)")
            let layout = try JSONParser.parse(try Data(contentsOf: dir.appendingPathComponent("c.json")))
            #expect(layout["style"] == .string("loop") && layout["parameters"]?["cardWidth"] == .number(120))
        case "record":
            #expect(r.status == 0, "\(r.stderr)")
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("c.gif").path))
        default:
            // check's exit status is its verdict; the report names the style the file gave.
            let report = try JSONParser.parse(try Data(contentsOf: dir.appendingPathComponent("c.json")))
            #expect(report["style"] == .string("loop"), "\(report.serialized())")
        }
    }

    @Test("record --size 16384x16384 is refused before a frame is drawn, naming the format's limit; nothing is written",
          arguments: [("mp4", "H.264's highest level (6.2)"), ("webm", "VP9's highest level (6.2)"), ("gif", "too large for FFmpeg")])
    func clipTooLarge(format: String, limit: String) throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("big.\(format)").path
        let r = try CLI.run(["record", "--size", "16384x16384", "--to", "0.1", "--out", out], shell: "ulimit -v 4000000")
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.lines.count == 1 && r.lines[0].hasPrefix("Error: \(out): 16384x16384 pixels is too large") && r.lines[0].contains(limit)
                    && r.lines[0].hasSuffix("; choose a smaller --size"), "\(r.stderr)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).isEmpty)
    }

    @Test("An image URL of 100 KB that cannot be fetched: one stderr line, cut in the middle, ending with the reason")
    func longURLMessage() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Port 1 on this machine refuses connections.
        let url = "http://127.0.0.1:1/" + String(repeating: "a", count: 100_000) + "/photo.jpg"
        let deck = dir.appendingPathComponent("deck.json").path
        try "{\"items\": [{\"image\": \"\(url)\", \"title\": \"far\"}]}".write(toFile: deck, atomically: true, encoding: .utf8)
        let r = try CLI.run(["capture", "--style", "paging", "--images", deck, "--size", "640x360", "--out", dir.appendingPathComponent("c.png").path])
        #expect(r.status == 0, "\(r.stderr.prefix(300))")
        let lines = r.lines.filter { $0.contains("127.0.0.1:1") }
        #expect(lines.count == 1, "\(lines.count) lines")
        let line = try #require(lines.first)
        #expect(line.count <= 700, "\(line.count) characters")
        #expect(line.hasPrefix("carousel-lab: http://127.0.0.1:1/aaa") && line.contains("…"))
        #expect(line.hasSuffix("/photo.jpg: cannot connect (connection refused)"), "\(line.suffix(120))")
    }

    @Test("export checks images as capture does: an empty file, a truncated JPEG and a 65500x65500 header are said and left out",
          arguments: ["html", "swiftui"])
    func exportChecksImages(format: String) throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let deck = dir.appendingPathComponent("deck")
        try FileManager.default.createDirectory(at: deck, withIntermediateDirectories: true)
        let good = try CLI.photos(2, into: deck)
        let empty = deck.appendingPathComponent("b-empty.jpg").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let truncated = deck.appendingPathComponent("c-truncated.jpg").path
        #expect(FileManager.default.createFile(atPath: truncated, contents: try Data(contentsOf: URL(fileURLWithPath: good[0])).prefix(4000)))
        let huge = deck.appendingPathComponent("d-huge.png").path
        #expect(FileManager.default.createFile(atPath: huge, contents: Data(CraftedPNG.header(width: 65500, height: 65500))))
        let out = dir.appendingPathComponent(format == "html" ? "p.html" : "P.swift").path
        let r = try CLI.run(["export", "--format", format, "--images", deck.path, "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Array(r.lines.dropLast()) == [
            "carousel-lab: \(empty): empty file (0 bytes); left out of the export",
            "carousel-lab: \(truncated): corrupt or truncated JPEG image (it ends before its end-of-image marker); left out of the export",
            "carousel-lab: \(huge): image too large (65500x65500, 4290.3 megapixels; the limit is 100); not decoded; left out of the export",
        ], "\(r.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        for name in ["b-empty", "c-truncated", "d-huge"] { #expect(!text.contains(name), "\(name) is not in the export") }
        for photo in good { #expect(text.contains(((photo as NSString).lastPathComponent as NSString).deletingPathExtension)) }
        if format == "html" {
            let copied = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("p-images").path).sorted()
            #expect(copied == good.map { ($0 as NSString).lastPathComponent }.sorted())
        }
        // Nothing readable: nothing written.
        for photo in good { try FileManager.default.removeItem(atPath: photo) }
        let none = try CLI.run(["export", "--format", format, "--images", deck.path, "--out", dir.appendingPathComponent("none.html").path])
        #expect(none.status == 1 && none.lines.last?.hasPrefix("Error: none of the deck's 3 images can be shown (\(empty): empty file (0 bytes)); nothing exported") == true, "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("none.html").path))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("none-images").path))
    }

    @Test("SIGTERM while export writes a page and its images: it ends saying so, and leaves no temporary file and no images folder")
    func exportInterrupted() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 300 photographs (hard links to the bundled ones): the page and its images take a while to write and fsync.
        let deck = dir.appendingPathComponent("deck")
        try FileManager.default.createDirectory(at: deck, withIntermediateDirectories: true)
        let photos = try CLI.photos(12, into: dir)
        for k in 0..<300 {
            try FileManager.default.linkItem(atPath: photos[k % photos.count], toPath: deck.appendingPathComponent(String(format: "p%03d.jpg", k)).path)
        }
        let out = dir.appendingPathComponent("k.html").path
        // A process group of its own with no signal blocked (a test runner's thread blocks them, and a child inherits
        // that), as a shell starts it.
        let p = try ChildProcess(program: CLI.executable, arguments: ["export", "--format", "html", "--images", deck.path, "--out", out],
                                 group: .own)
        // The moment a temporary file appears (the write has begun), the run is told to stop.
        let images = dir.appendingPathComponent("k-images")
        let deadline = Date().addingTimeInterval(60)
        func writing() -> Bool {
            !CLI.leftovers(in: dir).isEmpty || !CLI.leftovers(in: images).isEmpty
        }
        while p.isRunning && !writing() && Date() < deadline { usleep(1000) }
        #expect(writing(), "the export was caught writing")
        p.kill(SIGTERM)
        let exit = p.wait(timeout: 60)
        #expect(exit.status == 1, "\(exit)")
        #expect(exit.standardError.hasSuffix("Error: interrupted: nothing exported\n"), "\(exit.standardError)")
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { !$0.hasSuffix(".jpg") }.sorted()
        #expect(left == ["deck"], "no page, no temporary file, no images folder: \(left)")
    }

    @Test("DISPLAY=:31999 with no X server there: one line naming the display and what to check, none of SDL's own")
    func unreachableDisplay() throws {
        // No XDG_RUNTIME_DIR either: SDL, trying Wayland next, printed a line about it.
        let r = try CLI.run(["run", "--fresh"], environment: ["DISPLAY": ":31999", "XDG_RUNTIME_DIR": ""], timeout: 30)
        #expect(r.status == 1)
        #expect(r.lines == ["Error: cannot open the X display \":31999\" that DISPLAY names: check that an X server runs there (`xdpyinfo -display :31999`), that this user may use it (XAUTHORITY, `xhost`) and that DISPLAY is the one you meant; for headless use run `carousel-lab capture`"],
                "\(r.stderr)")
    }

    @Test("Scripts: a set that fails names its entry as other verbs do; 1e-320 is not \"0\"; times out of order are said once")
    func scriptWarnings() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["capture", "--size", "640x360", "--out", dir.appendingPathComponent("c.png").path, "--input",
                             "0.1 move 5 5; 0.2 set bogus 3; 0.3 set itemWidth 1e-320; 0.25 move 6 6; 0.1 move 7 7"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines == [
            "carousel-lab: --input: input entry 4 \"0.25 move 6 6\" comes before an earlier entry's time (0.3 s); entries are played in time order (2 entries are out of order)",
            "carousel-lab: input entry 2 \"0.2 set bogus 3\": set: unknown parameter \"bogus\"",
            "carousel-lab: input entry 3 \"0.3 set itemWidth 1e-320\": set: itemWidth: 1e-320 is out of range 40...600",
        ], "\(r.stderr)")
    }
}
