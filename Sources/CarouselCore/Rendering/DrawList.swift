/// One renderer call, as recorded. Equatable so tests can compare frames and match subsets of them.
public enum DrawCommand: Equatable, Sendable {
    case beginFrame(Color)
    case endFrame
    case save
    case restore
    case concatenate(Transform2D)
    case multiplyOpacity(Double)
    case clip(Rect, cornerRadius: Double)
    case fill(Rect, cornerRadius: Double, color: Color)
    case gradient(Rect, cornerRadius: Double, gradient: HorizontalGradient)
    case image(ImageHandle, Rect, cornerRadius: Double, contentMode: ContentMode, opacity: Double)
    case shadow(Rect, cornerRadius: Double, shadow: Shadow)
    case text(String, at: Point, font: FontSpec, color: Color)
    case projected(ProjectedContent, Rect, projection: Homography, cornerRadius: Double, opacity: Double, effects: ImageEffects)
}

/// A drawing with its state resolved: where it lands on screen and how opaque it is.
public struct ResolvedDraw: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case fill(Color)
        case gradient(HorizontalGradient)
        case image(ImageHandle, ContentMode)
        case shadow(Shadow)
        case text(String, FontSpec, Color)
        /// A projected drawing: its content, the outline of its rectangle as drawn (the part in front of the viewer,
        /// on screen) and its effects.
        case projected(ProjectedContent, outline: [Point], effects: ImageEffects)
    }
    public var kind: Kind
    /// The on-screen rectangle (bounding box after the transform).
    public var rect: Rect
    /// The corner radius on screen.
    public var cornerRadius: Double
    /// The effective opacity (every enclosing opacity multiplied in).
    public var opacity: Double
    /// The on-screen clip in effect, if any.
    public var clip: Rect?
    /// The node that drew it (0 when not told).
    public var node: Int = 0
    /// Every enclosing clip's on-screen rectangle and corner radius (what decides the pixels besides `clip`).
    public var clips: [ClipShape] = []
    /// The part of `rect` a picture covers when it is smaller (fitted, or centred at its natural size), on screen;
    /// nil when it covers all of `rect` or its size is not known (`DrawListRecorder.imageSizes`).
    public var extent: Rect?
    /// For a picture, the version of its pixels where it was drawn (`ImageFacts.version`; 0 when not known).
    public var imageVersion = 0

    /// One clip of the stack: its rectangle on screen and its corner radius there.
    public struct ClipShape: Equatable, Hashable, Sendable {
        public var rect: Rect
        public var cornerRadius: Double
    }

    /// The on-screen rectangle every pixel of it lies in: its rectangle, the shadow's blur and offset, a margin for
    /// anti-aliased edges and text overhang, inside the clip.
    public var bounds: Rect {
        var r = extent ?? rect
        if case .shadow(let s) = kind {
            let shifted = rect.offsetBy(s.offset.x * scale, s.offset.y * scale)
            r = r.union(shifted.outset(s.radius * scale))
        }
        r = r.outset(DrawBounds.margin)
        if let clip { r = r.intersection(clip.outset(DrawBounds.margin)) }
        return r
    }

    /// The transform's scale where it was drawn (for shadow extents in screen units).
    public var scale: Double = 1

    /// Whether two draws look the same to within `tolerance` points (and a thousandth of opacity).
    public func isClose(to o: ResolvedDraw, tolerance: Double = 0.01) -> Bool {
        func near(_ a: Rect, _ b: Rect) -> Bool {
            abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
                && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
        }
        let clipsMatch: Bool
        switch (clip, o.clip) {
        case (nil, nil): clipsMatch = true
        case (let a?, let b?): clipsMatch = near(a, b)
        default: clipsMatch = false
        }
        return kind == o.kind && near(rect, o.rect) && abs(cornerRadius - o.cornerRadius) <= tolerance
            && abs(opacity - o.opacity) <= 1e-3 && clipsMatch
    }
}

/// A renderer that records every call instead of drawing: the recording renderer of tests, and the source of the
/// benchmark's floor (the same frame replayed into a real renderer with no tree, layout or animation).
@MainActor
public final class DrawListRecorder: Renderer {
    public var size: Size
    /// The calls of the last frame, in order.
    public private(set) var commands: [DrawCommand] = []
    /// The visible drawings of the last frame, state resolved.
    public private(set) var draws: [ResolvedDraw] = []
    /// For each command, the index of its drawing in `draws` (nil for state commands: save, clip, ...).
    public private(set) var drawIndex: [Int?] = []
    private var stack: [(Transform2D, Double, Rect?, [ResolvedDraw.ClipShape])] = []
    private var transform = Transform2D.identity
    private var opacity = 1.0
    private var clipRect: Rect?
    private var clips: [ResolvedDraw.ClipShape] = []
    private var node = 0

    public init(size: Size) { self.size = size }

    public func beginFrame(clearColor: Color) {
        commands.removeAll(keepingCapacity: true); draws.removeAll(keepingCapacity: true); drawIndex.removeAll(keepingCapacity: true)
        stack.removeAll(); transform = .identity; opacity = 1; clipRect = nil; clips = []; node = 0
        append(.beginFrame(clearColor))
    }
    public func endFrame() { append(.endFrame) }
    public func save() { append(.save); stack.append((transform, opacity, clipRect, clips)) }
    public func restore() {
        append(.restore)
        if let s = stack.popLast() { (transform, opacity, clipRect, clips) = s }
    }
    public func concatenate(_ t: Transform2D) { append(.concatenate(t)); transform = t.concatenating(transform) }
    public func multiplyOpacity(_ o: Double) { append(.multiplyOpacity(o)); opacity *= o }
    public func clip(to rect: Rect, cornerRadius: Double) {
        append(.clip(rect, cornerRadius: cornerRadius))
        let r = transform.apply(rect)
        clipRect = clipRect.map { $0.intersection(r) } ?? r
        clips.append(ResolvedDraw.ClipShape(rect: r, cornerRadius: cornerRadius * transform.scaleX))
    }
    public func beginNode(_ id: Int) { node = id }

    private func append(_ c: DrawCommand) { commands.append(c); drawIndex.append(nil) }
    public func fill(_ rect: Rect, cornerRadius: Double, color: Color) {
        append(.fill(rect, cornerRadius: cornerRadius, color: color))
        resolve(.fill(color), rect, cornerRadius, 1)
    }
    public func fillGradient(_ rect: Rect, cornerRadius: Double, gradient: HorizontalGradient) {
        append(.gradient(rect, cornerRadius: cornerRadius, gradient: gradient))
        resolve(.gradient(gradient), rect, cornerRadius, 1)
    }
    public func drawImage(_ image: ImageHandle, in rect: Rect, cornerRadius: Double, contentMode: ContentMode, opacity o: Double) {
        append(.image(image, rect, cornerRadius: cornerRadius, contentMode: contentMode, opacity: o))
        resolve(.image(image, contentMode), rect, cornerRadius, o)
        guard let facts = imageFacts?(image) else { return }
        draws[draws.count - 1].imageVersion = facts.version
        // A picture smaller than its rectangle reaches only the part it covers: a slide of a fitted photo damages
        // the photo, not its page.
        if let natural = facts.placedSize {
            let covered = rect.placing(natural, mode: contentMode).intersection(rect)
            if !covered.isEmpty, covered.width < rect.width || covered.height < rect.height {
                draws[draws.count - 1].extent = transform.apply(covered)
            }
        }
    }
    public func drawShadow(for rect: Rect, cornerRadius: Double, shadow: Shadow) {
        append(.shadow(rect, cornerRadius: cornerRadius, shadow: shadow))
        resolve(.shadow(shadow), rect, cornerRadius, 1)
    }
    public func drawProjected(_ content: ProjectedContent, in rect: Rect, projection: Homography, cornerRadius: Double,
                              opacity o: Double, effects: ImageEffects) {
        append(.projected(content, rect, projection: projection, cornerRadius: cornerRadius, opacity: o, effects: effects))
        let onScreen = projection.concatenating(transform)
        let outline = onScreen.project([rect.origin, Point(rect.maxX, rect.minY), Point(rect.maxX, rect.maxY), Point(rect.minX, rect.maxY)])
        guard let box = onScreen.bounds(of: rect), box.isFinite else { return }
        var d = ResolvedDraw(kind: .projected(content, outline: outline, effects: effects), rect: box,
                             cornerRadius: cornerRadius * transform.scaleX, opacity: opacity * o, clip: clipRect)
        d.node = node
        d.clips = clips
        d.scale = transform.scaleX
        drawIndex[drawIndex.count - 1] = draws.count
        draws.append(d)
    }
    public func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color) {
        append(.text(text, at: origin, font: font, color: color))
        resolve(.text(text, font, color), Rect(origin: origin, size: measureText(text, font: font)), 0, 1)
    }
    /// What a real renderer knows of each image (`PartialRenderer.facts(of:)`), nil when there is none: its size
    /// bounds a fitted or centred picture's drawing (`ResolvedDraw.extent`), its version tells when its pixels changed.
    public var imageFacts: ((ImageHandle) -> ImageFacts)?
    /// Measures text for `measureText` instead of the stand-in metric (e.g. a real renderer's, so a recorded frame
    /// places centred text where that renderer would).
    public var textMeasurer: ((String, FontSpec) -> Size)?

    /// `textMeasurer`'s size, else the width layout measures with where there is no backend
    /// (`EstimatedTextMeasurer`) and `Typography.lineHeight`.
    public func measureText(_ text: String, font: FontSpec) -> Size {
        if let textMeasurer { return textMeasurer(text, font) }
        return Size(EstimatedTextMeasurer.shared.width(of: text, font: font), Typography.lineHeight(font))
    }

    private func resolve(_ kind: ResolvedDraw.Kind, _ rect: Rect, _ radius: Double, _ o: Double) {
        var d = ResolvedDraw(kind: kind, rect: transform.apply(rect), cornerRadius: radius * transform.scaleX,
                             opacity: opacity * o, clip: clipRect)
        d.node = node
        d.clips = clips
        d.scale = transform.scaleX
        drawIndex[drawIndex.count - 1] = draws.count
        draws.append(d)
    }

    /// Replays the recorded frame into another renderer, call for call.
    public func replay(into r: Renderer) { replay(into: r, within: nil) }

    /// Replays the recorded frame into another renderer, leaving out the drawings `keep` refuses (state calls are all
    /// replayed): the checks draw a frame without its text to see what is behind each line.
    public func replay(into r: Renderer, keeping keep: (DrawCommand) -> Bool) { replay(into: r, within: nil, keeping: keep) }

    /// Replays the frame as a partial frame of `regions` (see `PartialRenderer`): one pass over its calls, skipping
    /// each drawing whose `bounds` reach none of them (state calls are all replayed), between
    /// `beginFrame(clearColor:regions:)` and `endFrame`. Nothing when there are no regions.
    public func replay(into r: PartialRenderer, regions: [Rect]) { replay(into: r, regions: regions, moves: []) }

    /// Replays the frame as a partial frame that first moves parts of the last frame's pixels (`FrameDamage.Move`),
    /// then redraws `regions`. Nothing when there is neither.
    public func replay(into r: PartialRenderer, regions: [Rect], moves: [FrameDamage.Move]) {
        guard !regions.isEmpty || !moves.isEmpty, case .beginFrame(let clear)? = commands.first else { return }
        if moves.isEmpty { r.beginFrame(clearColor: clear, regions: regions) } else { r.beginFrame(clearColor: clear, regions: regions, moves: moves) }
        if !regions.isEmpty { replay(into: r, within: regions) }
        r.endFrame()
    }

    private func replay(into r: Renderer, within regions: [Rect]?, keeping keep: (DrawCommand) -> Bool = { _ in true }) {
        for (i, c) in commands.enumerated() {
            if drawIndex[i] != nil, !keep(c) { continue }
            if let regions {
                if case .beginFrame = c { continue }
                if case .endFrame = c { continue }
                if let d = drawIndex[i], !regions.contains(where: draws[d].bounds.intersects) {
                    if case .image(let h, let rect, _, let mode, let o) = c, let partial = r as? PartialRenderer {
                        partial.skipImage(h, in: rect, contentMode: mode, opacity: o)
                    }
                    continue
                }
            }
            switch c {
            case .beginFrame(let color): r.beginFrame(clearColor: color)
            case .endFrame: r.endFrame()
            case .save: r.save()
            case .restore: r.restore()
            case .concatenate(let t): r.concatenate(t)
            case .multiplyOpacity(let o): r.multiplyOpacity(o)
            case .clip(let rect, let cr): r.clip(to: rect, cornerRadius: cr)
            case .fill(let rect, let cr, let color): r.fill(rect, cornerRadius: cr, color: color)
            case .gradient(let rect, let cr, let g): r.fillGradient(rect, cornerRadius: cr, gradient: g)
            case .image(let h, let rect, let cr, let mode, let o): r.drawImage(h, in: rect, cornerRadius: cr, contentMode: mode, opacity: o)
            case .shadow(let rect, let cr, let s): r.drawShadow(for: rect, cornerRadius: cr, shadow: s)
            case .text(let s, let p, let f, let color): r.drawText(s, at: p, font: f, color: color)
            case .projected(let content, let rect, let h, let cr, let o, let fx):
                r.drawProjected(content, in: rect, projection: h, cornerRadius: cr, opacity: o, effects: fx)
            }
        }
    }
}

/// How far a drawing's pixels may reach beyond its rectangle: the one-pixel feathered edge of rounded shapes and the
/// overhang of text, with room to spare (points).
public enum DrawBounds {
    public static let margin = 3.0
}
