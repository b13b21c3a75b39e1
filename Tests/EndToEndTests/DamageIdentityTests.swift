import CarouselApp
import CarouselBench
import CarouselCore
import CarouselStyles
import Foundation
import SDLBackend
import Testing

/// Drawing only what changed draws exactly what a full repaint draws (issue 18): every style's bench interaction,
/// frame by frame, once with damage tracking and once repainting everything, compared pixel for pixel. The guard
/// for every later change to the paint pass.
@MainActor
@Suite("Damage: pixel identity", .serialized)
struct DamageIdentityTests {
    static let size = Size(640, 360)

    @Test("Partial frames equal full frames, pixel for pixel, for every style's bench interaction",
          arguments: ["expand", "stitch", "loop", "circular", "paging"])
    func identical(style: String) throws {
        let (deck, _) = try Deck.load(path: Golden.packageRoot.appendingPathComponent("Resources/deck.json").path)
        func make(damage: Bool) throws -> (HeadlessCanvas, Preview) {
            let canvas = try HeadlessCanvas(width: Int(Self.size.width), height: Int(Self.size.height))
            let preview = try Preview(deck: deck, images: canvas.images, size: Self.size, style: style)
            preview.damage.isEnabled = damage
            preview.update(to: 0)
            _ = canvas.images.waitUntilLoaded(timeout: 30)
            preview.imagesChanged()
            return (canvas, preview)
        }
        let (a, pa) = try make(damage: true), (b, pb) = try make(damage: false)
        let frames = 150
        let script = BenchScripts.script(for: style, size: Self.size, seconds: Double(frames) / 60)
        let playerA = ScriptPlayer(script), playerB = ScriptPlayer(script)
        var drawn = 0, partial = 0, moved = 0, mismatches: [Int] = []
        for k in 0..<frames {
            let t = Double(k) / 60
            playerA.deliver(upTo: t, into: pa); pa.update(to: t)
            playerB.deliver(upTo: t, into: pb); pb.update(to: t)
            #expect(pa.needsFrame == pb.needsFrame)
            guard pa.needsFrame else { continue }
            pa.draw(into: a.renderer)
            pb.draw(into: b.renderer)
            drawn += 1
            if pa.damage.lastRegions != [Rect(origin: .zero, size: Self.size)] { partial += 1 }
            if !pa.damage.lastMoves.isEmpty { moved += 1 }
            if a.bgraFrame() != b.bgraFrame() {
                mismatches.append(k)
                if ProcessInfo.processInfo.environment["DAMAGE_DEBUG"] != nil { try a.savePNG(to: "/tmp/dmg-\(style)-\(k)-a.png"); try b.savePNG(to: "/tmp/dmg-\(style)-\(k)-b.png"); print("regions", pa.damage.lastRegions) }
            }
        }
        #expect(mismatches.isEmpty, "\(style): frames \(mismatches.prefix(10)) differ")
        #expect(drawn > 20, "\(style): \(drawn) frames drawn")
        #expect(partial > 0, "\(style): no frame was drawn in part (\(drawn) drawn)")
        // Expand's row is pushed along by whole points while a card widens: those frames move its pixels (issue 41).
        if style == "expand" { #expect(moved > drawn / 3, "expand: \(moved) of \(drawn) frames moved pixels") }
        // Paging's pages slide on whole points: a slide's frames move the photos' pixels.
        if style == "paging" { #expect(moved > 10, "paging: \(moved) of \(drawn) frames moved pixels") }
    }

    @Test("Pictures that finish loading after a frame are drawn where they show, as a full frame draws them, without redrawing the window")
    func picturesArrivingLater() throws {
        let (deck, _) = try Deck.load(path: Golden.packageRoot.appendingPathComponent("Resources/deck.json").path)
        let canvas = try HeadlessCanvas(width: Int(Self.size.width), height: Int(Self.size.height))
        let preview = try Preview(deck: deck, images: canvas.images, size: Self.size, style: "expand")
        preview.update(to: 0)
        preview.draw(into: canvas.renderer)
        let placeholders = preview.damage.lastFrame?.draws.filter { if case .image = $0.kind { return true } else { return false } }
        #expect(placeholders?.isEmpty == true, "the first frame draws the placeholders")
        #expect(canvas.images.waitUntilLoaded(timeout: 30))
        preview.imagesChanged()
        preview.update(to: 0.5)
        preview.draw(into: canvas.renderer)
        let window = Rect(origin: .zero, size: Self.size)
        #expect(preview.damage.lastRegions != [window] && !preview.damage.lastRegions.isEmpty)
        let partial = canvas.bgraFrame()
        preview.damage.invalidate()
        preview.draw(into: canvas.renderer)
        #expect(canvas.bgraFrame() == partial)
    }
}
