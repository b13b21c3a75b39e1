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
    case image(ImageHandle, Rect, cornerRadius: Double, contentMode: ContentMode, opacity: Double)
    case shadow(Rect, cornerRadius: Double, shadow: Shadow)
    case text(String, at: Point, font: FontSpec, color: Color)
}

/// A drawing with its state resolved: where it lands on screen and how opaque it is.
public struct ResolvedDraw: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case fill(Color)
        case image(ImageHandle, ContentMode)
        case shadow(Shadow)
        case text(String, FontSpec, Color)
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
    private var stack: [(Transform2D, Double, Rect?)] = []
    private var transform = Transform2D.identity
    private var opacity = 1.0
    private var clipRect: Rect?

    public init(size: Size) { self.size = size }

    public func beginFrame(clearColor: Color) {
        commands.removeAll(keepingCapacity: true); draws.removeAll(keepingCapacity: true)
        stack.removeAll(); transform = .identity; opacity = 1; clipRect = nil
        commands.append(.beginFrame(clearColor))
    }
    public func endFrame() { commands.append(.endFrame) }
    public func save() { commands.append(.save); stack.append((transform, opacity, clipRect)) }
    public func restore() {
        commands.append(.restore)
        if let s = stack.popLast() { (transform, opacity, clipRect) = s }
    }
    public func concatenate(_ t: Transform2D) { commands.append(.concatenate(t)); transform = t.concatenating(transform) }
    public func multiplyOpacity(_ o: Double) { commands.append(.multiplyOpacity(o)); opacity *= o }
    public func clip(to rect: Rect, cornerRadius: Double) {
        commands.append(.clip(rect, cornerRadius: cornerRadius))
        let r = transform.apply(rect)
        clipRect = clipRect.map { $0.intersection(r) } ?? r
    }
    public func fill(_ rect: Rect, cornerRadius: Double, color: Color) {
        commands.append(.fill(rect, cornerRadius: cornerRadius, color: color))
        resolve(.fill(color), rect, cornerRadius, 1)
    }
    public func drawImage(_ image: ImageHandle, in rect: Rect, cornerRadius: Double, contentMode: ContentMode, opacity o: Double) {
        commands.append(.image(image, rect, cornerRadius: cornerRadius, contentMode: contentMode, opacity: o))
        resolve(.image(image, contentMode), rect, cornerRadius, o)
    }
    public func drawShadow(for rect: Rect, cornerRadius: Double, shadow: Shadow) {
        commands.append(.shadow(rect, cornerRadius: cornerRadius, shadow: shadow))
        resolve(.shadow(shadow), rect, cornerRadius, 1)
    }
    public func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color) {
        commands.append(.text(text, at: origin, font: font, color: color))
        resolve(.text(text, font, color), Rect(origin: origin, size: measureText(text, font: font)), 0, 1)
    }
    /// Measures text for `measureText` instead of the stand-in metric (e.g. a real renderer's, so a recorded frame
    /// places centred text where that renderer would).
    public var textMeasurer: ((String, FontSpec) -> Size)?

    /// `textMeasurer`'s size, else a deterministic stand-in metric: 0.55 em per character, 1.2 em line height.
    public func measureText(_ text: String, font: FontSpec) -> Size {
        if let textMeasurer { return textMeasurer(text, font) }
        return Size(Double(text.count) * font.size * 0.55, font.size * 1.2)
    }

    private func resolve(_ kind: ResolvedDraw.Kind, _ rect: Rect, _ radius: Double, _ o: Double) {
        draws.append(ResolvedDraw(kind: kind, rect: transform.apply(rect), cornerRadius: radius * transform.scaleX,
                                  opacity: opacity * o, clip: clipRect))
    }

    /// Replays the recorded frame into another renderer, call for call.
    public func replay(into r: Renderer) {
        for c in commands {
            switch c {
            case .beginFrame(let color): r.beginFrame(clearColor: color)
            case .endFrame: r.endFrame()
            case .save: r.save()
            case .restore: r.restore()
            case .concatenate(let t): r.concatenate(t)
            case .multiplyOpacity(let o): r.multiplyOpacity(o)
            case .clip(let rect, let cr): r.clip(to: rect, cornerRadius: cr)
            case .fill(let rect, let cr, let color): r.fill(rect, cornerRadius: cr, color: color)
            case .image(let h, let rect, let cr, let mode, let o): r.drawImage(h, in: rect, cornerRadius: cr, contentMode: mode, opacity: o)
            case .shadow(let rect, let cr, let s): r.drawShadow(for: rect, cornerRadius: cr, shadow: s)
            case .text(let s, let p, let f, let color): r.drawText(s, at: p, font: f, color: color)
            }
        }
    }
}
