/// An effect as a SwiftUI view (iOS 17 / macOS 14): a `ScrollView` of the deck whose items are sized with
/// `containerRelativeFrame` and snapped with `scrollTargetBehavior`; each item's progress p comes from its frame in the
/// scroll view (`visualEffect` and `GeometryProxy.frame(in: .scrollView)`), and its tracks give its look, applied as
/// one scale, one offset and one `rotation3DEffect` that together make the app's projective transform (the turn about
/// the item's origin, its depth, and the perspective about the carousel's perspective origin). `EffectSwiftCode`
/// writes the effect's own part (its names, tracks and states); the rest is here, the same for every effect.
enum EffectSwiftUITemplate {
    static let source = #"""
    {{> swiftPrelude}}

    /// {{summary}}. An effect from Carousel Lab: each item's look is a function of its progress p, the signed distance
    /// of its snapping point from the carousel's snap point in pitches (positive for items before it), read from its
    /// frame in the scroll view as it scrolls. Swipe, tap an item, or use Left / Right.
    {{> swiftViewHead}}

        /// The slot at the snap point (the scroll position's id).
        @State private var position: Int?
        /// The carousel's states set now (a pinch, a drag, an automatic advance).
        @State private var active: Set<Effect.Trigger> = []
    {{#usesHover}}
        /// The slot under the pointer.
        @State private var hovered: Int?
    {{/usesHover}}
    {{#usesPress}}
        /// The slot pressed.
        @State private var pressed: Int?
    {{/usesPress}}
    {{#usesPinch}}
        /// Whether the pinch under way has decided between in and out.
        @State private var pinchDecided = false
    {{/usesPinch}}

        init(items: [Item] = Item.deck) {
            self.items = items
            _position = State(initialValue: Effect.loops ? items.count * (Effect.copies(items.count) / 2) : 0)
        }

        /// The row's slots: the deck, repeated for a loop (the row starts in the middle copy).
        private var slotCount: Int { Effect.loops ? items.count * Effect.copies(items.count) : items.count }
        private func item(_ slot: Int) -> Item { items[slot % items.count] }

        var body: some View {
            GeometryReader { container in
                let base = Effect.Names(size: container.size, itemCount: items.count)
                let carousel = overrides(slot: nil, base)
                let names = Effect.Names(size: container.size, itemCount: items.count, overrides: carousel)
                let row = Effect.Row(names)
                let reduced = reduceMotion && Effect.hasReducedForm
                ScrollView(Effect.axis == .horizontal ? .horizontal : .vertical) {
                    line(spacing: names.spacing) {
                        ForEach(0 ..< slotCount, id: \.self) { slot in
                            let own = Effect.Names(size: container.size, itemCount: items.count,
                                                   overrides: carousel.merging(overrides(slot: slot, base)) { $1 })
                            let tracks = Effect.tracks(own, reduced: reduced)
                            ItemView(item: item(slot), names: own, row: row, tracks: tracks,
                                     size: row.size(along: Effect.axis == .horizontal ? own.itemWidth : own.itemHeight))
                                .zIndex(zOrder(slot, row: row, names: own, tracks: tracks))
                                .onTapGesture { select(slot) }
    {{#usesHover}}
                                .onHover { inside in
                                    set(.hover, entering: inside) { hovered = inside ? slot : (hovered == slot ? nil : hovered) }
                                }
    {{/usesHover}}
    {{#usesPress}}
                                .onLongPressGesture(minimumDuration: 3600, maximumDistance: 10, perform: {}, onPressingChanged: { pressing in
                                    set(.press, entering: pressing) { pressed = pressing ? slot : nil }
                                })
    {{/usesPress}}
    {{#usesSelected}}
                                .animation(Effect.animation(for: .selected, entering: position == slot).flatMap(motion), value: position == slot)
    {{/usesSelected}}
                        }
                    }
                    .scrollTargetLayout()
                }
                .scrollIndicators(.hidden)
                .scrollPosition(id: $position, anchor: Effect.axis == .horizontal ? UnitPoint(x: Effect.snapAnchor, y: 0.5)
                                                                                  : UnitPoint(x: 0.5, y: Effect.snapAnchor))
                .effectSnapping(Effect.snapping)
                .contentMargins(Effect.axis == .horizontal ? .leading : .top, row.leadingMargin, for: .scrollContent)
                .contentMargins(Effect.axis == .horizontal ? .trailing : .bottom, row.trailingMargin, for: .scrollContent)
    {{#usesDrag}}
                .simultaneousGesture(DragGesture(minimumDistance: 4)
                    .onChanged { drag in
                        let forward = (Effect.axis == .horizontal ? -drag.translation.width : -drag.translation.height) > 0
                        set(.drag, true)
                        set(.dragForward, forward)
                        set(.dragBackward, !forward)
                    }
                    .onEnded { _ in
                        for trigger in [Effect.Trigger.drag, .dragForward, .dragBackward] { set(trigger, false) }
                    })
    {{/usesDrag}}
    {{#usesPinch}}
                .simultaneousGesture(MagnifyGesture()
                    .onChanged { pinch in
                        guard !pinchDecided, pinch.magnification < 0.95 || pinch.magnification > 1.05 else { return }
                        pinchDecided = true
                        set(.pinchIn, pinch.magnification < 1)
                        set(.pinchOut, pinch.magnification > 1)
                    }
                    .onEnded { _ in pinchDecided = false })
    {{/usesPinch}}
                .frame(width: names.viewWidth, height: names.viewHeight)
                .effectClipping(Effect.clips)
                .frame(width: container.size.width, height: container.size.height)
            }
            .modifier(Controls(label: {{deckNameSwift}}, items: items, current: items.isEmpty ? nil : position.map { $0 % items.count },
                               step: { step($0) }, advance: { advance() }))
        }

        /// The row's stack along the effect's axis, its items aligned across it as the effect says.
        @ViewBuilder private func line<Content: View>(spacing: CGFloat, @ViewBuilder content: () -> Content) -> some View {
            if Effect.axis == .horizontal {
                LazyHStack(alignment: Effect.alignment == 0 ? .top : Effect.alignment == 1 ? .bottom : .center, spacing: spacing, content: content)
            } else {
                LazyVStack(alignment: Effect.alignment == 0 ? .leading : Effect.alignment == 1 ? .trailing : .center, spacing: spacing, content: content)
            }
        }

        // MARK: States

        /// Whether `trigger` is set: for the carousel (`slot` nil), or for one slot (hover, press, selection).
        private func isOn(_ trigger: Effect.Trigger, slot: Int?) -> Bool {
            switch trigger {
            case .hover: return {{#usesHover}}slot != nil && hovered == slot{{/usesHover}}{{^usesHover}}false{{/usesHover}}
            case .press: return {{#usesPress}}slot != nil && pressed == slot{{/usesPress}}{{^usesPress}}false{{/usesPress}}
            case .selected: return slot != nil && position == slot
            default: return slot == nil && active.contains(trigger)
            }
        }

        /// The values the states set now give the names: the carousel's (`slot` nil) or one slot's; the last state set wins.
        private func overrides(slot: Int?, _ base: Effect.Names) -> [String: CGFloat] {
            var values: [String: CGFloat] = [:]
            for state in Effect.states where state.trigger.isPerItem == (slot != nil) && isOn(state.trigger, slot: slot) {
                values.merge(state.values(base)) { $1 }
            }
            return values
        }

        /// Changes what sets a per-item state with the state's animation in or out (none under Reduce Motion).
        private func set(_ trigger: Effect.Trigger, entering: Bool, _ change: () -> Void) {
            withAnimation(Effect.animation(for: trigger, entering: entering).flatMap(motion)) { change() }
        }

        /// Sets or clears a carousel state, with its animation in or out.
        private func set(_ trigger: Effect.Trigger, _ on: Bool) {
            guard active.contains(trigger) != on else { return }
            withAnimation(Effect.animation(for: trigger, entering: on).flatMap(motion)) {
                if on { active.insert(trigger) } else { active.remove(trigger) }
            }
        }

        /// Paint order: the item nearest the snap point on top (by its progress at rest: SwiftUI's `zIndex` is not a
        /// visual effect, so it follows the scroll position's slot rather than every frame).
        private func zOrder(_ slot: Int, row: Effect.Row, names: Effect.Names, tracks: [Effect.Track]) -> Double {
            let p = CGFloat((position ?? 0) - slot) * row.pitch / row.unit
            if let z = Effect.look(at: p, tracks: tracks).zIndex { return Double(z) }
            switch Effect.stacking {
            case .distance: return Double(-abs(p))
            case .rounded: return Double(-abs((p * Effect.stackingScale(names)).rounded()))
            }
        }

        // MARK: Moves

        /// Moves to `slot` with the snap curve (at once under Reduce Motion).
        private func select(_ slot: Int) {
            guard !items.isEmpty else { return }
            set(.autoAdvance, false)
            let target = Effect.loops ? min(max(slot, 0), slotCount - 1) : min(max(slot, 0), items.count - 1)
            withAnimation(motion(Tuning.snapCurve)) { position = target }
        }

        /// Left / Right and VoiceOver's adjust: the next group of items.
        private func step(_ by: Int) { select((position ?? 0) + by * max(Effect.group, 1)) }

        /// Auto-advance: the next item; after the last, the first (unless the row loops).
        private func advance() {
            guard items.count >= 2 else { return }
            let next = (position ?? 0) + max(Effect.group, 1)
            let target = !Effect.loops && next > items.count - 1 ? 0 : next
            withAnimation(motion(Tuning.snapCurve)) { position = target }
            set(.autoAdvance, true)
        }
    }

    extension {{typeName}} {
        /// One item: its image at the item's size (relative to the carousel), its shades, and its look at its progress.
        struct ItemView: View {
            let item: Item
            let names: Effect.Names
            let row: Effect.Row
            let tracks: [Effect.Track]
            /// Its own length along the axis (a state may lengthen it), the row's across it.
            let size: CGSize

            var body: some View {
                item.posterImage
                    .resizable()
                    .scaledToFill()
                    .containerRelativeFrame([.horizontal, .vertical]) { _, axis in
                        axis == .horizontal ? size.width : size.height
                    }
                    .clipped()
                    .overlay {
                        ZStack {
                            // Darkening (brightness below 1) and the shades over the edges, each by its track at p.
                            shade(Color.black) { look in 1 - min(look.brightness, 1) }
                            shade(LinearGradient(stops: [.init(color: .black, location: 0), .init(color: .clear, location: 1)],
                                                 startPoint: Effect.axis == .horizontal ? .leading : .top,
                                                 endPoint: Effect.axis == .horizontal ? .trailing : .bottom)) { look in look.shadeLeading }
                            shade(LinearGradient(stops: [.init(color: .clear, location: 0), .init(color: .black, location: 1)],
                                                 startPoint: Effect.axis == .horizontal ? .leading : .top,
                                                 endPoint: Effect.axis == .horizontal ? .trailing : .bottom)) { look in look.shadeTrailing }
                        }
                        .allowsHitTesting(false)
                    }
                    .clipShape(RoundedRectangle(cornerRadius: Effect.cornerRadius(names)))
                    .visualEffect { [row, tracks] content, proxy in
                        let frame = proxy.frame(in: .scrollView)
                        let look = Effect.look(at: row.progress(of: frame), tracks: tracks)
                        let place = row.placement(look, frame: frame)
                        return content
                            .scaleEffect(x: place.scale.width, y: place.scale.height, anchor: place.origin)
                            .offset(x: place.offset.width, y: place.offset.height)
                            .rotation3DEffect(place.angle, axis: place.axis, anchor: place.eye, anchorZ: place.anchorZ,
                                              perspective: place.perspective)
                            .opacity(place.facesViewer ? Double(look.opacity) : 0)
                            .blur(radius: look.blur)
                            .saturation(Double(look.saturation))
                            .brightness(Double(max(look.brightness - 1, 0)))
                    }
            }

            /// `content` over the item at the opacity `amount` gives at the item's progress.
            private func shade(_ content: some View, amount: @escaping @Sendable (Effect.Look) -> CGFloat) -> some View {
                content.visualEffect { [row, tracks] content, proxy in
                    content.opacity(Double(amount(Effect.look(at: row.progress(of: proxy.frame(in: .scrollView)), tracks: tracks))))
                }
            }
        }
    }

    extension {{typeName}} {
        /// The effect from its file: its shape, its names (`Names`), tracks and states, and what turns an item's
        /// progress into its look and its place (the same for every effect).
        enum Effect {
    {{effectSwift}}
        }
    }

    extension {{typeName}}.Effect {
        enum Snapping: Sendable { case item, page, free }
        enum Stacking: Sendable { case distance, rounded }
        /// What a track drives (points, degrees, factors, 0...1).
        enum Property: Sendable {
            case translateX, translateY, translateZ, scale, scaleX, scaleY, rotateX, rotateY, rotateZ
            case opacity, blur, cornerRadius, brightness, saturation, zIndex, shadeLeading, shadeTrailing

            /// Whether tracks of it multiply (factors) rather than add.
            var multiplies: Bool { [.scale, .scaleX, .scaleY, .opacity, .brightness, .saturation].contains(self) }
            /// The range its combined value is held in.
            var limits: ClosedRange<CGFloat>? {
                switch self {
                case .opacity, .shadeLeading, .shadeTrailing: return 0...1
                case .blur: return 0...200
                case .cornerRadius: return 0...10_000
                case .brightness, .saturation: return 0...4
                default: return nil
                }
            }
        }

        /// What sets a state.
        enum Trigger: Sendable, Hashable {
            case hover, press, selected, drag, dragForward, dragBackward, pinchIn, pinchOut, autoAdvance
            var isPerItem: Bool { self == .hover || self == .press || self == .selected }
        }

        /// A state: what sets it, the values it gives names, and its animations in and out.
        struct EffectState: Sendable {
            let trigger: Trigger
            let values: @Sendable (Names) -> [String: CGFloat]
            let enter: Animation?
            let exit: Animation?
        }

        /// The animation of `trigger`'s last state, on the way in or out.
        static func animation(for trigger: Trigger, entering: Bool) -> Animation? {
            guard let state = states.last(where: { $0.trigger == trigger }) else { return nil }
            return entering ? state.enter : state.exit ?? state.enter
        }

        /// How many copies of the deck a loop repeats (odd: the row starts in the middle one).
        static func copies(_ count: Int) -> Int { max(3, (2000 / max(count, 1)) | 1) }

        // MARK: Tracks

        /// How a segment runs from one key to the next, as a function of t in 0...1.
        enum Easing: Sendable {
            case linear
            case bezier(CGFloat, CGFloat, CGFloat, CGFloat)
            /// A spring's settling response (from rest) over the segment, which lasts its settling time.
            case spring(response: CGFloat, dampingFraction: CGFloat, settling: CGFloat)
            case hold
            case function(@Sendable (CGFloat) -> CGFloat)

            func progress(_ t: CGFloat) -> CGFloat {
                switch self {
                case .linear: return t
                case .bezier(let x1, let y1, let x2, let y2): return cubicBezier(x1, y1, x2, y2, at: t)
                case .spring(let response, let damping, let settling): return 1 - springDisplacement(response, damping, at: t * settling)
                case .hold: return t < 1 ? 0 : 1
                case .function(let f): return f(t)
                }
            }
        }

        /// One keyframe: at progress `p`, `value`; `easing` runs to the next key.
        struct Key: Sendable {
            let p: CGFloat
            let value: CGFloat
            let easing: Easing
        }

        /// A property as a function of p: its keys, held beyond the first and last (or carried on in a straight line
        /// with `extend`), within `range`.
        struct Track: Sendable {
            enum Outside: Sendable { case clamp, extend }
            let property: Property
            let keys: [Key]
            var outside: Outside = .clamp
            var range: (CGFloat, CGFloat)? = nil

            init(_ property: Property, keys: [Key], outside: Outside = .clamp, range: (CGFloat, CGFloat)? = nil) {
                self.property = property; self.keys = keys; self.outside = outside; self.range = range
            }

            func value(at p: CGFloat) -> CGFloat {
                var v = unheld(at: p)
                if let (a, b) = range { v = min(max(v, min(a, b)), max(a, b)) }
                return v
            }

            private func unheld(at p: CGFloat) -> CGFloat {
                let n = keys.count
                guard n > 1 else { return keys.first?.value ?? 0 }
                if p <= keys[0].p {
                    guard outside == .extend, p < keys[0].p else { return keys[0].value }
                    return keys[0].value + (p - keys[0].p) * (keys[1].value - keys[0].value) / (keys[1].p - keys[0].p)
                }
                if p >= keys[n - 1].p {
                    guard outside == .extend, p > keys[n - 1].p else { return keys[n - 1].value }
                    return keys[n - 1].value + (p - keys[n - 1].p) * (keys[n - 1].value - keys[n - 2].value) / (keys[n - 1].p - keys[n - 2].p)
                }
                var k = 0
                while keys[k + 1].p < p { k += 1 }
                let t = (p - keys[k].p) / (keys[k + 1].p - keys[k].p)
                return keys[k].value + (keys[k + 1].value - keys[k].value) * keys[k].easing.progress(t)
            }
        }

        /// What the tracks give an item at its progress.
        struct Look: Sendable {
            var p: CGFloat
            var translateX: CGFloat = 0, translateY: CGFloat = 0, translateZ: CGFloat = 0
            var scaleX: CGFloat = 1, scaleY: CGFloat = 1
            var rotateX: CGFloat = 0, rotateY: CGFloat = 0, rotateZ: CGFloat = 0
            var opacity: CGFloat = 1, blur: CGFloat = 0, brightness: CGFloat = 1, saturation: CGFloat = 1
            var zIndex: CGFloat?
            var shadeLeading: CGFloat = 0, shadeTrailing: CGFloat = 0
        }

        /// Every property's tracks at p combined (added, or multiplied for factors) and held in its range.
        static func look(at p: CGFloat, tracks: [Track]) -> Look {
            var values: [Property: CGFloat] = [:]
            for track in tracks {
                let v = track.value(at: p)
                if let old = values[track.property] { values[track.property] = track.property.multiplies ? old * v : old + v }
                else { values[track.property] = v }
            }
            func get(_ property: Property) -> CGFloat? {
                guard var v = values[property] else { return nil }
                if !v.isFinite { v = property.multiplies ? 1 : 0 }
                if let r = property.limits { v = min(max(v, r.lowerBound), r.upperBound) }
                return min(max(v, -1e6), 1e6)
            }
            var look = Look(p: p)
            look.translateX = get(.translateX) ?? 0
            look.translateY = get(.translateY) ?? 0
            look.translateZ = get(.translateZ) ?? 0
            let scale = get(.scale) ?? 1
            look.scaleX = scale * (get(.scaleX) ?? 1)
            look.scaleY = scale * (get(.scaleY) ?? 1)
            look.rotateX = get(.rotateX) ?? 0
            look.rotateY = get(.rotateY) ?? 0
            look.rotateZ = get(.rotateZ) ?? 0
            look.opacity = get(.opacity) ?? 1
            look.blur = get(.blur) ?? 0
            look.brightness = get(.brightness) ?? 1
            look.saturation = get(.saturation) ?? 1
            look.zIndex = get(.zIndex)
            look.shadeLeading = get(.shadeLeading) ?? 0
            look.shadeTrailing = get(.shadeTrailing) ?? 0
            return look
        }

        // MARK: The row and an item's place

        /// The row's geometry for the names: where p is measured from and in what, the snap margins, the eye.
        struct Row: Sendable {
            let horizontal: Bool
            /// The carousel's length along the axis, the item's, the pitch and p's unit.
            let length: CGFloat, itemLength: CGFloat, pitch: CGFloat, unit: CGFloat
            /// Where an item rests at the snap point (leading edge along the axis), and where p is measured from.
            let lead: CGFloat, reference: CGFloat, measured: CGFloat
            /// The items' size across the axis.
            let cross: CGFloat
            /// The perspective origin in the scroll view and its distance (0: none).
            let eye: CGPoint, distance: CGFloat

            init(_ v: Names) {
                horizontal = axis == .horizontal
                length = horizontal ? v.viewWidth : v.viewHeight
                itemLength = horizontal ? v.itemWidth : v.itemHeight
                cross = horizontal ? v.itemHeight : v.itemWidth
                pitch = max(v.pitch, 1)
                unit = progressInPitches ? pitch : max(itemLength, 1)
                lead = snapAnchor * (length - itemLength)
                reference = progressFromSnapPoint ? snapAnchor * length : length / 2
                measured = progressFromSnapPoint ? snapAnchor : 0.5
                eye = CGPoint(x: perspectiveOrigin.x * v.viewWidth, y: perspectiveOrigin.y * v.viewHeight)
                distance = max(perspective(v), 0)
            }

            /// An item's size: `along` the axis, the row's item across it.
            func size(along: CGFloat) -> CGSize {
                horizontal ? CGSize(width: along, height: cross) : CGSize(width: cross, height: along)
            }

            /// The scroll content's margins: the first item can rest at the snap point, and the last.
            var leadingMargin: CGFloat { lead }
            var trailingMargin: CGFloat { snapAnchor == 0.5 ? lead : 0 }

            /// The progress of an item whose untransformed frame in the scroll view is `frame`.
            func progress(of frame: CGRect) -> CGFloat {
                let leading = horizontal ? frame.minX : frame.minY, own = horizontal ? frame.width : frame.height
                return (reference - (leading + measured * own)) / unit
            }

            /// The scale, offset and 3D rotation that place an item with `look` whose frame is `frame`.
            func placement(_ look: Look, frame: CGRect) -> Placement {
                Placement(look: look, frame: frame, row: self)
            }
        }

        /// An item's transform as SwiftUI's effects: a scale about its origin, an offset, and one `rotation3DEffect`
        /// whose anchor is the perspective's eye. Together they are the app's (and CSS's) transform: translate3d,
        /// rotateX, rotateY, rotateZ and scale about the item's origin, seen through the perspective about the
        /// carousel's perspective origin. (SwiftUI documents `perspective` as the relative vanishing point; it is
        /// taken here as the larger side of the item over the distance, as SwiftUI computes it.)
        struct Placement: Sendable {
            var scale = CGSize(width: 1, height: 1), origin = UnitPoint.center, offset = CGSize.zero
            var angle = Angle.zero, axis: (x: CGFloat, y: CGFloat, z: CGFloat) = (0, 0, 1)
            var eye = UnitPoint.center, anchorZ: CGFloat = 0, perspective: CGFloat = 0
            /// Whether the item's front faces the viewer (else it is hidden unless the effect shows back faces).
            var facesViewer = true

            init(look: Look, frame: CGRect, row: Row) {
                let size = frame.size
                guard size.width > 0, size.height > 0 else { return }
                let unitOrigin = look.p > 0 ? originBefore : originAfter
                let o = CGPoint(x: unitOrigin.x * size.width, y: unitOrigin.y * size.height)
                let eye = CGPoint(x: row.eye.x - frame.minX, y: row.eye.y - frame.minY)
                // The translation, and a stacked item pulled back from its place in the row to the snap point.
                var t = [look.translateX, look.translateY, look.translateZ]
                if stacked {
                    let own = row.horizontal ? size.width : size.height
                    let place = row.lead + (row.itemLength - own) / 2 - (row.horizontal ? frame.minX : frame.minY)
                    t[row.horizontal ? 0 : 1] += place
                }
                let r = rotation(look.rotateX, look.rotateY, look.rotateZ)
                // R (S (X - o) + o + u - eye, -anchorZ) = t + o - eye + R S (X - o): solved for u and anchorZ.
                let q = transposed(r, [t[0] + o.x - eye.x, t[1] + o.y - eye.y, t[2]])
                scale = CGSize(width: look.scaleX, height: look.scaleY)
                origin = unitOrigin
                offset = CGSize(width: q[0] - o.x + eye.x, height: q[1] - o.y + eye.y)
                anchorZ = -q[2]
                let (angle, axis) = axisAngle(r)
                self.angle = .radians(Double(angle))
                self.axis = axis
                self.eye = UnitPoint(x: eye.x / size.width, y: eye.y / size.height)
                perspective = row.distance > 0 ? max(size.width, size.height) / row.distance : 0
                if !backfaceVisible {
                    // The corners as drawn; a back turned to the viewer runs the other way round.
                    let corners = [CGPoint(x: 0, y: 0), CGPoint(x: size.width, y: 0), CGPoint(x: size.width, y: size.height), CGPoint(x: 0, y: size.height)]
                    var drawn: [CGPoint] = []
                    for c in corners {
                        let local = [look.scaleX * (c.x - o.x), look.scaleY * (c.y - o.y), 0]
                        let y = times(r, local)
                        let point = [y[0] + o.x + t[0], y[1] + o.y + t[1], y[2] + t[2]]
                        let w = row.distance > 0 ? 1 - point[2] / row.distance : 1
                        guard w > 0 else { facesViewer = false; return }
                        drawn.append(CGPoint(x: eye.x + (point[0] - eye.x) / w, y: eye.y + (point[1] - eye.y) / w))
                    }
                    let area = (0..<4).reduce(CGFloat(0)) { s, k in s + drawn[k].x * drawn[(k + 1) % 4].y - drawn[(k + 1) % 4].x * drawn[k].y }
                    facesViewer = area >= 0
                }
            }
        }

        // MARK: Maths

        /// rotateX(x) rotateY(y) rotateZ(z) (degrees) as one 3 x 3 matrix (rows), as CSS composes them.
        static func rotation(_ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> [[CGFloat]] {
            func rad(_ d: CGFloat) -> CGFloat { d * .pi / 180 }
            let (cx, sx, cy, sy, cz, sz) = (cos(rad(x)), sin(rad(x)), cos(rad(y)), sin(rad(y)), cos(rad(z)), sin(rad(z)))
            let rx: [[CGFloat]] = [[1, 0, 0], [0, cx, -sx], [0, sx, cx]]
            let ry: [[CGFloat]] = [[cy, 0, sy], [0, 1, 0], [-sy, 0, cy]]
            let rz: [[CGFloat]] = [[cz, -sz, 0], [sz, cz, 0], [0, 0, 1]]
            return product(product(rx, ry), rz)
        }

        static func product(_ a: [[CGFloat]], _ b: [[CGFloat]]) -> [[CGFloat]] {
            // The closures' types written out: inferred, this one line took the type checker over half a second.
            (0..<3).map { (i: Int) -> [CGFloat] in
                (0..<3).map { (j: Int) -> CGFloat in (0..<3).reduce(0) { (sum: CGFloat, k: Int) -> CGFloat in sum + a[i][k] * b[k][j] } }
            }
        }

        static func times(_ m: [[CGFloat]], _ v: [CGFloat]) -> [CGFloat] {
            (0..<3).map { i in m[i][0] * v[0] + m[i][1] * v[1] + m[i][2] * v[2] }
        }

        static func transposed(_ m: [[CGFloat]], _ v: [CGFloat]) -> [CGFloat] {
            (0..<3).map { i in m[0][i] * v[0] + m[1][i] * v[1] + m[2][i] * v[2] }
        }

        /// A rotation matrix as an angle (radians) about an axis.
        static func axisAngle(_ m: [[CGFloat]]) -> (CGFloat, (x: CGFloat, y: CGFloat, z: CGFloat)) {
            let angle = acos(min(max((m[0][0] + m[1][1] + m[2][2] - 1) / 2, -1), 1))
            if angle < 1e-9 { return (0, (0, 0, 1)) }
            if .pi - angle < 1e-6 {
                var axis = [sqrt(max((m[0][0] + 1) / 2, 0)), sqrt(max((m[1][1] + 1) / 2, 0)), sqrt(max((m[2][2] + 1) / 2, 0))]
                if axis[0] > 1e-6 {
                    if m[0][1] < 0 { axis[1] = -axis[1] }
                    if m[0][2] < 0 { axis[2] = -axis[2] }
                } else if axis[1] > 1e-6, m[1][2] < 0 {
                    axis[2] = -axis[2]
                }
                return (angle, (axis[0], axis[1], axis[2]))
            }
            let s = 2 * sin(angle)
            return (angle, ((m[2][1] - m[1][2]) / s, (m[0][2] - m[2][0]) / s, (m[1][0] - m[0][1]) / s))
        }

        /// A cubic-bezier timing function (CSS's) at time fraction `x`.
        static func cubicBezier(_ x1: CGFloat, _ y1: CGFloat, _ x2: CGFloat, _ y2: CGFloat, at x: CGFloat) -> CGFloat {
            if x <= 0 { return 0 }
            if x >= 1 { return 1 }
            func coordinate(_ s: CGFloat, _ p1: CGFloat, _ p2: CGFloat) -> CGFloat { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
            var lo: CGFloat = 0, hi: CGFloat = 1, s = x
            for _ in 0..<60 {
                let value = coordinate(s, x1, x2)
                if abs(value - x) < 1e-10 { break }
                if value < x { lo = s } else { hi = s }
                s = (lo + hi) / 2
            }
            return coordinate(s, y1, y2)
        }

        /// A damped spring's displacement after `t` seconds, released from 1 at rest (SwiftUI's response and damping).
        static func springDisplacement(_ response: CGFloat, _ damping: CGFloat, at t: CGFloat) -> CGFloat {
            let w = 2 * .pi / max(response, 0.001), z = max(damping, 0)
            if z < 1 {
                let wd = w * sqrt(1 - z * z)
                return exp(-z * w * t) * (cos(wd * t) + z * w / wd * sin(wd * t))
            }
            if z == 1 { return exp(-w * t) * (1 + w * t) }
            let r = sqrt(z * z - 1), r1 = -w * (z - r), r2 = -w * (z + r)
            let c2 = -r1 / (r2 - r1), c1 = 1 - c2
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }

        // The functions the file's expressions call; a result that is not finite is 0, and within ±1e6.
        static func finite(_ x: CGFloat) -> CGFloat { x.isFinite ? min(max(x, -1e6), 1e6) : 0 }
        static func clamped(_ x: CGFloat, _ lo: CGFloat, _ hi: CGFloat) -> CGFloat { min(max(x, lo), hi) }
        static func root(_ x: CGFloat) -> CGFloat { x >= 0 ? x.squareRoot() : 0 }
        static func power(_ x: CGFloat, _ y: CGFloat) -> CGFloat { CGFloat(pow(Double(x), Double(y))) }
        static func rounded(_ x: CGFloat) -> CGFloat { x.rounded() }
        static func floored(_ x: CGFloat) -> CGFloat { x.rounded(.down) }
        static func ceiled(_ x: CGFloat) -> CGFloat { x.rounded(.up) }
    }

    fileprivate extension View {
        /// The effect's snapping: view-aligned on every item, a page at a time, or none.
        @ViewBuilder func effectSnapping(_ mode: {{typeName}}.Effect.Snapping) -> some View {
            switch mode {
            case .item: scrollTargetBehavior(.viewAligned)
            case .page: scrollTargetBehavior(.paging)
            case .free: self
            }
        }

        /// Cut to the carousel's rectangle, or drawn beyond it.
        @ViewBuilder func effectClipping(_ clips: Bool) -> some View {
            if clips {
                clipped()
            } else {
                scrollClipDisabled()
            }
        }
    }

    {{> swiftControls}}

    #Preview {
        {{typeName}}()
            .frame(height: 400)
    }
    {{> swiftImages}}
    """#
}
