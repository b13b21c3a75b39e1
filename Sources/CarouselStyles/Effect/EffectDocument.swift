import CarouselSupport
import CarouselCore

/// An effect as its file describes it (docs/effects.md): the layout of the row, where it snaps, the named
/// parameters (the panel's sliders) and derived values, the keyframed tracks that turn each item's progress `p` into
/// its look, the states gestures set, and the reduced-motion form. Parsed from an effect file (`EffectParser`) or
/// made from Swiper's options (`SwiperOptions`); evaluated by `EffectEvaluator`, drawn by `EffectStyle`, exported
/// from here. Plain values: everything a number may be is an `EffectExpression` over the names the file declares.
///
/// Progress: an item's `p` is the signed distance of its centre from the progress origin (the snap point unless
/// `progress` says otherwise) in item pitches (or item lengths), positive for items before it (as Swiper counts):
/// the snapped item has p = 0, the one before it p = 1, the one after it p = -1.
public struct EffectDocument: Sendable {
    /// The name the effect goes by (menus, the layout file's `style`).
    public var name: String
    /// One line: what it looks like.
    public var summary: String
    public var layout: EffectLayout
    public var snap: EffectSnap
    public var progress: EffectProgress
    /// The named parameters, in panel order: each is a `ParameterSpec` of the style.
    public var parameters: [EffectParameter]
    /// Named values computed from parameters and the layout (not shown in the panel), in file order.
    public var derived: [EffectDerived]
    /// The tracks of `p`; several tracks of one property combine (`EffectProperty.combination`).
    public var tracks: [EffectTrack]
    /// What gestures change (hover, press, selection, pinches, drags, auto-advance).
    public var states: [EffectState]
    /// The look under reduced motion: tracks to use instead (nil: the effect keeps its tracks, and moves that the
    /// hand does not direct become cross-fades).
    public var reducedMotion: EffectReducedMotion?
    /// The perspective the items are seen through (nil: none; 3D turns and depth are then flat).
    public var perspective: EffectPerspective?
    /// The point of each item its rotations and scales keep fixed, for items before and after the progress origin.
    public var origin: EffectOrigin
    /// Whether an item turned so its back faces the viewer is drawn (CSS's `backface-visibility`).
    public var backfaceVisible: Bool
    /// How items stack when no `zIndex` track says.
    public var stacking: EffectStacking
    /// Auto-advance on when the effect opens, with this interval in seconds (nil: off, the app's default interval).
    public var autoAdvance: Double?
    /// Where the document came from.
    public var source: Source

    /// The kind of file the document was read from.
    public enum Source: Equatable, Sendable {
        /// An effect file in this app's format.
        case effect
        /// Swiper's options (`new Swiper(el, {...})`), with the effect they name: creative, coverflow or cards.
        case swiper(effect: String)
    }

    /// The names an expression may read: parameters, derived values and the layout's (`EffectLayout.names`).
    public var names: [String] { parameters.map(\.key) + derived.map(\.name) + EffectLayout.names }
}

/// How the row is laid out before the tracks move anything.
public struct EffectLayout: Sendable {
    /// The direction items follow one another.
    public enum Axis: String, Sendable, CaseIterable { case horizontal, vertical }
    /// Where items sit across the axis.
    public enum Alignment: String, Sendable, CaseIterable { case start, center, end }
    /// Where an item is before its tracks move it.
    public enum Positioning: String, Sendable, CaseIterable {
        /// Side by side along the axis, a pitch apart, moving with the scroll.
        case row
        /// All at the snap point, whatever the scroll (Swiper's creative and cards effects): tracks alone move them.
        case stack
    }

    public var axis: Axis
    /// The item's length along the axis as a fraction of the carousel's (nil when `itemsPerView` gives it).
    public var itemLength: EffectExpression?
    /// How many items fill the carousel's length, spacing included (nil when `itemLength` gives the length).
    public var itemsPerView: EffectExpression?
    /// The item's size across the axis as a fraction of the carousel's (nil: from `aspectRatio`, else the whole).
    public var itemCross: EffectExpression?
    /// Width over height of an item, used when `itemCross` is nil.
    public var aspectRatio: EffectExpression?
    /// Points between neighbouring items.
    public var spacing: EffectExpression
    public var alignment: Alignment
    /// Whether the row repeats without end.
    public var loop: Bool
    public var positioning: Positioning
    /// The carousel's size in points, centred in the window's area (nil for a side: the whole area): Swiper's
    /// `width` and `height`.
    public var viewWidth: Double?
    public var viewHeight: Double?
    /// The corner radius of every item, in points (a `cornerRadius` track replaces it).
    public var cornerRadius: EffectExpression
    /// Whether items are cut to the carousel's rectangle (Swiper's `overflow: hidden`).
    public var clips: Bool

    /// The names the layout gives expressions: the carousel's size, the item's, the spacing, the pitch (item length
    /// plus spacing along the axis), and the number of items in the deck.
    public static let names = ["viewWidth", "viewHeight", "itemWidth", "itemHeight", "spacing", "pitch", "count"]
}

/// Where the row rests.
public struct EffectSnap: Sendable {
    public enum Mode: String, Sendable, CaseIterable {
        /// On every item (every `group` items).
        case item
        /// On every page: as many items as fill the carousel.
        case page
        /// Anywhere: the row glides to a stop.
        case none
    }
    /// The snap point along the axis: the carousel's leading edge, centre or trailing edge.
    public enum Align: String, Sendable, CaseIterable { case start, center, end }
    public var mode: Mode
    public var align: Align
    /// With `item`, rest on every `group`-th item only (Swiper's `slidesPerGroup`).
    public var group: Int
    /// The move to a snap point (keys, wheel, auto-advance, a released drag): a curve in `CurveSyntax` and its
    /// duration in seconds (a spring's is its own). They are the effect's `snapCurve` and `snapDuration` parameters.
    public var curve: String
    public var duration: Double
}

/// What `p` is measured from, and in what.
public struct EffectProgress: Sendable {
    public enum Origin: String, Sendable, CaseIterable {
        /// The snap point (Swiper's slide progress).
        case snap
        /// The carousel's centre, wherever the row snaps (Swiper's coverflow).
        case center
    }
    public enum Unit: String, Sendable, CaseIterable {
        /// Item length plus spacing.
        case pitch
        /// Item length (Swiper's coverflow).
        case item
    }
    public var origin: Origin
    public var unit: Unit
}

/// One named parameter: a slider (a number) or a switch (a toggle, 0 or 1 in expressions).
public struct EffectParameter: Sendable {
    public var key: String
    public var spec: ParameterSpec
    /// Where it was declared in the file (line, column).
    public var position: EffectSourcePosition
}

/// A named value computed from others.
public struct EffectDerived: Sendable {
    public var name: String
    public var expression: EffectExpression
    public var position: EffectSourcePosition
}

/// A place in an effect file, for messages.
public struct EffectSourcePosition: Equatable, Sendable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
}

/// What a track drives.
public enum EffectProperty: String, Sendable, CaseIterable {
    /// Points along x, y and z (z towards the viewer; seen through the perspective). A value written "50%" is half
    /// the item's width (x, z) or height (y).
    case translateX, translateY, translateZ
    /// Factors: `scale` both ways, `scaleX` and `scaleY` one way.
    case scale, scaleX, scaleY
    /// Degrees about the item's origin (`EffectOrigin`), applied x, then y, then z as in CSS's
    /// `rotateX() rotateY() rotateZ()`.
    case rotateX, rotateY, rotateZ
    /// 0...1.
    case opacity
    /// Points of blur radius (drawn from a smaller mip level: see docs/effects.md).
    case blur
    /// Points.
    case cornerRadius
    /// Factors: 1 leaves the picture as it is, 0 is black (brightness) or grey (saturation).
    case brightness, saturation
    /// Paint order among items (higher on top); replaces `stacking`.
    case zIndex
    /// Darkening from the item's leading or trailing edge (a black gradient to clear across the item, 0...1 at the edge).
    case shadeLeading, shadeTrailing

    /// How tracks of one property combine: added (lengths, angles, order, shade) or multiplied (factors).
    public enum Combination: Sendable { case sum, product }
    public var combination: Combination {
        switch self {
        case .scale, .scaleX, .scaleY, .opacity, .brightness, .saturation: .product
        default: .sum
        }
    }

    /// The value with no track (and before the first track of a product).
    public var neutral: Double { combination == .product ? 1 : 0 }

    /// The range a value is held in once combined (nil: any finite value).
    public var valueRange: ClosedRange<Double>? {
        switch self {
        case .opacity: 0...1
        case .blur: 0...200
        case .cornerRadius: 0...10_000
        case .brightness, .saturation: 0...4
        case .shadeLeading, .shadeTrailing: 0...1
        default: nil
        }
    }

    /// The item length a percentage refers to (nil: percentages are not allowed).
    public var percentOf: PercentBase? {
        switch self {
        case .translateX, .translateZ: .width
        case .translateY: .height
        default: nil
        }
    }
    /// The length a percentage of a translation is of.
    public enum PercentBase: Sendable { case width, height }
}

/// A track: a property as a function of `p`, keyframed.
public struct EffectTrack: Sendable {
    public var property: EffectProperty
    /// At least one key, in increasing `p`.
    public var keys: [EffectKey]
    /// Beyond the first and last keys: the value of the nearest key (`clamp`), or the end segments carried on in a
    /// straight line (`extend`: Swiper's coverflow grows without bound).
    public var outside: Outside
    /// Values are held in this range after interpolation (nil: not held, beyond the property's own range).
    public var range: EffectRange?
    public var position: EffectSourcePosition

    public enum Outside: String, Sendable, CaseIterable { case clamp, extend }
}

/// Bounds a track's values are held in.
public struct EffectRange: Sendable {
    public var lower: EffectExpression
    public var upper: EffectExpression
}

/// One keyframe: at progress `p`, the value; the easing runs from this key to the next.
public struct EffectKey: Sendable {
    public var p: Double
    public var value: EffectValue
    public var easing: EffectEasing
    public var position: EffectSourcePosition
}

/// A key's value: an expression in the property's unit, or a percentage of the item's length (translations).
public enum EffectValue: Sendable {
    case expression(EffectExpression)
    case percent(EffectExpression)
}

/// How a segment runs from one key to the next, as a function of t in 0...1 (0 at the key, 1 at the next).
public enum EffectEasing: Sendable {
    /// A timing curve as `CurveSyntax` writes it (linear, the named curves, cubic-bezier; a spring runs its
    /// settling response over the segment).
    case curve(TimingCurve)
    /// An expression in `t` (and the effect's names).
    case expression(EffectExpression)
    /// The value of the key, then the next key's value at the next key: a jump.
    case hold

    public static let linear = EffectEasing.curve(.linear)
}

/// A state a gesture sets, and the parameter values it takes while set.
public struct EffectState: Sendable {
    public var trigger: EffectTrigger
    /// Values the named parameters (or derived values) take while the state is set.
    public var values: [(name: String, value: EffectExpression)]
    /// How the values change when the state is set (nil: at once).
    public var enter: Animation?
    /// How they change back when it ends (nil: as `enter`).
    public var exit: Animation?
    public var position: EffectSourcePosition
}

/// What sets a state.
public enum EffectTrigger: String, Sendable, CaseIterable {
    /// The item under the pointer (one item at a time).
    case hover
    /// The item pressed, until the release.
    case press
    /// The item at the snap point, or being moved to.
    case selected
    /// The carousel while a drag moves it, and only forwards or backwards of where the drag began.
    case drag, dragForward, dragBackward
    /// The carousel after a pinch in (until a pinch out), after a pinch out (until a pinch in).
    case pinchIn, pinchOut
    /// The carousel from an automatic advance until the next input.
    case autoAdvance

    /// Whether the state belongs to one item (its values are the item's own) rather than to the whole carousel.
    public var isPerItem: Bool { self == .hover || self == .press || self == .selected }
}

/// The declared reduced-motion form.
public struct EffectReducedMotion: Sendable {
    /// Tracks used instead of the effect's own under reduced motion.
    public var tracks: [EffectTrack]
}

/// The viewer's distance and where it looks from.
public struct EffectPerspective: Sendable {
    /// Points from the plane of the carousel (CSS `perspective`).
    public var distance: EffectExpression
    /// The point of the carousel straight in front of the viewer, in unit coordinates (CSS `perspective-origin`).
    public var origin: Point
}

/// Each item's transform origin in unit coordinates of the item, for items before (p > 0) and after (p < 0) the
/// progress origin.
public struct EffectOrigin: Sendable {
    public var before: Point
    public var after: Point
    public static let center = EffectOrigin(before: Point(0.5, 0.5), after: Point(0.5, 0.5))
}

/// Paint order when no `zIndex` track says: items nearer the progress origin on top.
public struct EffectStacking: Sendable {
    public enum Rule: String, Sendable, CaseIterable {
        /// By |p|: the nearer, the higher.
        case distance
        /// By |round(p × scale)| (Swiper's `z-index`), ties by deck order (later on top).
        case rounded
    }
    public var rule: Rule
    /// What `p` is multiplied by before rounding (Swiper's coverflow `modifier`).
    public var scale: EffectExpression
}
