import CSDL2
import CarouselCore


/// The `Renderer` of the SDL backend: draws rounded shapes, images and text into an `SDL_Renderer` (a window's, or a
/// software renderer on a surface for headless capture).
///
/// Every shape is a rounded rectangle split by `GeometryBatch` into a body (rectangles and corner fans) and a
/// one-pixel feathered ring for anti-aliasing (a wider one for shadows). Bodies of opaque fills and opaque images are
/// drawn without blending, and body rectangles become fills and blits on the software renderer, so the cost follows
/// the pixels drawn, not the triangles. Text is copied from cached SDL_ttf textures. Coordinates go through the
/// current transform and then the display `scale` (device pixels per point); transforms are expected to be
/// axis-aligned (translate and scale): other transforms are reduced to the bounding box of what they map. Clips are
/// rounded rectangles intersected geometrically with every shape drawn inside them; text is clipped to the clip's
/// bounding box.
@MainActor
public final class SDLRenderer: PartialRenderer, TextMeasurer {
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
        /// The clear or opaque fills not drawn because an opaque image drawn next covered them.
        public var skippedFills = 0
        /// Seconds spent in `SDL_RenderPresent` (a window) or `SDL_RenderFlush` (headless) at the end of the frame:
        /// with a batching renderer (OpenGL) that is where queued drawing is executed and rasterised.
        public var presentSeconds = 0.0
        /// Device pixels redrawn (and presented): the regions of a partial frame, else the whole target.
        public var repaintedPixels = 0
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
    /// A partial frame's regions in device pixels (nil for a whole frame), and the one being drawn (the clip every
    /// drawing is held to, pixel-exactly).
    private var regions: [SDL_Rect]?
    private var region: SDL_Rect?
    private var regionClear = SDL_Color(r: 0, g: 0, b: 0, a: 255)
    /// Set when the target no longer holds the last frame presented (a resize, a read-back, an exposure).
    private var lostFrame = true

    private var state: State
    private var stack: [State] = []
    /// Whether this is SDL's software renderer, which gets the fast paths (fills and copies for shape bodies,
    /// drawn-size image copies, sprites); other renderers draw each shape as one blended triangle list.
    private var software: Bool { body.snapsToPixels }
    /// An opaque area not drawn yet: the frame's clear, or an opaque fill. It is drawn before the next drawing,
    /// unless that drawing is an opaque image covering it completely: a background under an opaque picture, or the
    /// clear under a full-window picture, would only be painted over.
    private enum Deferred { case clear(SDL_Color), fill(RoundedRect, SDL_Color) }
    private var deferred: Deferred?
    /// The shape being drawn: its body (untextured rectangles collected for `SDL_RenderFillRectsF`) and its ring.
    private let body: GeometryBatch
    private let edge: GeometryBatch
    /// One white pixel. Blended untextured triangles are drawn with it: SDL's software renderer allocates a
    /// temporary surface for every blended untextured triangle, but blends textured ones in place.
    private let white: OpaquePointer?
    /// Software renderer: an opaque target texture as large as the drawable, where an image drawn at a changing
    /// size is stretched before it is copied (see `drawImage`).
    private var scratch: (texture: OpaquePointer, width: Int32, height: Int32)?
    /// Software renderer: translucent solids drawn from sprites, and a scratch sprite as large as the drawable for
    /// those without one.
    private let sprites: SolidSprites
    private var spriteScratch: (texture: OpaquePointer, width: Int32, height: Int32)?

    init(context: RendererContext, pixelSize: (w: Int, h: Int), scale: Double, presents: Bool,
         images: SDLImageStore? = nil, fontFolders: [String]? = nil) {
        self.context = context
        self.images = images ?? SDLImageStore(context: context)
        self.images.displayScale = scale
        textCache = TextCache(context: context, fontFolders: fontFolders)
        self.scale = scale
        self.presents = presents
        size = Size(Double(pixelSize.w) / scale, Double(pixelSize.h) / scale)
        state = State(transform: .scale(scale, scale))
        stack.reserveCapacity(64)
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(context.renderer, &info)
        let software = info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
        body = GeometryBatch(snapsToPixels: software)
        body.collectsRects = true
        edge = GeometryBatch(snapsToPixels: software)
        white = SDLRenderer.makeWhitePixel(context.renderer)
        sprites = SolidSprites(context: context)
        SDL_SetRenderDrawBlendMode(context.renderer, SDL_BLENDMODE_BLEND)
    }

    /// Updates the drawable size after a window resize or a display-scale change.
    func setPixelSize(_ w: Int, _ h: Int, scale: Double) {
        self.scale = scale
        images.displayScale = scale
        size = Size(Double(w) / scale, Double(h) / scale)
        lostFrame = true
    }

    /// The window's content must be drawn whole on the next frame (it was exposed, or redrawn by someone else).
    func contentLost() { lostFrame = true }

    /// How many rendered strings the text cache holds.
    public var cachedTextCount: Int { textCache.count }
    /// The text cache's pixel memory in bytes, and the fonts it holds open (`run --stats`).
    public var textCacheFootprint: (bytes: Int, fonts: Int) { (textCache.textureBytes, textCache.fontCount) }
    /// How many translucent shapes are held as sprites (software renderer).
    var spriteCount: Int { sprites.count }

    // MARK: Frame

    /// Starts a frame: resets the state stack and clears the target to `clearColor`.
    public func beginFrame(clearColor: Color) {
        images.beginFrame()
        sprites.beginFrame()
        stats = FrameStats()
        regions = nil
        region = nil
        stats.repaintedPixels = Int(viewport.width * viewport.height)
        stack.removeAll(keepingCapacity: true)
        state = State(transform: .scale(scale, scale))
        SDL_RenderSetClipRect(context.renderer, nil)
        deferred = .clear(sdlColor(clearColor, alpha: clearColor.a))
    }

    /// Ends the frame: draws what was deferred, then presents a window renderer (a headless one keeps the pixels):
    /// a partial frame's regions only (`SDL_UpdateWindowSurfaceRects`). A frame with a read-back armed
    /// (`readBackNextFrame`) is read instead of presented, and the next frame is drawn whole.
    public func endFrame() {
        drawDeferred(unlessCoveredBy: nil)
        let partial = regions
        regions = nil
        region = nil
        SDL_RenderSetClipRect(context.renderer, nil)
        if !readBacks.isEmpty {
            let handlers = readBacks
            readBacks.removeAll()
            for handler in handlers { handler(readPixels()) }
            lostFrame = true
            return
        }
        let start = SDL_GetPerformanceCounter()
        if !presents {
            SDL_RenderFlush(context.renderer)
        } else if let partial, let window = context.window {
            SDL_RenderFlush(context.renderer)
            // The window may have been resized since this frame was laid out (SDL already knows, the app not yet):
            // X11 refuses a rectangle that starts past the window's edge, so each is clipped to the window now.
            var w: Int32 = 0, h: Int32 = 0
            SDL_GetWindowSize(window, &w, &h)
            var rects = partial.compactMap { SDLRenderer.clip($0, width: w, height: h) }
            if !rects.isEmpty { SDL_UpdateWindowSurfaceRects(window, &rects, Int32(rects.count)) }
        } else {
            SDL_RenderPresent(context.renderer)
        }
        lostFrame = false
        stats.presentSeconds = Double(SDL_GetPerformanceCounter() &- start) / Double(SDL_GetPerformanceFrequency())
    }

    // MARK: Partial frames

    /// The software renderer draws into a target that keeps its pixels (the window's surface, or the canvas): a
    /// frame can redraw and present part of it. OpenGL's back buffer is undefined after a present: always whole.
    public var keepsLastFrame: Bool { software && !lostFrame }

    /// Starts a frame that redraws only `regions` (points; see `FrameDamage`).
    public func beginFrame(clearColor: Color, regions: [Rect]) {
        images.beginFrame()
        sprites.beginFrame()
        stats = FrameStats()
        regionClear = sdlColor(clearColor, alpha: clearColor.a)
        self.regions = regions.map(devicePixels)
        stats.repaintedPixels = self.regions!.reduce(0) { $0 + Int($1.w) * Int($1.h) }
    }

    /// Starts redrawing one region: the state reset, SDL clipped to it, and a clear of it deferred.
    public func beginRegion(_ rect: Rect) {
        drawDeferred(unlessCoveredBy: nil)
        stack.removeAll(keepingCapacity: true)
        state = State(transform: .scale(scale, scale))
        region = devicePixels(rect)
        resetClipRect()
        deferred = .clear(regionClear)
    }

    /// Notes an image of the frame outside the region being drawn as drawn at its size (see `sizedTexture`), so an
    /// image keeps the copy or scratch stretch it would have in a whole frame and the pixels stay the same.
    public func skipImage(_ image: ImageHandle, in rect: Rect, contentMode: ContentMode) {
        guard software, let tex = images.texture(for: image) else { return }
        let placed = deviceRect(rect.placing(tex.natural, mode: contentMode))
        let w = Int32(pixels: placed.width.rounded()), h = Int32(pixels: placed.height.rounded())
        if (w, h) != (tex.width, tex.height) { _ = images.sizedTexture(for: image, width: w, height: h) }
    }

    /// A rectangle in points as whole device pixels, rounded outwards.
    /// `r` clipped to a `width` x `height` window, or nil when nothing of it is inside.
    static func clip(_ r: SDL_Rect, width: Int32, height: Int32) -> SDL_Rect? {
        let x0 = max(r.x, 0), y0 = max(r.y, 0)
        let x1 = min(r.x + r.w, width), y1 = min(r.y + r.h, height)
        return x1 > x0 && y1 > y0 ? SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0) : nil
    }

    private func devicePixels(_ r: Rect) -> SDL_Rect {
        let x0 = Int32(pixels: (r.minX * scale).rounded(.down)), y0 = Int32(pixels: (r.minY * scale).rounded(.down))
        return SDL_Rect(x: x0, y: y0, w: Int32(pixels: (r.maxX * scale).rounded(.up)) - x0, h: Int32(pixels: (r.maxY * scale).rounded(.up)) - y0)
    }

    // MARK: Read-back

    private var readBacks: [(Result<SurfaceBox, SDLBackendError>) -> Void] = []

    /// Arms a read-back: when the next frame ends, its pixels are copied into a new surface that `handler` owns
    /// (XRGB8888, the renderer's output size), and that frame is not presented. Several may wait for one frame.
    func readBackNextFrame(_ handler: @escaping (Result<SurfaceBox, SDLBackendError>) -> Void) {
        readBacks.append(handler)
    }

    /// The pixels drawn so far, before any present (the back buffer is undefined after one).
    private func readPixels() -> Result<SurfaceBox, SDLBackendError> {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(context.renderer, &w, &h)
        let format = SDL_PIXELFORMAT_RGB888.rawValue
        guard w > 0, h > 0, let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, format) else {
            return .failure(.creationFailed("a \(w)x\(h) surface for a screenshot: \(RendererContext.lastError())"))
        }
        guard SDL_RenderReadPixels(context.renderer, nil, format, surface.pointee.pixels, surface.pointee.pitch) == 0 else {
            let why = RendererContext.lastError()
            SDL_FreeSurface(surface)
            return .failure(.saveFailed(path: "(screenshot)", reason: "cannot read the frame's pixels: \(why)"))
        }
        return .success(SurfaceBox(surface))
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
        guard c.a == 255 else {
            drawDeferred(unlessCoveredBy: nil)
            drawSolid(shape, feather: 1, color: c)
            return
        }
        // An opaque fill over the whole target makes the clear unnecessary; it waits in turn.
        if case .clear = deferred, shape.covers(RoundedRect(viewport, radius: 0)) { deferred = nil; stats.skippedFills += 1 }
        drawDeferred(unlessCoveredBy: nil)
        deferred = .fill(shape, c)
    }

    /// Fills `rect` rounded by `cornerRadius` with `gradient`, anti-aliased and intersected with the clip. OpenGL:
    /// one shape whose vertices take the gradient's colour at their position, interpolated across each triangle.
    /// Software: vertical strips on whole device pixels (so neighbours meet without a seam), at least two pixels
    /// wide and at most 64, each a solid fill (SDL's software renderer rasterises interpolated triangles several
    /// times slower than it blits the solid sprites fills use).
    public func fillGradient(_ rect: Rect, cornerRadius: Double, gradient: HorizontalGradient) {
        guard max(gradient.leading.a, gradient.trailing.a) * state.opacity > 0.001,
              let shape = clipped(RoundedRect(deviceRect(rect), radius: deviceLength(cornerRadius))) else { return }
        let span = deviceRect(rect), opacity = state.opacity
        drawDeferred(unlessCoveredBy: nil)
        if software {
            // Whole-pixel strips, each clipped as a node's fill is (the rounding inside the clip's shape).
            save()
            if cornerRadius > 0 { clip(to: rect, cornerRadius: cornerRadius) }
            let x0 = span.minX.rounded(), x1 = span.maxX.rounded()
            let n = min(max(Int((x1 - x0) / 2), 1), 64)
            var a = x0
            for k in 1...n {
                let b = (x0 + (x1 - x0) * Double(k) / Double(n)).rounded()
                defer { a = b }
                guard b > a, let strip = clipped(RoundedRect(Rect(a, span.minY, b - a, span.height), radius: 0)) else { continue }
                let c = gradient.color(at: span.width > 0 ? ((a + b) / 2 - span.minX) / span.width : 0)
                if c.a * opacity > 0.001 { drawSolid(strip, feather: 1, color: sdlColor(c, alpha: c.a * opacity)) }
            }
            restore()
            return
        }
        body.removeAll()
        edge.removeAll()
        edge.colorAt = { [unowned self] p in
            let c = gradient.color(at: span.width > 0 ? (p.x - span.minX) / span.width : 0)
            return sdlColor(c, alpha: c.a * opacity)
        }
        edge.addRoundedRect(shape, feather: 1, color: SDL_Color(r: 255, g: 255, b: 255, a: 255),
                            edgeColor: SDL_Color(r: 255, g: 255, b: 255, a: 0))
        edge.colorAt = nil
        submit(edge, texture: nil)
    }

    /// Draws a soft shadow: `rect` moved by `shadow.offset`, solid inside and fading to transparent across a band
    /// `shadow.radius` wide centred on its edge. Clipped to the clip's bounding box.
    public func drawShadow(for rect: Rect, cornerRadius: Double, shadow: Shadow) {
        let alpha = shadow.color.a * state.opacity
        guard alpha > 0.001, !state.clipIsEmpty else { return }
        let shape = RoundedRect(deviceRect(rect.offsetBy(shadow.offset.x, shadow.offset.y)), radius: deviceLength(cornerRadius))
        guard !shape.isEmpty else { return }
        drawDeferred(unlessCoveredBy: nil)
        let blur = max(deviceLength(shadow.radius), 1)
        let needsClip = state.clip.map { !$0.rect.contains(rect: shape.rect.outset(blur / 2)) } ?? false
        if needsClip { setClipRect(state.clip!.rect) }
        drawSolid(shape, feather: blur, color: sdlColor(shadow.color, alpha: alpha))
        if needsClip { resetClipRect() }
    }

    /// Draws the image behind `image` placed in `rect` by `contentMode` (cropping texture coordinates for fill and
    /// centre, letter-boxing for fit), clipped to `rect` rounded by `cornerRadius` and to the current clip, with a
    /// feathered edge. Draws nothing while the image is not ready.
    public func drawImage(_ image: ImageHandle, in rect: Rect, cornerRadius: Double, contentMode: ContentMode, opacity: Double) {
        let alpha = min(max(opacity, 0), 1) * state.opacity
        guard alpha > 0.001, !state.clipIsEmpty, let tex = images.texture(for: image) else { return }
        let bounds = RoundedRect(deviceRect(rect), radius: deviceLength(cornerRadius))
        var placed = deviceRect(rect.placing(tex.natural, mode: contentMode))
        guard let visible = bounds.intersection(RoundedRect(placed, radius: 0)), let shape = clipped(visible) else { return }
        // Opacity goes into the vertex colour, which modulates the texture on every renderer: the software
        // renderer's geometry path ignores the texture's alpha modulation.
        let tint = SDL_Color(r: 255, g: 255, b: 255, a: UInt8((alpha * 255).rounded()))
        let opaque = tex.opaque && tint.a == 255
        drawDeferred(unlessCoveredBy: opaque ? shape : nil)
        var texture = tex.texture, texSize = (w: tex.width, h: tex.height), used = (u: 1.0, v: 1.0)
        var wholeTexture = texSize
        if software {
            // The software renderer stretches slowly, and blends a stretched image through temporary surfaces: an
            // image drawn scaled is first stretched, without blending, into a copy at its drawn size (kept while the
            // image rests at that size, else a scratch texture), placed on whole pixels; every draw is then a copy.
            let w = Int32(pixels: placed.width.rounded()), h = Int32(pixels: placed.height.rounded())
            if (w, h) != texSize {
                if let sized = images.sizedTexture(for: image, width: w, height: h) {
                    texture = sized
                    texSize = (w, h)
                    wholeTexture = texSize
                    placed = Rect(placed.minX.rounded(), placed.minY.rounded(), Double(w), Double(h))
                } else if tex.opaque, let s = stretchedIntoScratch(tex.texture, width: w, height: h) {
                    texture = s.texture
                    texSize = (w, h)
                    wholeTexture = (s.width, s.height)
                    used = (Double(w) / Double(s.width), Double(h) / Double(s.height))
                    placed = Rect(placed.minX.rounded(), placed.minY.rounded(), Double(w), Double(h))
                }
            }
        }
        body.removeAll()
        edge.removeAll()
        let mapping = TextureMapping(placed: placed, visible: shape.rect, used: used, textureSize: wholeTexture)
        guard software else {
            // OpenGL (llvmpipe): one blended draw call (see `drawSolid`).
            edge.addRoundedRect(shape, feather: 1, color: tint, edgeColor: SDL_Color(r: 255, g: 255, b: 255, a: 0), texture: mapping)
            SDL_SetTextureAlphaMod(texture, 255)
            submit(edge, texture: texture)
            return
        }
        edge.addRoundedRect(shape, feather: 1, color: tint, edgeColor: SDL_Color(r: 255, g: 255, b: 255, a: 0),
                            texture: mapping, body: body)
        // An opaque image at full opacity covers its body completely: copying beats blending by far.
        if opaque { SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE) }
        copyBodyRects(of: texture, size: texSize, placed: placed, alpha: tint.a)
        SDL_SetTextureAlphaMod(texture, 255)
        submit(body, texture: texture)
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        submit(edge, texture: texture)
    }

    /// `source` (opaque) stretched to `width` x `height` into the top-left of the scratch texture, which is made
    /// the size of the drawable; nil when the image is larger than that or render targets fail.
    private func stretchedIntoScratch(_ source: OpaquePointer, width: Int32, height: Int32) -> (texture: OpaquePointer, width: Int32, height: Int32)? {
        let limit = (w: Int32((size.width * scale).rounded()), h: Int32((size.height * scale).rounded()))
        guard width > 0, height > 0, width <= limit.w, height <= limit.h else { return nil }
        if let s = scratch, s.width != limit.w || s.height != limit.h {
            SDL_DestroyTexture(s.texture)
            scratch = nil
        }
        if scratch == nil {
            guard let t = SDL_CreateTexture(context.renderer, SDL_PIXELFORMAT_RGB888.rawValue,
                                            Int32(SDL_TEXTUREACCESS_TARGET.rawValue), limit.w, limit.h) else { return nil }
            SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
            scratch = (t, limit.w, limit.h)
        }
        guard let s = scratch, SDLImageStore.stretch(source, into: s.texture, width: width, height: height, renderer: context.renderer) else {
            return nil
        }
        return s
    }

    /// Copies the body rectangles collected for an image (software renderer) from `texture`, whose `size` pixels
    /// cover `placed`, with alpha modulation `alpha`.
    private func copyBodyRects(of texture: OpaquePointer, size: (w: Int32, h: Int32), placed: Rect, alpha: UInt8) {
        guard !body.rects.isEmpty, placed.width > 0, placed.height > 0 else { return }
        SDL_SetTextureAlphaMod(texture, alpha)
        let kx = Double(size.w) / placed.width, ky = Double(size.h) / placed.height
        for var dst in body.rects {
            let x0 = ((Double(dst.x) - placed.minX) * kx).rounded(), y0 = ((Double(dst.y) - placed.minY) * ky).rounded()
            let x1 = ((Double(dst.x + dst.w) - placed.minX) * kx).rounded(), y1 = ((Double(dst.y + dst.h) - placed.minY) * ky).rounded()
            var src = SDL_Rect(x: Int32(max(x0, 0)), y: Int32(max(y0, 0)),
                               w: Int32(min(x1, Double(size.w)) - max(x0, 0)), h: Int32(min(y1, Double(size.h)) - max(y0, 0)))
            guard src.w > 0, src.h > 0 else { continue }
            SDL_RenderCopyF(context.renderer, texture, &src, &dst)
            stats.drawCalls += 1
        }
    }

    /// Draws the deferred clear or opaque fill, unless `cover` (an opaque shape about to be drawn) hides it.
    private func drawDeferred(unlessCoveredBy cover: RoundedRect?) {
        guard let d = deferred else { return }
        deferred = nil
        switch d {
        case .clear(let c):
            if let cover, cover.covers(RoundedRect(viewport, radius: 0)) { stats.skippedFills += 1; return }
            let r = context.renderer
            SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE)
            SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a)
            // SDL_RenderClear ignores the clip: a region is cleared by filling it.
            if var rect = region { SDL_RenderFillRect(r, &rect) } else { SDL_RenderClear(r) }
            SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND)
        case .fill(let shape, let c):
            if let cover, cover.covers(shape) { stats.skippedFills += 1; return }
            drawSolid(shape, feather: 1, color: c)
        }
    }

    /// The whole target in device pixels.
    /// What a frame covers in device pixels: the target, or the region being redrawn.
    private var viewport: Rect {
        if let r = region { return Rect(Double(r.x), Double(r.y), Double(r.w), Double(r.h)) }
        return Rect(0, 0, size.width * scale, size.height * scale)
    }

    /// Draws `shape` in one colour with its edge feathered over `feather` pixels: the body's rectangles as fills and
    /// its corner fans as triangles, replacing what is under them when the colour is opaque; then the ring, blended.
    private func drawSolid(_ shape: RoundedRect, feather: Double, color c: SDL_Color) {
        let edgeColor = SDL_Color(r: c.r, g: c.g, b: c.b, a: 0)
        body.removeAll()
        edge.removeAll()
        guard software else {
            // OpenGL (llvmpipe): one blended draw call; switching blend modes costs it more than blending saves.
            edge.addRoundedRect(shape, feather: feather, color: c, edgeColor: edgeColor)
            submit(edge, texture: nil)
            return
        }
        if c.a < 255, drawSprite(shape, feather: feather, color: c) { return }
        edge.addRoundedRect(shape, feather: feather, color: c, edgeColor: edgeColor, body: body)
        let r = context.renderer
        let opaque = c.a == 255
        SDL_SetRenderDrawBlendMode(r, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a)
        if !body.rects.isEmpty {
            body.rects.withUnsafeBufferPointer { _ = SDL_RenderFillRectsF(r, $0.baseAddress, Int32($0.count)) }
            stats.drawCalls += 1
        }
        submit(body, texture: opaque ? nil : white)
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND)
        submit(edge, texture: white)
    }

    /// Software renderer: draws a translucent solid as a sprite (see `SolidSprites`): rasterised without blending
    /// into a texture, then blended as one copy, which SDL's software renderer does several times faster than it
    /// blends triangles. The shape is placed on whole pixels (its vertices land on them anyway), so a shape that
    /// only moves keeps its sprite. A shape seen for the first time, or changing size, goes through a scratch
    /// sprite. False when the shape is too large for that (the caller draws it directly).
    private func drawSprite(_ shape: RoundedRect, feather: Double, color c: SDL_Color) -> Bool {
        let reach = (feather / 2 + 1).rounded(.up)
        let origin = Point(shape.rect.minX.rounded() - reach, shape.rect.minY.rounded() - reach)
        let local = RoundedRect(Rect(reach, reach, shape.rect.width, shape.rect.height), radii: shape.radii)
        let w = Int32(pixels: (shape.rect.width + 2 * reach).rounded(.up)), h = Int32(pixels: (shape.rect.height + 2 * reach).rounded(.up))
        let limit = (w: Int32((size.width * scale).rounded()), h: Int32((size.height * scale).rounded()))
        guard w > 0, h > 0, w <= limit.w, h <= limit.h else { return false }
        let key = SolidSprites.Key(width: w, height: h, shape: local, feather: feather, color: c)
        var source = SDL_Rect(x: 0, y: 0, w: w, h: h)
        let texture: OpaquePointer
        if let sprite = sprites.sprite(for: key, render: { makeSprite(local, feather: feather, color: c, width: w, height: h) }) {
            texture = sprite
        } else {
            if let s = spriteScratch, s.width != limit.w || s.height != limit.h { SDL_DestroyTexture(s.texture); spriteScratch = nil }
            if spriteScratch == nil {
                guard let t = SDL_CreateTexture(context.renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                                Int32(SDL_TEXTUREACCESS_TARGET.rawValue), limit.w, limit.h) else { return false }
                SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
                spriteScratch = (t, limit.w, limit.h)
            }
            guard let s = spriteScratch, rasterise(local, feather: feather, color: c, into: s.texture, area: source) else { return false }
            texture = s.texture
        }
        var dst = SDL_FRect(x: Float(origin.x), y: Float(origin.y), w: Float(w), h: Float(h))
        SDL_RenderCopyF(context.renderer, texture, &source, &dst)
        stats.drawCalls += 1
        return true
    }

    /// A new `width` x `height` sprite texture holding `shape` (sprite coordinates).
    private func makeSprite(_ shape: RoundedRect, feather: Double, color c: SDL_Color, width: Int32, height: Int32) -> OpaquePointer? {
        guard let t = SDL_CreateTexture(context.renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                        Int32(SDL_TEXTUREACCESS_TARGET.rawValue), width, height) else { return nil }
        guard rasterise(shape, feather: feather, color: c, into: t, area: SDL_Rect(x: 0, y: 0, w: width, h: height)) else {
            SDL_DestroyTexture(t)
            return nil
        }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
        return t
    }

    /// Clears `area` of the target texture `target` to transparent and draws `shape` there writing colour and alpha
    /// as they are (no blending), so that blending the result later gives what drawing the shape would. Restores
    /// the renderer's target.
    private func rasterise(_ shape: RoundedRect, feather: Double, color c: SDL_Color, into target: OpaquePointer, area: SDL_Rect) -> Bool {
        let r = context.renderer
        let previous = SDL_GetRenderTarget(r)
        guard SDL_SetRenderTarget(r, target) == 0 else { return false }
        var clear = area
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(r, c.r, c.g, c.b, 0)
        SDL_RenderFillRect(r, &clear)
        body.removeAll()
        edge.removeAll()
        edge.addRoundedRect(shape, feather: feather, color: c, edgeColor: SDL_Color(r: c.r, g: c.g, b: c.b, a: 0), body: body)
        SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a)
        body.rects.withUnsafeBufferPointer { _ = SDL_RenderFillRectsF(r, $0.baseAddress, Int32($0.count)) }
        submit(body, texture: nil)
        submit(edge, texture: nil)
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND)
        SDL_SetRenderTarget(r, previous)
        return true
    }

    /// Draws one line of text in DejaVu Sans with its top-left corner at `origin`, rendered at the device pixel size
    /// the current transform gives it, clipped to the clip's bounding box.
    public func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color) {
        let alpha = color.a * state.opacity
        guard alpha > 0.001, !text.isEmpty, !state.clipIsEmpty else { return }
        let t = state.transform
        let pixelSize = Int((font.size * abs(t.d == 0 ? t.scaleX : t.d)).rounded())
        let c = sdlColor(color, alpha: alpha)
        let rgb = UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
        guard pixelSize >= 1, let entry = textCache.texture(for: text, pixelSize: pixelSize, bold: font.bold, rgb: rgb) else { return }
        drawDeferred(unlessCoveredBy: nil)
        let p = t.apply(origin)
        var dst = SDL_FRect(x: Float(p.x.rounded()), y: Float(p.y.rounded()), w: Float(entry.width), h: Float(entry.height))
        if let clip = state.clip, !clip.rect.contains(rect: Rect(Double(dst.x), Double(dst.y), Double(dst.w), Double(dst.h))) {
            guard clip.rect.intersects(Rect(Double(dst.x), Double(dst.y), Double(dst.w), Double(dst.h))) else { return }
            setClipRect(clip.rect)
        }
        SDL_SetTextureAlphaMod(entry.texture, c.a)
        SDL_RenderCopyF(context.renderer, entry.texture, nil, &dst)
        stats.drawCalls += 1
        if state.clip != nil { resetClipRect() }
    }

    /// The width of one line of `text` in points, for layout (`TextMeasurer`): the same metrics it is drawn with.
    public func width(of text: String, font: FontSpec) -> Double { measureText(text, font: font).width }

    /// The size of one line of `text` in points. Without a font, `EstimatedTextMeasurer`'s width (so layout still works).
    public func measureText(_ text: String, font: FontSpec) -> Size {
        let pixelSize = max(1, Int((font.size * scale).rounded()))
        guard let m = textCache.measure(text, pixelSize: pixelSize, bold: font.bold) else {
            return Size(EstimatedTextMeasurer.shared.width(of: text, font: font), 1.2 * font.size)
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

    /// Clips SDL's drawing to `r` (rounded out to pixels), within the region being redrawn.
    private func setClipRect(_ r: Rect) {
        let x0 = Int32(pixels: r.minX.rounded(.down)), y0 = Int32(pixels: r.minY.rounded(.down))
        var sr = SDL_Rect(x: x0, y: y0, w: Int32(pixels: r.maxX.rounded(.up)) - x0, h: Int32(pixels: r.maxY.rounded(.up)) - y0)
        if var base = region {
            var both = SDL_Rect()
            if SDL_IntersectRect(&sr, &base, &both) == SDL_FALSE { both = SDL_Rect(x: base.x, y: base.y, w: 0, h: 0) }
            sr = both
        }
        SDL_RenderSetClipRect(context.renderer, &sr)
    }

    /// Back to no clip, or the region's.
    private func resetClipRect() {
        if var base = region { SDL_RenderSetClipRect(context.renderer, &base) } else { SDL_RenderSetClipRect(context.renderer, nil) }
    }

    /// A 1x1 white texture, or nil when it cannot be made (blended triangles are then drawn untextured).
    private static func makeWhitePixel(_ renderer: OpaquePointer) -> OpaquePointer? {
        guard let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 1, 1) else {
            return nil
        }
        var pixel: UInt32 = 0xffff_ffff
        SDL_UpdateTexture(t, nil, &pixel, 4)
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(t, SDL_ScaleModeNearest)
        return t
    }

    private func submit(_ batch: GeometryBatch, texture: OpaquePointer?) {
        guard !batch.indices.isEmpty else { return }
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

extension Int32 {
    /// A pixel coordinate or size, already rounded: held within ±2^29 (NaN as 0), so no conversion traps and no
    /// difference of two overflows, whatever reaches the renderer (the paint pass keeps geometry far inside this).
    init(pixels v: Double) { self = v.isNaN ? 0 : Int32(Swift.min(Swift.max(v, -536_870_912), 536_870_912)) }
}
