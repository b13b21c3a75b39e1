import CarouselCore
import Foundation
import Testing
@testable import SDLBackend

@MainActor
@Suite("Headless rendering: real pixels from the software renderer")
struct RenderingTests {
    @Test func roundedFillLeavesCornersAtClearColourAndCentreFilled() throws {
        let c = try HeadlessCanvas(width: 100, height: 100)
        let r = c.renderer
        r.beginFrame(clearColor: .black)
        r.fill(Rect(10, 10, 80, 80), cornerRadius: 20, color: Color(1, 0, 0))
        r.endFrame()
        #expect(rgb(c, 11, 11) == [0, 0, 0])
        #expect(rgb(c, 88, 88) == [0, 0, 0])
        #expect(rgb(c, 50, 50) == [255, 0, 0])
        #expect(rgb(c, 11, 50) == [255, 0, 0])
        #expect(rgb(c, 7, 50) == [0, 0, 0])
        #expect(rgb(c, 92, 50) == [0, 0, 0])
        // The arc is anti-aliased: in-between values in the corner's square, in every row the arc crosses.
        for y in 10..<20 {
            let row = (10...30).map { rgb(c, $0, y)[0] }
            #expect(row.contains { $0 > 20 && $0 < 235 }, "row \(y): \(row)")
        }
    }

    @Test("A gradient darkens left to right without a seam, inside a rounded clip, over what is beneath")
    func gradientFill() throws {
        let c = try HeadlessCanvas(width: 260, height: 80)
        let r = c.renderer
        r.beginFrame(clearColor: Color(1, 1, 1))
        // As expand's details fade: half-transparent black to transparent over white, at a fractional position and
        // width, its clear end in a rounded clip's corners.
        r.save()
        r.clip(to: Rect(0, 10, 221.7, 60), cornerRadius: 12)
        r.fillGradient(Rect(20.3, 10, 201.4, 60), cornerRadius: 0, gradient: HorizontalGradient(from: Color(0, 0, 0, 0.5), to: Color(0, 0, 0, 0)))
        r.restore()
        r.endFrame()
        let row = (21...219).map { rgb(c, $0, 40)[0] }
        #expect(abs(row.first! - 128) <= 4, "the left edge is half black over white: \(row.first!)")
        #expect(row.last! >= 250, "the right edge is nearly clear: \(row.last!)")
        #expect(zip(row, row.dropFirst()).allSatisfy { $1 >= $0 - 2 }, "lighter to the right (but for rounding): \(row)")
        #expect(zip(row, row.dropFirst()).allSatisfy { $1 - $0 <= 4 }, "no step or seam between columns (a fractional strip edge made 30): \(row)")
        #expect(rgb(c, 10, 40) == [255, 255, 255] && rgb(c, 240, 40) == [255, 255, 255], "nothing outside")
        #expect(rgb(c, 120, 40) == rgb(c, 120, 20), "the same colour down a column")
        #expect(rgb(c, 120, 5) == [255, 255, 255], "nothing outside the clip")
    }

    @Test("A gradient narrower than a 32nd of a pixel (a fade's first frame) draws without trapping")
    func hairlineGradient() throws {
        let c = try HeadlessCanvas(width: 40, height: 40)
        let r = c.renderer
        for width in [0.001, 0.02, 0.04, 0.5] {
            r.beginFrame(clearColor: .white)
            r.fillGradient(Rect(10.5, 5, width, 30), cornerRadius: 0, gradient: HorizontalGradient(from: Color(0, 0, 0, 0.5), to: Color(0, 0, 0, 0)))
            r.endFrame()
            #expect(rgb(c, 30, 20) == [255, 255, 255])
        }
    }

    @Test func squareEdgesOnWholePixelsMeetWithoutSeam() throws {
        let c = try HeadlessCanvas(width: 100, height: 40)
        let r = c.renderer
        r.beginFrame(clearColor: .black)
        r.fill(Rect(10, 10, 40, 20), cornerRadius: 0, color: Color(0, 1, 0))
        r.fill(Rect(50, 10, 40, 20), cornerRadius: 0, color: Color(0, 1, 0))
        r.endFrame()
        #expect((10...89).allSatisfy { rgb(c, $0, 20) == [0, 255, 0] })
        #expect(rgb(c, 9, 20) == [0, 0, 0])
        #expect(rgb(c, 90, 20) == [0, 0, 0])
    }

    @Test func opacityHalvesAndStaysUniformInside() throws {
        let c = try HeadlessCanvas(width: 100, height: 100)
        let r = c.renderer
        r.beginFrame(clearColor: .black)
        r.save()
        r.multiplyOpacity(0.5)
        r.fill(Rect(10, 10, 80, 80), cornerRadius: 24, color: .white)
        r.restore()
        r.fill(Rect(0, 0, 4, 4), cornerRadius: 0, color: .white)
        r.endFrame()
        let centre = rgb(c, 50, 50)[0]
        #expect(abs(centre - 128) <= 2)
        // The pieces (body rectangles, corner fans, edge ring) must not overlap: every interior pixel is blended once
        // (twice would give about 192). The software renderer's fill and triangle blenders may round one level apart.
        var values = Set<Int>()
        for y in stride(from: 20, through: 80, by: 3) { for x in stride(from: 20, through: 80, by: 3) { values.insert(rgb(c, x, y)[0]) } }
        #expect(values.max()! - values.min()! <= 1, "\(values)")
        // Opacity was restored.
        #expect(rgb(c, 1, 1) == [255, 255, 255])
    }

    @Test func transformsTranslateAndScale() throws {
        let c = try HeadlessCanvas(width: 100, height: 100)
        let r = c.renderer
        r.beginFrame(clearColor: .black)
        r.save()
        r.concatenate(.translation(20, 30))
        r.concatenate(.scale(2, 2))
        r.fill(Rect(0, 0, 10, 10), cornerRadius: 0, color: .white)
        r.restore()
        r.endFrame()
        #expect(rgb(c, 20, 30) == [255, 255, 255])
        #expect(rgb(c, 39, 49) == [255, 255, 255])
        #expect(rgb(c, 40, 30) == [0, 0, 0])
        #expect(rgb(c, 19, 30) == [0, 0, 0])
    }

    @Test func displayScaleMapsPointsToDevicePixels() throws {
        let c = try HeadlessCanvas(width: 200, height: 100, scale: 2)
        #expect(c.renderer.size == Size(100, 50))
        c.renderer.beginFrame(clearColor: .black)
        c.renderer.fill(Rect(10, 10, 20, 20), cornerRadius: 0, color: .white)
        c.renderer.endFrame()
        #expect(rgb(c, 20, 20) == [255, 255, 255])
        #expect(rgb(c, 59, 59) == [255, 255, 255])
        #expect(rgb(c, 60, 40) == [0, 0, 0])
    }

    @Test func circleClip() throws {
        let c = try HeadlessCanvas(width: 100, height: 100)
        let r = c.renderer
        r.beginFrame(clearColor: .black)
        r.save()
        r.clip(to: Rect(0, 0, 100, 100), cornerRadius: 50)
        r.fill(Rect(-20, -20, 140, 140), cornerRadius: 0, color: Color(0, 0, 1))
        r.restore()
        r.endFrame()
        #expect(rgb(c, 50, 50) == [0, 0, 255])
        #expect(rgb(c, 50, 2) == [0, 0, 255])
        #expect(rgb(c, 2, 50) == [0, 0, 255])
        for (x, y) in [(5, 5), (12, 12), (94, 6), (6, 94), (90, 90)] { #expect(rgb(c, x, y) == [0, 0, 0], "(\(x), \(y))") }
    }

    @Test func stitchedRowInsideRoundedClipKeepsOuterRoundCorners() throws {
        let c = try HeadlessCanvas(width: 200, height: 100)
        let r = c.renderer
        r.beginFrame(clearColor: .black)
        r.save()
        r.clip(to: Rect(10, 10, 180, 80), cornerRadius: 16)
        for (i, colour) in [Color(1, 0, 0), Color(0, 1, 0), Color(0, 0, 1)].enumerated() {
            r.fill(Rect(10 + Double(i) * 60, 10, 60, 80), cornerRadius: 0, color: colour)
        }
        r.restore()
        r.endFrame()
        // Outer corners stay round.
        for (x, y) in [(11, 11), (188, 11), (188, 88), (11, 88)] { #expect(rgb(c, x, y) == [0, 0, 0], "(\(x), \(y))") }
        // Inner corners, where the items meet along the top and bottom edges, stay square.
        #expect(rgb(c, 69, 10) == [255, 0, 0])
        #expect(rgb(c, 70, 10) == [0, 255, 0])
        #expect(rgb(c, 129, 89) == [0, 255, 0])
        #expect(rgb(c, 30, 30) == [255, 0, 0])
        #expect(rgb(c, 170, 70) == [0, 0, 255])
    }

    @Test func nestedClipsIntersectAndKeepTheOuterRoundCorner() throws {
        let c = try HeadlessCanvas(width: 100, height: 100)
        let r = c.renderer
        r.beginFrame(clearColor: .black)
        r.save()
        r.clip(to: Rect(10, 10, 80, 80), cornerRadius: 20)
        r.save()
        r.clip(to: Rect(0, 0, 50, 50), cornerRadius: 0)
        r.fill(Rect(0, 0, 100, 100), cornerRadius: 0, color: .white)
        r.restore()
        r.restore()
        r.endFrame()
        #expect(rgb(c, 12, 12) == [0, 0, 0])      // outer clip's round corner
        #expect(rgb(c, 30, 30) == [255, 255, 255])
        #expect(rgb(c, 49, 11) == [255, 255, 255]) // inner clip's square corner
        #expect(rgb(c, 49, 49) == [255, 255, 255])
        #expect(rgb(c, 51, 30) == [0, 0, 0])      // outside the inner clip
        #expect(rgb(c, 5, 30) == [0, 0, 0])       // outside the outer clip
    }

    @Test func roundedRectIntersectionGivesPerCornerRadii() {
        let clip = RoundedRect(Rect(0, 0, 100, 50), radius: 8)
        let first = RoundedRect(Rect(0, 0, 40, 50), radius: 0).intersection(clip)!
        #expect(first.radii == CornerRadii(8, 0, 0, 8))
        let middle = RoundedRect(Rect(40, 0, 20, 50), radius: 0).intersection(clip)!
        #expect(middle.radii == .zero)
        // A shape's own rounder corner wins where it coincides.
        let round = RoundedRect(Rect(0, 0, 40, 50), radius: 12).intersection(clip)!
        #expect(round.radii == CornerRadii(12, 12, 12, 12))
        // A shape cut by a straight clip edge gets a square corner there.
        let cut = RoundedRect(Rect(50, 0, 100, 50), radius: 10).intersection(RoundedRect(Rect(0, 0, 120, 50), radius: 0))!
        #expect(cut.radii == CornerRadii(10, 0, 0, 10))
        // A corner inside the clip's cut-away arc region gets a partial radius.
        let partial = RoundedRect(Rect(3, 0, 40, 50), radius: 0).intersection(clip)!
        #expect(partial.radii.topLeft > 0 && partial.radii.topLeft < 8)
        #expect(RoundedRect(Rect(200, 0, 10, 10), radius: 0).intersection(clip) == nil)
    }

    @Test func shadowIsSolidInsideAndFadesOut() throws {
        let c = try HeadlessCanvas(width: 100, height: 100)
        let r = c.renderer
        r.beginFrame(clearColor: .white)
        r.drawShadow(for: Rect(30, 30, 40, 40), cornerRadius: 8, shadow: Shadow(color: .black, radius: 10, offset: Point(5, 5)))
        r.endFrame()
        #expect(rgb(c, 55, 55) == [0, 0, 0])
        #expect(rgb(c, 5, 5) == [255, 255, 255])
        let ramp = (70...85).map { rgb(c, $0, 55)[0] }
        #expect(ramp.first! < 128 && ramp.last! == 255)
        #expect(zip(ramp, ramp.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(ramp.contains { $0 > 30 && $0 < 220 })
    }

    @Test func textDrawsPixelsAndMeasures() throws {
        let c = try HeadlessCanvas(width: 200, height: 50)
        let r = c.renderer
        let m = r.measureText("Carousel", font: FontSpec(size: 20))
        #expect(m.width > 40 && m.height > 15)
        #expect(r.measureText("Carousel", font: FontSpec(size: 20, bold: true)).width >= m.width)
        r.beginFrame(clearColor: .black)
        r.drawText("Carousel", at: Point(10, 10), font: FontSpec(size: 20), color: Color(1, 1, 0))
        r.endFrame()
        let px = c.pixels()
        var lit = 0
        for i in stride(from: 0, to: px.count, by: 4) where px[i] > 128 && px[i + 1] > 128 && px[i + 2] < 64 { lit += 1 }
        #expect(lit > 50)
        #expect(rgb(c, 5, 45) == [0, 0, 0])
        #expect(r.cachedTextCount == 1)
    }

    @Test func textIsClippedToTheClipBounds() throws {
        let c = try HeadlessCanvas(width: 200, height: 50)
        let r = c.renderer
        r.beginFrame(clearColor: .black)
        r.save()
        r.clip(to: Rect(0, 0, 30, 50), cornerRadius: 0)
        r.drawText("WWWWWWWW", at: Point(0, 5), font: FontSpec(size: 24), color: .white)
        r.restore()
        r.endFrame()
        #expect((30..<200).allSatisfy { x in (0..<50).allSatisfy { y in rgb(c, x, y) == [0, 0, 0] } })
        #expect((0..<30).contains { x in (0..<50).contains { y in rgb(c, x, y)[0] > 128 } })
    }
}

@Suite("Click sound")
@MainActor
struct ClickSoundTests {
    @Test("The click is short, starts loud and decays to silence")
    func shape() {
        let s = SDLClickSound.click(sampleRate: 44_100)
        #expect(s.count == 1543)
        let head = s.prefix(200).map { abs($0) }.max() ?? 0
        let tail = s.suffix(200).map { abs($0) }.max() ?? 1
        #expect(head > 0.2 && tail < 0.01)
        #expect(s.allSatisfy { abs($0) <= 1 })
    }
}
