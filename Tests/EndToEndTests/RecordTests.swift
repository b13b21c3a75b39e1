import CarouselClips
import CarouselTesting
import CarouselSupport
import CarouselCore
import Foundation
import SDLBackend
import Testing

/// `carousel-lab record`: clips made from the manual clock, checked with FFmpeg's own tools against `capture --at`
/// frames of the same arguments (issue 15).
@Suite("Record", .serialized)
struct RecordTests {
    static var ffmpegAvailable: Bool { TestRequirement.met(FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg")) }
    static let script = "0.1 move 260 300; 0.5 move 450 300"

    /// Decodes every frame of `file` as RGB bytes of `width` x `height` (cropping FFmpeg's even-size padding).
    static func decode(_ file: String, width: Int, height: Int) throws -> [[UInt8]] {
        let data = try ChildProcess("/usr/bin/ffmpeg", ["-v", "error", "-i", file, "-fps_mode", "passthrough", "-vf", "format=rgb24,crop=\(width):\(height):0:0",
                                                        "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], output: .kept, errors: .inherited).wait().standardOutput
        let n = width * height * 3
        return stride(from: 0, to: data.count - n + 1, by: n).map { Array(data[$0..<$0 + n]) }
    }

    /// The RGB bytes of a PNG.
    static func rgb(_ png: String) throws -> [UInt8] {
        let image = try PixelImage.load(png)
        var out: [UInt8] = []
        out.reserveCapacity(image.width * image.height * 3)
        for i in stride(from: 0, to: image.rgba.count, by: 4) { out += image.rgba[i..<i + 3] }
        return out
    }

    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        var sum = 0.0
        for (x, y) in zip(a, b) { let d = Double(x) - Double(y); sum += d * d }
        let mse = sum / Double(min(a.count, b.count))
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }

    /// ffprobe's answer for the first video stream and the format, as key=value pairs.
    static func probe(_ file: String) throws -> [String: String] {
        let text = try ChildProcess("/usr/bin/ffprobe", ["-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                                                         "stream=codec_name,width,height,pix_fmt,nb_read_frames:format=duration", "-of", "default=noprint_wrappers=1", file],
                                    output: .kept, errors: .inherited).wait().outputText
        var d: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let kv = line.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { d[String(kv[0])] = String(kv[1]) }
        }
        return d
    }

    /// The captures of frames at `times` (the reference every format is held to).
    static func captures(_ times: [Double], size: String, in dir: URL) throws -> [[UInt8]] {
        try times.map { t in
            let png = dir.appendingPathComponent("capture-\(t).png").path
            let r = try CLI.run(["capture", "--size", size, "--at", "\(t)", "--input", script, "--out", png])
            #expect(r.status == 0, "\(r.stderr)")
            return try rgb(png)
        }
    }

    @Test("The README's record example shows the effect: each of its moves expands another item (one used to land in a gap)")
    func readmeExampleShowsTheEffect() throws {
        try #require(CLI.available, "build carousel-lab first")
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func example(_ document: String) throws -> String {
            let text = try String(contentsOf: Golden.packageRoot.appendingPathComponent(document), encoding: .utf8)
            return try #require(text.firstMatch(of: /carousel-lab record --out hover\.mp4 --input "([^"]+)"/)).1.description
        }
        let input = try example("README.md")
        #expect(try example("docs/user-guide.md") == input, "the user guide shows another example")
        let moves = input.split(separator: ";").compactMap { entry -> Double? in
            let words = entry.split(separator: " ")
            return words.count == 4 && words[1] == "move" ? Double(words[0]) : nil
        }
        #expect(moves.count >= 2, "\(input)")
        var expanded: [Double] = []
        for (k, t) in moves.enumerated() {
            // Where the row is once this move's expansion has played (0.6 s on), before the next move or the clip's end.
            let at = min(t + 0.6, k + 1 < moves.count ? moves[k + 1] - 0.01 : 3)
            let layout = folder.appendingPathComponent("example-\(k).json").path
            let r = try CLI.run(["capture", "--input", input, "--at", "\(at)", "--out", folder.appendingPathComponent("example.png").path,
                                 "--layout", layout])
            #expect(r.status == 0, "\(r.stderr)")
            let state = try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: layout)))["state"]
            let item = try #require(state?["expanded"]?.numberValue, "nothing expanded \(at) s into the example (the pointer rests in a gap)")
            expanded.append(item)
        }
        #expect(Set(expanded).count == moves.count, "the moves expand items \(expanded)")
    }

    @Test("PNG frames are the captures at from + k/fps, byte for byte; --layout writes each frame's layout",
          .enabled(if: CLI.available))
    func pngFramesAreCaptures() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("clip.png").path
        let r = try CLI.run(["record", "--size", "400x300", "--from", "0.2", "--to", "0.5", "--fps", "10", "--input", Self.script,
                             "--out", out, "--layout", dir.appendingPathComponent("l.json").path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines.last?.contains("3 frames, 0.30 s at 10 fps") == true, "\(r.lines)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == ["clip-00200.png", "clip-00300.png", "clip-00400.png", "l-00200.json", "l-00300.json", "l-00400.json"])
        let reference = try Self.captures([0.2, 0.3, 0.4], size: "400x300", in: dir)
        for (i, t) in [200, 300, 400].enumerated() {
            #expect(try Self.rgb(dir.appendingPathComponent(String(format: "clip-%05d.png", t)).path) == reference[i])
        }
    }

    @Test("MP4 (H.264, yuv420p, odd size padded), WebM (VP9) and GIF frames match the captures (38, 38 and 26 dB)",
          .enabled(if: CLI.available && ffmpegAvailable))
    func videoFramesMatchCaptures() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let times = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7]
        let reference = try Self.captures(times, size: "401x301", in: dir)
        for (ext, codec, minimum) in [("mp4", "h264", 38.0), ("webm", "vp9", 38.0), ("gif", "gif", 26.0)] {
            let out = dir.appendingPathComponent("clip.\(ext)").path
            let r = try CLI.run(["record", "--size", "401x301", "--from", "0.2", "--to", "0.8", "--fps", "10", "--input", Self.script, "--out", out])
            #expect(r.status == 0, "\(ext): \(r.stderr)")
            #expect(r.lines.last?.hasPrefix("carousel-lab: \(out): 6 frames, 0.60 s at 10 fps, ") == true, "\(r.lines)")
            let info = try Self.probe(out)
            #expect(info["codec_name"] == codec, "\(ext): \(info)")
            #expect(info["nb_read_frames"] == "6", "\(ext): \(info)")
            if ext != "gif" {
                #expect(info["pix_fmt"] == "yuv420p" && info["width"] == "402" && info["height"] == "302", "\(ext): \(info)")
                #expect(abs((Double(info["duration"] ?? "") ?? 0) - 0.6) < 0.02, "\(ext): \(info)")
            }
            let frames = try Self.decode(out, width: 401, height: 301)
            #expect(frames.count == 6)
            for (k, frame) in frames.enumerated() where k < reference.count {
                let db = Self.psnr(frame, reference[k])
                #expect(db >= minimum, "\(ext) frame \(k): \(db) dB")
            }
        }
        // The GIF loops forever: the NETSCAPE2.0 application extension with a loop count of 0.
        let gif = try Data(contentsOf: dir.appendingPathComponent("clip.gif"))
        let loop = Data("NETSCAPE2.0".utf8) + Data([3, 1, 0, 0])
        #expect(gif.range(of: loop) != nil)
    }

    @Test("Bad arguments are one line each and leave nothing: extension, --to before --from, fps, folder, encoder missing or failing, a full disk",
          .enabled(if: CLI.available && ffmpegAvailable))
    func badInput() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        func check(_ args: [String], _ first: String, environment: [String: String] = [:], shell: String? = nil, status: Int32? = nil,
                   sourceLocation: SourceLocation = #_sourceLocation) throws {
            let r = try CLI.run(["record", "--size", "320x200"] + args, environment: environment, shell: shell)
            #expect(r.status != 0, sourceLocation: sourceLocation)
            if let status { #expect(r.status == status, sourceLocation: sourceLocation) }
            #expect(r.lines.first?.contains(first) == true, "\(args): \(r.lines)", sourceLocation: sourceLocation)
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "left behind", sourceLocation: sourceLocation)
        }
        let out = dir.appendingPathComponent("c.mp4").path
        try check(["--out", dir.appendingPathComponent("c.avi").path], "unknown clip format \".avi\" (use .mp4, .webm, .gif or .png)", status: 64)
        try check(["--out", out, "--from", "2", "--to", "1"], "--to (1 s) must be after --from (2 s)", status: 64)
        try check(["--out", out, "--fps", "240"], "--fps must be 1...120, got 240", status: 64)
        try check(["--out", "/nonexistent-folder/c.mp4"], "/nonexistent-folder/c.mp4: cannot write in /nonexistent-folder")
        try check(["--out", out], "cannot encode mp4: ffmpeg is not installed (apt install ffmpeg)", environment: ["PATH": "/nonexistent"])
        try check(["--out", out], "no ffmpeg program at /nonexistent/ffmpeg", environment: ["CAROUSEL_LAB_FFMPEG": "/nonexistent/ffmpeg"])
        let failing = dir.deletingLastPathComponent().appendingPathComponent("failing-ffmpeg-\(UUID().uuidString).sh").path
        try "#!/bin/sh\ncat >/dev/null\necho 'Unknown encoder libx264 (simulated)' >&2\nexit 1\n".write(toFile: failing, atomically: true, encoding: .utf8)
        chmod(failing, 0o755)
        defer { unlink(failing) }
        try check(["--out", out], "c.mp4: ffmpeg failed (Unknown encoder libx264 (simulated))", environment: ["CAROUSEL_LAB_FFMPEG": failing])
        // A file-size limit stands in for a full disk: FFmpeg's own error ends the clip and nothing stays.
        try check(["--out", out, "--to", "2"], "c.mp4: ffmpeg failed (", shell: "ulimit -f 8")
        // A GIF fails in its clip pass (the palette is small) and leaves neither the palette nor the clip.
        try check(["--out", dir.appendingPathComponent("c.gif").path, "--to", "2"], "c.gif: ffmpeg failed (", shell: "ulimit -f 8")
        // An encoder failing in the sample pass stops the clip before it starts.
        try check(["--out", dir.appendingPathComponent("c.gif").path], "c.gif: ffmpeg failed (Unknown encoder libx264 (simulated))",
                  environment: ["CAROUSEL_LAB_FFMPEG": failing])
        // An encoder that writes something else than a palette: said in one line, nothing left.
        let junk = dir.deletingLastPathComponent().appendingPathComponent("junk-palette-\(UUID().uuidString).sh").path
        try "#!/bin/sh\nfor a in \"$@\"; do last=\"$a\"; done\ncat >/dev/null\necho junk > \"$last\"\n".write(toFile: junk, atomically: true, encoding: .utf8)
        chmod(junk, 0o755)
        defer { unlink(junk) }
        try check(["--out", dir.appendingPathComponent("c.gif").path], "c.gif: ffmpeg made no usable palette (5 bytes, expected 1024",
                  environment: ["CAROUSEL_LAB_FFMPEG": junk])
    }

    @Test("Ctrl+C during a record (to its whole job, as a terminal sends it), or its window dying while it is stopped, stops it, removes the partial clip and says so",
          .enabled(if: CLI.available && ffmpegAvailable))
    func interrupted() throws {
        // A GIF is interrupted in its sample pass (the palette), an MP4 in its only one: neither leaves a file. SIGHUP
        // then SIGCONT to a stopped job is what the kernel sends when the window that held it dies (its group orphaned).
        let endings: [(name: String, signals: [Int32])] = [("long.mp4", [SIGINT]), ("long.gif", [SIGINT]), ("held.mp4", [SIGSTOP, SIGHUP, SIGCONT])]
        for (name, signals) in endings {
            let dir = try CLI.folder()
            defer { try? FileManager.default.removeItem(at: dir) }
            // In a group of its own, with the encoders it starts.
            let p = try ChildProcess(CLI.executable, ["record", "--to", "30", "--fps", "60", "--out", dir.appendingPathComponent(name).path],
                                     environment: ["DISPLAY": nil], group: .own)
            // Under way: its encoder (FFmpeg, in its group) is at work; 30 s of clip at 60 fps takes far longer.
            #expect(Waiting.until(timeout: 60) { ProcessTable.runs("ffmpeg", inGroup: p.pid) || !p.isRunning },
                    "\(name): the record started its encoder within 60 s")
            for signal in signals { p.kill(signal, toGroup: true) }
            let exit = p.wait()
            let text = exit.standardError
            #expect(!exit.succeeded, "\(name)")
            #expect(text.split(whereSeparator: \.isNewline).last.map(String.init) == "Error: interrupted: no clip written", "\(name): \(text)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "\(name)")
        }
    }
}
