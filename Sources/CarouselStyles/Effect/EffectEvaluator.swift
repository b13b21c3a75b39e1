import CarouselSupport
import CarouselCore
import Foundation

/// Turns an `EffectDocument` into numbers: `resolve` evaluates every name for one set of parameter values and one
/// carousel size (`ResolvedEffect`), which then gives each item's look at its progress (`look(at:)`) and its
/// transform on screen (`placement`). Pure: no nodes, no time; the style, the tests and the export all use it.
public enum EffectEvaluator {
    /// The effect's numbers for `values` (each parameter's value: numbers as they are, toggles 1 or 0; a missing
    /// one takes its default), `overrides` (parameters or derived values a state has set, which replace them), a
    /// carousel area of `area` points, `count` items, and whether motion is reduced (the declared reduced tracks
    /// replace the effect's own).
    public static func resolve(_ doc: EffectDocument, values: [String: Double], overrides: [String: Double] = [:],
                               area: Size, count: Int, reducedMotion: Bool = false) -> ResolvedEffect {
        let env = EffectEnvironment(doc: doc, values: values, overrides: overrides, area: area, count: count)
        let source = reducedMotion ? doc.reducedMotion?.tracks ?? doc.tracks : doc.tracks
        return ResolvedEffect(doc: doc, env: env, tracks: source.map { ResolvedTrack($0, env: env) })
    }

    /// The parameter values of `parameters` as numbers (toggles 1 or 0), for `resolve`.
    public static func values(of doc: EffectDocument, in parameters: Parameters) -> [String: Double] {
        var out: [String: Double] = [:]
        for p in doc.parameters {
            switch parameters.values[p.key] {
            case .number(let n)?: out[p.key] = n
            case .bool(let b)?: out[p.key] = b ? 1 : 0
            default: break
            }
        }
        return out
    }
}

/// Every name of an effect evaluated once: parameters (or their overrides), derived values in dependency order, and
/// the layout's lengths for the carousel's size.
public struct EffectEnvironment: Sendable {
    /// Each name's value.
    public private(set) var values: [String: Double]
    /// The carousel's size in points (the area, or the layout's `size` within it).
    public let view: Size
    /// The item's size in points.
    public let item: Size
    public let spacing: Double
    /// Item length plus spacing along the axis.
    public let pitch: Double
    /// The item's length along the axis.
    public var length: Double { horizontal ? item.width : item.height }
    let horizontal: Bool

    init(doc: EffectDocument, values given: [String: Double], overrides: [String: Double], area: Size, count: Int) {
        horizontal = doc.layout.axis == .horizontal
        var v: [String: Double] = [:]
        for p in doc.parameters {
            let fallback: Double
            switch p.spec.defaultValue { case .number(let n): fallback = n; case .bool(let b): fallback = b ? 1 : 0; default: fallback = 0 }
            v[p.key] = overrides[p.key] ?? given[p.key] ?? fallback
        }
        let view = Size(min(doc.layout.viewWidth ?? area.width, max(area.width, 1)), min(doc.layout.viewHeight ?? area.height, max(area.height, 1)))
        self.view = view
        v["viewWidth"] = view.width
        v["viewHeight"] = view.height
        v["count"] = Double(count)
        // Derived values and the layout's lengths read each other in any order the file allows (no cycles): each is
        // evaluated the first time it is read.
        var pending = Dictionary(uniqueKeysWithValues: doc.derived.map { ($0.name, $0.expression) })
        for (k, o) in overrides where pending[k] != nil { pending[k] = nil; v[k] = o }
        let layout = doc.layout
        let horizontal = self.horizontal
        var lengths: (item: Size, spacing: Double)?
        func read(_ name: String) -> Double {
            if let x = v[name] { return x }
            if let e = pending[name] {
                pending[name] = nil
                let x = e.evaluate(read)
                v[name] = x
                return x
            }
            switch name {
            case "spacing", "itemWidth", "itemHeight", "pitch":
                let l = lengths ?? {
                    let s = max(layout.spacing.evaluate(read), 0)
                    let along = horizontal ? view.width : view.height, across = horizontal ? view.height : view.width
                    var length: Double
                    if let f = layout.itemLength { length = f.evaluate(read) * along } else {
                        let n = max(layout.itemsPerView?.evaluate(read) ?? 1, 0.01)
                        length = (along - (n - 1) * s) / n
                    }
                    length = min(max(length, 1), 16384)
                    var cross: Double
                    if let f = layout.itemCross { cross = f.evaluate(read) * across } else if let r = layout.aspectRatio?.evaluate(read), r > 0 {
                        cross = horizontal ? length / r : length * r
                    } else { cross = across }
                    cross = min(max(cross, 1), 16384)
                    let made = (item: horizontal ? Size(length, cross) : Size(cross, length), spacing: s)
                    lengths = made
                    return made
                }()
                v["spacing"] = l.spacing
                v["itemWidth"] = l.item.width
                v["itemHeight"] = l.item.height
                v["pitch"] = (horizontal ? l.item.width : l.item.height) + l.spacing
                return v[name]!
            default:
                return 0
            }
        }
        _ = read("pitch")
        for d in doc.derived { _ = read(d.name) }
        values = v
        item = Size(v["itemWidth"]!, v["itemHeight"]!)
        spacing = v["spacing"]!
        pitch = v["pitch"]!
    }

    /// The value of `name` (0 for a name it does not have).
    public subscript(name: String) -> Double { values[name] ?? 0 }

    /// `e` evaluated over these names.
    public func evaluate(_ e: EffectExpression) -> Double { e.evaluate { values[$0] ?? 0 } }
}

/// A track with its keys evaluated.
public struct ResolvedTrack: Sendable {
    public let property: EffectProperty
    /// Key positions (increasing) and values, in the property's unit (percentages turned into points).
    public let ps: [Double]
    public let values: [Double]
    let easings: [ResolvedEasing]
    public let outside: EffectTrack.Outside
    public let range: ClosedRange<Double>?

    init(_ t: EffectTrack, env: EffectEnvironment) {
        property = t.property
        ps = t.keys.map(\.p)
        values = t.keys.map { key in
            switch key.value {
            case .expression(let e): return env.evaluate(e)
            case .percent(let e): return env.evaluate(e) / 100 * (t.property.percentOf == .height ? env.item.height : env.item.width)
            }
        }
        easings = t.keys.map { ResolvedEasing($0.easing, env: env) }
        outside = t.outside
        if let r = t.range {
            let lo = env.evaluate(r.lower), hi = env.evaluate(r.upper)
            range = min(lo, hi)...max(lo, hi)
        } else {
            range = nil
        }
    }

    /// The track's value at progress `p`.
    public func value(at p: Double) -> Double {
        let v = unheld(at: p)
        guard let range else { return v }
        return min(max(v, range.lowerBound), range.upperBound)
    }

    private func unheld(at p: Double) -> Double {
        let n = ps.count
        if n == 1 { return values[0] }
        if p <= ps[0] {
            guard outside == .extend, p < ps[0] else { return values[0] }
            return values[0] + (p - ps[0]) * (values[1] - values[0]) / (ps[1] - ps[0])
        }
        if p >= ps[n - 1] {
            guard outside == .extend, p > ps[n - 1] else { return values[n - 1] }
            return values[n - 1] + (p - ps[n - 1]) * (values[n - 1] - values[n - 2]) / (ps[n - 1] - ps[n - 2])
        }
        // The segment holding p: keys are few (at most 64), and items ask near the middle.
        var k = 0
        while ps[k + 1] < p { k += 1 }
        let t = (p - ps[k]) / (ps[k + 1] - ps[k])
        return values[k] + (values[k + 1] - values[k]) * easings[k].progress(t)
    }
}

/// A segment's easing as a function of t.
struct ResolvedEasing: Sendable {
    private enum Kind: Sendable { case curve(TimingCurve, springEnd: Double), expression(EffectExpression, [String: Double]), hold }
    private let kind: Kind

    init(_ e: EffectEasing, env: EffectEnvironment) {
        switch e {
        case .curve(let c):
            if case .spring(let s) = c {
                kind = .curve(c, springEnd: max(s.settlingTime(x0: 1, v0: 0, tolerance: 1e-3), 1e-3))
            } else {
                kind = .curve(c, springEnd: 0)
            }
        case .expression(let x): kind = .expression(x, env.values)
        case .hold: kind = .hold
        }
    }

    /// Progress at t in 0...1.
    func progress(_ t: Double) -> Double {
        switch kind {
        case .curve(let c, let end):
            switch c {
            case .linear: return t
            case .bezier(let b): return b.progress(at: t)
            // A spring runs its step response (from 0 to 1, as released from rest) over its settling time.
            case .spring(let s): return 1 - s.displacement(at: t * end, x0: 1, v0: 0)
            }
        case .expression(let e, let names): return e.evaluate { $0 == "t" ? t : names[$0] ?? 0 }
        case .hold: return t < 1 ? 0 : 1
        }
    }
}

/// What the tracks give one item at its progress.
public struct EffectLook: Equatable, Sendable {
    public var p: Double
    public var translateX = 0.0, translateY = 0.0, translateZ = 0.0
    public var scaleX = 1.0, scaleY = 1.0
    public var rotateX = 0.0, rotateY = 0.0, rotateZ = 0.0
    public var opacity = 1.0
    public var blur = 0.0
    public var cornerRadius = 0.0
    public var brightness = 1.0, saturation = 1.0
    /// The paint order a `zIndex` track gives (nil: the effect's stacking).
    public var zIndex: Double?
    public var shadeLeading = 0.0, shadeTrailing = 0.0

    public init(p: Double) { self.p = p }
}

/// An effect's numbers for one set of values and one carousel size.
public struct ResolvedEffect: Sendable {
    public let doc: EffectDocument
    public let env: EffectEnvironment
    public let tracks: [ResolvedTrack]
    /// The perspective distance in points (nil: none).
    public let perspective: Double?
    /// `stacking.scale`, evaluated.
    public let stackingScale: Double
    public let cornerRadius: Double

    init(doc: EffectDocument, env: EffectEnvironment, tracks: [ResolvedTrack]) {
        self.doc = doc; self.env = env; self.tracks = tracks
        perspective = doc.perspective.map { env.evaluate($0.distance) }.flatMap { $0 > 0 ? $0 : nil }
        stackingScale = env.evaluate(doc.stacking.scale)
        cornerRadius = max(env.evaluate(doc.layout.cornerRadius), 0)
    }

    /// The look of an item at progress `p`: every property's tracks combined (added or multiplied), held in the
    /// property's range.
    public func look(at p: Double) -> EffectLook {
        var look = EffectLook(p: p)
        var values: [EffectProperty: Double] = [:]
        for t in tracks {
            let v = t.value(at: p)
            let prop = t.property
            if let old = values[prop] { values[prop] = prop.combination == .sum ? old + v : old * v } else { values[prop] = v }
        }
        func get(_ prop: EffectProperty) -> Double? {
            guard var v = values[prop] else { return nil }
            if !v.isFinite { v = prop.neutral }
            if let r = prop.valueRange { v = min(max(v, r.lowerBound), r.upperBound) }
            return min(max(v, -EffectExpression.limit), EffectExpression.limit)
        }
        look.translateX = get(.translateX) ?? 0
        look.translateY = get(.translateY) ?? 0
        look.translateZ = get(.translateZ) ?? 0
        let s = get(.scale) ?? 1
        look.scaleX = s * (get(.scaleX) ?? 1)
        look.scaleY = s * (get(.scaleY) ?? 1)
        look.rotateX = get(.rotateX) ?? 0
        look.rotateY = get(.rotateY) ?? 0
        look.rotateZ = get(.rotateZ) ?? 0
        look.opacity = get(.opacity) ?? 1
        look.blur = get(.blur) ?? 0
        look.cornerRadius = get(.cornerRadius) ?? cornerRadius
        look.brightness = get(.brightness) ?? 1
        look.saturation = get(.saturation) ?? 1
        look.zIndex = get(.zIndex)
        look.shadeLeading = get(.shadeLeading) ?? 0
        look.shadeTrailing = get(.shadeTrailing) ?? 0
        return look
    }

    /// The paint order of an item with look `look` (higher on top; ties by deck order, later on top).
    public func stackingOrder(_ look: EffectLook) -> Double {
        if let z = look.zIndex { return z }
        switch doc.stacking.rule {
        case .distance: return -abs(look.p)
        case .rounded: return -abs((look.p * stackingScale).rounded(.toNearestOrAwayFromZero))
        }
    }

    /// The transform from an item's own coordinates (its top-left at 0, 0, `size` points) to the carousel area's,
    /// for an item whose untransformed top-left corner is at `origin` in the area, with look `look`: CSS's
    /// `translate3d() rotateX() rotateY() rotateZ() scale()` about the item's origin, then the perspective about the
    /// carousel's perspective origin. `viewOrigin` is the carousel's top-left in the area (its `size` centred).
    public func transform(_ look: EffectLook, itemOrigin origin: Point, size: Size, viewOrigin: Point) -> Transform3D {
        let unit = look.p > 0 ? doc.origin.before : doc.origin.after
        let pivot = Point(unit.x * size.width, unit.y * size.height)
        let local = (Transform3D.translation(look.translateX, look.translateY, look.translateZ)
            * .rotationX(degrees: look.rotateX) * .rotationY(degrees: look.rotateY) * .rotationZ(degrees: look.rotateZ)
            * .scale(look.scaleX, look.scaleY)).about(pivot)
        let placed = Transform3D.translation(origin.x, origin.y) * local
        guard let d = perspective, let po = doc.perspective?.origin else { return placed }
        let eye = Point(viewOrigin.x + po.x * env.view.width, viewOrigin.y + po.y * env.view.height)
        return Transform3D.perspective(d).about(eye) * placed
    }
}
