import CarouselApp
import CarouselBench
import CarouselCore
import CarouselStyles
import CarouselSupport
import Foundation
import SDLBackend
import Testing

/// Effects from files through the real renderer: perspective captures against goldens (their pixels looked at when
/// recorded), partial frames equal to full ones while an effect is dragged, and `capture --style FILE` with a
/// broken file.
@MainActor
@Suite("Effects end to end", .serialized)
struct EffectEndToEndTests {
    @Test("coverflow at rest: covers turned in perspective, shaded edges, mirrored beyond 90°")
    func coverflowGolden() throws {
        let (canvas, _) = try Golden.capture(style: "coverflow", at: 1.5)
        try Golden.check(canvas, "effect-coverflow")
    }

    @Test("Swiper's creative demo 6 mid-drag: pages turning about their edges in perspective, the back one shaded")
    func creativeGolden() throws {
        let (canvas, preview) = try Golden.capture(style: "creative-6", at: 1.0, script: "0.2 down 500 30; 0.3 move 450 30; 0.4 move 400 30; 0.5 move 380 30",
                                                   size: Size(640, 360))
        try Golden.check(canvas, "effect-creative-6")
        // Mid-drag: the current page turning away, the next coming in.
        let items = preview.layoutJSON()["items"]?.arrayValue ?? []
        #expect(items.count == 2)
    }

    @Test("Partial frames equal full frames, pixel for pixel, while effects are dragged and stepped",
          arguments: ["coverflow", "cards", "parallax", "creative-4"])
    func damageIdentity(style: String) throws {
        let size = Size(640, 360)
        let (deck, _) = try Deck.load(path: Golden.packageRoot.appendingPathComponent("Resources/deck.json").path)
        func make(damage: Bool) throws -> (HeadlessCanvas, Preview) {
            let canvas = try HeadlessCanvas(width: Int(size.width), height: Int(size.height))
            let preview = try Preview(deck: deck, images: canvas.images, size: size, style: style)
            preview.damage.isEnabled = damage
            preview.update(to: 0)
            _ = canvas.images.waitUntilLoaded(timeout: 30)
            preview.imagesChanged()
            return (canvas, preview)
        }
        let (a, pa) = try make(damage: true), (b, pb) = try make(damage: false)
        let frames = 120
        let script = BenchScripts.script(for: style, size: size, seconds: Double(frames) / 60)
        let playerA = ScriptPlayer(script), playerB = ScriptPlayer(script)
        var drawn = 0, mismatches: [Int] = []
        for k in 0..<frames {
            let t = Double(k) / 60
            playerA.deliver(upTo: t, into: pa); pa.update(to: t)
            playerB.deliver(upTo: t, into: pb); pb.update(to: t)
            guard pa.needsFrame else { continue }
            pa.draw(into: a.renderer)
            pb.draw(into: b.renderer)
            drawn += 1
            if a.bgraFrame() != b.bgraFrame() { mismatches.append(k) }
        }
        #expect(mismatches.isEmpty, "\(style): frames \(mismatches.prefix(10)) differ")
        #expect(drawn > 20)
    }

    @Test("capture --style FILE: a broken effect file is one line naming file, line, column and key; nothing is written",
          .enabled(if: CLI.available))
    func brokenFileOnTheCommandLine() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("tilt.effect.json")
        try Data("{\n  \"tracks\": [{\"property\": \"rotateY\", \"keys\": [[0, 0], [1, \"tlit\"]]}],\n  \"parameters\": {\"tilt\": {\"default\": 20, \"min\": 0, \"max\": 90}}\n}\n".utf8).write(to: file)
        let out = dir.appendingPathComponent("x.png").path
        let r = try CLI.run(["capture", "--style", file.path, "--out", out])
        #expect(r.status != 0)
        #expect(r.lines.count == 1, "one line: \(r.stderr)")
        #expect(r.stderr.contains("tilt.effect.json:2:60: track rotateY value: unknown name \"tlit\" (did you mean tilt?)"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        // Fixed, the same file captures, and its layout has the new fields.
        try Data("{\"tracks\": [{\"property\": \"rotateY\", \"keys\": [[0, 0], [1, 20]]}], \"perspective\": 900}".utf8).write(to: file)
        let layout = dir.appendingPathComponent("x.json").path
        let ok = try CLI.run(["capture", "--style", file.path, "--out", out, "--layout", layout])
        #expect(ok.status == 0, "\(ok.stderr)")
        let json = try JSONParser.parse(Data(contentsOf: URL(fileURLWithPath: layout)))
        let first = try #require(json["items"]?.arrayValue?.first)
        #expect(first["quad"]?.arrayValue?.count == 4 && first["progress"]?.numberValue != nil && first["z"]?.numberValue != nil)
    }
}
