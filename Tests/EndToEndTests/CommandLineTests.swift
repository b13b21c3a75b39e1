import CarouselClips
import CarouselBench
import CarouselTesting
import CarouselSupport
import CarouselCore
import Foundation
import SDLBackend
import Testing

/// Runs the built `carousel-lab` as a user would, with bad arguments, bad files and a hostile environment, and
/// checks what it prints on stderr (the first line must say what is wrong, naming the argument or file), its exit
/// code, and that it leaves no partial files behind.
enum CLI {
    static var executable: String { AppWindow.executable }
    static var available: Bool { TestRequirement.met(FileManager.default.isExecutableFile(atPath: executable)) }
    /// Environment variables that would change what the app finds (a display, fonts, resources).
    static let cleared = ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "CAROUSEL_LAB_FONT_DIRS", "CAROUSEL_LAB_RESOURCES"]

    struct Result {
        var status: Int32
        var stderr: String
        /// Standard output (empty unless asked for with `stdout: true`).
        var stdout = ""
        var lines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
    }

    /// Runs the app with `arguments`, `environment` added to a cleared copy of ours, and an optional shell
    /// `prefix` (`ulimit -f 16`) or user (`setpriv` to nobody). Ends it after `timeout` seconds (`ChildProcess.wait`).
    static func run(_ arguments: [String], environment: [String: String] = [:], shell prefix: String? = nil,
                    asNobody: Bool = false, timeout: Double = 60, stdout: Bool = false) throws -> Result {
        var command = [executable] + arguments
        if asNobody { command = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + command }
        if let prefix { command = ["/bin/bash", "-c", prefix + "; exec \"$@\"", "bash"] + command }
        var env = ProcessInfo.processInfo.environment
        for k in cleared { env[k] = nil }
        // No remembered window from the user's or another test's runs (a folder nobody writes: the app makes it).
        env["XDG_STATE_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString)").path
        env.merge(environment) { $1 }
        // Standard output is read beside standard error (ChildProcess), so neither pipe fills up and blocks the app.
        let exit = try ChildProcess(program: command[0], arguments: Array(command.dropFirst()), output: stdout ? .kept : .discarded,
                                    environment: env, group: .thisInterruptible).wait(timeout: timeout)
        return Result(status: exit.statusOrSignal, stderr: exit.standardError, stdout: exit.outputText)
    }

    /// A fresh folder anyone may read and write (so `setpriv` to nobody can use it), removed by the caller.
    static func folder() throws -> URL {
        let url = URL(fileURLWithPath: "/tmp").appendingPathComponent("cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        return url
    }

    /// Copies `count` bundled photographs into `dir` and returns their paths.
    static func photos(_ count: Int, into dir: URL) throws -> [String] {
        let images = Golden.packageRoot.appendingPathComponent("Resources/images")
        let names = try FileManager.default.contentsOfDirectory(atPath: images.path).filter { $0.hasSuffix(".jpg") }.sorted().prefix(count)
        return try names.map { name in
            let to = dir.appendingPathComponent(name).path
            try FileManager.default.copyItem(atPath: images.appendingPathComponent(name).path, toPath: to)
            return to
        }
    }

    /// Files in `dir` whose names look like leftovers of an interrupted write.
    static func leftovers(in dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasSuffix(".tmp") }
    }
}

@Suite("Command line: bad arguments, bad files, hostile environment", .serialized,
       .enabled(if: CLI.available, "needs a built carousel-lab (swift build)"))
struct CommandLineTests {
    static let styles = "(styles: expand, stitch, loop, circular, paging)"

    @Test("Bad arguments: one line naming the argument and the problem, exit code 64, no file written", arguments: [
        (["run", "--style", "nope"], "Error: --style: unknown style \"nope\" \(styles)"),
        (["run", "--size", "0x10"], "Error: --size 0x10: each side must be 1...16384"),
        (["run", "--size", "-5x10"], "Error: --size -5x10: each side must be 1...16384"),
        (["run", "--size", "99999x99999"], "Error: --size 99999x99999: each side must be 1...16384"),
        (["run", "--size", "big"], "Error: --size must be WxH, like 1280x720, got \"big\""),
        (["run", "--auto-advance", "-3"], "Error: --auto-advance must be 0 (off) or between 0.5 and 60 seconds, got -3"),
        (["capture", "--at", "-1"], "Error: --at must be between 0 and 3600 seconds, got -1"),
        (["capture", "--at", "nan"], "Error: --at must be between 0 and 3600 seconds, got nan"),
        (["capture", "--frames", "2:1:0.1"], "Error: --frames must be START:END:STEP seconds with START <= END and at most 10000 frames, got \"2:1:0.1\""),
    ])
    func badArguments(arguments: [String], expected: String) throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out.png").path
        let r = try CLI.run(arguments + (arguments[0] == "capture" ? ["--out", out] : []))
        #expect(r.lines == [expected])
        #expect(r.status == 64)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("An unknown flag: ArgumentParser's own first line says which, then its usage lines; exit code 64")
    func unknownFlag() throws {
        let r = try CLI.run(["run", "--bogus"])
        #expect(r.lines.first == "Error: Unknown option '--bogus'")
        #expect(r.status == 64)
    }

    @Test("A bad scripted-input entry names its position and text; nothing is written", arguments: [
        ("0.1 move 1 2; 0.2 jump 3", "Error: --input: input entry 2 \"0.2 jump 3\": unknown action \"jump\" (move, down, up, click, wheel, pinch, magnify, key, focus, resize, scrub, set, play)"),
        ("0.1 click 5000 5", "Error: --input: input entry 1 \"0.1 click 5000 5\": point (5000, 5) is outside the 320x180 window"),
        ("# comment\n-1 move 1 2", "Error: --input: input entry 1 \"-1 move 1 2\": time must not be negative"),
        ("0.5 key left\u{0B}hyper", "Error: --input: input entry 1 \"0.5 key left\\u{b}hyper\": \"left\\u{b}hyper\" is not a key (a-z, 0-9, f1-f24, backspace, comma, delete, down, end, equals, escape, home, insert, left, minus, pagedown, pageup, period, plus, question, return, right, slash, space, tab, up)"),
    ])
    func badScript(script: String, expected: String) throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out.png").path
        let r = try CLI.run(["capture", "--size", "320x180", "--out", out, "--input", script])
        #expect(r.lines == [expected])
        #expect(r.status == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("Unusable deck, parameter and script files: one line naming the file, checked before any window opens")
    func unusableFiles() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.json").path
        try "{\n  \"itemWidth\": 150,\n  \"spacing\" 20\n}".write(toFile: bad, atomically: true, encoding: .utf8)
        let loop = dir.appendingPathComponent("loop").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "loop")
        let cases: [([String], String)] = [
            (["--images", "/nonexistent"], "Error: /nonexistent: no such file or folder"),
            (["--images", loop], "Error: \(loop): symbolic link loop"),
            (["--images", dir.path], "Error: \(dir.path): no images in this folder (looked for bmp, gif, jpeg, jpg, png, qoi, tga, tif, tiff, webp)"),
            (["--params", bad], "Error: \(bad):3: invalid JSON: expected ':' after key \"spacing\""),
            (["--params", "/dev/zero"], "Error: /dev/zero: the parameter file is larger than 1 MB; not read"),
            (["--params", dir.path], "Error: \(dir.path): cannot read the parameter file: is a folder, not a file"),
            (["--input", "@" + loop], "Error: --input: \(loop): cannot read the input script: symbolic link loop"),
        ]
        for (arguments, expected) in cases {
            // With a display variable set, an input error must still come first: no window is tried before it.
            let r = try CLI.run(["run"] + arguments, environment: ["DISPLAY": ":31999"])
            #expect(r.lines == [expected])
            #expect(r.status == 1)
        }
    }

    @Test("Parameter-file problems are reported with their line and skipped; the rest applies and the capture is written")
    func parameterProblems() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let params = dir.appendingPathComponent("p.json").path
        try "{\n  \"spacing\": 30,\n  \"colour\": 1,\n  \"itemWidth\": 9000,\n  \"expandCurve\": true\n}".write(toFile: params, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out.png").path, layout = dir.appendingPathComponent("out.json").path
        _ = try CLI.photos(3, into: dir)
        let r = try CLI.run(["capture", "--images", dir.path, "--size", "320x180", "--params", params, "--out", out, "--layout", layout])
        #expect(r.status == 0)
        #expect(r.lines == [
            "carousel-lab: \(params):3: unknown parameter \"colour\" (ignored)",
            "carousel-lab: \(params):4: itemWidth: 9000 is out of range 40...600 (ignored)",
            "carousel-lab: \(params):5: expandCurve: expected a curve name, got true (ignored)",
        ])
        let json = try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: layout)))
        #expect(json["parameters"]?["spacing"] == .number(30))
        #expect(json["parameters"]?["itemWidth"] == .number(150))
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test("A folder with broken images: one stderr line each, the rest of the deck is captured with them as placeholders")
    func brokenImagesInADeck() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let photos = try CLI.photos(2, into: dir)
        let empty = dir.appendingPathComponent("b-empty.png").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let text = dir.appendingPathComponent("c-text.png").path
        try "not an image".write(toFile: text, atomically: true, encoding: .utf8)
        let huge = dir.appendingPathComponent("d-huge.png").path
        #expect(FileManager.default.createFile(atPath: huge, contents: Data(CraftedPNG.header(width: 30000, height: 30000))))
        let fifo = dir.appendingPathComponent("e-fifo.jpg").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let loop = dir.appendingPathComponent("f-loop.jpg").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "f-loop.jpg")
        let out = dir.appendingPathComponent("out.png").path, layout = dir.appendingPathComponent("out.json").path
        // Expand at 1400 points wide shows all seven items, so every image is loaded.
        let r = try CLI.run(["capture", "--images", dir.path, "--style", "expand", "--size", "1400x300", "--out", out, "--layout", layout], timeout: 120)
        #expect(r.status == 0)
        #expect(Set(r.lines) == [
            "carousel-lab: \(empty): empty file (0 bytes)",
            "carousel-lab: \(text): not an image or an unsupported format (Unsupported image format)",
            "carousel-lab: \(huge): image too large (30000x30000, 900 megapixels; the limit is 100); not decoded",
            "carousel-lab: \(fifo): is a FIFO (named pipe), not a regular file",
            "carousel-lab: \(loop): symbolic link loop",
        ])
        let items = try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: layout)))["items"]?.arrayValue ?? []
        let shown = Set(items.compactMap { $0["image"]?.stringValue })
        let good = Set(photos.map { ($0 as NSString).lastPathComponent })
        #expect(good.isSubset(of: shown))
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test("No display: one line that says so and points to capture; no noise from SDL's other video drivers")
    func noDisplay() throws {
        let r = try CLI.run(["run"])
        #expect(r.lines == ["Error: no display available (DISPLAY and WAYLAND_DISPLAY are not set); for headless use run `carousel-lab capture`"])
        #expect(r.status == 1)
    }

    @Test("Fonts missing: one warning, the capture is still written; another TrueType font is used when DejaVu Sans is missing")
    func fontFallback() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fonts = dir.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        let empty = dir.appendingPathComponent("no-fonts")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
        try #require(FileManager.default.fileExists(atPath: mono), "needs fonts-dejavu-core")
        try FileManager.default.copyItem(atPath: mono, toPath: fonts.appendingPathComponent("Other.ttf").path)
        // Expand with an item hovered: its title and details are text.
        let common = ["capture", "--size", "640x360", "--input", "0.1 move 270 180", "--at", "1"]
        let noFont = dir.appendingPathComponent("nofont.png").path, other = dir.appendingPathComponent("other.png").path,
            normal = dir.appendingPathComponent("normal.png").path
        let r1 = try CLI.run(common + ["--out", noFont], environment: ["CAROUSEL_LAB_FONT_DIRS": empty.path])
        #expect(r1.status == 0)
        #expect(r1.lines == ["carousel-lab: no TrueType font found in \(empty.path) (install fonts-dejavu-core); text will not be drawn"])
        let r2 = try CLI.run(common + ["--out", other], environment: ["CAROUSEL_LAB_FONT_DIRS": fonts.path])
        #expect(r2.status == 0 && r2.lines == [])
        let r3 = try CLI.run(common + ["--out", normal])
        #expect(r3.status == 0 && r3.lines == [])
        let a = try PixelImage.load(noFont), b = try PixelImage.load(other), c = try PixelImage.load(normal)
        #expect(a.difference(to: b).fractionOver > 0.001, "the fallback font draws text")
        #expect(b.difference(to: c).fractionOver > 0.0001, "in another face than DejaVu Sans")
    }

    @Test("Out of disk while saving (a file-size limit makes the write fail): one line, exit 1, no partial file")
    func outOfDisk() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out.png").path
        // 16 blocks of 1 KB: far less than the PNG needs. The app ignores SIGXFSZ, so the write fails with EFBIG
        // part-way, as it would with ENOSPC on a full disk.
        let r = try CLI.run(["capture", "--size", "640x360", "--out", out], shell: "ulimit -f 16")
        #expect(r.lines == ["Error: could not write PNG \(out): File too large"])
        #expect(r.status == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(CLI.leftovers(in: dir) == [])
        // The same with room to write succeeds, so the limit is what failed.
        let ok = try CLI.run(["capture", "--size", "640x360", "--out", out], shell: "ulimit -f 100000")
        #expect(ok.status == 0 && FileManager.default.fileExists(atPath: out))
    }

    @Test("Saving where it cannot: a missing folder, over a folder; one line each, nothing replaced; a device is written as a stream, never replaced")
    func unwritableTargets() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sub = dir.appendingPathComponent("sub.png")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let cases = [
            ("/nonexistent/out.png", "Error: could not write PNG /nonexistent/out.png: folder /nonexistent does not exist"),
            (sub.path, "Error: could not write PNG \(sub.path): is a folder; not replaced"),
        ]
        for (out, expected) in cases {
            let r = try CLI.run(["capture", "--size", "64x36", "--out", out])
            #expect(r.lines == [expected])
            #expect(r.status == 1)
        }
        // A character device is a stream (issue 34: `--out /dev/stdout`): written to, not replaced.
        let device = try CLI.run(["capture", "--size", "64x36", "--out", "/dev/null"])
        #expect(device.status == 0 && device.lines.isEmpty, "\(device.stderr)")
        #expect(CLI.leftovers(in: dir) == [])
        var st = stat()
        #expect(stat("/dev/null", &st) == 0 && (st.st_mode & S_IFMT) == S_IFCHR)
    }

    @Test("As an ordinary user: an unreadable image is reported and shown as a placeholder, an unwritable folder is one line",
          .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                   "needs root and setpriv to run the app as nobody (root itself reads and writes everything)"))
    func permissions() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let photos = try CLI.photos(3, into: dir)
        chmod(photos[1], 0)
        let locked = dir.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let out = dir.appendingPathComponent("out.png").path
        let r = try CLI.run(["capture", "--images", dir.path, "--size", "320x180", "--out", out], asNobody: true)
        #expect(r.lines == ["carousel-lab: \(photos[1]): permission denied"])
        #expect(r.status == 0 && FileManager.default.fileExists(atPath: out))
        let denied = locked.appendingPathComponent("out.png").path
        let w = try CLI.run(["capture", "--images", dir.path, "--size", "320x180", "--out", denied], asNobody: true)
        #expect(w.lines.last == "Error: could not write PNG \(denied): cannot create a file in \(locked.path): Permission denied")
        #expect(w.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked.path) == [])
    }
}

/// The commands themselves as a new user meets them: a mistyped command, each command's help, what a command says
/// when it succeeds.
@Suite("Command line: commands, help and summaries", .enabled(if: CLI.available, "needs a built carousel-lab (swift build)"))
struct CommandHelpTests {
    static let commands = ["run", "capture", "record", "export", "styles", "bench"]

    /// `carousel-lab COMMAND --help`, each option's help text joined into one line, by option ("--size").
    static func optionHelp(_ command: String) throws -> [String: String] {
        let r = try CLI.run([command, "--help"], stdout: true)
        #expect(r.status == 0)
        var options: [String: String] = [:]
        var current: String?
        for line in r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("  -") {
                let name = String(trimmed.split(separator: " ").first { $0.hasPrefix("--") } ?? Substring(trimmed))
                current = name
                options[name] = trimmed
            } else if let c = current, line.hasPrefix("      "), !trimmed.isEmpty {
                options[c, default: ""] += " " + trimmed
            } else {
                current = nil
            }
        }
        return options
    }

    @Test("A mistyped command: one line with the command it most likely meant, else the list; exit code 64", arguments: [
        ("captur", "Error: unknown command \"captur\" (did you mean capture?)"),
        ("recrod", "Error: unknown command \"recrod\" (did you mean record?)"),
        ("Export", "Error: unknown command \"Export\" (did you mean export?)"),
        ("sty", "Error: unknown command \"sty\" (did you mean styles?)"),
        ("photos", "Error: unknown command \"photos\" (commands: run, capture, record, export, check, styles, bench, help)"),
    ])
    func mistypedCommand(typed: String, expected: String) throws {
        let r = try CLI.run([typed, "--out", "/nonexistent/x.png"])
        #expect(r.lines == [expected])
        #expect(r.status == 64)
    }

    @Test("Each command's help speaks of that command only: no other command, no window in the headless ones", arguments: [
        ("run", ["capture", "record", "export", "bench"]),
        ("capture", ["window", "record", "export", "bench", "run"]),
        ("record", ["window", "capture", "export", "bench", "run"]),
        ("export", ["window", "capture", "record", "bench", "run"]),
    ])
    func helpSpeaksOfItsCommand(command: String, others: [String]) throws {
        for (option, text) in try Self.optionHelp(command) {
            let words = Set(text.lowercased().split { !$0.isLetter }.map(String.init))
            for other in others {
                #expect(!words.contains(other), "\(command) \(option): \"\(text)\" speaks of \(other)")
            }
        }
    }

    @Test("No option's help gives its default twice", arguments: commands)
    func defaultsOnce(command: String) throws {
        let options = try Self.optionHelp(command)
        #expect(!options.isEmpty)
        for (option, text) in options {
            let count = text.lowercased().components(separatedBy: "default").count - 1
            #expect(count <= 1, "\(command) \(option): \"\(text)\"")
        }
    }

    @Test("bench --help lists every part --only takes")
    func benchListsEveryPart() throws {
        let only = try #require(try Self.optionHelp("bench")["--only"])
        for part in BenchPart.allCases {
            #expect(only.contains(part.rawValue), "--only: \"\(only)\" omits \(part.rawValue)")
        }
    }

    @Test("export says in one line what it wrote: the file, the kind, the style, the size, and the page's image folder")
    func exportSummary() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let swift = dir.appendingPathComponent("Expand.swift").path
        let s = try CLI.run(["export", "--format", "swiftui", "--out", swift])
        #expect(s.status == 0)
        #expect(s.lines.count == 1 && s.lines.first?.hasPrefix("carousel-lab: \(swift): SwiftUI view of expand, ") == true
                && s.lines.first?.hasSuffix(" KB") == true, "\(s.lines)")
        let page = dir.appendingPathComponent("paging.html").path
        let h = try CLI.run(["export", "--format", "html", "--style", "paging", "--out", page])
        #expect(h.status == 0)
        #expect(h.lines.count == 1 && h.lines.first?.hasPrefix("carousel-lab: \(page): web page of paging, ") == true
                && h.lines.first?.hasSuffix(", its images in \(dir.path)/paging-images/") == true, "\(h.lines)")
        let embedded = try CLI.run(["export", "--format", "html", "--embed-images", "--out", page])
        #expect(embedded.lines.count == 1 && embedded.lines.first?.hasPrefix("carousel-lab: \(page): web page of expand, images embedded, ") == true,
                "\(embedded.lines)")
        // To standard output: the page is the output; nothing is said beside it.
        let piped = try CLI.run(["export", "--format", "swiftui", "--out", "-"], stdout: true)
        #expect(piped.status == 0 && piped.lines.isEmpty && piped.stdout.contains("struct ExpandCarousel"))
    }

    @Test("styles: a cell too long for its column ends with an ellipsis, never cut silently")
    func stylesColumns() throws {
        let listing = try CLI.run(["styles"], stdout: true)
        let json = try CLI.run(["styles", "--json"], stdout: true)
        #expect(listing.status == 0 && json.status == 0)
        let lines = listing.stdout.split(separator: "\n").map(String.init)
        var checked = 0
        for style in try JSONParser.parse(Data(json.stdout.utf8)).arrayValue ?? [] {
            for p in style["parameters"]?.arrayValue ?? [] {
                guard p["type"] == .string("choice"), let key = p["key"]?.stringValue, let options = p["options"]?.arrayValue else { continue }
                let range = options.compactMap(\.stringValue).joined(separator: "|")
                let line = try #require(lines.first { $0.hasPrefix("  \(key) ") }, "no line for \(key)")
                if line.contains(" \(range) ") { continue }
                // Cut: a prefix of the choices and an ellipsis.
                let cell = try #require(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(2).first.map(String.init))
                #expect(cell.hasSuffix("…") && range.hasPrefix(String(cell.dropLast())), "\(key): \"\(line)\"")
                checked += 1
            }
        }
        #expect(checked > 0, "no choice is long enough to be cut: the test checks nothing")
    }
}

/// A PNG header claiming a size, followed by garbage (decoding it would fail as corrupt).
enum CraftedPNG {
    static func header(width: UInt32, height: UInt32) -> [UInt8] {
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + be32(width) + be32(height)
            + [8, 6, 0, 0, 0, 0xde, 0xad, 0xbe, 0xef] + (0..<100).map { UInt8($0) }
    }
}
