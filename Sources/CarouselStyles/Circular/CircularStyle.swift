import CarouselSupport
import CarouselCore

/// The circular slider (seed 003): a horizontal row of round, aspect-filled images that bends into an arc around the
/// centred image, with view-aligned snapping and a Normal / Scaled mode switch.
///
/// Geometry (y-down, window points). Every length is the article's (for a phone) times the window's scale
/// (`windowScale(for:growing:)`: the window's shorter side over the phone's 390 pt, at least 1). The row's line is the horizontal line through the images' layout centres; it
/// sits `rowLift` above the window's vertical centre. Image `i` is laid out with its centre at
/// `x = W / 2 + i * (imageSize + spacing) - scrollOffset` (side padding `(W - imageSize) / 2` lets the first image sit
/// in the centre). From that layout centre each image gets its progress `p`, and from `p` its downward shift and its
/// scale (see `progress`, `normalShift`, `scaledShift`, `scale`). The white highlight circle sits behind the centre
/// slot, `highlightOffset` above the window's centre line; with the defaults it is concentric with the centred image.
/// While the row moves it goes with the image nearest the slot and fades as that image leaves (`highlightPlacement`),
/// so a drag never shows it as an empty disc.
///
/// Scrolling is a `ScrollController` whose snap targets centre each image. The centred image (the one the scroll is
/// heading to) is the active one. Only images that can be visible have nodes: they come from a pool.
@MainActor
public final class CircularStyle: BuiltInStyle, ContextualStyle {

    // MARK: Mode

    /// The two looks of the row: the picker's "Normal" and "Scaled".
    public enum Mode: String, CaseIterable, Sendable {
        /// Images keep their size and the highlight circle marks the centre slot.
        case normal
        /// Images near the centre also grow, up to `1 + scaleFactor` for the centred one.
        case scaled

        /// The picker's label.
        public var label: String { self == .normal ? "Normal" : "Scaled" }
        /// The value of `modeBlend` this mode rests at.
        public var blend: Double { self == .normal ? 0 : 1 }
    }

    // MARK: Descriptor

    /// What the timeline's graphs can follow.
    public static let channels = [StyleChannel("scale", .itemScale, unit: "×"), StyleChannel("offset", .state("scrollOffset")), StyleChannel("x", .itemX)]
    /// Name, summary and the tunable parameters (defaults from styles.md and the public code behind the article).
    public static let descriptor = StyleDescriptor(
        name: "circular",
        summary: "Round images on an arc with view-aligned snapping and a Normal / Scaled switch (SwiftUI circular slider)",
        parameters: Keys.schema,
        reducedMotion: "keys, clicks, wheel steps and auto-advance cut to the image instead of the spring; a released drag snaps in 0.1 s; Normal / Scaled switches at once",
        enterAction: "switch Normal / Scaled (the picker's keyboard way)")

    // MARK: Formulas

    /// The article's progress: `p = (viewportCentreX - imageCentreX) / imageSize`, from the image's layout position.
    public nonisolated static func progress(imageCentreX: Double, viewportCentreX: Double, imageSize: Double) -> Double {
        imageSize > 0 ? (viewportCentreX - imageCentreX) / imageSize : 0
    }

    /// `offset(p) = offsetFactor * |p|`.
    public nonisolated static func arcOffset(progress p: Double, offsetFactor: Double) -> Double { offsetFactor * abs(p) }

    /// `s = 1 - min(|p|, 1)`: 1 for the centred image, 0 from one image width away.
    public nonisolated static func centredness(progress p: Double) -> Double { 1 - min(abs(p), 1) }

    /// Scaled mode's scale: `1 + scaleFactor * s`.
    public nonisolated static func scale(progress p: Double, scaleFactor: Double) -> Double {
        1 + scaleFactor * centredness(progress: p)
    }

    /// Normal mode's downward shift: `offset(p) + scaleOffset * s`.
    public nonisolated static func normalShift(progress p: Double, offsetFactor: Double, scaleOffset: Double) -> Double {
        arcOffset(progress: p, offsetFactor: offsetFactor) + scaleOffset * centredness(progress: p)
    }

    /// Scaled mode's downward shift, with the article's modifier order (offset, scale, offset) scaling the first
    /// offset: `scale(p) * offset(p) + scaleOffset * s`.
    public nonisolated static func scaledShift(progress p: Double, offsetFactor: Double, scaleOffset: Double,
                                               scaleFactor: Double) -> Double {
        scale(progress: p, scaleFactor: scaleFactor) * arcOffset(progress: p, offsetFactor: offsetFactor)
            + scaleOffset * centredness(progress: p)
    }

    /// The shift and scale of an image at progress `p` part-way between the modes: `blend` 0 is Normal, 1 is Scaled,
    /// and values between interpolate both linearly.
    public nonisolated static func placement(progress p: Double, blend: Double, offsetFactor: Double, scaleOffset: Double,
                                             scaleFactor: Double) -> (shift: Double, scale: Double) {
        let normal = normalShift(progress: p, offsetFactor: offsetFactor, scaleOffset: scaleOffset)
        let scaled = scaledShift(progress: p, offsetFactor: offsetFactor, scaleOffset: scaleOffset, scaleFactor: scaleFactor)
        return (normal + (scaled - normal) * blend, 1 + (scale(progress: p, scaleFactor: scaleFactor) - 1) * blend)
    }

    /// The shorter side of the phone the article's lengths are for, in points.
    public nonisolated static let phoneSide = 390.0

    /// How much every length grows in a window of `size`: the shorter side over the phone's, never below 1 (a
    /// window smaller than a phone keeps the article's lengths), or 1 when growing is off.
    public nonisolated static func windowScale(for size: Size, growing: Bool) -> Double {
        guard growing, size.width > 0, size.height > 0 else { return 1 }
        return max(1, min(size.width, size.height) / phoneSide)
    }

    // MARK: Settings

    /// The parameter values in typed form, every length multiplied by the window's scale.
    struct Settings {
        var imageSize, spacing, rowLift, offsetFactor, scaleOffset, scaleFactor: Double
        var mode: Mode
        var modeAnimation: Animation
        var snapResponse: Double
        var snapping: Bool
        var shadow: Bool
        var shadowOpacity, shadowRadius, shadowOffset: Double
        var highlight: Bool
        var highlightSize, highlightOffset: Double

        /// The values of `p` in a window whose lengths grow by `k` (`CircularStyle.windowScale`).
        init(_ p: Parameters, windowScale k: Double) {
            imageSize = k * p[Keys.imageSize]; spacing = k * p[Keys.spacing]; rowLift = k * p[Keys.rowLift]
            offsetFactor = k * p[Keys.offsetFactor]; scaleOffset = k * p[Keys.scaleOffset]; scaleFactor = p[Keys.scaleFactor]
            mode = p[Keys.mode]
            modeAnimation = p.animation(curve: Keys.modeCurve, duration: Keys.modeDuration)
            snapResponse = p[Keys.snapResponse]; snapping = p[Keys.snapping]
            shadow = p[Keys.shadow]; shadowOpacity = p[Keys.shadowOpacity]
            shadowRadius = k * p[Keys.shadowRadius]; shadowOffset = k * p[Keys.shadowOffset]
            highlight = p[Keys.highlight]; highlightSize = k * p[Keys.highlightSize]; highlightOffset = k * p[Keys.highlightOffset]
        }

        /// Distance between the centres of neighbouring images.
        var pitch: Double { imageSize + spacing }
        /// The snapping motion: a critically damped spring.
        var snapAnimation: Animation { .spring(response: snapResponse, dampingFraction: 1) }
        /// The image shadow, or nil when it is off.
        var imageShadow: Shadow? {
            shadow ? Shadow(color: Color.black.withAlpha(shadowOpacity), radius: shadowRadius, offset: Point(shadowOffset, shadowOffset)) : nil
        }
        /// How far an image's drawing can reach beyond its bounds.
        var shadowReach: Double { shadow ? shadowRadius + abs(shadowOffset) : 0 }
        /// The largest scale any image can have in either mode.
        var maxScale: Double { 1 + scaleFactor }
    }

    // MARK: Constants of the public code

    /// The highlight circle's shadow: SwiftUI's `.drop(color: .black.opacity(0.2), radius: 5)`.
    static let highlightShadow = Shadow(color: Color.black.withAlpha(0.2), radius: 5, offset: .zero)
    /// The picker's size and its distance from the window's top edge.
    static let pickerSize = Size(180, 30)
    static let pickerTop = 24.0
    /// The picker's look: a translucent pill, a white thumb, dark text on it and light text beside it.
    static let pickerStyle = SegmentedControl.Style(background: Color(1, 1, 1, 0.14), thumb: Color(1, 1, 1, 0.92),
                                                    font: FontSpec(size: 14, bold: true), text: Color(1, 1, 1, 0.85),
                                                    selectedText: Color(hex: 0x202124), inset: 2)

    // MARK: State

    let context: StyleContext
    private var settings: Settings
    /// The values applied last, kept to scale them again when the window's size changes.
    private var parameters: Parameters
    /// How much the lengths in `settings` grew with the window.
    public private(set) var windowScale: Double
    private let scroll: ScrollController
    private var press = PressRecognizer()
    /// Presses on the picker: the window's pointer router keeps a press begun on it there until the release, so it
    /// never drags the row.
    private var pickerPress = PressRecognizer()
    /// The current mode (the picker's selection).
    public private(set) var mode: Mode
    /// 0 in Normal mode, 1 in Scaled mode, in between while the mode changes.
    private var blend: AnimatedValue<Double>

    // MARK: Nodes

    private let highlightNode = Node(name: "circular.highlight")
    private let rowNode = Node(name: "circular.row")
    private let picker = SegmentedControl(name: "circular.picker", titles: Mode.allCases.map(\.label), style: CircularStyle.pickerStyle)
    /// The image node of every deck index that has one now.
    private lazy var itemNodes = ViewPool<Node>(
        parent: rowNode, make: { Node(name: "circular.item") }, root: { $0 },
        bind: { [unowned self] node, index in
            // Later items draw on top, as in the article's HStack: the pool keeps its nodes in index order.
            node.tag = index
            node.image = imageContent(for: index)
        }, unbind: { $0.tag = nil })
    /// The pixel size asked of the image store (changes with the image size and the scale factor).
    private var requestedPixelSize = Size.zero

    // MARK: Life cycle

    /// Builds the row, the highlight and the picker under the context's container, with the first image centred.
    public init(context: StyleContext, parameters: Parameters) {
        self.context = context
        self.parameters = parameters
        windowScale = Self.windowScale(for: context.container.frame.size, growing: parameters[Keys.growWithWindow])
        settings = Settings(parameters, windowScale: windowScale)
        mode = settings.mode
        blend = AnimatedValue(settings.mode.blend)
        scroll = ScrollController(scene: context.scene)

        highlightNode.background = .white
        highlightNode.shadow = Self.highlightShadow
        highlightNode.isHitTestable = false
        rowNode.isHitTestable = false
        container.addChild(highlightNode)
        container.addChild(rowNode)
        container.addChild(picker.root)
        picker.root.onPointer = { [unowned self] in pickerPointer($0) }
        configureScroll()
        requestedPixelSize = pixelSize
    }

    /// Applies new parameter values live: the centred image stays centred, a mode change animates.
    public func apply(_ parameters: Parameters) {
        self.parameters = parameters
        windowScale = Self.windowScale(for: container.frame.size, growing: parameters[Keys.growWithWindow])
        update(Settings(parameters, windowScale: windowScale))
    }

    /// Takes new settings (new values, or the same at a new window scale) live.
    private func update(_ new: Settings) {
        let old = settings
        let target = active
        let fraction = old.pitch > 0 ? scroll.presentationOffset / old.pitch : 0
        settings = new
        configureScroll()
        if settings.pitch != old.pitch {
            scroll.jump(to: fraction * settings.pitch)
            if !scroll.isDragging && settings.snapping { scroll.scroll(to: Double(target) * settings.pitch, animation: scene.motion(settings.snapAnimation)) }
        } else if settings.snapping && !old.snapping && !scroll.isDragging {
            scroll.settle(animation: settings.snapAnimation)
        }
        // React to a change of the parameter only: key M and the picker change the mode without touching it.
        if settings.mode != old.mode { setMode(settings.mode) }
        if pixelSize != requestedPixelSize {
            requestedPixelSize = pixelSize
            for (index, node) in itemNodes.bound { node.image = imageContent(for: index) }
        }
        scene.setNeedsDisplay()
    }

    private func configureScroll() {
        let count = deck.items.count
        scroll.maxOffset = Double(max(count - 1, 0)) * settings.pitch
        scroll.targets = .lazy(count: count) { [pitch = settings.pitch] in Double($0) * pitch }
        scroll.isSnapping = settings.snapping
        scroll.snapAnimation = settings.snapAnimation
    }

    // MARK: Public state

    /// The index of the centred image: the one the row rests on or is heading to.
    public var active: Int {
        guard !deck.items.isEmpty, settings.pitch > 0 else { return 0 }
        return min(max(Int((scroll.offset / settings.pitch).rounded()), 0), deck.items.count - 1)
    }

    /// The scroll offset on screen now: how far the content has moved left (image `i` is centred at `i * pitch`).
    public var scrollOffset: Double { scroll.presentationOffset }

    /// The mode transition on screen now: 0 is Normal, 1 is Scaled.
    public var modeBlend: Double { blend.value(at: scene.now) }

    /// The y of the row's line: the images' layout centres, before their shifts.
    public var rowLineY: Double { container.frame.height / 2 - settings.rowLift }

    /// The centre of the highlight circle (behind the centre slot).
    public var highlightCentre: Point {
        Point(container.frame.width / 2, container.frame.height / 2 - settings.highlightOffset)
    }

    /// True while the row is being dragged.
    public var isInteracting: Bool { scroll.isDragging }

    /// The band across the window from the top of the centred image (or the highlight) down to the lowest point an
    /// image inside the window can reach.
    public var carouselFrame: Rect {
        let size = container.frame.size, s = settings
        let half = s.imageSize * s.maxScale / 2
        let edgeProgress = s.imageSize > 0 ? (size.width / 2 + half) / s.imageSize : 0
        let shifts = [0.0, 1.0].flatMap { b in
            [0, 0.5, 1, edgeProgress].map {
                Self.placement(progress: $0, blend: b, offsetFactor: s.offsetFactor, scaleOffset: s.scaleOffset, scaleFactor: s.scaleFactor).shift
            }
        }
        var top = rowLineY + shifts.min()! - half - s.shadowReach
        if s.highlight { top = min(top, highlightCentre.y - s.highlightSize / 2 - Self.highlightShadow.radius) }
        let bottom = min(rowLineY + shifts.max()! + half + s.shadowReach, size.height)
        top = max(top, 0)
        return Rect(0, top, size.width, max(bottom - top, 0))
    }

    /// The images wholly inside the carousel, and the picker's two segments.
    public var pointerTargets: [PointerTarget] {
        let segments = zip(picker.segmentTitles, picker.segmentFrames(now: scene.now)).map { PointerTarget("picker: \($0.0)", $0.1) }
        return StyleSupport.itemTargets(layoutItems(), in: carouselFrame) + segments
    }

    /// `active` (the centred image), `mode` ("normal" or "scaled"), `scrollOffset` (on screen now) and
    /// `windowScale` (how much the article's lengths grew with the window).
    public var state: [JSONMember] {
        [JSONMember("active", .number(Double(active))), JSONMember("mode", .string(mode.rawValue)),
         JSONMember("scrollOffset", .number(scroll.presentationOffset)), JSONMember("windowScale", .number(windowScale))]
    }

    // MARK: Selection

    /// Scrolls image `index` (clamped to the deck) to the centre with the snapping spring.
    public func select(_ index: Int) {
        guard !deck.items.isEmpty else { return }
        let i = min(max(index, 0), deck.items.count - 1)
        scroll.scroll(to: Double(i) * settings.pitch, animation: scene.motion(settings.snapAnimation))
    }

    /// Centres the next image, or the first after the last.
    public func advance() {
        guard !deck.items.isEmpty else { return }
        select(active + 1 < deck.items.count ? active + 1 : 0)
    }

    /// Switches between Normal and Scaled with the mode animation.
    public func setMode(_ newMode: Mode) {
        guard newMode != mode else { return }
        mode = newMode
        blend.set(newMode.blend, animation: scene.motion(settings.modeAnimation), at: scene.now)
        scene.noteChange(animationEnd: blend.endTime)
    }

    // MARK: Input

    /// Wheel (vertical or horizontal, forward = dx - dy; Ctrl+wheel is left alone), Left / Right, M, drags and clicks.
    public func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .wheel:
            guard let wheel = ScrollWheel(event), wheel.forward != 0, !deck.items.isEmpty else { return false }
            scroll.wheel(wheel.forward, precise: wheel.precise)
            return true
        case .keyDown(let key, let modifiers, _):
            guard modifiers.isDisjoint(with: [.ctrl, .alt, .meta]) else { return false }
            switch key.name {
            case "left": select(active - 1)
            case "right": select(active + 1)
            case "m": setMode(mode == .normal ? .scaled : .normal)
            case "return" where modifiers.isEmpty: setMode(mode == .normal ? .scaled : .normal)
            default: return false
            }
            return true
        default:
            return handlePointer(event)
        }
    }

    /// Pointer events off the picker (others are not used): drags scroll the row; a click on an image centres it.
    private func handlePointer(_ event: InputEvent) -> Bool {
        scroll.handle(event, press: &press) { point in
            guard let index = StyleSupport.item(at: point, in: scene) else { return false }
            select(index)
            return true
        }
    }

    /// Pointer events on the picker (its handler): a click on a segment switches the mode; a press is the picker's
    /// until the release. Moves that are no press bubble on.
    private func pickerPointer(_ event: InputEvent) -> Bool {
        var used = false
        for case .tap(let point) in pickerPress.handle(event, at: scene.now) {
            if let m = pickerMode(at: point) { setMode(m) }
            used = true
        }
        switch event {
        case .pointerDown(_, .left), .pointerUp(_, .left): return true
        default: return used
        }
    }

    /// The mode of the picker segment under `point`, if the point is on the picker.
    private func pickerMode(at point: Point) -> Mode? {
        picker.segment(at: point, now: scene.now).map { Mode.allCases[$0] }
    }

    // MARK: Layout

    /// Places the visible images from the scroll offset and the mode blend on screen now, then the highlight and
    /// the picker. Cost is proportional to the visible images.
    public func layout() {
        // A resized window scales every length again, the centred image staying centred.
        let k = Self.windowScale(for: container.frame.size, growing: parameters[Keys.growWithWindow])
        if k != windowScale {
            windowScale = k
            update(Settings(parameters, windowScale: k))
        }
        scene.withoutAnimation {
            let b = blend.value(at: scene.now)
            placeItems(offset: scroll.presentationOffset, blend: b)
            layoutHighlight(blend: b)
            layoutPicker(blend: b)
        }
    }

    /// The deck indices whose images can reach the window at scroll offset `offset`.
    private func visibleRange(offset: Double, width: Double) -> ClosedRange<Int>? {
        let count = deck.items.count, s = settings
        guard count > 0, s.pitch > 0 else { return nil }
        let reach = s.imageSize * s.maxScale / 2 + s.shadowReach + 1
        // Image i's centre is at width / 2 + i * pitch - offset.
        let lo = Int(((offset - width / 2 - reach) / s.pitch).rounded(.up))
        let hi = Int(((offset + width / 2 + reach) / s.pitch).rounded(.down))
        let first = max(lo, 0), last = min(hi, count - 1)
        return first <= last ? first...last : nil
    }

    private func placeItems(offset: Double, blend b: Double) {
        let size = container.frame.size, s = settings
        rowNode.frame = Rect(origin: .zero, size: size)
        let range = visibleRange(offset: offset, width: size.width)
        itemNodes.layout { view in
            guard let range else { return }
            let centreX = size.width / 2, lineY = rowLineY, shadow = s.imageShadow
            for index in range {
                let node = view(index)
                let imageCentreX = centreX + Double(index) * s.pitch - offset
                let p = Self.progress(imageCentreX: imageCentreX, viewportCentreX: centreX, imageSize: s.imageSize)
                let place = Self.placement(progress: p, blend: b, offsetFactor: s.offsetFactor, scaleOffset: s.scaleOffset,
                                           scaleFactor: s.scaleFactor)
                node.frame = Rect(imageCentreX - s.imageSize / 2, lineY - s.imageSize / 2, s.imageSize, s.imageSize)
                node.offset = Point(0, place.shift)
                node.scale = place.scale
                node.cornerRadius = s.imageSize / 2
                node.shadow = shadow
            }
        }
    }

    /// The largest size an image is drawn at, in pixels.
    private var pixelSize: Size {
        StyleSupport.pixelBudget(Size(settings.imageSize * settings.maxScale, settings.imageSize * settings.maxScale))
    }

    private func imageContent(for index: Int) -> ImageContent {
        ImageContent(images.handle(for: deck.items[index].image, maxPixelSize: pixelSize), contentMode: .fill)
    }

    /// Where the highlight is and how much of it shows with the row at scroll offset `offset`: it goes with the image
    /// nearest the centre slot, moved as that image is moved from the slot (`offset` from the centre, the arc's
    /// shift down), and shows as much as the image is centred: whole when it rests in the slot, gone by the time it is
    /// half an image size away, so the highlight rings the centred image and never stands as an empty white disc
    /// while the row moves between images. `opacity` is 0...1, `offset` the highlight's displacement from its place.
    public nonisolated static func highlightPlacement(offset: Double, pitch: Double, imageSize: Double, count: Int,
                                                      shift: (_ progress: Double) -> Double) -> (offset: Point, opacity: Double) {
        guard count > 0, pitch > 0, imageSize > 0 else { return (.zero, 1) }
        let nearest = min(max((offset / pitch).rounded(), 0), Double(count - 1))
        // Image i is centred at offset i * pitch; its progress is how far the row is from that, in image sizes.
        let p = (offset - nearest * pitch) / imageSize
        let opacity = min(max(2 * centredness(progress: p) - 1, 0), 1)
        return (Point(-p * imageSize, shift(p) - shift(0)), opacity)
    }

    private func layoutHighlight(blend b: Double) {
        let s = settings
        let place = Self.highlightPlacement(offset: scroll.presentationOffset, pitch: s.pitch, imageSize: s.imageSize,
                                            count: deck.items.count) { p in
            Self.placement(progress: p, blend: b, offsetFactor: s.offsetFactor, scaleOffset: s.scaleOffset, scaleFactor: s.scaleFactor).shift
        }
        let visible = s.highlight && b < 1 && s.highlightSize > 0 && place.opacity > 0
        if highlightNode.isHidden == visible { highlightNode.isHidden = !visible }
        guard visible else { return }
        let c = highlightCentre
        highlightNode.frame = Rect(c.x + place.offset.x - s.highlightSize / 2, c.y + place.offset.y - s.highlightSize / 2,
                                   s.highlightSize, s.highlightSize)
        highlightNode.cornerRadius = s.highlightSize / 2
        highlightNode.opacity = (1 - b) * place.opacity
    }

    private func layoutPicker(blend b: Double) {
        let size = Self.pickerSize
        picker.layout(frame: Rect((container.frame.width - size.width) / 2, Self.pickerTop, size.width, size.height), position: b)
    }

    /// One entry per image that has a node now, in deck order.
    public func layoutItems() -> [LayoutItem] {
        // Progress: the scroll from image i's centred offset, in pitches (the centred image has 0).
        let bound = itemNodes.inKeyOrder
        let items = bound.map { entry in
            StyleSupport.layoutItem(entry.view, index: entry.key, deck: deck, scene: scene,
                                    progress: settings.pitch > 0 ? (scroll.presentationOffset - Double(entry.key) * settings.pitch) / settings.pitch : 0)
        }
        return StyleSupport.paintOrdered(items, zIndices: bound.map { $0.view.zIndex })
    }
}
