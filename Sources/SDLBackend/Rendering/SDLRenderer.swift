import CSDL2
import CarouselCore


/// The `Renderer` of the SDL backend: draws rounded shapes, images and text into a window or a headless canvas.
///
/// Software rendering (the default, and every capture) composites into the target's pixels with pixman
/// (`Compositor`, issue 31): each shape's coverage from cached masks, images from layers at their drawn size
/// (`SDLImageStore.layer`, scaled from mip levels), text from cached pixels. With OpenGL (`--renderer accelerated`),
/// every shape is a rounded rectangle drawn by `GeometryBatch` as triangles with a one-pixel feathered ring for
/// anti-aliasing (a wider one for shadows), images and text from textures. Coordinates go through the current
/// transform and then the display `scale` (device pixels per point); transforms are expected to be axis-aligned
/// (translate and scale): other transforms are reduced to the bounding box of what they map. Clips are rounded
/// rectangles intersected geometrically with every shape drawn inside them; text is clipped to the clip's bounding
/// box.
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
        /// Composites and fills (software), or `SDL_RenderGeometry` and `SDL_RenderCopy` calls (OpenGL).
        public var drawCalls = 0
        /// Triangles submitted (OpenGL).
        public var triangles = 0
        /// The clear or opaque fills not drawn because an opaque image drawn next covered them.
        public var skippedFills = 0
        /// Seconds spent presenting at the end of the frame (`SDL_UpdateWindowSurfaceRects`, or `SDL_RenderPresent`
        /// with OpenGL, where queued drawing is executed and rasterised).
        public var presentSeconds = 0.0
        /// Device pixels redrawn (and presented): the regions of a partial frame, else the whole target.
        public var repaintedPixels = 0
        /// Device pixels moved whole from the last frame (and presented) instead of redrawn (`FrameDamage.Move`).
        public var movedPixels = 0
        /// Image layers found made (a card at rest, moving or cropped) and made (scaled) in this frame.
        public var layerHits = 0
        public var layersMade = 0
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
    public internal(set) var stats = FrameStats()
    /// A partial frame's regions in device pixels (nil for a whole frame: the compositor clips drawing to them
    /// pixel-exactly), and the rectangle they span.
    private var regions: [SDL_Rect]?
    private var region: SDL_Rect?
    /// Set when the target no longer holds the last frame presented (a resize, a read-back, an exposure).
    private var lostFrame = true

    var state: State
    private var stack: [State] = []
    /// The software renderer's compositor; nil with OpenGL, which draws through SDL.
    let compositor: Compositor?
    /// Whether drawing goes through the compositor (SDL's software renderer) rather than SDL's OpenGL renderer.
    private var software: Bool { compositor != nil }
    /// An opaque area not drawn yet: the frame's clear, or an opaque fill. It is drawn before the next drawing,
    /// unless that drawing is an opaque image covering it completely: a background under an opaque picture, or the
    /// clear under a full-window picture, would only be painted over.
    private enum Deferred { case clear(SDL_Color), fill(RoundedRect, SDL_Color) }
    private var deferred: Deferred?
    /// OpenGL: the shape being drawn, as triangles.
    private let edge = GeometryBatch()

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
        compositor = context.software ? Compositor() : nil
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
    /// Coverage bands (shapes' anti-aliased borders) held by the compositor, and how many were made and found.
    var coverageCounts: (held: Int, made: Int, found: Int) {
        compositor.map { ($0.coverage.count, $0.coverage.made, $0.coverage.found) } ?? (0, 0, 0)
    }

    /// What the renderer's caches saved, and how much of the window its frames redrew, over its life (`run
    /// --stats`, the bench): each cache's finds and makes.
    public struct CacheCounts: Sendable, Equatable {
        /// Image layers at drawn size (`SDLImageStore.layer`).
        public var layers = SDLImageStore.LayerCounts()
        /// Shapes' coverage bands (software).
        public var coverageFound = 0, coverageMade = 0
        /// Rendered strings.
        public var textFound = 0, textMade = 0
        /// Frames ended, and the device pixels they redrew over the pixels of their targets.
        public var frames = 0
        public var repaintedPixels = 0.0, targetPixels = 0.0
        /// The mean share of the window a frame redrew and presented.
        public var repaintedShare: Double { targetPixels > 0 ? repaintedPixels / targetPixels : 0 }

        /// "layers 1234 found / 56 made, masks 900 / 40, text 3000 / 25, repainted 18.2 % of the window a frame".
        public var summary: String {
            String(format: "layers %d found / %d made, masks %d / %d, text %d / %d, repainted %.1f %% of the window a frame",
                   layers.hits, layers.made, coverageFound, coverageMade, textFound, textMade, repaintedShare * 100)
        }
    }

    /// The caches' counts so far.
    public var cacheCounts: CacheCounts {
        var c = CacheCounts()
        c.layers = images.layerCounts
        (c.coverageFound, c.coverageMade) = compositor.map { ($0.coverage.found, $0.coverage.made) } ?? (0, 0)
        (c.textFound, c.textMade) = (textCache.found, textCache.made)
        (c.frames, c.repaintedPixels, c.targetPixels) = (framesEnded, repaintedTotal, targetTotal)
        return c
    }
    private var framesEnded = 0
    /// Whether the window has released its startup code pages (`MemoryPolicy.releaseCodePages`).
    private var releasedCodePages = false
    /// Whether a complete first frame (every image it shows decoded) has been presented.
    public var hasPresentedCompleteFrame: Bool { releasedCodePages }
    private var repaintedTotal = 0.0, targetTotal = 0.0

    // MARK: Frame

    /// Starts a frame: resets the state stack and clears the target to `clearColor`.
    public func beginFrame(clearColor: Color) {
        startFrame()
        regions = nil
        region = nil
        stats.repaintedPixels = Int(viewport.width * viewport.height)
        stack.removeAll(keepingCapacity: true)
        state = State(transform: .scale(scale, scale))
        if let compositor { compositor.begin(regions: nil) } else { SDL_RenderSetClipRect(context.renderer, nil) }
        deferred = .clear(sdlColor(clearColor, alpha: clearColor.a))
    }

    /// What every frame starts with: the caches' frame counters, the statistics, and the compositor's target (the
    /// window's surface is a new one after a resize).
    private func startFrame() {
        images.beginFrame()
        stats = FrameStats()
        layerCountsAtStart = images.layerCounts
        if let compositor, let target = context.targetSurface {
            if !compositor.setTarget(target) { printErrorOnce("carousel-lab: the window's pixel format is not one the software renderer draws into") }
            compositor.resetCounts()
        }
    }
    private var layerCountsAtStart = SDLImageStore.LayerCounts()
    private var warnedOnce = false
    private func printErrorOnce(_ line: String) {
        if !warnedOnce { printError(line); warnedOnce = true }
    }

    /// Ends the frame: draws what was deferred, then presents a window renderer (a headless one keeps the pixels):
    /// a partial frame's regions only (`SDL_UpdateWindowSurfaceRects`). A frame with a read-back armed
    /// (`readBackNextFrame`) is read instead of presented, and the next frame is drawn whole.
    public func endFrame() {
        drawDeferred(unlessCoveredBy: nil)
        let partial = regions.map { $0 + movedRects }
        movedRects = []
        regions = nil
        region = nil
        let layers = images.layerCounts
        stats.layerHits = layers.hits - layerCountsAtStart.hits
        stats.layersMade = layers.made - layerCountsAtStart.made
        framesEnded += 1
        repaintedTotal += Double(stats.repaintedPixels)
        targetTotal += size.width * size.height * scale * scale
        if let compositor {
            stats.drawCalls = compositor.counts.operations
            compositor.begin(regions: nil)
        } else {
            SDL_RenderSetClipRect(context.renderer, nil)
        }
        if !readBacks.isEmpty {
            let handlers = readBacks
            readBacks.removeAll()
            for handler in handlers { handler(readPixels()) }
            lostFrame = true
            return
        }
        let start = SDL_GetPerformanceCounter()
        FramePhases.measure(.present) { present(partial) }
        if presents, !releasedCodePages, !images.isLoading {
            // The first complete frame is on screen: the code that started the app is not needed again.
            releasedCodePages = true
            MemoryPolicy.releaseCodePages()
        }
        lostFrame = false
        stats.presentSeconds = Double(SDL_GetPerformanceCounter() &- start) / Double(SDL_GetPerformanceFrequency())
    }

    /// Hands the frame to the window system: a partial frame's `regions` only (device pixels), else all of it.
    private func present(_ partial: [SDL_Rect]?) {
        if !presents {
            if !software { SDL_RenderFlush(context.renderer) }
        } else if software, let window = context.window {
            // The window may have been resized since this frame was laid out (SDL already knows, the app not yet):
            // X11 refuses a rectangle that starts past the window's edge, so each is clipped to the window now.
            var w: Int32 = 0, h: Int32 = 0
            SDL_GetWindowSize(window, &w, &h)
            var rects = (partial ?? [SDL_Rect(x: 0, y: 0, w: w, h: h)]).compactMap { SDLRenderer.clip($0, width: w, height: h) }
            if !rects.isEmpty { SDL_UpdateWindowSurfaceRects(window, &rects, Int32(rects.count)) }
        } else {
            SDL_RenderPresent(context.renderer)
        }
    }

    // MARK: Partial frames

    /// The software renderer draws into a target that keeps its pixels (the window's surface, or the canvas): a
    /// frame can redraw and present part of it. OpenGL's back buffer is undefined after a present: always whole.
    public var keepsLastFrame: Bool { software && !lostFrame }

    /// Starts a frame that redraws only `regions` (points; see `FrameDamage`), in one pass: the compositor clips every
    /// drawing to them, and their clear is deferred like a whole frame's.
    public func beginFrame(clearColor: Color, regions: [Rect]) {
        startFrame()
        startPartialFrame(clearColor: clearColor, regions: regions)
    }

    /// Whether a fading picture is sampled from its mip level and blended in one pass (`Compositor.imageNearest`)
    /// rather than scaled into a layer first: the same pixels; off only for tests of the layer path.
    var fadesWithoutLayers = true

    /// The natural size `drawImage` places `image` by (once loaded), and the version of its pixels in the store.
    public func facts(of image: ImageHandle) -> ImageFacts {
        ImageFacts(placedSize: images.naturalSize(of: image), version: images.pixelsVersion(of: image))
    }

    /// Whether `offset` (points) is whole device pixels at a scale that keeps whole points whole (1, 2, 4: a move
    /// is then exact, see `FrameDamage.plan`), with a software target holding the last frame.
    public func canMovePixels(by offset: Point) -> Bool {
        guard keepsLastFrame, compositor != nil, scale == 1 || scale == 2 || scale == 4 else { return false }
        let dx = offset.x * scale, dy = offset.y * scale
        return dx == dx.rounded() && dy == dy.rounded() && abs(dx) < 1_048_576 && abs(dy) < 1_048_576
    }

    /// Moves each of `moves` (the last frame's pixels, whole device pixels), then starts the partial frame of
    /// `regions`; the moves' destinations are presented with the regions.
    public func beginFrame(clearColor: Color, regions: [Rect], moves: [FrameDamage.Move]) {
        startFrame()
        var moved: [SDL_Rect] = []
        if let compositor {
            for m in moves {
                let source = devicePixels(m.source)
                let d = (Int32(pixels: (m.offset.x * scale).rounded()), Int32(pixels: (m.offset.y * scale).rounded()))
                if let landed = compositor.move(PixelRect(x: source.x, y: source.y, w: source.w, h: source.h), by: d) {
                    moved.append(SDL_Rect(x: landed.x, y: landed.y, w: landed.w, h: landed.h))
                    stats.movedPixels += Int(landed.w) * Int(landed.h)
                }
            }
        }
        startPartialFrame(clearColor: clearColor, regions: regions)
        movedRects = moved
    }

    /// Where this frame moved pixels to (device pixels): presented with its regions.
    private var movedRects: [SDL_Rect] = []

    /// Sets up a partial frame of `regions` (points) after `startFrame`.
    private func startPartialFrame(clearColor: Color, regions: [Rect]) {
        movedRects = []
        let device = regions.map(devicePixels)
        self.regions = device
        stats.repaintedPixels = device.reduce(0) { $0 + Int($1.w) * Int($1.h) }
        let x0 = device.map(\.x).min() ?? 0, y0 = device.map(\.y).min() ?? 0
        let x1 = device.map { $0.x + $0.w }.max() ?? 0, y1 = device.map { $0.y + $0.h }.max() ?? 0
        region = SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
        stack.removeAll(keepingCapacity: true)
        state = State(transform: .scale(scale, scale))
        compositor?.begin(regions: device.map { PixelRect(x: $0.x, y: $0.y, w: $0.w, h: $0.h) })
        deferred = .clear(sdlColor(clearColor, alpha: clearColor.a))
    }

    /// Notes an image of the frame outside the regions being drawn as drawn at its size, so its layer counts as
    /// used as in a whole frame (without being made).
    public func skipImage(_ image: ImageHandle, in rect: Rect, contentMode: ContentMode, opacity: Double) {
        guard software, let px = images.pixels(for: image) else { return }
        let placed = deviceRect(rect.placing(px.natural, mode: contentMode))
        images.touchLayer(for: image, width: Int32(pixels: placed.width.rounded()), height: Int32(pixels: placed.height.rounded()),
                          smooth: SDLRenderer.alphaByte(opacity * state.opacity) == 255)
    }

    /// The most pixels an image's layer may have: 64 canvases (an image cropped by `fill` in a node four window
    /// sizes wide is well within).
    static func layerPixelLimit(canvas: Size, scale: Double) -> Int {
        64 * max(Int(canvas.width * scale * canvas.height * scale), 1920 * 1080)
    }

    /// An opacity (or a colour channel) from 0 to 1 as the byte drawings use.
    static func alphaByte(_ opacity: Double) -> UInt8 { UInt8((min(max(opacity, 0), 1) * 255).rounded()) }

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
        let format = SDL_PIXELFORMAT_RGB888.rawValue
        if software {
            guard let target = context.targetSurface, let copy = SDL_ConvertSurfaceFormat(target, format, 0) else {
                return .failure(.saveFailed(path: "(screenshot)", reason: "cannot read the frame's pixels: \(RendererContext.lastError())"))
            }
            return .success(SurfaceBox(copy))
        }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(context.renderer, &w, &h)
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

    /// Fills `rect` rounded by `cornerRadius` with `gradient`, anti-aliased and intersected with the clip. Software:
    /// each column of pixels the gradient's colour at its centre (`Compositor.gradient`). OpenGL: one shape whose
    /// vertices take the gradient's colour at their position, interpolated across each triangle.
    public func fillGradient(_ rect: Rect, cornerRadius: Double, gradient: HorizontalGradient) {
        guard max(gradient.leading.a, gradient.trailing.a) * state.opacity > 0.001,
              let shape = clipped(RoundedRect(deviceRect(rect), radius: deviceLength(cornerRadius))) else { return }
        let span = deviceRect(rect), opacity = state.opacity
        drawDeferred(unlessCoveredBy: nil)
        if let compositor {
            compositor.gradient(shape, span: span, gradient: gradient, opacity: opacity)
            return
        }
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
        let cast = RoundedRect(deviceRect(rect.offsetBy(shadow.offset.x, shadow.offset.y)), radius: deviceLength(cornerRadius))
        guard !cast.isEmpty, let shape = withinReach(cast) else { return }
        drawDeferred(unlessCoveredBy: nil)
        let blur = max(deviceLength(shadow.radius), 1)
        let needsClip = state.clip.map { !$0.rect.contains(rect: shape.rect.outset(blur / 2)) } ?? false
        let color = sdlColor(shadow.color, alpha: alpha)
        if let compositor {
            compositor.withClip(needsClip ? state.clip!.rect : nil) { compositor.fill(shape, feather: blur, color: color) }
            return
        }
        if needsClip { setClipRect(state.clip!.rect) }
        drawSolid(shape, feather: blur, color: color)
        if needsClip { resetClipRect() }
    }

    /// Draws the image behind `image` placed in `rect` by `contentMode` (cropped for fill and centre, letter-boxed
    /// for fit), clipped to `rect` rounded by `cornerRadius` and to the current clip, with a feathered edge. Draws
    /// nothing while the image is not ready. Software: the image's layer at its drawn size, placed on whole
    /// pixels, copied (or blended) through the shape's coverage.
    public func drawImage(_ image: ImageHandle, in rect: Rect, cornerRadius: Double, contentMode: ContentMode, opacity: Double) {
        let alpha = min(max(opacity, 0), 1) * state.opacity
        guard alpha > 0.001, !state.clipIsEmpty else { return }
        let bounds = RoundedRect(deviceRect(rect), radius: deviceLength(cornerRadius))
        if let compositor {
            guard let px = images.pixels(for: image) else { return }
            let exact = deviceRect(rect.placing(px.natural, mode: contentMode))
            let w = Int32(pixels: exact.width.rounded()), h = Int32(pixels: exact.height.rounded())
            let placed = Rect(exact.minX.rounded(), exact.minY.rounded(), Double(w), Double(h))
            // A layer is made at the drawn size: one far larger than the canvas comes only from absurd geometry.
            guard Int(w) * Int(h) <= SDLRenderer.layerPixelLimit(canvas: size, scale: scale) else { return }
            guard w > 0, h > 0, let visible = bounds.intersection(RoundedRect(placed, radius: 0)), let shape = clipped(visible) else { return }
            let a = SDLRenderer.alphaByte(alpha)
            drawDeferred(unlessCoveredBy: px.opaque && a == 255 ? shape : nil)
            // The part of the layer the shape shows in this frame's area (with its anti-aliased edge): all an
            // animation step scales, and all a picture sliding in needs scaled so far.
            let onTarget = shape.rect.outset(1).intersection(viewport)
            guard !onTarget.isEmpty else { return }
            let shown = PixelRect(covering: onTarget).offsetBy(-Int32(pixels: placed.minX), -Int32(pixels: placed.minY))
            // A translucent image (fading in or out) is filtered to the nearest pixel: see `ImageLayers`. Where the
            // AVX2 kernels run, sampled from its mip level and blended in one pass, without a layer.
            if a < 255, px.opaque, fadesWithoutLayers, let level = images.mipLevel(for: image, width: w, height: h),
               compositor.imageNearest(level, size: (w, h), at: (Int32(pixels: placed.minX), Int32(pixels: placed.minY)), in: shape, alpha: a) {
                return
            }
            guard let layer = images.layer(for: image, width: w, height: h, smooth: a == 255, needed: shown) else { return }
            compositor.image(layer, at: (Int32(pixels: placed.minX), Int32(pixels: placed.minY)), in: shape, alpha: a)
            return
        }
        guard let tex = images.texture(for: image) else { return }
        let placed = deviceRect(rect.placing(tex.natural, mode: contentMode))
        guard let visible = bounds.intersection(RoundedRect(placed, radius: 0)), let shape = clipped(visible) else { return }
        // Opacity goes into the vertex colour, which modulates the texture.
        let tint = SDL_Color(r: 255, g: 255, b: 255, a: SDLRenderer.alphaByte(alpha))
        drawDeferred(unlessCoveredBy: tex.opaque && tint.a == 255 ? shape : nil)
        edge.removeAll()
        let mapping = TextureMapping(placed: placed, visible: shape.rect, textureSize: (tex.width, tex.height))
        // One blended draw call: switching blend modes costs llvmpipe more than blending saves.
        edge.addRoundedRect(shape, feather: 1, color: tint, edgeColor: SDL_Color(r: 255, g: 255, b: 255, a: 0), texture: mapping)
        SDL_SetTextureAlphaMod(tex.texture, 255)
        submit(edge, texture: tex.texture)
    }

    /// Draws the deferred clear or opaque fill, unless `cover` (an opaque shape about to be drawn) hides it.
    func drawDeferred(unlessCoveredBy cover: RoundedRect?) {
        guard let d = deferred else { return }
        deferred = nil
        switch d {
        case .clear(let c):
            if let cover, cover.covers(RoundedRect(viewport, radius: 0)) { stats.skippedFills += 1; return }
            if let compositor {
                // The regions' span: the compositor clips it to the regions themselves.
                let v = viewport
                compositor.clear(PixelRect(x: Int32(v.minX), y: Int32(v.minY), w: Int32(v.width), h: Int32(v.height)), color: c)
                return
            }
            let r = context.renderer
            SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE)
            SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a)
            SDL_RenderClear(r)
            SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND)
        case .fill(let shape, let c):
            if let cover, cover.covers(shape) { stats.skippedFills += 1; return }
            drawSolid(shape, feather: 1, color: c)
        }
    }

    /// What a frame covers in device pixels: the target, or the span of the regions being redrawn.
    private var viewport: Rect {
        if let r = region { return Rect(Double(r.x), Double(r.y), Double(r.w), Double(r.h)) }
        return Rect(0, 0, size.width * scale, size.height * scale)
    }

    /// Draws `shape` in one colour with its edge feathered over `feather` pixels: through the compositor, or as one
    /// blended triangle list (OpenGL: switching blend modes costs llvmpipe more than blending saves).
    private func drawSolid(_ shape: RoundedRect, feather: Double, color c: SDL_Color) {
        if let compositor {
            compositor.fill(shape, feather: feather, color: c)
            return
        }
        edge.removeAll()
        edge.addRoundedRect(shape, feather: feather, color: c, edgeColor: SDL_Color(r: c.r, g: c.g, b: c.b, a: 0))
        submit(edge, texture: nil)
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
        let placed = Rect(p.x.rounded(), p.y.rounded(), Double(entry.width), Double(entry.height))
        let clip = state.clip.flatMap { $0.rect.contains(rect: placed) ? nil : $0.rect }
        if let clip, !clip.intersects(placed) { return }
        if let compositor, let pixels = entry.pixels {
            compositor.withClip(clip) { compositor.blend(pixels, at: (Int32(pixels: placed.minX), Int32(pixels: placed.minY)), alpha: c.a) }
            return
        }
        guard let texture = entry.texture else { return }
        var dst = SDL_FRect(x: Float(placed.minX), y: Float(placed.minY), w: Float(placed.width), h: Float(placed.height))
        if let clip { setClipRect(clip) }
        SDL_SetTextureAlphaMod(texture, c.a)
        SDL_RenderCopyF(context.renderer, texture, nil, &dst)
        stats.drawCalls += 1
        if clip != nil { resetClipRect() }
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
        guard let near = withinReach(shape) else { return nil }
        guard let clip = state.clip else { return near }
        return near.intersection(clip)
    }

    /// `shape` cut to the canvas grown by its larger side each way (device pixels), nil when nothing of it is there
    /// or it is not finite: the paint pass keeps geometry within a few window sizes, and this keeps a caller that
    /// does not from reaching pixel coordinates beyond 32 bits. What is cut lies far outside the canvas, with its
    /// anti-aliased edge and any shadow's blur.
    private func withinReach(_ shape: RoundedRect) -> RoundedRect? {
        let r = shape.rect
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        let w = size.width * scale, h = size.height * scale, margin = max(w, h)
        let reach = Rect(-margin, -margin, w + 2 * margin, h + 2 * margin)
        if reach.contains(rect: r) { return shape }
        return shape.intersection(RoundedRect(reach, radius: 0))
    }

    func sdlColor(_ c: Color, alpha: Double) -> SDL_Color {
        let byte = SDLRenderer.alphaByte
        return SDL_Color(r: byte(c.r), g: byte(c.g), b: byte(c.b), a: byte(alpha))
    }

    /// Clips SDL's drawing (OpenGL) to `r`, rounded out to pixels.
    func setClipRect(_ r: Rect) {
        let x0 = Int32(pixels: r.minX.rounded(.down)), y0 = Int32(pixels: r.minY.rounded(.down))
        var sr = SDL_Rect(x: x0, y: y0, w: Int32(pixels: r.maxX.rounded(.up)) - x0, h: Int32(pixels: r.maxY.rounded(.up)) - y0)
        SDL_RenderSetClipRect(context.renderer, &sr)
    }

    /// Back to no clip (OpenGL).
    func resetClipRect() { SDL_RenderSetClipRect(context.renderer, nil) }

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
