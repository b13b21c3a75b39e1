import CSDL2
import CSDL2Image
import CarouselCore
import Foundation

/// An off-screen drawing target with no display: an ARGB8888 surface and SDL's software renderer, needing no video
/// initialisation (works with DISPLAY unset). For capture, tests and CI.
@MainActor
public final class HeadlessCanvas {
    private let context: RendererContext
    /// The renderer drawing into the canvas.
    public let renderer: SDLRenderer
    /// The image store bound to `renderer`.
    public var images: SDLImageStore { renderer.images }
    /// Width in device pixels.
    public let pixelWidth: Int
    /// Height in device pixels.
    public let pixelHeight: Int

    /// Creates a `width` x `height` pixel canvas; `scale` is device pixels per point (the renderer's `size` is the
    /// pixel size divided by it). `fontFolders`, when given, are the only places fonts come from (the goldens use
    /// the DejaVu Sans bundled with the tests, so text rasterises the same whatever the system has installed).
    public init(width: Int, height: Int, scale: Double = 1, fontFolders: [String]? = nil) throws {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw SDLBackendError.creationFailed("a \(width)x\(height) canvas (sides must be 1...16384)")
        }
        guard scale > 0, scale.isFinite else { throw SDLBackendError.creationFailed("a canvas with scale \(scale)") }
        guard SDLSubsystems.start(0) == 0 else { throw SDLBackendError.initFailed(RendererContext.lastError()) }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLBackendError.creationFailed("a \(width)x\(height) surface: \(RendererContext.lastError())")
        }
        guard let sdlRenderer = SDL_CreateSoftwareRenderer(surface) else {
            let why = RendererContext.lastError()
            SDL_FreeSurface(surface)
            throw SDLBackendError.creationFailed("a software renderer: \(why)")
        }
        context = RendererContext(renderer: sdlRenderer, window: nil, surface: surface)
        renderer = SDLRenderer(context: context, pixelSize: (width, height), scale: scale, presents: false, fontFolders: fontFolders)
        pixelWidth = width
        pixelHeight = height
    }

    /// The pixel at (`x`, `y`) in device pixels, as straight RGBA bytes. Out-of-range coordinates read as zero.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        guard x >= 0, y >= 0, x < pixelWidth, y < pixelHeight, let surface = context.surface, let p = surface.pointee.pixels else {
            return (0, 0, 0, 0)
        }
        SDL_RenderFlush(context.renderer)
        let v = (p + y * Int(surface.pointee.pitch)).assumingMemoryBound(to: UInt32.self)[x]
        return (UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 24))
    }

    /// The frame as the surface holds it, row by row with no padding: 4 bytes a pixel in memory order B, G, R, A
    /// (ARGB8888 on a little-endian machine; FFmpeg's `bgra`). A plain copy of each row, for encoders.
    public func bgraFrame() -> Data {
        var out = Data()
        bgraFrame(into: &out)
        return out
    }

    /// The frame as `bgraFrame()` gives it, written into `buffer` (resized to fit), so an encoder can hand the same
    /// few buffers round instead of allocating several megabytes a frame.
    public func bgraFrame(into buffer: inout Data) {
        let rowBytes = pixelWidth * 4
        if buffer.count != rowBytes * pixelHeight { buffer = Data(count: rowBytes * pixelHeight) }
        guard let surface = context.surface, let p = surface.pointee.pixels else { return }
        SDL_RenderFlush(context.renderer)
        let pitch = Int(surface.pointee.pitch)
        buffer.withUnsafeMutableBytes { dst in
            for y in 0..<pixelHeight { (dst.baseAddress! + y * rowBytes).copyMemory(from: p + y * pitch, byteCount: rowBytes) }
        }
    }

    /// All pixels, row by row, as RGBA bytes (4 per pixel).
    public func pixels() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: pixelWidth * pixelHeight * 4)
        guard let surface = context.surface, let p = surface.pointee.pixels else { return out }
        SDL_RenderFlush(context.renderer)
        let pitch = Int(surface.pointee.pitch)
        for y in 0..<pixelHeight {
            let row = (p + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<pixelWidth {
                let v = row[x], o = (y * pixelWidth + x) * 4
                out[o] = UInt8(truncatingIfNeeded: v >> 16)
                out[o + 1] = UInt8(truncatingIfNeeded: v >> 8)
                out[o + 2] = UInt8(truncatingIfNeeded: v)
                out[o + 3] = UInt8(truncatingIfNeeded: v >> 24)
            }
        }
        return out
    }

    /// Writes the canvas as a PNG. The file is written under a temporary name in the same folder, every write
    /// checked, and renamed into place, so a failure (a full disk, a missing folder) never leaves a partial file at
    /// `path` (see `PNGWriter`).
    public func savePNG(to path: String) throws {
        guard let surface = context.surface else { throw SDLBackendError.saveFailed(path: path, reason: "no surface") }
        SDL_RenderFlush(context.renderer)
        do { try PNGWriter.write(try PNGWriter.encode(surface), to: path) } catch {
            throw SDLBackendError.saveFailed(path: path, reason: error.reason)
        }
    }
}
