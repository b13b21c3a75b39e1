import CSDL2
import CSDL2Image
import Foundation

/// Writes synthetic photographs for the benchmark's large-deck runs: a vertical colour gradient with overlapping
/// blocks, so JPEG decoding does real work, at any size. SDL only; safe to call from any thread.
public enum BenchImages {
    /// Writes a `width` x `height` image to `path` (JPEG for `.jpg`/`.jpeg`, else PNG), its colours derived from
    /// `seed`. Throws a one-line error naming the file.
    public static func write(path: String, width: Int, height: Int, seed: UInt64) throws {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw SDLBackendError.creationFailed("\(path): bad size \(width)x\(height)")
        }
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLBackendError.creationFailed("\(path): \(RendererContext.lastError())")
        }
        defer { SDL_FreeSurface(s) }
        var rng = SplitMix(seed)
        let top = (rng.byte(), rng.byte(), rng.byte()), bottom = (rng.byte(), rng.byte(), rng.byte())
        // The gradient, a band of rows at a time.
        let band = 4
        for y in stride(from: 0, to: height, by: band) {
            let k = Double(y) / Double(max(height - 1, 1))
            func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8(Double(a) + (Double(b) - Double(a)) * k) }
            var r = SDL_Rect(x: 0, y: Int32(y), w: Int32(width), h: Int32(min(band, height - y)))
            SDL_FillRect(s, &r, SDL_MapRGB(s.pointee.format, mix(top.0, bottom.0), mix(top.1, bottom.1), mix(top.2, bottom.2)))
        }
        // Blocks of varied size and colour.
        for _ in 0..<24 {
            let w = Int(rng.next() % UInt64(max(width / 3, 1))) + 1, h = Int(rng.next() % UInt64(max(height / 3, 1))) + 1
            var r = SDL_Rect(x: Int32(rng.next() % UInt64(width)), y: Int32(rng.next() % UInt64(height)), w: Int32(w), h: Int32(h))
            SDL_FillRect(s, &r, SDL_MapRGB(s.pointee.format, rng.byte(), rng.byte(), rng.byte()))
        }
        let lower = path.lowercased()
        let ok = lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") ? IMG_SaveJPG(s, path, 85) : IMG_SavePNG(s, path)
        guard ok == 0 else { throw SDLBackendError.creationFailed("\(path): \(RendererContext.lastError())") }
    }

    /// A small, fast, seedable generator (SplitMix64), so the same seed always gives the same image.
    struct SplitMix {
        var state: UInt64
        init(_ seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next() >> 24) }
    }
}
