import CSDL2
import CarouselCore
import Testing
@testable import SDLBackend

/// Texture coordinates handed to SDL_RenderGeometry. SDL's software renderer multiplies a coordinate by the texture's
/// size and reads that pixel without a bounds check; a coordinate of 1.0 read one pixel past the edge, which crashed
/// the soak run when the texture's pixels ended on a page boundary.
@Suite("Texture mapping")
struct TextureMappingTests {
    /// The pixel index SDL's software renderer reads for coordinate `c` on a side of `size` pixels.
    func pixelIndex(_ c: Float, _ size: Int32) -> Int { Int(c * Float(size)) }

    @Test("Every coordinate, at the edges and beyond them, reads a pixel inside the texture")
    func staysInside() {
        for (w, h) in [(1, 1), (2, 3), (150, 200), (1184, 612), (4096, 1)] as [(Int32, Int32)] {
            let placed = Rect(10, 20, Double(w) * 1.5, Double(h) * 0.75)
            let mapping = TextureMapping(placed: placed, visible: placed, textureSize: (w, h))
            // The corners, the edges, and points past them (a feathered ring reaches half a pixel outside).
            for x in [placed.minX - 2, placed.minX, placed.midX, placed.maxX - 0.5, placed.maxX, placed.maxX + 2] {
                for y in [placed.minY - 2, placed.minY, placed.midY, placed.maxY, placed.maxY + 2] {
                    let t = mapping.map(Point(x, y))
                    #expect(t.x >= 0 && t.y >= 0)
                    #expect(pixelIndex(t.x, w) < Int(w), "u \(t.x) on \(w) px")
                    #expect(pixelIndex(t.y, h) < Int(h), "v \(t.y) on \(h) px")
                }
            }
        }
    }

    @Test("Part of a larger scratch texture: coordinates stop at the used part and inside the texture")
    func usedPart() {
        let placed = Rect(0, 0, 100, 50)
        let partial = TextureMapping(placed: placed, visible: placed, used: (0.5, 0.25), textureSize: (200, 200))
        #expect(partial.map(Point(100, 50)).x == Float(99.0 / 200), "the used part's last column, not the next")
        #expect(partial.map(Point(100, 50)).y == Float(49.0 / 200), "the used part's last row, not the next")
        // The used part is the whole texture: still one pixel short of 1.0.
        let whole = TextureMapping(placed: placed, visible: placed, used: (1, 1), textureSize: (100, 50))
        #expect(whole.map(Point(100, 50)).x == Float(99.0 / 100))
        #expect(whole.map(Point(100, 50)).y == Float(49.0 / 50))
        // The middle is mapped exactly as before.
        #expect(whole.map(Point(50, 25)).x == 0.5)
    }
}
