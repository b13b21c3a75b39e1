import CSDL2
import CarouselCore

/// Software renderer: translucent solid shapes (shadows, translucent fills) rasterised once into a small texture,
/// then blended as a plain copy. SDL's software renderer blends triangles pixel by pixel in generic code, several
/// times slower than it blends a copy; a shape drawn again and again at rest (the same shadow under every image of
/// a row, page dots) is worth a sprite.
///
/// A sprite is made the second time its shape is asked for (an animating shape, new every frame, never gets one)
/// and dropped when it has not been drawn for a while.
@MainActor
final class SolidSprites {
    /// A shape in sprite coordinates (its fractional offset kept), quantised to 1/8 pixel, with its colour.
    struct Key: Hashable {
        var size: Int64
        var rect: Int64
        var radii: Int64
        var feather: Int32
        var color: UInt32

        init(width: Int32, height: Int32, shape: RoundedRect, feather: Double, color c: SDL_Color) {
            func q(_ v: Double) -> Int64 { Int64((v * 8).rounded()) & 0xffff }
            size = Int64(width) << 32 | Int64(height)
            rect = q(shape.rect.minX) << 48 | q(shape.rect.minY) << 32 | q(shape.rect.width) << 16 | q(shape.rect.height)
            let r = shape.radii
            radii = q(r.topLeft) << 48 | q(r.topRight) << 32 | q(r.bottomRight) << 16 | q(r.bottomLeft)
            self.feather = Int32((feather * 8).rounded())
            color = UInt32(c.r) << 24 | UInt32(c.g) << 16 | UInt32(c.b) << 8 | UInt32(c.a)
        }
    }

    struct Sprite {
        var texture: OpaquePointer
        var lastUse: UInt64
    }

    /// Held so the sprites are destroyed while their renderer still exists (see `RendererContext`).
    private let context: RendererContext
    private var sprites: [Key: Sprite] = [:]
    private var seen: [Key: UInt64] = [:]
    private var frame: UInt64 = 0
    /// Sprites kept at most; beyond, those drawn longest ago go first.
    let capacity = 128
    /// Frames without a draw after which a sprite (or the memory of a shape seen once) is dropped.
    let maxAge: UInt64 = 120

    init(context: RendererContext) { self.context = context }

    /// Marks the start of a frame and forgets what has not been drawn for `maxAge` frames.
    func beginFrame() {
        frame += 1
        guard frame % 30 == 0 else { return }
        for (k, s) in sprites where frame - s.lastUse > maxAge {
            SDL_DestroyTexture(s.texture)
            sprites[k] = nil
        }
        seen = seen.filter { frame - $0.value <= maxAge }
    }

    /// The sprite for `key`, made by `render` when the shape was asked for in an earlier frame; nil otherwise (draw
    /// the shape directly).
    func sprite(for key: Key, render: () -> OpaquePointer?) -> OpaquePointer? {
        if var s = sprites[key] {
            s.lastUse = frame
            sprites[key] = s
            return s.texture
        }
        guard let first = seen[key], first < frame else {
            if seen[key] == nil { seen[key] = frame }
            return nil
        }
        guard let texture = render() else { return nil }
        if sprites.count >= capacity, let oldest = sprites.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            SDL_DestroyTexture(oldest.value.texture)
            sprites[oldest.key] = nil
        }
        sprites[key] = Sprite(texture: texture, lastUse: frame)
        seen[key] = nil
        return texture
    }

    /// How many sprites are held (for tests).
    var count: Int { sprites.count }

    isolated deinit {
        for s in sprites.values { SDL_DestroyTexture(s.texture) }
    }
}
