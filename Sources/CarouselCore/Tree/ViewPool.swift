/// The views of a virtual row: one view for each key (a deck item, a strip slot) that can be seen now, taken from a
/// pool of spare views and given back when its key leaves the window, so a row of 100,000 items costs what the window
/// shows. Every style's row is one: the style says which keys are visible and where each goes; the pool binds,
/// recycles and keeps the tree holding only the views in use, in key order (a later key draws on top, and a view
/// keeps its place in paint order whatever order the keys were bound in).
///
/// A layout pass: `layout { view in ... view(key) ... }` — every key asked for in the pass gets its view (kept from
/// the last pass, or a spare one bound to it, or a new one), and views of keys not asked for are unbound and leave
/// the tree.
@MainActor
public final class ViewPool<View: AnyObject> {
    /// The views in use, by key.
    public private(set) var bound: [Int: View] = [:]
    /// How many views were ever made (spare and bound): what the row costs.
    public private(set) var madeCount = 0
    private var spare: [View] = []
    private var asked: Set<Int> = []
    private let parent: Node
    private let make: () -> View
    private let root: (View) -> Node
    private let bind: (View, Int) -> Void
    private let unbind: (View) -> Void

    /// A pool whose views' `root` nodes go into `parent` while bound. `bind` points a view at a key (it is called
    /// once per binding, not every pass); `unbind` lets go of what a view held when its key leaves the window.
    public init(parent: Node, make: @escaping () -> View, root: @escaping (View) -> Node,
                bind: @escaping (View, Int) -> Void, unbind: @escaping (View) -> Void = { _ in }) {
        self.parent = parent
        self.make = make
        self.root = root
        self.bind = bind
        self.unbind = unbind
    }

    /// One layout pass: `place` is given a function returning the view of a visible key (to be placed by the
    /// caller); the views of keys it did not ask for are recycled afterwards.
    public func layout(_ place: (_ view: (Int) -> View) -> Void) {
        asked.removeAll(keepingCapacity: true)
        place { key in
            asked.insert(key)
            return view(for: key)
        }
        // Every key asked for is bound, so equal counts mean nothing left the window (most frames): no scan.
        guard bound.count != asked.count else { return }
        for key in bound.keys.filter({ !asked.contains($0) }) { recycle(key) }
    }

    /// The view bound to `key`, if it is in use.
    public subscript(key: Int) -> View? { bound[key] }

    /// The key of the bound view whose root is `node` (a hit-test's answer), if any.
    public func key(of node: Node) -> Int? { bound.first { root($0.value) === node }?.key }

    /// The bound views ordered by key (left to right in a row).
    public var inKeyOrder: [(key: Int, view: View)] { bound.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }

    /// Recycles every bound view: the next pass binds afresh (after a change that every binding depends on).
    public func recycleAll() {
        for key in Array(bound.keys) { recycle(key) }
    }

    private func view(for key: Int) -> View {
        if let view = bound[key] { return view }
        let view: View
        if let reused = spare.popLast() {
            view = reused
        } else {
            view = make()
            madeCount += 1
        }
        bind(view, key)
        // Just below the bound view of the next key, so the parent's children stay in key order.
        let next = bound.keys.filter { $0 > key }.min()
        parent.insertChild(root(view), before: next.flatMap { bound[$0] }.map(root))
        bound[key] = view
        return view
    }

    private func recycle(_ key: Int) {
        guard let view = bound.removeValue(forKey: key) else { return }
        unbind(view)
        root(view).removeFromParent()
        spare.append(view)
    }
}
