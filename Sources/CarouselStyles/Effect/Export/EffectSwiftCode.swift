import CarouselSupport
import CarouselCore
import Foundation

/// An effect as Swift: the `Effect` namespace an exported SwiftUI file nests in its view (docs/export.md, "Effects").
/// `Names` computes every name the file's expressions read (parameters from `Tuning`, derived values and the
/// layout's lengths, in dependency order, as `EffectEnvironment` does) for one carousel size, with the values states
/// set; `tracks(_:reduced:)` gives the tracks with their keys' values from the names; `states` the file's states. The
/// rest (interpolating a track, combining tracks into a look, the row's geometry, the transform) is the same for
/// every effect and lives in the template (`EffectSwiftUITemplate`).
struct EffectSwiftCode {
    let doc: EffectDocument
    /// The tuned values (for a spring easing's settling time, fixed when exported).
    let sample: EffectEnvironment

    var horizontal: Bool { doc.layout.axis == .horizontal }

    /// `e` in Swift, reading the names of `names` (a `Names` value, or `self` inside it).
    func swift(_ e: EffectExpression, names: String = "v") -> String {
        if let n = e.constant { return number(n) }
        return "Effect.finite(" + EffectCode.write(e, .swift) { "\(names).\(EffectCode.swiftName($0))" } + ")"
    }

    func number(_ n: Double) -> String { EffectCode.number(n) }

    /// Every name the effect's expressions read, with its statement.
    var namesStruct: String {
        let l = doc.layout
        var properties = doc.parameters.map(\.key) + doc.derived.map(\.name) + EffectLayout.names
        properties = properties.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        var lines: [String] = []
        for p in doc.parameters {
            let read = p.spec.kind == .toggle ? "(Tuning.\(p.key) ? 1 : 0)" : "Tuning.\(p.key)"
            lines.append("self.\(EffectCode.swiftName(p.key)) = overrides[\(Code.swiftString(p.key))] ?? \(read)")
        }
        let viewWidth = l.viewWidth.map(number) ?? "size.width", viewHeight = l.viewHeight.map(number) ?? "size.height"
        lines.append("self.viewWidth = min(\(viewWidth), max(size.width, 1))")
        lines.append("self.viewHeight = min(\(viewHeight), max(size.height, 1))")
        lines.append("self.count = CGFloat(itemCount)")
        for step in EffectCode.steps(doc) {
            switch step {
            case .derived(let name):
                let e = doc.derived.first { $0.name == name }!.expression
                lines.append("self.\(EffectCode.swiftName(name)) = overrides[\(Code.swiftString(name))] ?? \(swift(e, names: "self"))")
            case .layout:
                lines.append("// The layout's lengths, as the app computes them.")
                lines.append("let spacing = max(\(swift(l.spacing, names: "self")), 0)")
                lines.append("self.spacing = spacing")
                let (along, across) = horizontal ? ("viewWidth", "viewHeight") : ("viewHeight", "viewWidth")
                if let f = l.itemLength {
                    lines.append("var length = \(swift(f, names: "self")) * self.\(along)")
                } else {
                    let n = l.itemsPerView.map { swift($0, names: "self") } ?? "1"
                    lines.append("let perView = max(\(n), 0.01)")
                    lines.append("var length = (self.\(along) - (perView - 1) * spacing) / perView")
                }
                lines.append("length = min(max(length, 1), 16384)")
                if let f = l.itemCross {
                    lines.append("var cross = \(swift(f, names: "self")) * self.\(across)")
                } else if let r = l.aspectRatio {
                    lines.append("let ratio = \(swift(r, names: "self"))")
                    lines.append("var cross = ratio > 0 ? \(horizontal ? "length / ratio" : "length * ratio") : self.\(across)")
                } else {
                    lines.append("var cross = self.\(across)")
                }
                lines.append("cross = min(max(cross, 1), 16384)")
                lines.append("self.itemWidth = \(horizontal ? "length" : "cross")")
                lines.append("self.itemHeight = \(horizontal ? "cross" : "length")")
                lines.append("self.pitch = length + spacing")
            }
        }
        let stored = properties.map { "var \(EffectCode.swiftName($0)): CGFloat = 0" }
        return """
        /// Every name the effect's expressions read, for a carousel of `size` points and `itemCount` items, with the
        /// values states set (`overrides`, by name).
        struct Names: Sendable {
        \(indent(stored, 4))

            init(size: CGSize, itemCount: Int, overrides: [String: CGFloat] = [:]) {
        \(indent(lines, 8))
            }
        }
        """
    }

    /// The tracks for names `v`, the declared reduced form's under Reduce Motion.
    var tracksFunction: String {
        func track(_ t: EffectTrack) -> String {
            let keys = t.keys.map { k -> String in
                let value: String
                switch k.value {
                case .expression(let e): value = swift(e)
                case .percent(let e): value = "\(swift(e)) / 100 * v.\(t.property.percentOf == .height ? "itemHeight" : "itemWidth")"
                }
                return ".init(p: \(number(k.p)), value: \(value), easing: \(easing(k.easing)))"
            }
            var tail = ""
            if t.outside == .extend { tail += ", outside: .extend" }
            if let r = t.range { tail += ", range: (\(swift(r.lower)), \(swift(r.upper)))" }
            return (["Track(.\(t.property.rawValue), keys: ["] + keys.map { "    " + $0 + "," } + ["]\(tail))"]).joined(separator: "\n")
        }
        let own = doc.tracks.map(track)
        let reduced = doc.reducedMotion?.tracks.map(track)
        var body: [String] = []
        func lines(_ tracks: [String], _ n: Int) -> [String] {
            tracks.flatMap { ($0 + ",").split(separator: "\n", omittingEmptySubsequences: false).map { String(repeating: " ", count: n) + $0 } }
        }
        if let reduced {
            body.append("if reduced {")
            body.append("    return [")
            body += lines(reduced, 8)
            body.append("    ]")
            body.append("}")
        }
        body.append("return [")
        body += lines(own, 4)
        body.append("]")
        return """
        /// The effect's tracks, their keys' values from the names `v`\(doc.reducedMotion != nil ? "; under Reduce Motion (`reduced`) the file's declared reduced form" : ""). Several tracks of one property combine
        /// (added, or multiplied for factors).
        static func tracks(_ v: Names, reduced: Bool) -> [Track] {
        \(indent(body, 4))
        }
        """
    }

    /// A segment's easing as the template's `Easing`: curves exactly; a spring's settling response over the segment
    /// with its settling time fixed here; an expression in t as a closure.
    func easing(_ e: EffectEasing) -> String {
        switch e {
        case .curve(.linear): return ".linear"
        case .curve(.bezier(let b)): return ".bezier(\([b.x1, b.y1, b.x2, b.y2].map(number).joined(separator: ", ")))"
        case .curve(.spring(let s)):
            let end = max(s.settlingTime(x0: 1, v0: 0, tolerance: 1e-3), 1e-3)
            return ".spring(response: \(number(s.response)), dampingFraction: \(number(s.dampingFraction)), settling: \(number(end)))"
        case .hold: return ".hold"
        case .expression(let x):
            let body = EffectCode.write(x, .swift) { $0 == "t" ? "t" : "v.\(EffectCode.swiftName($0))" }
            return ".function { t in Effect.finite(\(body)) }"
        }
    }

    /// The states: what sets them, the names they change and the values, and how they change.
    var statesList: String {
        func animation(_ a: Animation?) -> String {
            guard let a else { return "nil" }
            let base = CurveCode.swiftAnimation(a.curve, duration: a.curve.isSpring ? nil : number(a.duration))
            return a.delay > 0 ? "\(base).delay(\(number(a.delay)))" : base
        }
        let states = doc.states.map { s in
            let values = s.values.map { "\(Code.swiftString($0.name)): \(swift($0.value))" }.joined(separator: ", ")
            return "EffectState(trigger: .\(s.trigger.rawValue), values: { v in [\(values.isEmpty ? ":" : values)] }, enter: \(animation(s.enter)), exit: \(animation(s.exit))),"
        }
        return """
        /// What gestures set: each state's trigger, the names it changes (values from the names without states), and
        /// the animations in and out (nil: at once; out: else the one in). A name takes the value of the last state set.
        static let states: [EffectState] = [
        \(indent(states, 4))
        ]
        """
    }

    /// The effect's fixed shape: layout, snapping, progress, perspective, origin, stacking.
    var constants: String {
        let l = doc.layout
        func point(_ p: Point) -> String { "UnitPoint(x: \(number(p.x)), y: \(number(p.y)))" }
        let align = doc.snap.align == .start ? "0" : doc.snap.align == .center ? "0.5" : "1"
        return """
        /// The row runs along this axis; items stand across it at `alignment` (0 start, 0.5 centre, 1 end).
        static let axis: Axis = .\(l.axis.rawValue)
        static let alignment: CGFloat = \(l.alignment == .start ? "0" : l.alignment == .center ? "0.5" : "1")
        /// Items sit side by side (`false`) or all at the snap point, moved by their tracks alone (`true`).
        static let stacked = \(l.positioning == .stack)
        static let loops = \(l.loop)
        /// Whether items are cut to the carousel's rectangle.
        static let clips = \(l.clips)
        /// Where the row rests: every item (`.item`), every page (`.page`), anywhere (`.none`), every `group` items,
        /// with the item's leading edge, centre or trailing edge (`snapAnchor` 0, 0.5, 1) at the carousel's.
        static let snapping: Snapping = .\(doc.snap.mode == .none ? "free" : doc.snap.mode.rawValue)
        static let group = \(doc.snap.group)
        static let snapAnchor: CGFloat = \(align)
        /// p is measured from the snap point (`true`) or the carousel's centre, in pitches (`true`) or item lengths.
        static let progressFromSnapPoint = \(doc.progress.origin == .snap)
        static let progressInPitches = \(doc.progress.unit == .pitch)
        /// The perspective's distance in points from the names (0: none) and where the viewer looks from.
        static func perspective(_ v: Names) -> CGFloat { \(doc.perspective.map { swift($0.distance) } ?? "0") }
        static let perspectiveOrigin = \(point(doc.perspective?.origin ?? Point(0.5, 0.5)))
        /// The point of an item its rotations and scales keep fixed, before (p > 0) and after (p <= 0) the snap point.
        static let originBefore = \(point(doc.origin.before))
        static let originAfter = \(point(doc.origin.after))
        /// Whether an item turned so its back faces the viewer is drawn.
        static let backfaceVisible = \(doc.backfaceVisible)
        /// Paint order when no zIndex track says: by |p| (`.distance`) or |p × scale| rounded (`.rounded`).
        static let stacking: Stacking = .\(doc.stacking.rule.rawValue)
        static func stackingScale(_ v: Names) -> CGFloat { \(swift(doc.stacking.scale)) }
        static func cornerRadius(_ v: Names) -> CGFloat { max(\(swift(l.cornerRadius)), 0) }
        /// Whether the file declares a reduced-motion form.
        static let hasReducedForm = \(doc.reducedMotion != nil)
        """
    }

    /// The whole generated part of the `Effect` namespace.
    var code: String {
        [constants, namesStruct, tracksFunction, statesList].joined(separator: "\n\n")
    }

    /// Which per-item and carousel triggers the effect uses (the template adds the gestures for these only).
    var triggers: Set<EffectTrigger> { Set(doc.states.map(\.trigger)) }

    func indent(_ lines: [String], _ n: Int) -> String {
        lines.map { $0.isEmpty ? "" : String(repeating: " ", count: n) + $0 }.joined(separator: "\n")
    }
}
