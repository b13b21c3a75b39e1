import CarouselSupport
import CarouselCore
import Foundation

/// Swiper's options as a web developer passes them to `new Swiper(el, {...})`, read into an `EffectDocument` that
/// previews exactly what Swiper computes at rest and while dragging (its sources, `src/modules/effect-creative`,
/// `effect-coverflow`, `effect-cards` and `core/update/updateSlidesProgress`, are the reference; docs/effects.md):
///
/// - A slide's progress is Swiper's: the distance of its offset from the translate in slide pitches (size plus
///   `spaceBetween`), positive for slides before the active one; with `centeredSlides` measured from the centre.
/// - creative: every slide is moved back onto the first (`virtualTranslate`: `positioning: stack`); with p clamped to
///   ±`limitProgress`, translate and rotate are the side's values times |p × progressMultiplier| (percentages of the
///   slide's size), scale and opacity 1 - (1 - value) |p × m|, a side's `shadow` a 15 % black overlay at opacity |p|
///   (a brightness of 1 - 0.15 min(|p|, 1)), `origin` per side, z-index slides - |round(p)|, perspective 1200 px about
///   the container's centre, back faces hidden.
/// - coverflow: a row; each slide's offset from the container's centre in slide sizes c (× modifier) turns it by
///   rotate × c about y, pushes it back by depth × |c|, moves it by stretch × c, scales it by 1 - (1 - scale)|c|, and
///   its shadows darken its edges by 0.5 × min(|c|, 1); straight lines without bound (`outside: extend`).
/// - cards: stacked and centred; p clamped to ±4 gives translateX -(perSlideOffset - 0.75|p|) p %, translateZ
///   -100|p|, rotateZ -perSlideRotate × p, a shadow of 0.15 × clamp((|p| - 0.5) / 0.5, 0, 1), origin centre bottom;
///   while a drag moves forwards (backwards) the slide with p in (0, 1) ((-1, 0)) also turns by -28 p s, shrinks by
///   0.5 |p| s, moves by -96 p s % and up by 25 |p| s % with s = sqrt(1 - |(|p| - 0.5) / 0.5|), as Swiper's
///   `isSwipeToNext` does; at the release that goes in `speed`, eased (Swiper's CSS transition).
///
/// Where Swiper leaves a size to CSS, the preview chooses: the container is the carousel area unless `width` and
/// `height` say; `slidesPerView: "auto"` gives square slides of 300 points (the coverflow demo's CSS), at most the
/// container's height. Moves to a slide take `speed` with CSS's `ease` (the effect's snap parameters).
enum SwiperOptions {
    /// Options read and ignored: they change nothing a preview shows (controls, events, accessibility, loading).
    static let ignored = ["grabCursor", "pagination", "navigation", "scrollbar", "keyboard", "mousewheel", "a11y", "on", "modules",
                          "observer", "observeParents", "observeSlideChildren", "watchSlidesProgress", "preventClicks",
                          "preventClicksPropagation", "slideToClickedSlide", "simulateTouch", "threshold", "touchRatio",
                          "touchAngle", "shortSwipes", "longSwipes", "longSwipesRatio", "longSwipesMs", "followFinger",
                          "allowTouchMove", "touchStartPreventDefault", "resistance", "resistanceRatio", "updateOnWindowResize",
                          "resizeObserver", "lazyPreloadPrevNext", "lazyPreloaderClass", "preloadImages", "zoom", "hashNavigation",
                          "history", "init", "enabled", "uniqueNavElements", "slideClass", "slideActiveClass", "wrapperClass",
                          "containerModifierClass", "focusableElements", "passiveListeners", "nested", "edgeSwipeDetection",
                          "roundLengths", "watchOverflow", "runCallbacksOnInit", "userAgent", "url", "touchEventsTarget",
                          "setWrapperSize", "virtualTranslate", "autoHeight"]
    /// Options that change the geometry in ways the preview does not reproduce: refused by name.
    static let unsupported = ["cssMode", "breakpoints", "breakpointsBase", "grid", "virtual", "initialSlide", "rewind",
                              "slidesOffsetBefore", "slidesOffsetAfter", "centeredSlidesBounds", "centerInsufficientSlides",
                              "slidesPerGroupSkip", "slidesPerGroupAuto", "loopAdditionalSlides", "loopAddBlankSlides",
                              "fadeEffect", "cubeEffect", "flipEffect", "parallax", "thumbs", "controller", "effectCards"]
    static let supported = ["effect", "creativeEffect", "coverflowEffect", "cardsEffect", "slidesPerView", "spaceBetween",
                            "centeredSlides", "loop", "speed", "autoplay", "slidesPerGroup", "direction", "width", "height", "freeMode"]

    /// The document Swiper's options at `root` describe.
    static func document(_ root: JSONNode, reader: EffectReader, name: String) throws(EffectFileError) -> EffectDocument {
        let options = try reader.members(root, allowed: supported + ignored + unsupported, context: "Swiper options")
        for key in unsupported { if let m = options[key] { throw reader.fail(m, "Swiper option \(MessageText.quote(key)) is not supported by the preview") } }
        let effect = try reader.string(options["effect"]!.value, "effect")
        var b = Builder(reader: reader, name: name)
        try b.common(options)
        switch effect {
        case "creative": try b.creative(options["creativeEffect"]?.value)
        case "coverflow": try b.coverflow(options["coverflowEffect"]?.value)
        case "cards": try b.cards(options["cardsEffect"]?.value)
        default:
            throw reader.fail(options["effect"]!.value, "effect \(MessageText.quote(effect)) is not one the preview reads (creative, coverflow, cards)")
        }
        for (key, wanted) in [("creativeEffect", "creative"), ("coverflowEffect", "coverflow"), ("cardsEffect", "cards")] where wanted != effect {
            if let m = options[key] { throw reader.fail(m, "\(key) is for effect \"\(wanted)\", not \(MessageText.quote(effect))") }
        }
        return b.doc
    }

    /// Builds the document step by step: the options every effect shares, then the effect's own.
    private struct Builder {
        let reader: EffectReader
        var doc: EffectDocument
        /// The names tracks may read (parameters, derived values, the layout's).
        var vertical = false

        init(reader: EffectReader, name: String) {
            self.reader = reader
            doc = EffectDocument(
                name: name, summary: "Swiper's options", layout: EffectLayout(
                    axis: .horizontal, itemLength: nil, itemsPerView: .number(1), itemCross: nil, aspectRatio: nil, spacing: .number(0),
                    alignment: .center, loop: false, positioning: .row, viewWidth: nil, viewHeight: nil, cornerRadius: .number(0), clips: true),
                snap: EffectSnap(mode: .item, align: .start, group: 1, curve: "ease", duration: 0.3),
                progress: EffectProgress(origin: .snap, unit: .pitch), parameters: [], derived: [], tracks: [], states: [],
                reducedMotion: nil, perspective: EffectPerspective(distance: .number(1200), origin: Point(0.5, 0.5)),
                origin: .center, backfaceVisible: true, stacking: EffectStacking(rule: .rounded, scale: .number(1)),
                autoAdvance: nil, source: .swiper(effect: ""))
        }

        // MARK: Shared options

        mutating func common(_ o: [String: JSONNode.Member]) throws(EffectFileError) {
            if let m = o["direction"] {
                let d = try reader.string(m.value, "direction")
                guard d == "horizontal" || d == "vertical" else { throw reader.fail(m.value, "direction: \(MessageText.quote(d)) is not one of horizontal, vertical") }
                vertical = d == "vertical"
                doc.layout.axis = vertical ? .vertical : .horizontal
            }
            if let m = o["spaceBetween"] {
                switch m.value.kind {
                case .string(let s):
                    // "10" or "5%" (of the container's length).
                    if s.hasSuffix("%"), let v = Double(s.dropLast()), v.isFinite, abs(v) <= 100 {
                        doc.layout.spacing = .binary(.multiply, .number(v / 100), .name(vertical ? "viewHeight" : "viewWidth"))
                    } else if let v = Double(s), v.isFinite, abs(v) <= 10_000 {
                        doc.layout.spacing = .number(v)
                    } else {
                        throw reader.fail(m.value, "spaceBetween: \(MessageText.quote(s)) is not a number of pixels or a percentage")
                    }
                default: doc.layout.spacing = .number(try reader.number(m.value, "spaceBetween", in: 0...10_000))
                }
            }
            if let m = o["slidesPerView"] {
                if case .string(let s) = m.value.kind {
                    guard s == "auto" else { throw reader.fail(m.value, "slidesPerView: \(MessageText.quote(s)) is not a number or \"auto\"") }
                    // Square slides of 300 points (the coverflow demo's CSS), at most the container's height.
                    doc.layout.itemsPerView = nil
                    let side = EffectExpression.call(.min, [.number(300), .name(vertical ? "viewWidth" : "viewHeight")])
                    doc.layout.itemLength = .binary(.divide, side, .name(vertical ? "viewHeight" : "viewWidth"))
                    doc.layout.aspectRatio = .number(1)
                } else {
                    doc.layout.itemsPerView = .number(try reader.number(m.value, "slidesPerView", in: 0.1...50))
                }
            }
            if let m = o["centeredSlides"], try reader.bool(m.value, "centeredSlides") { doc.snap.align = .center }
            if let m = o["loop"] { doc.layout.loop = try reader.bool(m.value, "loop") }
            if let m = o["speed"] { doc.snap.duration = try reader.number(m.value, "speed", in: 50...3000) / 1000 }
            if let m = o["slidesPerGroup"] {
                let g = try reader.number(m.value, "slidesPerGroup", in: 1...100)
                guard g == g.rounded() else { throw reader.fail(m.value, "slidesPerGroup: a whole number") }
                doc.snap.group = Int(g)
            }
            if let m = o["freeMode"] {
                switch m.value.kind {
                case .bool(let on): if on { doc.snap.mode = .none }
                default:
                    let f = try reader.members(m.value, allowed: ["enabled", "momentum", "momentumRatio", "momentumBounce", "momentumBounceRatio",
                                                                  "momentumVelocityRatio", "minimumVelocity", "sticky"], context: "freeMode")
                    if let e = f["enabled"], try reader.bool(e.value, "freeMode enabled") { doc.snap.mode = f["sticky"].map { _ in .item } ?? .none }
                }
            }
            if let m = o["autoplay"] {
                switch m.value.kind {
                case .bool(let on): if on { doc.autoAdvance = 3 }
                default:
                    let f = try reader.members(m.value, allowed: ["delay", "disableOnInteraction", "pauseOnMouseEnter", "stopOnLastSlide",
                                                                  "reverseDirection", "waitForTransition", "enabled"], context: "autoplay")
                    let enabled = try f["enabled"].map { e throws(EffectFileError) in try reader.bool(e.value, "autoplay enabled") } ?? true
                    if enabled { doc.autoAdvance = try f["delay"].map { d throws(EffectFileError) in try reader.number(d.value, "autoplay delay", in: 500...60_000) / 1000 } ?? 3 }
                }
            }
            if let m = o["width"] { doc.layout.viewWidth = try reader.number(m.value, "width", in: 16...16384) }
            if let m = o["height"] { doc.layout.viewHeight = try reader.number(m.value, "height", in: 16...16384) }
        }

        // MARK: Parameters and tracks

        /// Declares a number parameter (its range widened to hold the file's value).
        mutating func number(_ key: String, _ label: String, _ value: Double, _ range: ClosedRange<Double>, step: Double, unit: String, _ meaning: String) {
            let lo = min(range.lowerBound, value), hi = max(range.upperBound, value)
            doc.parameters.append(EffectParameter(key: key, spec: ParameterSpec(key, label, .number(min: lo, max: hi, step: step, unit: unit),
                                                                                default: .number(value), group: "Effect", meaning),
                                                  position: EffectSourcePosition(line: 1, column: 1)))
        }

        mutating func toggle(_ key: String, _ label: String, _ value: Bool, _ meaning: String) {
            doc.parameters.append(EffectParameter(key: key, spec: ParameterSpec(key, label, .toggle, default: .bool(value), group: "Effect", meaning),
                                                  position: EffectSourcePosition(line: 1, column: 1)))
        }

        mutating func track(_ property: EffectProperty, _ keys: [(Double, EffectValue, EffectEasing)], outside: EffectTrack.Outside = .clamp,
                            range: (Double, Double)? = nil) {
            let at = EffectSourcePosition(line: 1, column: 1)
            doc.tracks.append(EffectTrack(property: property, keys: keys.map { EffectKey(p: $0.0, value: $0.1, easing: $0.2, position: at) },
                                          outside: outside, range: range.map { EffectRange(lower: .number($0.0), upper: .number($0.1)) }, position: at))
        }

        /// The property along x when horizontal (y when vertical), and the other way.
        func along(_ x: EffectProperty) -> EffectProperty {
            guard vertical else { return x }
            switch x {
            case .translateX: return .translateY
            case .translateY: return .translateX
            default: return x
            }
        }

        // MARK: creative

        mutating func creative(_ node: JSONNode?) throws(EffectFileError) {
            doc.source = .swiper(effect: "creative")
            doc.summary = "Swiper's creative effect"
            doc.layout.positioning = .stack
            doc.backfaceVisible = false
            var limit = 1.0, multiplier = 1.0, perspective = true, shadowPerProgress = false
            var sides: [String: JSONNode] = [:]
            if let node {
                let f = try reader.members(node, allowed: ["prev", "next", "limitProgress", "progressMultiplier", "perspective", "shadowPerProgress"],
                                           context: "creativeEffect")
                if let m = f["limitProgress"] { limit = try reader.number(m.value, "creativeEffect limitProgress", in: 0.01...100) }
                if let m = f["progressMultiplier"] { multiplier = try reader.number(m.value, "creativeEffect progressMultiplier", in: 0...100) }
                if let m = f["perspective"] { perspective = try reader.bool(m.value, "creativeEffect perspective") }
                if let m = f["shadowPerProgress"] { shadowPerProgress = try reader.bool(m.value, "creativeEffect shadowPerProgress") }
                sides["prev"] = f["prev"]?.value
                sides["next"] = f["next"]?.value
            }
            if !perspective { doc.perspective = nil }
            number("progressMultiplier", "Progress multiplier", multiplier, 0...4, step: 0.05, unit: "×",
                   "creativeEffect.progressMultiplier: how far each side's transform goes per slide of progress")
            let m = EffectExpression.name("progressMultiplier")
            // Per side: translate, rotate, scale, opacity, shadow and origin at p = ±limitProgress.
            var values: [String: Side] = [:]
            for side in ["prev", "next"] { values[side] = try Side(sides[side], reader: reader, what: "creativeEffect \(side)") }
            let prev = values["prev"]!, next = values["next"]!
            let reach = EffectExpression.binary(.multiply, .number(limit), m)
            func scaled(_ v: Double) -> EffectExpression { .binary(.multiply, .number(v), reach) }
            for (i, property) in [EffectProperty.translateX, .translateY, .translateZ].enumerated() {
                let a = next.translate[i], b = prev.translate[i]
                if a.value == 0 && b.value == 0 { continue }
                func v(_ t: Side.Length) -> EffectValue { t.percent ? .percent(scaled(t.value)) : .expression(scaled(t.value)) }
                track(property, [(-limit, v(a), .linear), (0, .expression(.number(0)), .linear), (limit, v(b), .linear)])
            }
            for (i, property) in [EffectProperty.rotateX, .rotateY, .rotateZ].enumerated() where next.rotate[i] != 0 || prev.rotate[i] != 0 {
                track(property, [(-limit, .expression(scaled(next.rotate[i])), .linear), (0, .expression(.number(0)), .linear),
                                 (limit, .expression(scaled(prev.rotate[i])), .linear)])
            }
            // scale and opacity: 1 - (1 - value) |p m|.
            for (property, a, b) in [(EffectProperty.scale, next.scale, prev.scale), (.opacity, next.opacity, prev.opacity)] where a != 1 || b != 1 {
                func v(_ x: Double) -> EffectValue { .expression(.binary(.subtract, .number(1), scaled(1 - x))) }
                track(property, [(-limit, v(a), .linear), (0, .expression(.number(1)), .linear), (limit, v(b), .linear)])
            }
            // The shadow: rgba(0, 0, 0, 0.15) over the slide at opacity min(|p|, 1) (|p| / limit per progress).
            if next.shadow || prev.shadow {
                let reachShadow = shadowPerProgress ? limit : min(limit, 1)
                let dark = EffectValue.expression(.number(1 - 0.15))
                track(.brightness, [(-reachShadow, next.shadow ? dark : .expression(.number(1)), .linear), (0, .expression(.number(1)), .linear),
                                    (reachShadow, prev.shadow ? dark : .expression(.number(1)), .linear)])
            }
            doc.origin = EffectOrigin(before: prev.origin ?? Point(0.5, 0.5), after: next.origin ?? Point(0.5, 0.5))
        }

        /// One side of the creative effect (`prev` or `next`).
        struct Side {
            struct Length { var value: Double; var percent: Bool }
            var translate = [Length(value: 0, percent: false), Length(value: 0, percent: false), Length(value: 0, percent: false)]
            var rotate = [0.0, 0.0, 0.0]
            var scale = 1.0, opacity = 1.0
            var shadow = false
            var origin: Point?

            init(_ node: JSONNode?, reader: EffectReader, what: String) throws(EffectFileError) {
                guard let node else { return }
                let f = try reader.members(node, allowed: ["translate", "rotate", "scale", "opacity", "shadow", "origin"], context: what)
                if let m = f["translate"] {
                    let items = try reader.array(m.value, "\(what) translate", limit: 3)
                    for (i, item) in items.enumerated() {
                        switch item.kind {
                        case .string(let s):
                            let text = s.trimmingCharacters(in: .whitespaces)
                            if text.hasSuffix("%"), let v = Double(text.dropLast()), v.isFinite, abs(v) <= 100_000, i < 3 {
                                guard i < 2 else { throw reader.fail(item, "\(what) translate: z cannot be a percentage (CSS's translateZ takes lengths)") }
                                translate[i] = Length(value: v, percent: true)
                            } else if let v = Double(text.hasSuffix("px") ? String(text.dropLast(2)) : text), v.isFinite, abs(v) <= 100_000 {
                                translate[i] = Length(value: v, percent: false)
                            } else {
                                throw reader.fail(item, "\(what) translate: \(MessageText.quote(s)) is not pixels or a percentage")
                            }
                        default: translate[i] = Length(value: try reader.number(item, "\(what) translate", in: -100_000...100_000), percent: false)
                        }
                    }
                }
                if let m = f["rotate"] {
                    for (i, item) in try reader.array(m.value, "\(what) rotate", limit: 3).enumerated() {
                        rotate[i] = try reader.number(item, "\(what) rotate", in: -100_000...100_000)
                    }
                }
                if let m = f["scale"] { scale = try reader.number(m.value, "\(what) scale", in: -100...100) }
                if let m = f["opacity"] { opacity = try reader.number(m.value, "\(what) opacity", in: -100...100) }
                if let m = f["shadow"] { shadow = try reader.bool(m.value, "\(what) shadow") }
                if let m = f["origin"] { origin = try reader.unitPoint(m.value, "\(what) origin") }
            }
        }

        // MARK: coverflow

        mutating func coverflow(_ node: JSONNode?) throws(EffectFileError) {
            doc.source = .swiper(effect: "coverflow")
            doc.summary = "Swiper's coverflow effect"
            doc.progress = EffectProgress(origin: .center, unit: .item)
            var rotate = 50.0, stretch = 0.0, stretchPercent = false, depth = 100.0, scale = 1.0, modifier = 1.0, shadows = true
            if let node {
                let f = try reader.members(node, allowed: ["rotate", "stretch", "depth", "scale", "modifier", "slideShadows"], context: "coverflowEffect")
                if let m = f["rotate"] { rotate = try reader.number(m.value, "coverflowEffect rotate", in: -3600...3600) }
                if let m = f["stretch"] {
                    if case .string(let s) = m.value.kind, s.hasSuffix("%"), let v = Double(s.dropLast()), v.isFinite, abs(v) <= 1000 {
                        stretch = v; stretchPercent = true
                    } else {
                        stretch = try reader.number(m.value, "coverflowEffect stretch", in: -10_000...10_000)
                    }
                }
                if let m = f["depth"] { depth = try reader.number(m.value, "coverflowEffect depth", in: -10_000...10_000) }
                if let m = f["scale"] { scale = try reader.number(m.value, "coverflowEffect scale", in: -10...10) }
                if let m = f["modifier"] {
                    if case .string = m.value.kind { throw reader.fail(m.value, "coverflowEffect modifier: a number (a function cannot be read from a file)") }
                    modifier = try reader.number(m.value, "coverflowEffect modifier", in: -100...100)
                }
                if let m = f["slideShadows"] { shadows = try reader.bool(m.value, "coverflowEffect slideShadows") }
            }
            number("rotate", "Rotate", rotate, 0...180, step: 1, unit: "°", "coverflowEffect.rotate: degrees a slide turns per slide from the centre")
            number("stretch", "Stretch", stretch, -200...200, step: 1, unit: stretchPercent ? "%" : "pt", "coverflowEffect.stretch: how far a slide moves per slide from the centre")
            number("depth", "Depth", depth, 0...1000, step: 1, unit: "pt", "coverflowEffect.depth: how far a slide goes back per slide from the centre")
            number("scale", "Scale", scale, 0...2, step: 0.01, unit: "×", "coverflowEffect.scale: a slide's scale one slide from the centre")
            number("modifier", "Modifier", modifier, 0...5, step: 0.05, unit: "×", "coverflowEffect.modifier: multiplies the effect's offset")
            toggle("slideShadows", "Slide shadows", shadows, "coverflowEffect.slideShadows: darken the edge turned away")
            let mod = EffectExpression.name("modifier")
            func times(_ name: String) -> EffectExpression { .binary(.multiply, .name(name), mod) }
            let zero = EffectValue.expression(.number(0))
            // rotateY = rotate × c (rotateX = -rotate × c vertically).
            track(vertical ? .rotateX : .rotateY, [(0, zero, .linear), (1, .expression(vertical ? .negate(times("rotate")) : times("rotate")), .linear)], outside: .extend)
            track(.translateZ, [(-1, .expression(.negate(times("depth"))), .linear), (0, zero, .linear), (1, .expression(.negate(times("depth"))), .linear)], outside: .extend)
            let stretchValue: EffectValue = stretchPercent ? .percent(times("stretch")) : .expression(times("stretch"))
            track(along(.translateX), [(0, zero, .linear), (1, stretchValue, .linear)], outside: .extend)
            let shrink = EffectValue.expression(.binary(.subtract, .number(1), .binary(.multiply, .binary(.subtract, .number(1), .name("scale")), mod)))
            track(.scale, [(-1, shrink, .linear), (0, .expression(.number(1)), .linear), (1, shrink, .linear)], outside: .extend)
            // The shadows: a gradient from rgba(0,0,0,0.5) at the edge turned away, at opacity min(|c|, 1).
            let shade = EffectValue.expression(.binary(.multiply, .binary(.multiply, .number(0.5), mod), .name("slideShadows")))
            track(.shadeTrailing, [(0, zero, .linear), (1, shade, .linear)], outside: .extend, range: (0, 0.5))
            track(.shadeLeading, [(-1, shade, .linear), (0, zero, .linear)], outside: .extend, range: (0, 0.5))
            doc.stacking = EffectStacking(rule: .rounded, scale: mod)
        }

        // MARK: cards

        mutating func cards(_ node: JSONNode?) throws(EffectFileError) {
            doc.source = .swiper(effect: "cards")
            doc.summary = "Swiper's cards effect"
            doc.layout.positioning = .stack
            doc.layout.clips = false
            doc.snap.align = .center
            doc.backfaceVisible = false
            doc.origin = EffectOrigin(before: Point(0.5, 1), after: Point(0.5, 1))
            var offset = 8.0, rotateStep = 2.0, rotate = true, shadows = true
            if let node {
                let f = try reader.members(node, allowed: ["perSlideOffset", "perSlideRotate", "rotate", "slideShadows"], context: "cardsEffect")
                if let m = f["perSlideOffset"] { offset = try reader.number(m.value, "cardsEffect perSlideOffset", in: -1000...1000) }
                if let m = f["perSlideRotate"] { rotateStep = try reader.number(m.value, "cardsEffect perSlideRotate", in: -360...360) }
                if let m = f["rotate"] { rotate = try reader.bool(m.value, "cardsEffect rotate") }
                if let m = f["slideShadows"] { shadows = try reader.bool(m.value, "cardsEffect slideShadows") }
            }
            number("perSlideOffset", "Offset per slide", offset, 0...50, step: 0.5, unit: "%", "cardsEffect.perSlideOffset: how far each card behind shows, in % of its width")
            number("perSlideRotate", "Rotate per slide", rotateStep, 0...30, step: 0.5, unit: "°", "cardsEffect.perSlideRotate: how far each card behind turns")
            toggle("rotate", "Rotate", rotate, "cardsEffect.rotate: turn the cards behind")
            toggle("slideShadows", "Slide shadows", shadows, "cardsEffect.slideShadows: darken the cards behind")
            // Swiper's isSwipeToNext / isSwipeToPrev, set while a drag moves forwards or backwards.
            let at = EffectSourcePosition(line: 1, column: 1)
            doc.derived = [EffectDerived(name: "swipeNext", expression: .number(0), position: at),
                           EffectDerived(name: "swipePrev", expression: .number(0), position: at)]
            let release = Animation(curve: .ease, duration: doc.snap.duration)
            doc.states = [EffectState(trigger: .dragForward, values: [("swipeNext", .number(1))], enter: nil, exit: release, position: at),
                          EffectState(trigger: .dragBackward, values: [("swipePrev", .number(1))], enter: nil, exit: release, position: at)]
            func n(_ v: Double) -> EffectExpression { .number(v) }
            func e(_ v: Double) -> EffectValue { .expression(.number(v)) }
            func mul(_ a: EffectExpression, _ b: EffectExpression) -> EffectExpression { .binary(.multiply, a, b) }
            let rot = EffectExpression.name("rotate"), next = EffectExpression.name("swipeNext"), prev = EffectExpression.name("swipePrev")
            // translateX: -(perSlideOffset - 0.75 |p|) p %: a line and a parabola (cubic-bezier(1/3, ·, 2/3, ·) is the
            // polynomial itself), p held within ±4.
            track(along(.translateX), [(-4, .percent(mul(n(4), .name("perSlideOffset"))), .linear), (4, .percent(mul(n(-4), .name("perSlideOffset"))), .linear)])
            track(along(.translateX), [(-4, .percent(n(-12)), .curve(.bezier(CubicBezier(1.0 / 3, 2.0 / 3, 2.0 / 3, 1)))), (0, .percent(n(0)), .curve(.bezier(CubicBezier(1.0 / 3, 0, 2.0 / 3, 1.0 / 3)))),
                                       (4, .percent(n(12)), .linear)])
            track(.translateZ, [(-4, e(-400), .linear), (0, e(0), .linear), (4, e(-400), .linear)])
            track(.rotateZ, [(-4, .expression(mul(mul(n(4), .name("perSlideRotate")), rot)), .linear), (4, .expression(mul(mul(n(-4), .name("perSlideRotate")), rot)), .linear)])
            track(.brightness, [(-1, .expression(.binary(.subtract, n(1), mul(n(0.15), .name("slideShadows")))), .linear), (-0.5, e(1), .linear),
                                (0.5, e(1), .linear), (1, .expression(.binary(.subtract, n(1), mul(n(0.15), .name("slideShadows")))), .linear)])
            // The swipe: s = sqrt(1 - |(|p| - 0.5) / 0.5|) on (0, 1) and (-1, 0), each half a segment of its own easing.
            // p·s is odd: t·sqrt(t) up to |p| = 0.5, then 1 - (1 + t)·sqrt(1 - t) (forwards); |p|·s is even.
            func easing(_ text: String) -> EffectEasing { .expression(try! EffectExpression.parse(text, names: ["t"])) }
            let rise = easing("t * sqrt(t)"), fall = easing("1 - (1 + t) * sqrt(1 - t)")
            let riseBack = easing("(2 - t) * sqrt(t)"), fallBack = easing("1 - (1 - t) * sqrt(1 - t)")
            /// A swipe term: `atNext` at p = 0.5 (forwards), `atPrev` at p = -0.5 (backwards), 0 at p = 0 and ±1, on
            /// `base` (0 for sums, 1 for products).
            func swipe(_ property: EffectProperty, atPrev: EffectValue, atNext: EffectValue, base: Double, percent: Bool) {
                let b: EffectValue = percent ? .percent(n(base)) : e(base)
                track(property, [(-1, b, riseBack), (-0.5, atPrev, fallBack), (0, b, rise), (0.5, atNext, fall), (1, b, .linear)])
            }
            // rotateZ += -28 p s (× rotate), scale: 1 - 0.5 |p| s, translateX += -96 p s %, translateY = -25 |p| s %.
            swipe(.rotateZ, atPrev: .expression(mul(mul(n(14), rot), prev)), atNext: .expression(mul(mul(n(-14), rot), next)), base: 0, percent: false)
            swipe(.scale, atPrev: .expression(.binary(.subtract, n(1), mul(n(0.25), prev))), atNext: .expression(.binary(.subtract, n(1), mul(n(0.25), next))), base: 1, percent: false)
            swipe(along(.translateX), atPrev: .percent(mul(n(48), prev)), atNext: .percent(mul(n(-48), next)), base: 0, percent: true)
            swipe(along(.translateY), atPrev: .percent(mul(n(-12.5), prev)), atNext: .percent(mul(n(-12.5), next)), base: 0, percent: true)
        }
    }
}
