import CarouselCore

/// Delivers input to the style of one scene as the window does: pointer events through the scene's `PointerRouter`
/// (the style's own targets first, such as stitch's row or circular's picker, then the style itself, which is the
/// scene root's handler), everything else to the style directly. A pane and a test harness hold one each.
@MainActor
public final class StyleInput {
    /// The scene's pointer router (capture, enter and leave).
    public let router: PointerRouter
    private let style: () -> any CarouselStyle

    /// Input for `scene`, whose active style `style` returns (it may change: a style switch).
    public init(scene: Scene, style: @escaping () -> any CarouselStyle) {
        router = PointerRouter(scene: scene)
        self.style = style
        scene.root.onPointer = { event in style().handle(event) }
    }

    /// Delivers `event`; returns whether it was used.
    @discardableResult
    public func deliver(_ event: InputEvent) -> Bool {
        router.route(event) ?? style().handle(event)
    }

    /// Forgets the press in progress (the style was made anew).
    public func reset() { router.reset() }
}
