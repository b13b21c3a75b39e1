import CSDL2
import CSDL2Image
import CarouselCore
import Foundation
import SDLBackend

/// The RGB of a canvas pixel as ints.
@MainActor
func rgb(_ c: HeadlessCanvas, _ x: Int, _ y: Int) -> [Int] {
    let p = c.pixel(x: x, y: y)
    return [Int(p.r), Int(p.g), Int(p.b)]
}

/// Whether two colours match within `tolerance` per channel.
func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 3) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

/// A fresh temporary folder, removed by the caller.
func makeTempDir() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sdlbackend-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Writes a PNG of `width` x `height` made of vertical stripes: each (fraction of the width, 0xRRGGBB).
func writeStripedPNG(_ path: String, width: Int, height: Int, stripes: [(Double, UInt32)]) {
    let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)!
    defer { SDL_FreeSurface(s) }
    var x = 0.0
    for (fraction, colour) in stripes {
        var r = SDL_Rect(x: Int32(x.rounded()), y: 0, w: Int32((x + fraction * Double(width)).rounded()) - Int32(x.rounded()), h: Int32(height))
        SDL_FillRect(s, &r, 0xff00_0000 | colour)
        x += fraction * Double(width)
    }
    precondition(IMG_SavePNG(s, path) == 0)
}

/// Writes a PNG with a one-pixel black and white checkerboard (the worst case for aliasing when downscaled).
func writeCheckerPNG(_ path: String, width: Int, height: Int) {
    let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)!
    defer { SDL_FreeSurface(s) }
    let pitch = Int(s.pointee.pitch)
    for y in 0..<height {
        let row = (s.pointee.pixels! + y * pitch).assumingMemoryBound(to: UInt32.self)
        for x in 0..<width { row[x] = (x + y) % 2 == 0 ? 0xffff_ffff : 0xff00_0000 }
    }
    precondition(IMG_SavePNG(s, path) == 0)
}

/// A screenshot's names for `Screenshotter.captureNextFrame(naming:)`: `png` and `sidecarPath` first, then the same
/// names with `-2`, `-3`, ... before their extensions.
func screenshotNames(_ png: String, sidecar: String, at sidecarPath: String) -> @Sendable (Int) -> ScreenshotFiles {
    { n in
        func numbered(_ path: String) -> String {
            n == 1 ? path : (path as NSString).deletingPathExtension + "-\(n)." + (path as NSString).pathExtension
        }
        return ScreenshotFiles(png: numbered(png), sidecarPath: numbered(sidecarPath), sidecar: sidecar)
    }
}
