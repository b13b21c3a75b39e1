import CarouselSupport
import CarouselCore
import CarouselStyles

extension Deck {
    /// A deck for tests: `count` items with mixed aspect ratios (portrait, landscape, square, wide) named
    /// item0.jpg, item1.jpg, ...; sizes are known up front.
    public static func sample(count: Int) -> Deck {
        let shapes = [Size(400, 600), Size(600, 400), Size(500, 500), Size(800, 300), Size(300, 450)]
        return Deck(name: "sample", items: (0..<count).map { i in
            DeckItem(image: "/test/item\(i).jpg", title: "Item \(i)",
                     details: [("year", "\(2000 + i)"), ("licence", "CC0"), ("size", "\(Int(shapes[i % 5].width))×\(Int(shapes[i % 5].height))")],
                     size: shapes[i % shapes.count])
        })
    }

    /// The matching fake image store: every item ready with its deck size.
    @MainActor public func fakeImageStore() -> FakeImageStore {
        let store = FakeImageStore()
        for item in items { store.sizes[item.image] = item.size ?? store.defaultSize }
        return store
    }
}

/// Hosts one style with no app around it, on a manual clock: a `FrameDriver` for `InputSimulator`. A built-in style
/// by its type, or any style by its definition (an effect from a file).
@MainActor
public final class StyleHarness<S: CarouselStyle>: FrameDriver {
    public let scene: Scene
    public let container = Node(name: "style")
    public let deck: Deck
    public let images: FakeImageStore
    public private(set) var parameters: Parameters
    public private(set) var style: S!
    public var wantsQuit: Bool { false }
    /// Input as the window delivers it (pointer events through the scene's router).
    private var input: StyleInput!

    /// Builds the style `make` gives on `deck` at `size` with `specs`, parameter `overrides` applied over their
    /// defaults.
    private init(specs: [ParameterSpec], deck: Deck, size: Size, overrides: [String: ParameterValue],
                 make: (StyleContext, Parameters) -> S) throws {
        scene = Scene(size: size)
        self.deck = deck
        images = deck.fakeImageStore()
        container.frame = Rect(origin: .zero, size: size)
        scene.root.addChild(container)
        var p = Parameters(specs: specs)
        for (k, v) in overrides { try p.set(k, v) }
        parameters = p
        style = make(StyleContext(scene: scene, container: container, deck: deck, images: images), p)
        input = StyleInput(scene: scene) { [unowned self] in style }
        style.layout()
    }

    /// Hosts `definition`'s style (which must be an `S`) on `deck` at `size`.
    public convenience init(definition: StyleDefinition, deck: Deck = .sample(count: 12), size: Size = Size(1280, 720),
                            overrides: [String: ParameterValue] = [:]) throws {
        try self.init(specs: definition.descriptor.parameters, deck: deck, size: size, overrides: overrides) { context, p in
            definition.makeStyle(context: context, parameters: p) as! S
        }
    }

    /// Changes one parameter live.
    public func set(_ key: String, _ value: ParameterValue) throws {
        try parameters.set(key, value)
        style.apply(parameters)
    }

    public func handle(_ event: InputEvent) {
        if case .resize(let s) = event {
            scene.size = s
            container.frame = Rect(origin: .zero, size: s)
        }
        input.deliver(event)
    }
    public func update(to time: Double) {
        scene.advance(to: time)
        if scene.needsFrame { style.layout() }
    }
    public var needsFrame: Bool { scene.needsFrame }
    public var nextWakeTime: Double? { scene.nextWakeTime }
    public func draw(into renderer: Renderer) { scene.paint(into: renderer, images: images) }

    /// The layout items at the current time.
    public var items: [LayoutItem] { style.layoutItems() }
    /// A state value by key.
    public func state(_ key: String) -> JSONValue? { style.state.last { $0.key == key }?.value }
}

extension StyleHarness where S: BuiltInStyle {
    /// Builds the style on `deck` at `size` with parameter `overrides` applied over the defaults.
    public convenience init(_ type: S.Type = S.self, deck: Deck = .sample(count: 12), size: Size = Size(1280, 720),
                            overrides: [String: ParameterValue] = [:]) throws {
        try self.init(specs: S.descriptor.parameters, deck: deck, size: size, overrides: overrides) { S(context: $0, parameters: $1) }
    }
}
