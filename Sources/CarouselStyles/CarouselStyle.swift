import CarouselSupport
import CarouselCore

/// A style's name, summary and parameter schema.
public struct StyleDescriptor: Sendable {
    /// The name used on the command line: expand, stitch, loop, circular, paging.
    public let name: String
    /// One line: what the style is and where it comes from.
    public let summary: String
    /// The style's own parameters (the app adds the auto-advance ones every style shares).
    public let parameters: [ParameterSpec]
    /// Whether auto-advance is on when the style opens.
    public let autoAdvanceByDefault: Bool
    /// What each of the style's motions becomes under reduced motion (`Scene.reducesMotion`), one line for the
    /// accessibility table (docs/accessibility.md) and the checks (WCAG 2.3.3).
    public let reducedMotion: String
    /// What Enter and Space do on the focused carousel, when the style uses them (nil: they pause or resume
    /// auto-advance, the carousel's rotation control).
    public let enterAction: String?

    /// `parameters` in panel order.
    public init(name: String, summary: String, parameters: [any ParameterDeclaration], autoAdvanceByDefault: Bool = false,
                reducedMotion: String, enterAction: String? = nil) {
        self.name = name; self.summary = summary; self.parameters = parameters.map(\.spec)
        self.autoAdvanceByDefault = autoAdvanceByDefault
        self.reducedMotion = reducedMotion
        self.enterAction = enterAction
    }
}

/// What a style is given: the scene to build its nodes in, the deck, and the image store.
@MainActor
public struct StyleContext {
    public let scene: Scene
    /// The node the style builds under; its frame is the carousel's area (the whole window).
    public let container: Node
    public let deck: Deck
    public let images: ImageStore
    public init(scene: Scene, container: Node, deck: Deck, images: ImageStore) {
        self.scene = scene; self.container = container; self.deck = deck; self.images = images
    }
}

/// A style that keeps the context it was built with: its scene, container, deck and images are the context's.
@MainActor
protocol ContextualStyle: AnyObject {
    /// What the style was built with.
    var context: StyleContext { get }
}

extension StyleContext {
    /// Whether the user asked for less motion: the scene's (`Scene.reducesMotion`), set by the pane; a style reads it
    /// when a motion starts (through `Scene.motion(_:)` and `shortMotion(_:)`), and its `apply` runs again when it
    /// changes.
    public var reducesMotion: Bool { scene.reducesMotion }
}

extension ContextualStyle {
    var scene: Scene { context.scene }
    var container: Node { context.container }
    var deck: Deck { context.deck }
    var images: ImageStore { context.images }
}

/// One laid-out item as `capture --layout` reports it.
public struct LayoutItem: Equatable, Sendable {
    public var index: Int
    /// The image's file name.
    public var image: String
    /// The on-screen rectangle of the item's image after every transform (the bounding box of `quad`).
    public var frame: Rect
    public var scale: Double
    public var opacity: Double
    public var cornerRadius: Double
    /// Whether any of it is inside the window.
    public var visible: Bool
    /// The item's progress: the signed distance of its centre from the style's snap point (where the current item
    /// rests) in item pitches, positive for items before it (as Swiper counts).
    public var progress: Double
    /// The four corners of the item as drawn, after every transform (perspective included), in the order top-left,
    /// top-right, bottom-right, bottom-left of the untransformed item; nil when a corner is at or behind the viewer.
    public var quad: [Point]?
    /// Paint order among the items: higher is drawn later (on top).
    public var z: Double

    public init(index: Int, image: String, frame: Rect, scale: Double, opacity: Double, cornerRadius: Double, visible: Bool,
                progress: Double = 0, quad: [Point]? = nil, z: Double = 0) {
        self.index = index; self.image = image; self.frame = frame; self.scale = scale; self.opacity = opacity
        self.cornerRadius = cornerRadius; self.visible = visible; self.progress = progress
        self.quad = quad ?? [frame.origin, Point(frame.maxX, frame.minY), Point(frame.maxX, frame.maxY), Point(frame.minX, frame.maxY)]
        self.z = z
    }

    /// The item in the `capture --layout` format, moved by `offset` (its pane's place in the window), numbers rounded
    /// to 4 decimals.
    public func json(offsetBy offset: Point) -> JSONValue {
        let f = frame.offsetBy(offset.x, offset.y)
        let corners: JSONValue = quad.map { q in
            .array(q.map { .array([.number(LayoutItem.round4($0.x + offset.x)), .number(LayoutItem.round4($0.y + offset.y))]) })
        } ?? .null
        return .object([
            JSONMember("index", .number(Double(index))),
            JSONMember("image", .string(image)),
            JSONMember("frame", .array([f.x, f.y, f.width, f.height].map { .number(LayoutItem.round4($0)) })),
            JSONMember("scale", .number(LayoutItem.round4(scale))),
            JSONMember("opacity", .number(LayoutItem.round4(opacity))),
            JSONMember("cornerRadius", .number(LayoutItem.round4(cornerRadius))),
            JSONMember("visible", .bool(visible)),
            JSONMember("progress", .number(LayoutItem.round4(progress))),
            JSONMember("quad", corners),
            JSONMember("z", .number(LayoutItem.round4(z))),
        ])
    }

    /// `v` rounded to 4 decimals, as the layout file writes numbers.
    public static func round4(_ v: Double) -> Double { (v * 10000).rounded() / 10000 }
}

/// A carousel effect. Each style owns the nodes under its context's container.
///
/// Frame order: the app delivers input (`handle`), advances scene time (timers fire), then calls `layout()` before
/// painting whenever a frame is needed. A property is either animated on nodes (inside `scene.withAnimation`) or
/// written every frame by `layout()` from the style's own animated state, never both.
///
/// A style is made from its `StyleDefinition` (name, parameters, channels, export); the five built-in styles are
/// `BuiltInStyle`s, whose definition their type gives, and an effect file makes its own.
@MainActor
public protocol CarouselStyle: AnyObject {
    /// Applies new parameter values live, mid-animation, without restarting.
    func apply(_ parameters: Parameters)
    /// Positions nodes for the current scene time and container size. Called before every frame is drawn.
    func layout()
    /// Handles one input event; returns whether it was used.
    func handle(_ event: InputEvent) -> Bool
    /// Selects the next item through the style's own selection path (auto-advance).
    func advance()
    /// Whether a gesture or drag is in progress (auto-advance waits).
    var isInteracting: Bool { get }
    /// The carousel's on-screen area: a pointer inside it pauses auto-advance.
    var carouselFrame: Rect { get }
    /// The laid-out items at the current time, for `capture --layout`.
    func layoutItems() -> [LayoutItem]
    /// What a pointer can press now, on screen (the checks measure them against WCAG 2.5.8's 24 x 24): by default
    /// every item wholly inside the scene; a style with other controls (page dots, a picker) lists them.
    var pointerTargets: [PointerTarget] { get }
    /// The style's controls along the bottom edge (page dots), in its scene's coordinates: the app's messages sit
    /// above them. Nil by default.
    var bottomControls: Rect? { get }
    /// The style's state for `capture --layout` (keys: expanded, pinned, seamless, current, active, mode, page,
    /// scrollOffset, where they apply).
    var state: [JSONMember] { get }
    /// An image finished loading or failed: re-measure what depends on image sizes.
    func imagesChanged()
    /// Stops the style's timers; called when the style is switched away.
    func tearDown()
}

extension CarouselStyle {
    public var bottomControls: Rect? { nil }
    public func imagesChanged() {}
    public func tearDown() {}
    public var pointerTargets: [PointerTarget] { StyleSupport.itemTargets(layoutItems(), in: carouselFrame) }
}

/// Something a pointer can press, as the checks measure it: its name and its rectangle on screen.
public struct PointerTarget: Equatable, Sendable {
    /// What it is ("item 3", "page dot 2", "picker: Scaled").
    public var name: String
    public var frame: Rect
    /// What to change when it is too small, in the style's terms ("Dot size 12 pt or more"); nil: the general advice.
    public var fix: String?
    public init(_ name: String, _ frame: Rect, fix: String? = nil) { self.name = name; self.frame = frame; self.fix = fix }
}

/// One animated quantity of a style, read at the current time: a measure of one laid-out item (the item the
/// graph follows), or a number of the style's state. The timeline plots it and its speed.
public struct StyleChannel: Equatable, Sendable {
    /// What is measured.
    public enum Source: Equatable, Sendable {
        /// The item's left edge, width, scale or opacity on screen (as `capture --layout` lists them).
        case itemX, itemWidth, itemScale, itemOpacity
        /// A number of the style's state (`capture --layout`'s `state`), such as `scrollOffset` or `position`.
        case state(String)
    }
    /// The name the graph shows ("width", "page offset").
    public let name: String
    public let unit: String
    public let source: Source

    public init(_ name: String, _ source: Source, unit: String = "pt") { self.name = name; self.source = source; self.unit = unit }

    /// The channel's value for item `item` at the style's current time, if it has one now.
    @MainActor
    public func value(in style: any CarouselStyle, item: Int) -> Double? {
        func itemEntry() -> LayoutItem? { style.layoutItems().first { $0.index == item } }
        switch source {
        case .itemX: return itemEntry()?.frame.x
        case .itemWidth: return itemEntry()?.frame.width
        case .itemScale: return itemEntry()?.scale
        case .itemOpacity: return itemEntry()?.opacity
        case .state(let key):
            guard case .number(let n)? = style.state.last(where: { $0.key == key })?.value else { return nil }
            return n
        }
    }
}

/// Helpers shared by the styles.
@MainActor
public enum StyleSupport {
    /// The layout entry for `node`, the image node of deck item `index`, at the scene's current time, with its
    /// `progress` (see `LayoutItem.progress`) and its paint order `z` among the items.
    public static func layoutItem(_ node: Node, index: Int, deck: Deck, scene: Scene, progress: Double = 0, z: Double = 0) -> LayoutItem {
        let t = scene.now
        let p = node.presentation(at: t)
        let world = node.worldTransform(at: t)
        let frame = world.apply(p.bounds)
        var opacity = 1.0
        var n: Node? = node
        while let m = n { opacity *= m.presentation(at: t).opacity; n = m.parent }
        let visible = !node.isHidden && opacity > 0.001 && frame.intersects(Rect(origin: .zero, size: scene.size))
        let b = p.bounds
        let quad = [b.origin, Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY)].map(world.apply)
        return LayoutItem(index: index, image: deck.items[index].fileName, frame: frame, scale: world.scaleX,
                          opacity: opacity, cornerRadius: p.cornerRadius * world.scaleX, visible: visible, progress: progress, quad: quad, z: z)
    }

    /// `items` (in the order their nodes were added) with `z` set to their paint order: by their views' `zIndices`,
    /// then that order (later on top).
    public static func paintOrdered(_ items: [LayoutItem], zIndices: [Int]) -> [LayoutItem] {
        let order = items.indices.sorted { (zIndices[$0], $0) < (zIndices[$1], $1) }
        var out = items
        for (rank, i) in order.enumerated() { out[i].z = Double(rank) }
        return out
    }

    /// Each visible item of `items` wholly inside `bounds` (to half a point; the carousel's frame by default) as a
    /// target named by its deck index: an item cut by the carousel's edge is not where anyone aims.
    public static func itemTargets(_ items: [LayoutItem], in bounds: Rect) -> [PointerTarget] {
        items.filter { item in
            let f = item.frame
            return item.visible && f.minX >= bounds.minX - 0.5 && f.maxX <= bounds.maxX + 0.5
                && f.minY >= bounds.minY - 0.5 && f.maxY <= bounds.maxY + 0.5
        }.map { PointerTarget("item \($0.index)", $0.frame) }
    }

    /// The deck item whose node is under `point`, through tags.
    public static func item(at point: Point, in scene: Scene) -> Int? { scene.hitTest(point)?.taggedAncestor?.tag }

    /// The largest size an image is drawn at, in pixels, for a `maxPixelSize` hint (2x for high-DPI and zooms).
    public static func pixelBudget(_ size: Size, scale: Double = 2) -> Size { Size(size.width * scale, size.height * scale) }
}

/// A style that gives haptic feedback on a phone (the stitch style's state change). On the desktop the app turns it
/// into an audible click when the style's sound option is on.
@MainActor
public protocol HapticFeedbackStyle: AnyObject {
    /// Called on each haptic moment with the new state (for stitch: whether the row is now seamless).
    var onHaptic: ((Bool) -> Void)? { get set }
}
