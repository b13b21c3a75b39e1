/// What a projected drawing shows: an image placed in its rectangle by a content mode, or a colour filling it (an
/// image still loading, or failed).
public enum ProjectedContent: Hashable, Sendable {
    case image(ImageHandle, ContentMode)
    case color(Color)
}

/// Colour changes and blur applied to a drawing's pixels before they are composited (CSS's `brightness()`,
/// `saturate()`, `blur()`, and a gradient shade over one edge, as Swiper's coverflow shadows draw).
public struct ImageEffects: Hashable, Sendable {
    /// Multiplies every colour channel (1: unchanged, 0: black).
    public var brightness: Double
    /// 1: unchanged, 0: grey (CSS's `saturate()` matrix), above 1: more vivid.
    public var saturation: Double
    /// Blur radius in the drawing's own points (drawn from a smaller mip level: bounded in cost, a soft
    /// approximation of a Gaussian).
    public var blur: Double
    /// Black over the drawing, from this opacity at its leading edge to none at its trailing edge, and the other way.
    public var shadeLeading: Double
    public var shadeTrailing: Double
    /// Whether the shade runs top to bottom (a vertical carousel) rather than left to right.
    public var shadeVertical: Bool
    /// A part of the drawing an opaque drawing above will cover: a renderer may leave its pixels out (nothing changes
    /// on screen; a stack of cards then costs little more than its top card).
    public var occluder: Occluder?

    public init(brightness: Double = 1, saturation: Double = 1, blur: Double = 0, shadeLeading: Double = 0, shadeTrailing: Double = 0,
                shadeVertical: Bool = false) {
        self.brightness = brightness; self.saturation = saturation; self.blur = blur
        self.shadeLeading = shadeLeading; self.shadeTrailing = shadeTrailing; self.shadeVertical = shadeVertical
    }

    public static let none = ImageEffects()

    /// A convex polygon, in the same space as the drawing's projection maps to, that an opaque drawing drawn later
    /// covers wholly, with that drawing's image: the cover counts only if the image has no transparent pixels
    /// (nil: an opaque colour).
    public struct Occluder: Hashable, Sendable {
        public var outline: [Point]
        public var image: ImageHandle?
        public init(outline: [Point], image: ImageHandle?) { self.outline = outline; self.image = image }
    }

    /// Whether it changes nothing.
    public var isIdentity: Bool { var s = self; s.occluder = nil; return s == .none }
    /// Whether the colours change (brightness, saturation or shade).
    public var changesColor: Bool { brightness != 1 || saturation != 1 || shadeLeading > 0 || shadeTrailing > 0 }

    /// The brightness factor at `fraction` across the shade's direction (0 at the leading edge, 1 at the trailing),
    /// the two shades stacked: what a pixel's colour is multiplied by, saturation aside.
    public func factor(at fraction: Double) -> Double {
        let f = min(max(fraction, 0), 1)
        return brightness * (1 - shadeLeading * (1 - f)) * (1 - shadeTrailing * f)
    }
}

extension Renderer {
    /// For renderers that draw only affine transforms: the projection when it is affine, else its bounding box;
    /// the effects are left out. `SDLRenderer` and `DrawListRecorder` draw projections themselves.
    public func drawProjected(_ content: ProjectedContent, in rect: Rect, projection: Homography, cornerRadius: Double,
                              opacity: Double, effects: ImageEffects) {
        save()
        defer { restore() }
        var target = rect
        if let affine = projection.affine {
            concatenate(affine)
        } else if let box = projection.bounds(of: rect) {
            target = box
        } else {
            return
        }
        switch content {
        case .image(let handle, let mode): drawImage(handle, in: target, cornerRadius: cornerRadius, contentMode: mode, opacity: opacity)
        case .color(let c): fill(target, cornerRadius: cornerRadius, color: c.withAlpha(c.a * opacity))
        }
    }
}
