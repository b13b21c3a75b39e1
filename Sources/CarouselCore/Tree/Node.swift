/// What a node draws besides its children: an image placed by a content mode.
public struct ImageContent: Hashable, Sendable {
    public var handle: ImageHandle
    public var contentMode: ContentMode
    public init(_ handle: ImageHandle, contentMode: ContentMode = .fill) { self.handle = handle; self.contentMode = contentMode }
}

/// One line of text drawn inside a node.
public struct TextContent: Hashable, Sendable {
    /// `leading` draws at the node's top-left corner; `center` centres the line in the bounds; `trailing` puts its
    /// right edge on the bounds' right edge, centred vertically.
    public enum Alignment: Sendable { case leading, center, trailing }
    public var string: String
    public var font: FontSpec
    public var color: Color
    public var alignment: Alignment
    public init(_ string: String, font: FontSpec, color: Color = .white, alignment: Alignment = .leading) {
        self.string = string; self.font = font; self.color = color; self.alignment = alignment
    }
}

/// A node of the retained view tree.
///
/// Its frame is relative to its parent. `frame`, `offset`, `scale`, `opacity` and `cornerRadius` are animatable:
/// their getters return the model value, and setting them inside `Scene.withAnimation` animates the presentation
/// from where it is now. The local transform is: scale by `scale` about `anchor` (a unit point of the bounds), then
/// translate by `frame.origin + offset`.
@MainActor
public final class Node {
    private static var nextID = 0
    /// A unique, stable identity.
    public let id: Int
    /// A name for debugging and tests.
    public var name: String
    /// The index of the deck item this node stands for, if any (hit-testing reports it).
    public var tag: Int?

    public private(set) var children: [Node] = []
    public private(set) weak var parent: Node?
    /// The scene this node is attached to, through its root: kept on every node of the subtree as it is attached or
    /// detached, since every property set asks for it (walking up the parents each time cost a third of a replay).
    public private(set) weak var scene: Scene?
    /// Set on the root node by its scene.
    var ownerScene: Scene? {
        get { scene }
        set { attach(to: newValue) }
    }

    /// Sets `scene` on this node and its subtree.
    private func attach(to newScene: Scene?) {
        guard scene !== newScene else { return }
        scene = newScene
        for child in children { child.attach(to: newScene) }
    }

    private var _frame = AnimatedValue(Rect.zero)
    private var _offset = AnimatedValue(Point.zero)
    private var _scale = AnimatedValue(1.0)
    private var _opacity = AnimatedValue(1.0)
    private var _cornerRadius = AnimatedValue(0.0)

    /// The unit point of the bounds that scaling keeps fixed ((0.5, 0.5) is the centre).
    public var anchor = Point(0.5, 0.5) { didSet { if anchor != oldValue { changed(nil) } } }
    /// Paint order among siblings: higher draws later (on top); ties keep insertion order.
    public var zIndex = 0 {
        didSet {
            guard zIndex != oldValue else { return }
            parent?.paintOrder = nil
            changed(nil)
        }
    }
    /// Whether children are clipped to this node's rounded bounds.
    public var clipsToBounds = false { didSet { if clipsToBounds != oldValue { changed(nil) } } }
    /// Hidden nodes are neither drawn nor hit.
    public var isHidden = false { didSet { if isHidden != oldValue { changed(nil) } } }
    /// Whether hit-testing can return this node (its children are tested either way).
    public var isHitTestable = true
    /// What this node does with the pointer events its scene's `PointerRouter` sends it (nil: it takes none, and
    /// they go to the nearest ancestor that does). Independent of `isHitTestable`, which item lookups use.
    public var onPointer: PointerHandler?
    /// What this node does with the keys its scene's `FocusRouter` sends while it or a node inside it has keyboard
    /// focus, and with `.focus(true)` / `.focus(false)` when the focus comes into or leaves its subtree (nil: it takes
    /// none, and keys go on to the nearest ancestor that does).
    public var onKey: KeyHandler?
    /// Whether Tab stops here (`FocusRouter`); a hidden node, or one inside a hidden node, is passed over.
    public var isFocusable = false
    public var background: Color? { didSet { if background != oldValue { changed(nil) } } }
    /// A horizontal gradient drawn over the background (in the node's bounds and corner radius).
    public var gradient: HorizontalGradient? { didSet { if gradient != oldValue { changed(nil) } } }
    public var image: ImageContent? { didSet { if image != oldValue { changed(nil) } } }
    public var text: TextContent? { didSet { if text != oldValue { changed(nil) } } }
    public var shadow: Shadow? { didSet { if shadow != oldValue { changed(nil) } } }
    /// A projective warp of what the node draws itself (background, image), from its bounds into its own
    /// coordinates, before its local transform: a picture turned in 3D and seen through a perspective (effects from
    /// files). A projected node draws no text or shadow, its children are not projected, and hit-testing follows the
    /// warp. Nil: none.
    public var projection: Homography? { didSet { if projection != oldValue { changed(nil) } } }
    /// Colour changes and blur of what the node draws itself (brightness, saturation, a shade over one edge, blur).
    public var imageEffects = ImageEffects.none { didSet { if imageEffects != oldValue { changed(nil) } } }

    public init(name: String = "", frame: Rect = .zero) {
        Node.nextID += 1
        id = Node.nextID
        self.name = name
        _frame = AnimatedValue(frame)
    }

    // MARK: Animatable properties

    public var frame: Rect {
        get { _frame.model }
        set { set(&_frame, newValue) }
    }
    public var offset: Point {
        get { _offset.model }
        set { set(&_offset, newValue) }
    }
    public var scale: Double {
        get { _scale.model }
        set { set(&_scale, newValue) }
    }
    public var opacity: Double {
        get { _opacity.model }
        set { set(&_opacity, newValue) }
    }
    public var cornerRadius: Double {
        get { _cornerRadius.model }
        set { set(&_cornerRadius, newValue) }
    }

    private func set<V: VectorValue>(_ value: inout AnimatedValue<V>, _ newValue: V) {
        // Setting the value it already has changes nothing (and does not restart or cut short an animation).
        if value.model == newValue { return }
        let tx = Transaction.current
        value.set(newValue, animation: tx?.animation, at: tx?.time ?? scene?.now ?? 0)
        changed(value.endTime)
    }

    /// Every setter calls this only when the value really changed: writing what a node already has owes no frame.
    private func changed(_ animationEnd: Double?) { scene?.noteChange(animationEnd: animationEnd) }

    // MARK: Presentation

    /// The presentation values at time `t`.
    public func presentation(at t: Double) -> Presentation {
        Presentation(frame: _frame.value(at: t), offset: _offset.value(at: t), scale: _scale.value(at: t),
                     opacity: _opacity.value(at: t), cornerRadius: _cornerRadius.value(at: t), anchor: anchor)
    }

    /// Whether any property is mid-animation at time `t`.
    public func isAnimating(at t: Double) -> Bool {
        _frame.isAnimating(at: t) || _offset.isAnimating(at: t) || _scale.isAnimating(at: t)
            || _opacity.isAnimating(at: t) || _cornerRadius.isAnimating(at: t)
    }

    /// Ends every running animation of this node: presentation jumps to the model.
    public func finishAnimations() {
        _frame.finish(); _offset.finish(); _scale.finish(); _opacity.finish(); _cornerRadius.finish()
        changed(nil)
    }

    // MARK: Tree

    /// Adds `child` last (on top of its siblings of the same zIndex).
    public func addChild(_ child: Node) { insertChild(child, before: nil) }

    /// Adds `child` just below `sibling` in paint order (last when `sibling` is nil or not a child).
    public func insertChild(_ child: Node, before sibling: Node?) {
        child.removeFromParent()
        child.parent = self
        child.attach(to: scene)
        if let sibling, let i = children.firstIndex(where: { $0 === sibling }) {
            children.insert(child, at: i)
        } else {
            children.append(child)
        }
        paintOrder = nil
        // A subtree animated before it was attached keeps animating: the scene must know until when.
        changed(child.latestAnimationEnd)
    }

    /// The latest end of any running animation in this node's subtree, or nil when none runs.
    public var latestAnimationEnd: Double? {
        let own = [_frame.endTime, _offset.endTime, _scale.endTime, _opacity.endTime, _cornerRadius.endTime].compactMap { $0 }.max()
        return children.reduce(own) { acc, c in
            guard let e = c.latestAnimationEnd else { return acc }
            return max(acc ?? e, e)
        }
    }

    public func removeFromParent() {
        guard let p = parent else { return }
        p.children.removeAll { $0 === self }
        p.paintOrder = nil
        parent = nil
        attach(to: nil)
        p.changed(nil)
    }

    public func removeAllChildren() {
        for c in children { c.parent = nil; c.attach(to: nil) }
        children.removeAll()
        paintOrder = nil
        changed(nil)
    }

    /// `childrenInPaintOrder` when some children's zIndex differ, kept until a child is added or removed or a
    /// child's zIndex changes: the paint pass asks every frame, and sorting allocates.
    private var paintOrder: [Node]?

    /// Children in paint order: by `zIndex`, then insertion order.
    public var childrenInPaintOrder: [Node] {
        if let paintOrder { return paintOrder }
        guard let first = children.first?.zIndex, !children.allSatisfy({ $0.zIndex == first }) else { return children }
        let sorted = children.enumerated().sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }.map(\.element)
        paintOrder = sorted
        return sorted
    }

    /// The nearest node from this one up to the root that carries a tag.
    public var taggedAncestor: Node? { tag != nil ? self : parent?.taggedAncestor }

    /// The transform from this node's space to the root's space at time `t`.
    public func worldTransform(at t: Double) -> Transform2D {
        let local = presentation(at: t).localTransform
        return parent.map { local.concatenating($0.worldTransform(at: t)) } ?? local
    }

    /// The on-screen rectangle of the node's bounds at time `t` (after every transform).
    public func worldFrame(at t: Double) -> Rect {
        worldTransform(at: t).apply(Rect(origin: .zero, size: presentation(at: t).frame.size))
    }
}

/// A node's presentation values at one instant.
public struct Presentation: Equatable, Sendable {
    public var frame: Rect
    public var offset: Point
    public var scale: Double
    public var opacity: Double
    public var cornerRadius: Double
    public var anchor: Point
    /// The bounds in the node's own space.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }
    /// Scale about the anchor, then translate by origin + offset.
    public var localTransform: Transform2D {
        let pivot = Point(anchor.x * frame.width, anchor.y * frame.height)
        let move = Transform2D.translation(frame.x + offset.x, frame.y + offset.y)
        return scale == 1 ? move : Transform2D.scale(scale, about: pivot).concatenating(move)
    }
}
