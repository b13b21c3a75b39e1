/// Handles one key event (`.keyDown`) or a focus notice (`.focus(true)`, `.focus(false)`) in the node that has
/// keyboard focus or one of its ancestors; returns whether it used the key (a notice's answer is not read). An unused
/// key bubbles to the next handler up the tree.
public typealias KeyHandler = @MainActor (InputEvent) -> Bool

/// Keyboard focus in a scene's tree, the keyboard's counterpart of `PointerRouter`: one focused node, keys delivered
/// through the tree from it.
///
/// - **Stops**: the nodes with `Node.isFocusable`, in tree order (a walk that visits a node before its children and
///   children in the order they were added; paint order plays no part), leaving out hidden subtrees. Tab moves to
///   the next stop, Shift+Tab to the previous; past the last (or before the first) there is no focus, and the next
///   move starts again at the first (or last): so "no focus" is one place in the cycle, as leaving a page's controls
///   is.
/// - **Bubbling**: a key goes to the focused node's `onKey`, then to each ancestor's that has one, until one uses it.
/// - **Enter and leave**: when focus moves, the handlers on the old path that are not on the new one get
///   `.focus(false)` (innermost first), then those on the new path that were not on the old one get `.focus(true)`
///   (outermost first). A parent whose children are stops (the panes of a comparison) hears nothing while the focus
///   moves among them, and hears when it comes in and when it goes out.
@MainActor
public final class FocusRouter {
    private unowned let scene: Scene
    /// The node with keyboard focus, if any.
    public private(set) var focused: Node?
    /// The handlers from the focused node up, innermost first, as told.
    private var path: [Node] = []

    /// A router for `scene`'s tree.
    public init(scene: Scene) { self.scene = scene }

    /// The stops in Tab order.
    public var stops: [Node] {
        var found: [Node] = []
        func walk(_ node: Node) {
            guard !node.isHidden else { return }
            if node.isFocusable { found.append(node) }
            for child in node.children { walk(child) }
        }
        walk(scene.root)
        return found
    }

    /// Moves the focus to the next stop (`forward`) or the previous one; from no focus to the first (or last); past
    /// the end to no focus. Returns the node focused now.
    @discardableResult
    public func move(forward: Bool) -> Node? {
        let order = stops
        let next: Node?
        if let focused, let i = order.firstIndex(where: { $0 === focused }) {
            let j = forward ? i + 1 : i - 1
            next = order.indices.contains(j) ? order[j] : nil
        } else {
            next = forward ? order.first : order.last
        }
        focus(next)
        return next
    }

    /// Focuses `node` (nil: no focus), telling the handlers that lose and gain it.
    public func focus(_ node: Node?) {
        let newPath = node.map(handlers(from:)) ?? []
        let left = path.filter { old in !newPath.contains { $0 === old } }
        let entered = newPath.filter { new in !path.contains { $0 === new } }
        focused = node
        path = newPath
        for n in left { _ = n.onKey?(.focus(false)) }
        for n in entered.reversed() { _ = n.onKey?(.focus(true)) }
    }

    /// Whether `node` or a node inside it has the focus.
    public func isFocused(within node: Node) -> Bool {
        var n = focused
        while let m = n {
            if m === node { return true }
            n = m.parent
        }
        return false
    }

    /// Drops the focus when the focused node is no longer a stop (it left the tree, was hidden, or stopped being
    /// focusable), telling its handlers.
    public func validate() {
        guard let focused else { return }
        if !stops.contains(where: { $0 === focused }) { focus(nil) }
    }

    /// Delivers a key press through the focused node and its ancestors: whether a handler used it, or nil when
    /// nothing has the focus or the event is not a key press.
    @discardableResult
    public func route(_ event: InputEvent) -> Bool? {
        guard case .keyDown = event else { return nil }
        validate()
        guard let focused else { return nil }
        return handlers(from: focused).contains { $0.onKey?(event) ?? false }
    }

    /// `node` and its ancestors that have a key handler, innermost first.
    private func handlers(from node: Node) -> [Node] {
        var chain: [Node] = []
        var n: Node? = node
        while let m = n {
            if m.onKey != nil { chain.append(m) }
            n = m.parent
        }
        return chain
    }
}
