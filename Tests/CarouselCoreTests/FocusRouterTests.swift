import CarouselCore
import Testing

/// Keyboard focus through the tree: stops in tree order, Tab's cycle through "no focus", bubbling, enter and leave.
@Suite("Focus router")
@MainActor
struct FocusRouterTests {
    /// A scene whose root holds `group` (a handler with two focusable children, `first` and `second`), then
    /// `hiddenStop` inside a hidden node, then `last`; every handler logs what it got. `second` uses "x", `group`
    /// uses "y", nothing uses "z".
    @MainActor
    final class Tree {
        let scene = Scene(size: Size(400, 200))
        let group = Node(name: "group")
        let first = Node(name: "first"), second = Node(name: "second")
        let hidden = Node(name: "hidden"), hiddenStop = Node(name: "hiddenStop")
        let last = Node(name: "last")
        var log: [String] = []
        let router: FocusRouter

        init() {
            router = FocusRouter(scene: scene)
            // Paint order plays no part: `last` is drawn first, `group` last.
            group.zIndex = 5
            scene.root.addChild(group)
            group.addChild(first)
            group.addChild(second)
            scene.root.addChild(hidden)
            hidden.addChild(hiddenStop)
            hidden.isHidden = true
            scene.root.addChild(last)
            last.zIndex = -5
            for n in [first, second, hiddenStop, last] { n.isFocusable = true }
            for n in [group, first, second, hiddenStop, last] {
                n.onKey = { [unowned self, unowned n] e in
                    switch e {
                    case .focus(let on): log.append("\(n.name) \(on ? "in" : "out")"); return true
                    case .keyDown(let k, _, _):
                        log.append("\(n.name) \(k.name)")
                        return (n === second && k.name == "x") || (n === group && k.name == "y")
                    default: return false
                    }
                }
            }
        }

        func take() -> [String] { defer { log = [] }; return log }
        func key(_ name: String) -> Bool? { router.route(.keyDown(Key(name), [], isRepeat: false)) }
    }

    @Test("Stops come in tree order, hidden subtrees left out; Tab runs through them to no focus and starts again")
    func tabCycle() {
        let t = Tree()
        #expect(t.router.stops.map(\.name) == ["first", "second", "last"])
        #expect(t.router.move(forward: true) === t.first)
        #expect(t.router.move(forward: true) === t.second)
        #expect(t.router.move(forward: true) === t.last)
        #expect(t.router.move(forward: true) == nil, "past the last stop: no focus")
        #expect(t.router.move(forward: true) === t.first, "and round again")
        #expect(t.router.move(forward: false) == nil, "Shift+Tab before the first: no focus")
        #expect(t.router.move(forward: false) === t.last, "Shift+Tab from none: the last")
        t.hidden.isHidden = false
        #expect(t.router.move(forward: false) === t.hiddenStop, "a shown subtree's stops take their place in the order")
    }

    @Test("Entering and leaving: a group hears when the focus comes into it and goes out, not while it moves inside")
    func enterAndLeave() {
        let t = Tree()
        t.router.move(forward: true)
        #expect(t.take() == ["group in", "first in"], "outermost first")
        t.router.move(forward: true)
        #expect(t.take() == ["first out", "second in"], "the group keeps the focus")
        t.router.move(forward: true)
        #expect(t.take() == ["second out", "group out", "last in"], "innermost first")
        t.router.focus(nil)
        #expect(t.take() == ["last out"])
    }

    @Test("A key goes to the focused node, then up while handlers pass; nothing focused: nil")
    func bubbling() {
        let t = Tree()
        #expect(t.key("x") == nil)
        t.router.move(forward: true)
        t.router.move(forward: true)
        _ = t.take()
        #expect(t.key("x") == true)
        #expect(t.take() == ["second x"], "used where it landed")
        #expect(t.key("y") == true)
        #expect(t.take() == ["second y", "group y"], "bubbled to the group")
        #expect(t.key("z") == false)
        #expect(t.take() == ["second z", "group z"])
        #expect(t.router.route(.keyUp(Key("x"), [])) == nil, "only presses are routed")
    }

    @Test("A focused node that is hidden or leaves the tree loses the focus, and its handlers hear it")
    func validation() {
        let t = Tree()
        t.router.focus(t.second)
        _ = t.take()
        t.group.isHidden = true
        #expect(t.key("x") == nil, "the hidden stop has no focus any more")
        #expect(t.take() == ["second out", "group out"])
        #expect(t.router.focused == nil)
        t.router.focus(t.last)
        t.last.removeFromParent()
        t.router.validate()
        #expect(t.router.focused == nil)
        #expect(t.router.isFocused(within: t.scene.root) == false)
    }
}
