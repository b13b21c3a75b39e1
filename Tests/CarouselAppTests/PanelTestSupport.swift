import CarouselSupport
import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Foundation

/// A Preview with the tuning panel, driven by the input simulator on the manual clock, with presets in a fresh
/// temporary folder (removed by `cleanUp`) and a fake clipboard.
@MainActor
final class PanelFixture {
    let preview: Preview
    let sim: InputSimulator
    let userRoot: URL
    let clipboard = FakeClipboard()

    init(style: String = "expand", size: Size = Size(1280, 720)) throws {
        let deck = Deck.sample(count: 12)
        preview = try Preview(deck: deck, images: deck.fakeImageStore(), size: size, style: style)
        sim = InputSimulator(driver: preview, size: size)
        userRoot = FileManager.default.temporaryDirectory.appendingPathComponent("panel-tests-\(UUID().uuidString)")
        preview.panel.presets = PresetStore(shippedRoot: ResourceLocator.resourcesFolder().map { $0 + "/presets" },
                                            userRoot: userRoot.path)
        preview.clipboard = clipboard
    }

    func cleanUp() { try? FileManager.default.removeItem(at: userRoot) }

    var parameters: Parameters { preview.currentParameters }
    func number(_ key: String) -> Double { parameters.number(key) }

    /// Opens the panel with P (it takes the keyboard focus).
    func open() { sim.key("p") }

    /// The first node named `name` in the window's chrome (the panel's scene), then in the panes, depth first.
    func node(_ name: String) -> Node? {
        func find(_ n: Node) -> Node? {
            if n.name == name { return n }
            for c in n.children { if let hit = find(c) { return hit } }
            return nil
        }
        return ([preview.chrome] + preview.panes.map(\.scene)).lazy.compactMap { find($0.root) }.first
    }

    /// The on-screen rectangle of the node named `name`.
    func frame(_ name: String) -> Rect? { node(name)?.worldFrame(at: preview.scene.now) }

    /// Presses the left button at `a`, moves to each point in turn (a frame each), and releases at the last.
    func drag(from a: Point, through points: [Point], each: (Int) -> Void = { _ in }) {
        sim.send(.pointerMove(a), .pointerDown(a, .left))
        for (i, p) in points.enumerated() {
            sim.send(.pointerMove(p))
            each(i)
        }
        sim.send(.pointerUp(points.last ?? a, .left))
    }

    func shiftDown() { sim.send(.keyDown(Key("left shift"), [.shift], isRepeat: false)) }
    func shiftUp() { sim.send(.keyUp(Key("left shift"), [])) }

    /// A style state value as JSON.
    func state(_ key: String) -> JSONValue? { preview.styleState.first { $0.key == key }?.value }
}

/// A clipboard that keeps what it is given.
@MainActor
final class FakeClipboard: Clipboard {
    var text: String?
    var failure: String?
    func setText(_ text: String) throws(ClipboardError) {
        if let failure { throw ClipboardError(failure) }
        self.text = text
    }
    func readText() -> String? { text }
}
