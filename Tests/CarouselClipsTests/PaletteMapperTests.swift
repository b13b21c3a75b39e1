import Foundation
import Testing
@testable import CarouselClips

/// A GIF's frames mapped onto its palette: the nearest opaque entry, a dither that mixes neighbours in a flat area and
/// stays put, and the layout FFmpeg's `pal8` input reads.
@Suite("Palette mapping")
struct PaletteMapperTests {
    /// A 1,024-byte palette (B G R A per entry) of `colours` as (r, g, b); the rest transparent black, as FFmpeg's
    /// palettegen leaves its unused and reserved entries.
    static func palette(_ colours: [(UInt8, UInt8, UInt8)], transparent: (UInt8, UInt8, UInt8) = (0, 255, 0)) -> Data {
        var bytes = [UInt8](repeating: 0, count: 1024)
        for (i, c) in colours.enumerated() { bytes[i * 4 ..< i * 4 + 4] = [c.2, c.1, c.0, 255] }
        bytes[255 * 4 ..< 1024] = [transparent.2, transparent.1, transparent.0, 0]
        return Data(bytes)
    }

    /// A frame of `width` x `height` pixels, each `colour(x, y)` as (r, g, b), in BGRA.
    static func frame(_ width: Int, _ height: Int, _ colour: (Int, Int) -> (UInt8, UInt8, UInt8)) -> Data {
        var bytes: [UInt8] = []
        for y in 0..<height { for x in 0..<width { let c = colour(x, y); bytes += [c.2, c.1, c.0, 255] } }
        return Data(bytes)
    }

    static let colours: [(UInt8, UInt8, UInt8)] = [(0, 0, 0), (255, 255, 255), (200, 30, 40), (20, 180, 60), (30, 60, 220), (100, 100, 100), (108, 108, 108)]

    @Test("Palette colours map to themselves, a colour near one maps to it, the transparent entry is never chosen")
    func nearest() throws {
        let mapper = try #require(PaletteMapper(palette: Self.palette(Self.colours)))
        let pixels: [(UInt8, UInt8, UInt8)] = Self.colours + [(190, 40, 50), (10, 170, 70), (250, 250, 240), (0, 255, 0)]
        let expected: [UInt8] = [0, 1, 2, 3, 4, 5, 6, 2, 3, 1, 3]  // pure green is nearest the green entry, not the transparent one
        let out = mapper.map(Self.frame(pixels.count, 1) { x, _ in pixels[x] }, width: pixels.count, height: 1)
        #expect(Array(out.prefix(pixels.count)) == expected)
    }

    @Test("One index per pixel, then the palette: what FFmpeg's raw pal8 input reads for a frame (odd sizes too)")
    func layout() throws {
        let palette = Self.palette(Self.colours)
        let mapper = try #require(PaletteMapper(palette: palette))
        let out = mapper.map(Self.frame(7, 3) { _, _ in (0, 0, 0) }, width: 7, height: 3)
        #expect(out.count == 7 * 3 + 1024)
        #expect(out.suffix(1024) == palette)
    }

    @Test("A flat colour between two entries is dithered into both, in a pattern that is the same every frame")
    func dither() throws {
        let mapper = try #require(PaletteMapper(palette: Self.palette(Self.colours)))
        let flat = Self.frame(16, 16) { _, _ in (104, 104, 104) }
        let out = mapper.map(flat, width: 16, height: 16).prefix(256)
        let darker = out.filter { $0 == 5 }.count, lighter = out.filter { $0 == 6 }.count
        #expect(darker + lighter == 256)
        #expect(darker >= 64 && lighter >= 64, "\(darker) of 100, \(lighter) of 108")
        #expect(mapper.map(flat, width: 16, height: 16).prefix(256) == out)
        // Away from the boundary the dither changes nothing: 100 and 108 stay themselves.
        let exact = mapper.map(Self.frame(4, 4) { x, _ in x % 2 == 0 ? (100, 100, 100) : (108, 108, 108) }, width: 4, height: 4)
        #expect(Array(exact.prefix(16)) == (0..<16).map { $0 % 2 == 0 ? 5 : 6 })
    }

    @Test("A palette of the wrong size, or with no opaque entry, is refused")
    func refused() {
        #expect(PaletteMapper(palette: Data(count: 768)) == nil)
        #expect(PaletteMapper(palette: Self.palette([])) == nil)
    }
}
