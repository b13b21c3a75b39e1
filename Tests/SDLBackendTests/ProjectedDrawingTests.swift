import CarouselCore
import CarouselTesting
import Foundation
import Testing
@testable import SDLBackend

/// Projected drawings through pixman (effects from files): the outline lands where the homography says, with
/// anti-aliased edges, translucency, the effects' darkening, nothing drawn behind the viewer, and partial frames
/// equal to whole ones.
@MainActor
@Suite("Projected drawing")
struct ProjectedDrawingTests {
    static let clear = Color(0, 0, 0)

    /// A 200 x 200 canvas with one projected drawing of `content` in `rect` through `h`.
    func draw(_ content: ProjectedContent = .color(Color(1, 0.5, 0)), rect: Rect = Rect(0, 0, 100, 100), h: Homography,
              opacity: Double = 1, effects: ImageEffects = .none, radius: Double = 0) throws -> HeadlessCanvas {
        let canvas = try HeadlessCanvas(width: 200, height: 200)
        let r = canvas.renderer
        r.beginFrame(clearColor: Self.clear)
        r.drawProjected(content, in: rect, projection: h, cornerRadius: radius, opacity: opacity, effects: effects)
        r.endFrame()
        return canvas
    }

    /// A perspective: the square turned 40° about its vertical midline, seen from 300 points, placed at (50, 50).
    var turned: Homography {
        (Transform3D.translation(50, 50) * Transform3D.perspective(300).about(Point(50, 50))
            * Transform3D.rotationY(degrees: 40).about(Point(50, 50))).planeHomography
    }

    @Test("The drawing covers the projected quad: inside full colour, outside untouched, edges in between")
    func coverage() throws {
        let h = turned
        let canvas = try draw(h: h)
        let quad = try #require(h.quad(Rect(0, 0, 100, 100)))
        // Points well inside and well outside the quad.
        let centre = try #require(h.apply(Point(50, 50)))
        let inside = canvas.pixel(x: Int(centre.x), y: Int(centre.y))
        #expect(inside.r == 255 && abs(Int(inside.g) - 128) <= 1 && inside.b == 0)
        #expect(canvas.pixel(x: 5, y: 5).r == 0)
        #expect(canvas.pixel(x: Int(quad[1].x) + 3, y: Int(centre.y)).r == 0, "right of the receding edge")
        // The right edge recedes: it is drawn shorter than the left.
        #expect(quad[2].y - quad[1].y < quad[3].y - quad[0].y - 10)
        // Along a row through the centre, from outside to inside: a ramp over about a pixel, not a step of a
        // whole pixel everywhere (anti-aliased); some pixel on the slanted top edge is partly covered.
        var partial = 0
        for x in Int(quad[0].x)...Int(quad[1].x) {
            let top = quad[0].y + (quad[1].y - quad[0].y) * (Double(x) - quad[0].x) / (quad[1].x - quad[0].x)
            let p = canvas.pixel(x: x, y: Int(top))
            if p.r > 10 && p.r < 245 { partial += 1 }
        }
        #expect(partial > 10, "the slanted top edge is anti-aliased (\(partial) partial pixels)")
    }

    @Test("Opacity, brightness and shade scale the colour; a shade darkens one edge only")
    func effects() throws {
        let h = Homography(Transform2D.translation(50, 50))
        let half = try draw(h: h, opacity: 0.5)
        #expect(abs(Int(half.pixel(x: 100, y: 100).r) - 128) <= 1)
        let dark = try draw(h: h, effects: ImageEffects(brightness: 0.5))
        #expect(abs(Int(dark.pixel(x: 100, y: 100).r) - 128) <= 1)
        let shaded = try draw(.color(Color(1, 1, 1)), h: h, effects: ImageEffects(shadeTrailing: 0.5))
        #expect(shaded.pixel(x: 51, y: 100).r >= 250)
        #expect(abs(Int(shaded.pixel(x: 148, y: 100).r) - 129) <= 3)
        #expect(abs(Int(shaded.pixel(x: 100, y: 100).r) - 191) <= 3)
        let grey = try draw(.color(Color(1, 0, 0)), h: h, effects: ImageEffects(saturation: 0))
        let g = grey.pixel(x: 100, y: 100)
        #expect(g.r == g.g && g.g == g.b && abs(Int(g.r) - 54) <= 2, "red desaturated to its luminance")
    }

    @Test("An affine projection draws what the affine path draws (an image, rounded, scaled)")
    func affineMatchesImage() throws {
        let canvas = try HeadlessCanvas(width: 200, height: 200)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("projected-\(UUID().uuidString).png").path
        // A small picture: a gradient of colour, written as PNG and decoded by the store.
        let source = try HeadlessCanvas(width: 64, height: 48)
        source.renderer.beginFrame(clearColor: Color(0.2, 0.4, 0.8))
        source.renderer.fillGradient(Rect(0, 0, 64, 48), cornerRadius: 0, gradient: HorizontalGradient(from: Color(1, 0, 0), to: Color(0, 1, 0)))
        source.renderer.endFrame()
        try source.savePNG(to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let handle = canvas.images.handle(for: path, maxPixelSize: nil)
        _ = canvas.images.waitUntilLoaded(timeout: 10)
        func frame(_ body: (SDLRenderer) -> Void) -> [UInt8] {
            canvas.renderer.beginFrame(clearColor: Self.clear)
            body(canvas.renderer)
            canvas.renderer.endFrame()
            return canvas.pixels()
        }
        let affine = frame { $0.save(); $0.concatenate(.translation(20, 30)); $0.drawImage(handle, in: Rect(0, 0, 128, 96), cornerRadius: 12, contentMode: .fill, opacity: 1); $0.restore() }
        let projected = frame { $0.drawProjected(.image(handle, .fill), in: Rect(0, 0, 128, 96), projection: Homography(.translation(20, 30)), cornerRadius: 12, opacity: 1, effects: .none) }
        var worst = 0, total = 0
        for i in 0..<affine.count where i % 4 != 3 {
            let d = abs(Int(affine[i]) - Int(projected[i]))
            worst = max(worst, d); total += d
        }
        #expect(Double(total) / Double(affine.count) < 1.0, "mean difference \(Double(total) / Double(affine.count))")
        #expect(worst <= 64, "worst channel difference \(worst) (edges and filtering differ slightly)")
    }

    @Test("What lies behind the viewer is not drawn; a drawing straddling the eye plane draws its front part")
    func behindTheViewer() throws {
        // Pushed 400 points towards a viewer 300 away: wholly behind.
        let behind = (Transform3D.perspective(300).about(Point(100, 100)) * Transform3D.translation(50, 50, 400)).planeHomography
        let canvas = try draw(h: behind)
        #expect(canvas.pixels().enumerated().allSatisfy { $0.offset % 4 == 3 || $0.element == 0 })
        // Turned 80° about a vertical line close to the eye: part of it behind.
        let straddle = (Transform3D.perspective(120).about(Point(100, 100)) * Transform3D.translation(60, 50, 60)
            * Transform3D.rotationY(degrees: -80).about(Point(50, 50))).planeHomography
        let c2 = try draw(h: straddle)
        #expect(c2.pixels().contains { $0 != 0 }, "the part in front is drawn")
    }

    @Test("A partial frame draws the projected drawing's pixels exactly as a whole frame")
    func partialEqualsWhole() throws {
        let h = turned
        let whole = try draw(h: h, effects: ImageEffects(brightness: 0.8, shadeLeading: 0.4))
        let canvas = try HeadlessCanvas(width: 200, height: 200)
        canvas.renderer.beginFrame(clearColor: Self.clear)
        canvas.renderer.endFrame()
        for region in [Rect(0, 0, 200, 100), Rect(0, 100, 120, 100), Rect(120, 100, 80, 100)] {
            canvas.renderer.beginFrame(clearColor: Self.clear, regions: [region])
            canvas.renderer.drawProjected(.color(Color(1, 0.5, 0)), in: Rect(0, 0, 100, 100), projection: h, cornerRadius: 0, opacity: 1,
                                          effects: ImageEffects(brightness: 0.8, shadeLeading: 0.4))
            canvas.renderer.endFrame()
        }
        #expect(canvas.pixels() == whole.pixels())
    }

    @Test("Leaving out what an opaque drawing above covers changes no pixel")
    func occlusion() throws {
        let below = turned
        let above = Homography(Transform2D.translation(40, 60))
        let inner = try #require(above.quad(Rect(2, 2, 96, 76)))
        func frame(occluded: Bool) throws -> [UInt8] {
            let canvas = try HeadlessCanvas(width: 200, height: 200)
            let r = canvas.renderer
            r.beginFrame(clearColor: Self.clear)
            var effects = ImageEffects(brightness: 0.7)
            if occluded { effects.occluder = ImageEffects.Occluder(outline: inner, image: nil) }
            r.drawProjected(.color(Color(0, 0.5, 1)), in: Rect(0, 0, 100, 100), projection: below, cornerRadius: 8, opacity: 1, effects: effects)
            r.drawProjected(.color(Color(1, 0.5, 0)), in: Rect(0, 0, 100, 80), projection: above, cornerRadius: 0, opacity: 1, effects: .none)
            r.endFrame()
            return canvas.pixels()
        }
        #expect(try frame(occluded: true) == frame(occluded: false))
    }

    @Test("The recording renderer resolves a projected drawing to its outline on screen, and replays it")
    func recorded() throws {
        let recorder = DrawListRecorder(size: Size(200, 200))
        recorder.beginFrame(clearColor: Self.clear)
        recorder.save()
        recorder.concatenate(.translation(10, 0))
        recorder.drawProjected(.color(Color(1, 0, 0)), in: Rect(0, 0, 100, 100), projection: turned, cornerRadius: 0, opacity: 0.5, effects: .none)
        recorder.restore()
        recorder.endFrame()
        let d = try #require(recorder.draws.first)
        guard case .projected(_, let outline, _) = d.kind else { Issue.record("not projected"); return }
        let quad = try #require(turned.quad(Rect(0, 0, 100, 100))).map { Point($0.x + 10, $0.y) }
        for (a, b) in zip(outline, quad) { #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9) }
        #expect(abs(d.rect.minX - quad.map(\.x).min()!) < 1e-9 && d.opacity == 0.5)
        let canvas = try HeadlessCanvas(width: 200, height: 200)
        recorder.replay(into: canvas.renderer)
        let c = try #require(turned.apply(Point(50, 50)))
        #expect(abs(Int(canvas.pixel(x: Int(c.x) + 10, y: Int(c.y)).r) - 128) <= 1)
    }
}
