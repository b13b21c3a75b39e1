import CSDL2
import CSDL2Image
import Foundation

/// A decoded image as straight RGBA bytes, for comparing captured frames with golden PNGs.
public struct PixelImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row-major RGBA, 4 bytes per pixel.
    public let rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) { self.width = width; self.height = height; self.rgba = rgba }

    /// Decodes a PNG (or any format SDL_image reads).
    public static func load(_ path: String) throws -> PixelImage {
        guard let loaded = IMG_Load(path) else { throw SDLBackendError.saveFailed(path: path, reason: "cannot read: \(String(cString: SDL_GetError()))") }
        defer { SDL_FreeSurface(loaded) }
        guard let s = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else {
            throw SDLBackendError.saveFailed(path: path, reason: "cannot convert: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(s) }
        let w = Int(s.pointee.w), h = Int(s.pointee.h), pitch = Int(s.pointee.pitch)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        if let p = s.pointee.pixels {
            let bytes = p.assumingMemoryBound(to: UInt8.self)
            for y in 0..<h {
                for i in 0..<(w * 4) { out[y * w * 4 + i] = bytes[y * pitch + i] }
            }
        }
        return PixelImage(width: w, height: h, rgba: out)
    }

    /// How two images differ: the mean absolute difference per colour channel (0...255) and the fraction of pixels
    /// with any channel off by more than `threshold`. Images of different sizes differ completely.
    public func difference(to other: PixelImage, threshold: Int = 24) -> (meanAbs: Double, fractionOver: Double) {
        guard width == other.width, height == other.height, rgba.count == other.rgba.count else { return (255, 1) }
        var total = 0, over = 0
        var i = 0
        while i < rgba.count {
            var worst = 0
            for c in 0..<3 {
                let d = abs(Int(rgba[i + c]) - Int(other.rgba[i + c]))
                total += d
                worst = max(worst, d)
            }
            if worst > threshold { over += 1 }
            i += 4
        }
        let pixels = max(width * height, 1)
        return (Double(total) / Double(pixels * 3), Double(over) / Double(pixels))
    }

    /// The pixels where any colour channel differs from `other` by more than `tolerance` (anti-aliasing and text
    /// rasterisation noise stays within a few levels; a missing or moved element is far beyond), and an image showing
    /// them: this image faded to grey, each such pixel in red. Images of different sizes differ everywhere.
    public func pixelsOff(from other: PixelImage, tolerance: Int) -> (count: Int, worst: Int, diff: PixelImage) {
        guard width == other.width, height == other.height, rgba.count == other.rgba.count else {
            return (max(width * height, other.width * other.height), 255, self)
        }
        var count = 0, worst = 0
        var diff = [UInt8](repeating: 255, count: rgba.count)
        var i = 0
        while i < rgba.count {
            var d = 0
            for c in 0..<3 { d = max(d, abs(Int(rgba[i + c]) - Int(other.rgba[i + c]))) }
            worst = max(worst, d)
            if d > tolerance {
                count += 1
                diff[i] = 255; diff[i + 1] = 0; diff[i + 2] = 0
            } else {
                let sum: Int = Int(rgba[i]) + Int(rgba[i + 1]) + Int(rgba[i + 2])
                let grey = UInt8(sum / 12 + 170)
                diff[i] = grey; diff[i + 1] = grey; diff[i + 2] = grey
            }
            i += 4
        }
        return (count, worst, PixelImage(width: width, height: height, rgba: diff))
    }

    /// Writes the image as a PNG (atomically, as every PNG the app writes).
    public func savePNG(to path: String) throws {
        var bytes = rgba
        try bytes.withUnsafeMutableBytes { buffer in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(buffer.baseAddress, Int32(width), Int32(height), 32,
                                                                   Int32(width * 4), SDL_PIXELFORMAT_ABGR8888.rawValue) else {
                throw SDLBackendError.saveFailed(path: path, reason: String(cString: SDL_GetError()))
            }
            defer { SDL_FreeSurface(surface) }
            try PNGWriter.save(surface, to: path)
        }
    }
}
