import CSDL2
import CarouselCore


/// The `Renderer` of the SDL backend: draws rounded shapes, images and text into an `SDL_Renderer` (a window's, or a
/// software renderer on a surface for headless capture).
///
/// Everything becomes `SDL_RenderGeometry` triangles (a fan plus a one-pixel feathered ring for anti-aliasing),
/// except text, which is copied from cached SDL_ttf textures. Coordinates go through the current transform and then
/// the display `scale` (device pixels per point); transforms are expected to be axis-aligned (translate and scale):
/// other transforms are reduced to the bounding box of what they map. Clips are rounded rectangles intersected
/// geometrically with every shape drawn inside them; text is clipped to the clip's bounding box. Untextured shapes
/// are batched into one geometry call until something else must be drawn.
@MainActor
public final class SDLRenderer: Renderer {
    struct State {
        var transform: Transform2D
        /// The clip in device pixels; nil for none.
        var clip: RoundedRect?
        /// Set when nested clips do not overlap: nothing is drawn.
        var clipIsEmpty = false
        var opacity: Double = 1
    }

    /// Counters for the last frame drawn (or the one being drawn).
    public struct FrameStats: Sendable, Equatable {
        /// `SDL_RenderGeometry` and `SDL_RenderCopy` calls.
        public var drawCalls = 0
        /// Triangles submitted.
        public var triangles = 0
        /// Seconds spent in `SDL_RenderPresent` (a window) or `SDL_RenderFlush` (headless) at the end of the frame:
        /// with a batching renderer (OpenGL) that is where queued drawing is executed and rasterised.
        public var presentSeconds = 0.0
    }

    let context: RendererContext
    /// The image store whose handles this renderer draws.
    public let images: SDLImageStore
    let textCache: TextCache
    /// Device pixels per point.
    public private(set) var scale: Double
    /// The drawable size in points.
    public private(set) var size: Size
    /// Whether `endFrame` presents (a window) or only flushes (headless).
    let presents: Bool
    /// Counters of the current or last frame.
    public private(set) var stats = FrameStats()

    private var state: State
    private var stack: [State] = []
    private let pending = GeometryBatch()
    private let scratch = GeometryBatch()

    init(context: RendererContext, pixelSize: (w: Int, h: Int), scale: Double, presents: Bool,
         images: SDLImageStore? = nil) {
        self.context = context
        self.images = images ?? SDLImageStore(context: context)
        textCache = TextCache(context: context)
        self.scale = scale
        self.presents = presents
        size = Size(Double(pixelSize.w) / scale, Double(pixelSize.h) / scale)
        state = State(transform: .scale(scale, scale))
        stack.reserveCapacity(64)
        SDL_SetRenderDrawBlendMode(context.renderer, SDL_BLENDMODE_BLEND)
    }

    /// Updates the drawable size after a window resize or a display-scale change.
    func setPixelSize(_ w: Int, _ h: Int, scale: Double) {
        self.scale = scale
        size = Size(Double(w) / scale, Double(h) / scale)
    }

    /// How many rendered strings the text cache holds.
    public var cachedTextCount: Int { textCache.count }

    // MARK: Frame

    /// Starts a frame: resets the state stack and clears the target to `clearColor`.
    public func beginFrame(clearColor: Color) {
        images.beginFrame()
        stats = FrameStats()
        stack.removeAll(keepingCapacity: true)
        state = State(transform: .scale(scale, scale))
        pending.removeAll()
        let c = sdlColor(clearColor, alpha: clearColor.a)
        SDL_RenderSetClipRect(context.renderer, nil)
        SDL_SetRenderDrawBlendMode(context.renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(context.renderer, c.r, c.g, c.b, c.a)
        SDL_RenderClear(context.renderer)
        SDL_SetRenderDrawBlendMode(context.renderer, SDL_BLENDMODE_BLEND)
    }

    /// Ends the frame: flushes batched shapes, then presents a window renderer (a headless one keeps the pixels).
    public func endFrame() {
        flush()
        let start = SDL_GetPerformanceCounter()
        if presents { SDL_RenderPresent(context.renderer) } else { SDL_RenderFlush(context.renderer) }
        stats.presentSeconds = Double(SDL_GetPerformanceCounter() &- start) / Double(SDL_GetPerformanceFrequency())
    }

    // MARK: State

    /// Pushes the current transform, clip and opacity.
    public func save() { stack.append(state) }

    /// Pops back to the state of the matching `save()` (unbalanced calls are ignored).
    public func restore() {
        if let s = stack.popLast() { state = s }
    }

    /// Applies `transform` before the current transform.
    public func concatenate(_ transform: Transform2D) {
        state.transform = transform.concatenating(state.transform)
    }

    /// Multiplies the opacity of what is drawn until the matching `restore()`.
    public func multiplyOpacity(_ opacity: Double) {
        state.opacity *= min(max(opacity, 0), 1)
    }

    /// Intersects the clip with `rect` rounded by `cornerRadius` (see `RoundedRect.intersection`).
    public func clip(to rect: Rect, cornerRadius: Double) {
        guard !state.clipIsEmpty else { return }
        let shape = RoundedRect(deviceRect(rect), radius: deviceLength(cornerRadius))
        if let current = state.clip {
            if let i = current.intersection(shape) { state.clip = i } else { state.clipIsEmpty = true }
        } else if shape.isEmpty {
            state.clipIsEmpty = true
        } else {
            state.clip = shape
        }
    }

    // MARK: Drawing

    /// Fills `rect` rounded by `cornerRadius` with `color`, anti-aliased and intersected with the clip.
    public func fill(_ rect: Rect, cornerRadius: Double, color: Color) {
        let alpha = color.a * state.opacity
        guard alpha > 0.001, let shape = clipped(RoundedRect(deviceRect(rect), radius: deviceLength(cornerRadius))) else { return }
        let c = sdlColor(color, alpha: alpha)
        pending.addRoundedRect(shape, feather: 1, color: c, edgeColor: SDL_Color(r: c.r, g: c.g, b: c.b, a: 0))
    }

    /// Draws a soft shadow: `rect` moved by `shadow.offset`, solid inside and fading to transparent across a band
    /// `shadow.radius` wide centred on its edge. Clipped to the clip's bounding box.
    public func drawShadow(for rect: Rect, cornerRadius: Double, shadow: Shadow) {
        let alpha = shadow.color.a * state.opacity
        guard alpha > 0.001, !state.clipIsEmpty else { return }
        let shape = RoundedRect(deviceRect(rect.offsetBy(shadow.offset.x, shadow.offset.y)), radius: deviceLength(cornerRadius))
        guard !shape.isEmpty else { return }
        let blur = max(deviceLength(shadow.radius), 1)
        let c = sdlColor(shadow.color, alpha: alpha)
        let needsClip = state.clip.map { !$0.rect.contains(rect: shape.rect.outset(blur / 2)) } ?? false
        if needsClip {
            flush()
            setClipRect(state.clip!.rect)
        }
        pending.addRoundedRect(shape, feather: blur, color: c, edgeColor: SDL_Color(r: c.r, g: c.g, b: c.b, a: 0))
        if needsClip {
            flush()
            SDL_RenderSetClipRect(context.renderer, nil)
        }
    }

    /// Draws the image behind `image` placed in `rect` by `contentMode` (cropping texture coordinates for fill and
    /// centre, letter-boxing for fit), clipped to `rect` rounded by `cornerRadius` and to the current clip, with a
    /// feathered edge. Draws nothing while the image is not ready.
    public func drawImage(_ image: ImageHandle, in rect: Rect, cornerRadius: Double, contentMode: ContentMode, opacity: Double) {
        let alpha = min(max(opacity, 0), 1) * state.opacity
        guard alpha > 0.001, !state.clipIsEmpty, let tex = images.texture(for: image) else { return }
        let bounds = RoundedRect(deviceRect(rect), radius: deviceLength(cornerRadius))
        let placed = deviceRect(rect.placing(tex.natural, mode: contentMode))
        guard let visible = bounds.intersection(RoundedRect(placed, radius: 0)), let shape = clipped(visible) else { return }
        flush()
        // Opacity goes into the vertex colour, which modulates the texture on every renderer: the software
        // renderer's geometry path ignores the texture's alpha modulation.
        let tint = SDL_Color(r: 255, g: 255, b: 255, a: UInt8((alpha * 255).rounded()))
        scratch.removeAll()
        scratch.addRoundedRect(shape, feather: 1, color: tint, edgeColor: SDL_Color(r: 255, g: 255, b: 255, a: 0),
                               texture: TextureMapping(placed: placed, visible: shape.rect))
        SDL_SetTextureAlphaMod(tex.texture, 255)
        submit(scratch, texture: tex.texture)
    }

    /// Draws one line of text in DejaVu Sans with its top-left corner at `origin`, rendered at the device pixel size
    /// the current transform gives it, clipped to the clip's bounding box.
    public func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color) {
        let alpha = color.a * state.opacity
        guard alpha > 0.001, !text.isEmpty, !state.clipIsEmpty else { return }
        let t = state.transform
        let pixelSize = Int((font.size * abs(t.d == 0 ? t.scaleX : t.d)).rounded())
        guard pixelSize >= 1, let entry = textCache.texture(for: text, pixelSize: pixelSize, bold: font.bold) else { return }
        let p = t.apply(origin)
        var dst = SDL_FRect(x: Float(p.x.rounded()), y: Float(p.y.rounded()), w: Float(entry.width), h: Float(entry.height))
        if let clip = state.clip, !clip.rect.contains(rect: Rect(Double(dst.x), Double(dst.y), Double(dst.w), Double(dst.h))) {
            guard clip.rect.intersects(Rect(Double(dst.x), Double(dst.y), Double(dst.w), Double(dst.h))) else { return }
            flush()
            setClipRect(clip.rect)
        } else {
            flush()
        }
        let c = sdlColor(color, alpha: alpha)
        SDL_SetTextureColorMod(entry.texture, c.r, c.g, c.b)
        SDL_SetTextureAlphaMod(entry.texture, c.a)
        SDL_RenderCopyF(context.renderer, entry.texture, nil, &dst)
        stats.drawCalls += 1
        if state.clip != nil { SDL_RenderSetClipRect(context.renderer, nil) }
    }

    /// The size of one line of `text` in points. Without a font, an estimate (so layout still works).
    public func measureText(_ text: String, font: FontSpec) -> Size {
        let pixelSize = max(1, Int((font.size * scale).rounded()))
        guard let m = textCache.measure(text, pixelSize: pixelSize, bold: font.bold) else {
            return Size(0.55 * font.size * Double(text.count), 1.2 * font.size)
        }
        return Size(Double(m.width) / scale, Double(m.height) / scale)
    }

    // MARK: Helpers

    /// `rect` in device pixels (the bounding box, for transforms that are not axis-aligned).
    func deviceRect(_ rect: Rect) -> Rect {
        let t = state.transform
        if t.isAxisAligned {
            let x0 = t.a * rect.minX + t.tx, x1 = t.a * rect.maxX + t.tx
            let y0 = t.d * rect.minY + t.ty, y1 = t.d * rect.maxY + t.ty
            return Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
        }
        return t.apply(rect)
    }

    /// A length (a radius) in device pixels: scaled by the smaller axis scale.
    func deviceLength(_ length: Double) -> Double {
        let t = state.transform
        if t.isAxisAligned { return length * min(abs(t.a), abs(t.d)) }
        return length * abs(t.a * t.d - t.b * t.c).squareRoot()
    }

    /// `shape` intersected with the current clip; nil when nothing is left.
    private func clipped(_ shape: RoundedRect) -> RoundedRect? {
        if state.clipIsEmpty || shape.isEmpty { return nil }
        guard let clip = state.clip else { return shape }
        return shape.intersection(clip)
    }

    private func sdlColor(_ c: Color, alpha: Double) -> SDL_Color {
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        return SDL_Color(r: byte(c.r), g: byte(c.g), b: byte(c.b), a: byte(alpha))
    }

    private func setClipRect(_ r: Rect) {
        let x0 = Int32(r.minX.rounded(.down)), y0 = Int32(r.minY.rounded(.down))
        var sr = SDL_Rect(x: x0, y: y0, w: Int32(r.maxX.rounded(.up)) - x0, h: Int32(r.maxY.rounded(.up)) - y0)
        SDL_RenderSetClipRect(context.renderer, &sr)
    }

    /// Draws the batched untextured shapes.
    private func flush() {
        guard !pending.isEmpty else { return }
        submit(pending, texture: nil)
    }

    private func submit(_ batch: GeometryBatch, texture: OpaquePointer?) {
        guard !batch.isEmpty else { return }
        batch.vertices.withUnsafeBufferPointer { v in
            batch.indices.withUnsafeBufferPointer { i in
                _ = SDL_RenderGeometry(context.renderer, texture, v.baseAddress, Int32(v.count), i.baseAddress, Int32(i.count))
            }
        }
        stats.drawCalls += 1
        stats.triangles += batch.indices.count / 3
        batch.removeAll()
    }
}

extension Rect {
    /// Whether `r` lies entirely inside `self`.
    func contains(rect r: Rect) -> Bool { r.minX >= minX && r.maxX <= maxX && r.minY >= minY && r.maxY <= maxY }
}
