import CarouselApp
import CarouselBench
import CarouselCore
import CarouselStyles
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
}
