import CarouselClips
import CarouselBench
import CarouselCore
import CarouselSupport
import CarouselTesting
import Foundation
import Testing

/// The command line fed what a hostile or careless user feeds it (issue 34): sidecars with values their flags
/// refuse, outputs through links and onto standard output, clips interrupted or killed, unclear messages.
@Suite("Command line: hostile and careless input", .serialized, .enabled(if: CLI.available, "needs a built carousel-lab (swift build)"))
struct HostileCommandLineTests {
    /// Starts the app with `arguments` in a cleared environment; stdout and stderr go to files in `dir`.
    func start(_ arguments: [String], in dir: URL) throws -> (ChildProcess, stdout: String, stderr: String) {
        var env: [String: String?] = Dictionary(uniqueKeysWithValues: CLI.cleared.map { ($0, nil) })
        env["XDG_STATE_HOME"] = dir.appendingPathComponent("state").path
        let out = dir.appendingPathComponent("stdout").path, err = dir.appendingPathComponent("stderr").path
        let p = try ChildProcess(CLI.executable, arguments, output: .file(out), errors: .file(err), environment: env, directory: dir.path)
        return (p, out, err)
    }

    func text(_ path: String) -> String { String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }

    func listing(_ dir: URL) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() }

    @Test("A sidecar's time, from, to and fps get their flags' checks and words: one line naming the file, at once",
          arguments: [
            (#"{"time": 1e308}"#, #"s.json:1: "time" must be between 0 and 3600 seconds, got 1e+308"#, "capture"),
            (#"{"time": -5}"#, #"s.json:1: "time" must be between 0 and 3600 seconds, got -5"#, "capture"),
            (#"{"size": [1e9, 700]}"#, #"s.json:1: "size" 1000000000x700: each side must be 1...16384"#, "capture"),
            (#"{"to": 1e9}"#, #"s.json:1: "to" must be between 0 and 3600 seconds, got 1000000000"#, "record"),
            (#"{"fps": 1e308}"#, #"s.json:1: "fps" must be 1...120, got 1e+308"#, "record"),
            (#"{"from": 5, "to": 2}"#, #"s.json: "to" (2 s) must be after "from" (5 s)"#, "record"),
            (#"{"time": "soon"}"#, #"s.json:1: "time" should be a number of seconds, got a string"#, "capture"),
          ])
    func sidecarValues(sidecar: String, message: String, command: String) throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.json").path
        try sidecar.write(toFile: path, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent(command == "capture" ? "c.png" : "c.mp4").path
        // Refused before rendering, in this line: a run that took the values would fail in other words, or render
        // until CLI.run's deadline stops it.
        let r = try CLI.run([command, "--params", path, "--out", out], timeout: 60)
        #expect(r.status == 1 && r.lines == ["Error: \(dir.path)/\(message)"], "\(r.stderr)")
        #expect(listing(dir) == ["s.json"], "nothing written, no temporary file")
    }

    @Test("The flags say the same: --at 1e308, --fps 0, --scale nan (not \"null\")")
    func flagWords() throws {
        #expect(try CLI.run(["capture", "--at", "1e308", "--out", "/tmp/x.png"]).lines == ["Error: --at must be between 0 and 3600 seconds, got 1e+308"])
        #expect(try CLI.run(["record", "--fps", "0", "--out", "/tmp/x.mp4"]).lines == ["Error: --fps must be 1...120, got 0"])
        #expect(try CLI.run(["capture", "--scale", "nan", "--out", "/tmp/x.png"]).lines == ["Error: --scale must be between 0.5 and 4, got nan"])
    }

    @Test("Scripted input: an unknown key is an error naming the keys; a number out of range says so, not \"needs 2 numbers\"")
    func scriptWords() throws {
        let key = try CLI.run(["capture", "--input", "0.1 key nope", "--out", "/tmp/x.png"])
        #expect(key.status == 1 && key.lines.count == 1 && key.lines[0].hasPrefix(#"Error: --input: input entry 1 "0.1 key nope": "nope" is not a key (a-z, 0-9, f1-f24, backspace,"#),
                "\(key.stderr)")
        let far = try CLI.run(["capture", "--input", "0.1 move 1e7 5", "--out", "/tmp/x.png"])
        #expect(far.lines == [#"Error: --input: input entry 1 "0.1 move 1e7 5": move: 10000000 is out of range (numbers must be within ±999999)"#])
    }

    @Test("record --out an existing folder is refused before a frame is rendered")
    func outputIsAFolder() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("clip.mp4")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        // Before a frame: an hour of clip rendered first would be stopped at CLI.run's 60 s deadline, with another status.
        let r = try CLI.run(["record", "--to", "3600", "--out", target.path])
        #expect(r.status == 64 && r.lines == ["Error: --out \(target.path): is a folder; not replaced"], "\(r.stderr)")
    }

    @Test("Ctrl+C at the start of a one-hour GIF ends it within seconds, leaving nothing")
    func interruptLongGIF() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (p, _, err) = try start(["record", "--to", "3600", "--out", dir.appendingPathComponent("long.gif").path], in: dir)
        // At its start: its encoder (FFmpeg, its child) is at work.
        #expect(Waiting.until(timeout: 60) { ProcessTable.runs("ffmpeg", childOf: p.pid) || !p.isRunning },
                "the record started its encoder within 60 s")
        p.kill(SIGINT)
        // An hour of GIF if Ctrl+C were not heard: a run still going 20 s later fails, and is killed.
        let ended = Waiting.until(timeout: 20, poll: 0.05) { !p.isRunning }
        if !ended { p.kill(SIGKILL) }
        #expect(ended, "the record still ran 20 s after Ctrl+C")
        #expect(p.wait().status == 1 && text(err).hasSuffix("Error: interrupted: no clip written\n"), "\(text(err))")
        #expect(listing(dir) == ["stderr", "stdout"], "no clip, no temporary file")
    }

    @Test("kill -9 of a record leaves its temporary files; the next write into that folder removes them")
    func killedRecordLeftovers() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clips = dir.appendingPathComponent("clips")
        try FileManager.default.createDirectory(at: clips, withIntermediateDirectories: true)
        let (p, _, _) = try start(["record", "--to", "60", "--out", clips.appendingPathComponent("a.gif").path], in: dir)
        let deadline = Date().addingTimeInterval(20)
        while CLI.leftovers(in: clips).count < 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        p.kill(SIGKILL)
        p.wait()
        #expect(CLI.leftovers(in: clips).count >= 2, "the killed run left its GIF and palette temporaries: \(listing(clips))")
        let r = try CLI.run(["capture", "--out", clips.appendingPathComponent("b.png").path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(listing(clips) == ["b.png"], "the abandoned temporary files are gone")
    }

    @Test("--out through a symbolic link writes its target and keeps the link; /dev/stdout and - are streams")
    func outputsThroughLinksAndStreams() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("real").path
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.png").path, withDestinationPath: "real/shot.png")
        let r = try CLI.run(["capture", "--out", dir.appendingPathComponent("link.png").path, "--layout", dir.appendingPathComponent("link.png").path + ".json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: dir.appendingPathComponent("link.png").path)) == "real/shot.png", "the link is kept")
        #expect(FileManager.default.contents(atPath: real + "/shot.png")?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true, "its target is the PNG")
        #expect(listing(URL(fileURLWithPath: real)) == ["shot.png"])
        for out in ["/dev/stdout", "-"] {
            let (p, stdout, err) = try start(["capture", "--out", out], in: dir)
            #expect(p.wait().status == 0, "\(out): \(text(err))")
            #expect(FileManager.default.contents(atPath: stdout)?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true, "\(out): the PNG on standard output")
        }
        // A one-character name in the current folder (NSString's deletingLastPathComponent trapped on it).
        let (one, _, oneErr) = try start(["capture", "--out", "x"], in: dir)
        #expect(one.wait().status == 0 && FileManager.default.fileExists(atPath: dir.appendingPathComponent("x").path), "\(text(oneErr))")
        let (p, stdout, _) = try start(["export", "--format", "html", "--out", "/dev/stdout"], in: dir)
        #expect(p.wait().status == 0 && text(stdout).hasPrefix("<!DOCTYPE html>"))
        #expect(FileManager.default.fileExists(atPath: "/dev/stdout"))
    }

    @Test("Images: an animated WebP says so, broken PNGs are one line each with libpng's reason, and libpng prints nothing itself")
    func imageWords() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let images = dir.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        _ = try CLI.photos(1, into: images)
        try BadImages.animatedWebP.write(to: images.appendingPathComponent("b-anim.webp"))
        try BadImages.png(crcBroken: true).write(to: images.appendingPathComponent("c-crc.png"))
        try BadImages.png(iccpTooShort: true).write(to: images.appendingPathComponent("d-iccp.png"))
        let r = try CLI.run(["capture", "--images", images.path, "--out", dir.appendingPathComponent("x.png").path])
        #expect(r.status == 0)
        #expect(r.lines.allSatisfy { $0.hasPrefix("carousel-lab: ") }, "no line of libpng's own: \(r.lines)")
        #expect(Set(r.lines) == [
            "carousel-lab: \(images.path)/b-anim.webp: an animated WebP, which cannot be shown (only still images; save one frame as a still)",
            "carousel-lab: \(images.path)/c-crc.png: corrupt or truncated PNG image (IDAT: CRC error)",
        ], "\(r.lines)")
    }

    @Test("run --stats reads the peak from VmHWM, whose line has a tab")
    func peakMemory() {
        let status = "VmPeak:\t  500000 kB\nVmHWM:\t   123456 kB\nVmRSS:\t  100000 kB\n"
        #expect(ProcessMetrics.kilobytes("VmHWM:", in: status) == 123_456)
        #expect(ProcessMetrics.kilobytes("Rss:", in: "Rss:                1234 kB\n") == 1234)
        let m = ProcessMetrics.memory()
        #expect(m.map { $0.peakRSS >= $0.rss } == true)
    }
}

/// Images that SDL_image or libpng would describe badly, made byte by byte.
enum BadImages {
    /// The header of an animated WebP (RIFF, WEBP, a VP8X chunk with the animation flag, an ANIM chunk).
    static var animatedWebP: Data {
        var d = Data("RIFF".utf8) + le32(30) + Data("WEBP".utf8) + Data("VP8X".utf8) + le32(10)
        d += Data([0x02, 0, 0, 0, 63, 0, 0, 47, 0, 0])
        d += Data("ANIM".utf8) + le32(6) + Data([0xff, 0xff, 0xff, 0xff, 0, 0])
        return d
    }

    /// An 8x8 red PNG, its IDAT's CRC broken, or with an iCCP chunk too short for libpng.
    static func png(crcBroken: Bool = false, iccpTooShort: Bool = false) -> Data {
        var d = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        d += chunk("IHDR", be32(8) + be32(8) + Data([8, 2, 0, 0, 0]))
        if iccpTooShort { d += chunk("iCCP", Data("x".utf8) + Data([0, 0, 0x78, 0x9C, 0x03, 0, 0, 0, 0, 1])) }
        // Stored (uncompressed) deflate: 8 rows of filter 0 + 8 red pixels.
        let raw = Data((0..<8).flatMap { _ in [UInt8(0)] + (0..<8).flatMap { _ in [UInt8(255), 0, 0] } })
        var z = Data([0x78, 0x01, 0x01]) + le16(UInt16(raw.count)) + le16(~UInt16(raw.count)) + raw
        z += be32(adler32(raw))
        d += chunk("IDAT", z, breakCRC: crcBroken)
        d += chunk("IEND", Data())
        return d
    }

    static func chunk(_ type: String, _ body: Data, breakCRC: Bool = false) -> Data {
        let typed = Data(type.utf8) + body
        return be32(UInt32(body.count)) + typed + be32(crc32(typed) ^ (breakCRC ? 1 : 0))
    }

    static func crc32(_ data: Data) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in data {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }

    static func adler32(_ data: Data) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for x in data { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
        return b << 16 | a
    }

    static func be32(_ v: UInt32) -> Data { Data([UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)]) }
    static func le32(_ v: UInt32) -> Data { Data([UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24)]) }
    static func le16(_ v: UInt16) -> Data { Data([UInt8(v & 0xff), UInt8(v >> 8)]) }
}
