import CarouselSupport
import CarouselCore
import Foundation

/// An effect as the web page's style sheet and data (docs/export.md, "Effects"). The motion is CSS: each track is a
/// registered custom property (`--e-t0`, a `<number>`) animated by its own `@keyframes` on the item's view timeline
/// (`animation-timeline: view(inline 0px)`), its keyframes at the keys' p with each segment's easing, over an
/// `animation-range` that maps p onto the timeline: for an item of own length w in a scroller of length W, cover
/// runs W + w, and the item is at p where cover has run `at0 + p × unit` (`at0` and `unit` are the page's lengths,
/// set by its script as `--e-at0` and `--e-unit`). The item's `transform`, `opacity`, `filter`, `z-index` and corner
/// radius combine the tracks as the app does (sums and products, each held in its range). A key whose value is not
/// a plain number (it reads a parameter, a derived value or the layout, or is a percentage of the item) is a custom
/// property the script computes from the names (`EFFECT.properties`).
///
/// `EFFECT` (JavaScript) holds what only a script can compute: every name for the window's size and the deck
/// (`names`), the key values from the names, and the states with their animations.
struct EffectWebCode {
    let doc: EffectDocument
    /// The environment used where a number is needed at export time (an easing sampled into `linear()`): the tuned
    /// values at 1280 x 720.
    let sample: EffectEnvironment

    /// How far (in p) the page carries what goes on in a straight line: tracks that extend, the stack's pull back to
    /// the snap point, the stacking order. Beyond it items are held; the app draws none that far (64 slots at most).
    static let reach = 100.0
    /// Samples of an easing CSS has no function for (a spring, an expression in t), as `linear()` stops.
    static let easingSamples = 64

    /// A set of tracks: the effect's own (`t`) or its declared reduced form's (`r`).
    struct TrackSet {
        let prefix: String
        let tracks: [EffectTrack]
    }

    var sets: [TrackSet] {
        [TrackSet(prefix: "t", tracks: doc.tracks)] + (doc.reducedMotion.map { [TrackSet(prefix: "r", tracks: $0.tracks)] } ?? [])
    }

    var horizontal: Bool { doc.layout.axis == .horizontal }

    // MARK: Terms

    /// The CSS term of a key's value: its number when it is one, else the custom property the script sets.
    func term(_ set: TrackSet, _ i: Int, _ k: Int) -> String {
        let key = set.tracks[i].keys[k]
        if case .expression(let e) = key.value, let n = e.constant { return css(n) }
        return "var(--e-\(set.prefix)\(i)-k\(k))"
    }

    /// A range bound's term.
    func boundTerm(_ set: TrackSet, _ i: Int, _ e: EffectExpression, _ which: String) -> String {
        if let n = e.constant { return css(n) }
        return "var(--e-\(set.prefix)\(i)-\(which))"
    }

    /// A track's value on the item: its animated property, or its one key; held in the track's range.
    func value(_ set: TrackSet, _ i: Int) -> String {
        let t = set.tracks[i]
        let v = EffectCode.isAnimated(t) ? "var(--e-\(set.prefix)\(i))" : term(set, i, 0)
        guard let r = t.range else { return v }
        // `ResolvedTrack` holds within min(lo, hi)...max(lo, hi).
        let lo = boundTerm(set, i, r.lower, "lo"), hi = boundTerm(set, i, r.upper, "hi")
        return "clamp(min(\(lo), \(hi)), \(v), max(\(lo), \(hi)))"
    }

    /// The combined value of `property` (nil when no track drives it), held in the property's range.
    func combined(_ set: TrackSet, _ property: EffectProperty) -> String? {
        let parts = set.tracks.indices.filter { set.tracks[$0].property == property }.map { value(set, $0) }
        guard !parts.isEmpty else { return nil }
        let joined = parts.count == 1 ? parts[0] : "calc(" + parts.joined(separator: property.combination == .sum ? " + " : " * ") + ")"
        guard let r = property.valueRange else { return joined }
        return "clamp(\(css(r.lowerBound)), \(joined), \(css(r.upperBound)))"
    }

    // MARK: Style sheet

    /// The effect's rules: the registered properties, the keyframes of every track, the scroller and the items.
    var css: String {
        var out: [String] = []
        for set in sets {
            for (i, t) in set.tracks.enumerated() where EffectCode.isAnimated(t) {
                out.append(property("--e-\(set.prefix)\(i)", initial: t.property.neutral))
                out.append(keyframes(set, i))
            }
        }
        for (name, initial) in [("--e-stack", 0.0), ("--e-z", 0.0), ("--e-ox", 0.5), ("--e-oy", 0.5)] {
            out.append(property(name, initial: initial))
        }
        out += [stackKeyframes, stackingKeyframes, originKeyframes, reachKeyframes].compactMap { $0 }
        out.append(scrollerRule)
        out.append(itemRule(sets[0]))
        if sets.count > 1 {
            out.append("@media (prefers-reduced-motion: reduce) {\n" + itemRule(sets[1]).split(separator: "\n", omittingEmptySubsequences: false)
                .map { "  " + $0 }.joined(separator: "\n") + "\n}")
        }
        out.append(shadeRules)
        return out.joined(separator: "\n")
    }

    func property(_ name: String, initial: Double) -> String {
        "@property \(name) { syntax: \"<number>\"; inherits: true; initial-value: \(css(initial)); }"
    }

    /// A track's keyframes at its keys (and, for a track that extends, at ±`reach` on its end segments' lines).
    func keyframes(_ set: TrackSet, _ i: Int) -> String {
        let t = set.tracks[i]
        var keys = t.keys.indices.map { (p: t.keys[$0].p, term: term(set, i, $0), easing: easing(t.keys[$0].easing)) }
        let n = keys.count
        if t.outside == .extend {
            let (p0, p1, pm, pl) = (keys[0].p, keys[1].p, keys[n - 2].p, keys[n - 1].p)
            if p0 > -Self.reach {
                keys.insert((-Self.reach, along(keys[0].term, keys[1].term, (-Self.reach - p0) / (p1 - p0)), "linear"), at: 0)
            }
            if pl < Self.reach {
                keys[keys.count - 1].easing = "linear"
                keys.append((Self.reach, along(keys[keys.count - 1].term, keys[keys.count - 2].term, (pl - Self.reach) / (pl - pm)), "linear"))
            }
        }
        let lo = keys.first!.p, hi = keys.last!.p
        let name = "--e-\(set.prefix)\(i)"
        var lines = ["@keyframes e-\(set.prefix)\(i) {"]
        for (k, key) in keys.enumerated() {
            let easing = k < keys.count - 1 ? " animation-timing-function: \(key.easing);" : ""
            lines.append("  \(offset(key.p, lo, hi)) { \(name): \(key.term);\(easing) }")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// `a + f (b - a)`: a point on the line through two keys' values.
    func along(_ a: String, _ b: String, _ f: Double) -> String {
        if let x = Double(a), let y = Double(b) { return css(x + f * (y - x)) }
        return "calc(\(a) + \(css(f)) * (\(b) - \(a)))"
    }

    /// A keyframe selector for `p` in a range of `lo...hi`.
    func offset(_ p: Double, _ lo: Double, _ hi: Double) -> String {
        let f = hi > lo ? (p - lo) / (hi - lo) * 100 : 0
        return String(format: "%.6f", f).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression) + "%"
    }

    /// A segment's easing as a CSS timing function: exact for linear, cubic-bezier and hold; a spring's settling and
    /// an expression in t sampled into `linear()`.
    func easing(_ e: EffectEasing) -> String {
        switch e {
        case .curve(.linear): return "linear"
        case .curve(.bezier(let b)): return "cubic-bezier(\([b.x1, b.y1, b.x2, b.y2].map(css).joined(separator: ", ")))"
        case .hold: return "steps(1, jump-end)"
        case .curve(.spring), .expression:
            let samples = EffectCode.easingSamples(e, env: sample, count: Self.easingSamples)
            return "linear(" + samples.map { String(format: "%.5f", $0) }.joined(separator: ", ") + ")"
        }
    }

    /// A track's animation-range: its first and last key's p on the item's view timeline.
    func range(_ lo: Double, _ hi: Double) -> String {
        func at(_ p: Double) -> String { "cover calc((var(--e-at0) + \(css(p)) * var(--e-unit)) * 1px)" }
        return "\(at(lo)) \(at(hi))"
    }

    func trackRange(_ t: EffectTrack) -> (Double, Double) {
        var lo = t.keys.first!.p, hi = t.keys.last!.p
        if t.outside == .extend { lo = min(lo, -Self.reach); hi = max(hi, Self.reach) }
        return (lo, hi)
    }

    /// Stacked items: each pulled back to the snap point, by its distance along the row (p × unit from where p = 0
    /// puts it, `--e-stack0`), on a line to ±`reach`.
    var stackKeyframes: String? {
        guard doc.layout.positioning == .stack else { return nil }
        let r = css(Self.reach)
        return """
        @keyframes e-stack {
          0% { --e-stack: calc(var(--e-stack0) - \(r) * var(--e-unit)); }
          100% { --e-stack: calc(var(--e-stack0) + \(r) * var(--e-unit)); }
        }
        """
    }

    /// Paint order when no zIndex track says: -1000 |p| (by distance) or -|p × scale| rounded (Swiper's).
    var stackingKeyframes: String? {
        guard !doc.tracks.contains(where: { $0.property == .zIndex }) else { return nil }
        let r = css(Self.reach)
        let far = doc.stacking.rule == .distance ? css(-1000 * Self.reach) : "calc(-\(r) * var(--e-zs))"
        return """
        @keyframes e-z {
          0% { --e-z: \(far); }
          50% { --e-z: 0; }
          100% { --e-z: \(far); }
        }
        """
    }

    /// The transform origin: `after` up to p = 0, `before` past it.
    var originKeyframes: String? {
        let o = doc.origin
        guard o.before != o.after else { return nil }
        func point(_ p: Point) -> String { "--e-ox: \(css(p.x)); --e-oy: \(css(p.y));" }
        return """
        @keyframes e-origin {
          0% { \(point(o.after)) animation-timing-function: steps(1, jump-end); }
          50% { \(point(o.after)) animation-timing-function: steps(1, jump-start); }
          100% { \(point(o.before)) }
        }
        """
    }

    /// A stack draws the items near the snap point only (as the app: beyond the keys they lie alike behind the
    /// nearer ones): hidden beyond the furthest key + 1.5.
    var reachKeyframes: String? {
        guard let reach = stackReach else { return nil }
        let lo = -Self.reach, hi = Self.reach
        return """
        @keyframes e-reach {
          0% { visibility: hidden; animation-timing-function: steps(1, jump-end); }
          \(offset(-reach, lo, hi)) { visibility: visible; animation-timing-function: steps(1, jump-end); }
          \(offset(reach, lo, hi)) { visibility: hidden; }
          100% { visibility: hidden; }
        }
        """
    }

    /// The p beyond which a stack hides its items (nil: a row, or a track that extends).
    var stackReach: Double? {
        guard doc.layout.positioning == .stack, !doc.tracks.contains(where: { $0.outside == .extend }) else { return nil }
        let keys = doc.tracks.flatMap { $0.keys.map { abs($0.p) } }.max() ?? 0
        return min(keys.rounded(.up) + 1, 64) + 0.5
    }

    /// The animations every item runs: the tracks', then the shared ones, each on the item's view timeline.
    func animations(_ set: TrackSet) -> [(name: String, range: String)] {
        var out: [(String, String)] = []
        for (i, t) in set.tracks.enumerated() where EffectCode.isAnimated(t) {
            let (lo, hi) = trackRange(t)
            out.append(("e-\(set.prefix)\(i)", range(lo, hi)))
        }
        let full = range(-Self.reach, Self.reach)
        if stackKeyframes != nil { out.append(("e-stack", full)) }
        if stackingKeyframes != nil { out.append(("e-z", full)) }
        if originKeyframes != nil { out.append(("e-origin", range(-1, 1))) }
        if reachKeyframes != nil { out.append(("e-reach", full)) }
        return out
    }

    /// The scroller: a flex row with the snap points, the view's perspective, cut to the view when the effect says.
    var scrollerRule: String {
        let axis = horizontal ? "x" : "y"
        let snap: String
        switch doc.snap.mode {
        case .none: snap = "none"
        case .item, .page: snap = "\(axis) mandatory"
        }
        var lines = [
            "#carousel .scroller {",
            "  position: absolute;",
            "  inset: 0;",
            "  display: flex;",
            "  flex-direction: \(horizontal ? "row" : "column");",
            "  align-items: flex-start;",
            "  box-sizing: border-box;",
            "  overflow-\(axis): scroll;",
            "  overflow-\(horizontal ? "y" : "x"): hidden;",
            "  scrollbar-width: none;",
            "  scroll-snap-type: \(snap);",
            "  touch-action: \(horizontal ? "pan-x" : "pan-y");",
            "  overscroll-behavior: contain;",
            "  gap: calc(var(--e-spacing) * 1px);",
            "  padding-\(horizontal ? "inline" : "block"): calc(var(--e-pad-start) * 1px) calc(var(--e-pad-end) * 1px);",
            "  scroll-padding-\(horizontal ? "inline" : "block"): calc(var(--e-view-lead) * 1px);",
        ]
        if doc.perspective != nil {
            lines += ["  perspective: var(--e-perspective);",
                      "  perspective-origin: calc(var(--e-eye-x) * 1px) calc(var(--e-eye-y) * 1px);"]
        }
        if doc.layout.clips {
            lines.append("  clip-path: inset(calc(var(--e-view-y) * 1px) calc(var(--e-view-x) * 1px));")
        }
        lines.append("}")
        lines.append("#carousel .scroller::-webkit-scrollbar {\n  display: none;\n}")
        // The snap points: a marker where each item is before its transform (a transformed box's snap area moves with it).
        let align = doc.snap.align == .center ? "center" : doc.snap.align == .start ? "start" : "end"
        lines.append("#carousel .snap {\n  position: absolute;\n  pointer-events: none;\n  visibility: hidden;\n  scroll-snap-align: \(align);\n}")
        return lines.joined(separator: "\n")
    }

    /// The item: its size, place across the row and snap alignment, its animations, and the look they combine into.
    func itemRule(_ set: TrackSet) -> String {
        let animations = animations(set)
        let along: EffectProperty = horizontal ? .translateX : .translateY
        func length(_ p: EffectProperty) -> String {
            var parts = combined(set, p).map { [$0] } ?? []
            if p == along && doc.layout.positioning == .stack { parts.append("var(--e-stack)") }
            return parts.isEmpty ? "0px" : "calc((\(parts.joined(separator: " + "))) * 1px)"
        }
        var transform = ["translate3d(\(length(.translateX)), \(length(.translateY)), \(length(.translateZ)))"]
        for (p, f) in [(EffectProperty.rotateX, "rotateX"), (.rotateY, "rotateY"), (.rotateZ, "rotateZ")] {
            if let v = combined(set, p) { transform.append("\(f)(calc(\(v) * 1deg))") }
        }
        let s = combined(set, .scale)
        let sx = [s, combined(set, .scaleX)].compactMap { $0 }, sy = [s, combined(set, .scaleY)].compactMap { $0 }
        if !sx.isEmpty || !sy.isEmpty {
            func factor(_ f: [String]) -> String { f.isEmpty ? "1" : f.count == 1 ? f[0] : "calc(\(f.joined(separator: " * ")))" }
            transform.append("scale(\(factor(sx)), \(factor(sy)))")
        }
        var filter: [String] = []
        if let b = combined(set, .brightness) { filter.append("brightness(\(b))") }
        if let v = combined(set, .saturation) { filter.append("saturate(\(v))") }
        if let v = combined(set, .blur) { filter.append("blur(calc(\(v) * 1px))") }
        let zIndex = combined(set, .zIndex).map { "calc(1000 * \($0))" } ?? "calc(var(--e-z))"
        var lines = [
            "#carousel .item {",
            "  flex: none;",
            "  position: relative;",
            "  overflow: hidden;",
            "  width: calc(var(--e-item-w) * 1px);",
            "  height: calc(var(--e-item-h) * 1px);",
            "  margin-\(horizontal ? "top" : "left"): calc(var(--e-cross) * 1px);",
            "  border-radius: calc(\(combined(set, .cornerRadius) ?? "var(--e-radius)") * 1px);",
            "  transform-origin: \(originKeyframes == nil ? "\(css(doc.origin.after.x * 100))% \(css(doc.origin.after.y * 100))%" : "calc(var(--e-ox) * 100%) calc(var(--e-oy) * 100%)");",
            "  transform: \(transform.joined(separator: " "));",
        ]
        if let o = combined(set, .opacity) { lines.append("  opacity: \(o);") }
        if !filter.isEmpty { lines.append("  filter: \(filter.joined(separator: " "));") }
        lines.append("  z-index: \(zIndex);")
        if !doc.backfaceVisible { lines.append("  backface-visibility: hidden;") }
        for (side, p) in [("leading", EffectProperty.shadeLeading), ("trailing", .shadeTrailing)] {
            lines.append("  --e-shade-\(side): \(combined(set, p) ?? "0");")
        }
        lines.append("}")
        // The motion, where the browser has scroll-driven animations (elsewhere the row scrolls and snaps, unmoved by
        // the tracks: a time-based animation would show its last keyframe).
        let timeline = horizontal ? "view(inline 0px)" : "view(block 0px)"
        lines += [
            "@supports (animation-timeline: view()) {",
            "  #carousel .item {",
            "    animation: \(animations.map { "\($0.name) linear both" }.joined(separator: ", "));",
            "    animation-timeline: \(animations.map { _ in timeline }.joined(separator: ", "));",
            "    animation-range: \(animations.map(\.range).joined(separator: ", "));",
            "  }",
            "}",
        ]
        return lines.joined(separator: "\n")
    }

    /// Swiper's coverflow shadows: black from the edge turned away to none at the other edge.
    var shadeRules: String {
        let (lead, trail) = horizontal ? ("to right", "to left") : ("to bottom", "to top")
        return """
        #carousel .item::before, #carousel .item::after {
          content: "";
          position: absolute;
          inset: 0;
          pointer-events: none;
        }
        #carousel .item::before {
          background: linear-gradient(\(lead), #000, transparent);
          opacity: var(--e-shade-leading);
        }
        #carousel .item::after {
          background: linear-gradient(\(trail), #000, transparent);
          opacity: var(--e-shade-trailing);
        }
        """
    }

    /// A number as CSS writes it.
    func css(_ n: Double) -> String { JSONValue.format(n) }

    // MARK: Script

    /// The `EFFECT` object: the document's layout and snapping, and functions of the names.
    var script: String {
        let l = doc.layout
        func js(_ e: EffectExpression) -> String { "fin(" + EffectCode.write(e, .javaScript) { "v.\($0)" } + ")" }
        func optional(_ e: EffectExpression?) -> String { e.map { "() => \(js($0))" } ?? "null" }
        func string(_ s: String) -> String { Code.jsString(s) }
        func number(_ d: Double?) -> String { d.map(css) ?? "null" }

        var names: [String] = []
        for p in doc.parameters {
            let read = p.spec.kind == .toggle ? "(T.\(p.key) ? 1 : 0)" : "T.\(p.key)"
            names.append("v.\(p.key) = set.\(p.key) ?? \(read);")
        }
        names.append("v.viewWidth = Math.min(\(number(l.viewWidth)) ?? area[0], Math.max(area[0], 1));")
        names.append("v.viewHeight = Math.min(\(number(l.viewHeight)) ?? area[1], Math.max(area[1], 1));")
        names.append("v.count = count;")
        for step in EffectCode.steps(doc) {
            switch step {
            case .derived(let name):
                let e = doc.derived.first { $0.name == name }!.expression
                names.append("v.\(name) = set.\(name) ?? \(js(e));")
            case .layout:
                names.append("layoutLengths(v, \(horizontal), { spacing: () => \(js(l.spacing)), itemLength: \(optional(l.itemLength)),")
                names.append("  itemsPerView: \(optional(l.itemsPerView)), itemCross: \(optional(l.itemCross)), aspectRatio: \(optional(l.aspectRatio)) });")
            }
        }

        func properties(_ set: TrackSet) -> [String] {
            var out: [String] = []
            for (i, t) in set.tracks.enumerated() {
                for (k, key) in t.keys.enumerated() {
                    let name = "--e-\(set.prefix)\(i)-k\(k)"
                    guard term(set, i, k) == "var(\(name))" else { continue }
                    switch key.value {
                    case .expression(let e): out.append("\"\(name)\": \(js(e)),")
                    case .percent(let e):
                        let base = t.property.percentOf == .height ? "v.itemHeight" : "v.itemWidth"
                        out.append("\"\(name)\": \(js(e)) / 100 * \(base),")
                    }
                }
                if let r = t.range {
                    for (e, which) in [(r.lower, "lo"), (r.upper, "hi")] where e.constant == nil {
                        out.append("\"--e-\(set.prefix)\(i)-\(which)\": \(js(e)),")
                    }
                }
            }
            return out
        }

        func animation(_ a: Animation?) -> String {
            guard let a else { return "null" }
            return "{ curve: \(CurveCode.javaScript(a.curve)), duration: \(css(a.duration)), delay: \(css(a.delay)) }"
        }
        let states = doc.states.map { s in
            let values = s.values.map { "\($0.name): v => \(js($0.value))" }.joined(separator: ", ")
            return "{ on: \(string(s.trigger.rawValue)), values: { \(values) }, enter: \(animation(s.enter)), exit: \(animation(s.exit)) },"
        }
        let reduced = sets.count > 1 ? properties(sets[1]) : []
        let perspective = doc.perspective.map { "[\(css($0.origin.x)), \(css($0.origin.y))]" } ?? "null"
        func indent(_ lines: [String], _ n: Int) -> String { lines.map { String(repeating: " ", count: n) + $0 }.joined(separator: "\n") }
        return """
        /** The effect, from its file: layout, snapping, progress, perspective, and how names and key values are computed. */
        const EFFECT = {
          axis: \(string(l.axis.rawValue)),
          positioning: \(string(l.positioning.rawValue)),
          alignment: \(string(l.alignment.rawValue)),
          loop: \(l.loop),
          clips: \(l.clips),
          snap: { mode: \(string(doc.snap.mode.rawValue)), align: \(string(doc.snap.align.rawValue)), group: \(doc.snap.group) },
          progress: { origin: \(string(doc.progress.origin.rawValue)), unit: \(string(doc.progress.unit.rawValue)) },
          /** The perspective origin in unit coordinates of the view (null: no perspective). */
          perspectiveOrigin: \(perspective),
          /** The declared reduced-motion form's tracks replace the effect's own under reduced motion. */
          hasReducedForm: \(sets.count > 1),
          /** Every name's value for a carousel area [width, height] and `count` items, with the values states set. */
          names(area, count, set = Object.create(null)) {
            const v = Object.create(null);
        \(indent(names, 4))
            return v;
          },
          /** The perspective distance (px; 0: none), the items' corner radius and the stacking scale, from the names. */
          perspective: v => \(doc.perspective.map { js($0.distance) } ?? "0"),
          cornerRadius: v => \(js(l.cornerRadius)),
          stackingScale: v => \(js(doc.stacking.scale)),
          /** The key values (and range bounds) that are not plain numbers, as the style sheet's custom properties. */
          properties: v => ({
        \(indent(properties(sets[0]), 4))
          }),
          reducedProperties: v => ({
        \(indent(reduced, 4))
          }),
          /** What gestures set: each state's names and values, and how they change on the way in and out. */
          states: [
        \(indent(states, 4))
          ],
        };
        """
    }
}
