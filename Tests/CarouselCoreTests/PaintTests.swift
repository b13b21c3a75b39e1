import CarouselCore
import CarouselTesting
import Testing

@MainActor
@Suite("Paint pass")
struct PaintTests {
    /// The width the recorder measures text with when no renderer measures it: the deterministic text measurer's.
    func measure(_ text: String, _ font: FontSpec) -> Double { EstimatedTextMeasurer.shared.width(of: text, font: font) }

    let red = Color(1, 0, 0), blue = Color(0, 0, 1), green = Color(0, 1, 0)
    let shadow = Shadow(color: Color(0, 0, 0, 0.5), radius: 12, offset: Point(0, 4))
    let font = FontSpec(size: 14)

    func makeScene() -> (Scene, DrawListRecorder, FakeImageStore) {
        let scene = Scene(size: Size(400, 300))
        scene.clearColor = Color(0.1, 0.2, 0.3)
        return (scene, DrawListRecorder(size: Size(400, 300)), FakeImageStore())
    }

    func fills(_ r: DrawListRecorder, _ color: Color) -> [ResolvedDraw] {
        r.draws.filter { $0.kind == .fill(color) }
    }

    @Test("The exact command list for a card with shadow, background, image, text and a clipped child")
    func exactCommands() {
        let (scene, recorder, images) = makeScene()
        let handle = images.handle(for: "a.jpg", maxPixelSize: nil)
        let card = Node(name: "card", frame: Rect(10, 20, 200, 100))
        card.cornerRadius = 8
        card.shadow = shadow
        card.background = red
        card.image = ImageContent(handle, contentMode: .fit)
        card.text = TextContent("Hi", font: font, color: .white)
        card.clipsToBounds = true
        let inner = Node(name: "inner", frame: Rect(5, 5, 50, 40))
        inner.background = blue
        card.addChild(inner)
        scene.root.addChild(card)

        scene.paint(into: recorder, images: images)
        let bounds = Rect(0, 0, 200, 100)
        let expected: [DrawCommand] = [
            .beginFrame(Color(0.1, 0.2, 0.3)),
            .save,                                     // root: identity transform, nothing of its own
            .save,                                     // card
            .concatenate(.translation(10, 20)),
            .shadow(bounds, cornerRadius: 8, shadow: shadow),
            .fill(bounds, cornerRadius: 8, color: red),
            .image(handle, bounds, cornerRadius: 8, contentMode: .fit, opacity: 1),
            .text("Hi", at: .zero, font: font, color: .white),
            .clip(bounds, cornerRadius: 8),
            .save,                                     // inner
            .concatenate(.translation(5, 5)),
            .fill(Rect(0, 0, 50, 40), cornerRadius: 0, color: blue),
            .restore,
            .restore,
            .restore,
            .endFrame,
        ]
        #expect(recorder.commands == expected)

        // The same frame resolved to screen space.
        let onScreen = Rect(10, 20, 200, 100)
        let resolved: [(ResolvedDraw.Kind, Rect, cornerRadius: Double, clip: Rect?)] = [
            (.shadow(shadow), onScreen, 8, nil),
            (.fill(red), onScreen, 8, nil),
            (.image(handle, .fit), onScreen, 8, nil),
            (.text("Hi", font, .white), Rect(10, 20, measure("Hi", font), 14 * 1.2), 0, nil),
            (.fill(blue), Rect(15, 25, 50, 40), 0, onScreen),
        ]
        #expect(recorder.draws.count == resolved.count)
        for (d, e) in zip(recorder.draws, resolved) {
            #expect(d.kind == e.0)
            #expect(isClose(d.rect, e.1, 1e-9), "\(d.kind)")
            #expect(d.cornerRadius == e.cornerRadius && d.opacity == 1 && d.clip == e.clip, "\(d.kind)")
        }
        // Painting clears the dirty flag and a repaint gives the same frame.
        #expect(!scene.needsFrame)
        scene.paint(into: recorder, images: images)
        #expect(recorder.commands == expected)
    }

    @Test("A gradient is drawn over the background in the node's bounds and corner radius, and recorded as one drawing")
    func gradientNode() {
        let (scene, recorder, _) = makeScene()
        let n = Node(name: "fade", frame: Rect(10, 20, 100, 40))
        let g = HorizontalGradient(from: Color(0, 0, 0, 0.5), to: Color(0, 0, 0, 0))
        n.background = green
        n.gradient = g
        n.cornerRadius = 6
        scene.root.addChild(n)
        scene.paint(into: recorder, images: nil)
        let fills = recorder.commands.filter {
            switch $0 { case .fill, .gradient: true; default: false }
        }
        #expect(fills == [.fill(Rect(0, 0, 100, 40), cornerRadius: 6, color: green),
                          .gradient(Rect(0, 0, 100, 40), cornerRadius: 6, gradient: g)])
        #expect(recorder.draws.last?.kind == .gradient(g) && recorder.draws.last?.rect == Rect(10, 20, 100, 40))
        #expect(g.color(at: 0.5) == Color(0, 0, 0, 0.25))
        #expect(g.color(at: -1) == g.leading && g.color(at: 2) == g.trailing)
    }

    @Test("Centred text is placed by the renderer's measurement")
    func centredText() {
        let (scene, recorder, _) = makeScene()
        let n = Node(name: "label", frame: Rect(0, 0, 200, 100))
        n.text = TextContent("Hello", font: font, color: green, alignment: .center)
        scene.root.addChild(n)
        scene.paint(into: recorder, images: nil)
        let w = measure("Hello", font), h = 14 * 1.2
        #expect(recorder.commands.contains(.text("Hello", at: Point((200 - w) / 2, (100 - h) / 2), font: font, color: green)))
    }

    @Test("Trailing text ends at the right edge, centred vertically")
    func trailingText() {
        let (scene, recorder, _) = makeScene()
        let n = Node(name: "value", frame: Rect(0, 0, 80, 28))
        n.text = TextContent("150 pt", font: font, color: green, alignment: .trailing)
        scene.root.addChild(n)
        scene.paint(into: recorder, images: nil)
        let w = measure("150 pt", font), h = 14 * 1.2
        #expect(recorder.commands.contains(.text("150 pt", at: Point(80 - w, (28 - h) / 2), font: font, color: green)))
    }

    @Test("Scale about the anchor is one concatenated transform; radii scale on screen")
    func scaledNode() {
        let (scene, recorder, _) = makeScene()
        let n = Node(name: "n", frame: Rect(100, 50, 40, 20))
        n.scale = 2
        n.cornerRadius = 3
        n.background = red
        scene.root.addChild(n)
        scene.paint(into: recorder, images: nil)
        // Scale 2 about the centre (20, 10), then move to (100, 50).
        let t = Transform2D(a: 2, b: 0, c: 0, d: 2, tx: 100 - 20, ty: 50 - 10)
        #expect(recorder.commands.contains { if case .concatenate(let m) = $0 { return isClose(m, t) } else { return false } })
        let fill = fills(recorder, red)
        #expect(fill.count == 1)
        #expect(fill.first.map { isClose($0.rect, Rect(80, 40, 80, 40), 1e-9) && $0.cornerRadius == 6 } == true)
    }

    @Test("A loading image draws a placeholder fill instead of the image")
    func loadingImage() {
        let (scene, recorder, images) = makeScene()
        let handle = images.handle(for: "slow.jpg", maxPixelSize: nil)
        images.loading.insert("slow.jpg")
        let n = Node(name: "n", frame: Rect(0, 0, 200, 100))
        n.cornerRadius = 4
        n.image = ImageContent(handle)
        scene.root.addChild(n)
        scene.paint(into: recorder, images: images)
        let body = Array(recorder.commands.drop { $0 != .save }.dropFirst(2).dropLast(3))
        #expect(body == [.fill(Rect(0, 0, 200, 100), cornerRadius: 4, color: Color(hex: 0x3c4043))])
        #expect(recorder.draws.images.isEmpty)
        // Once loaded, the image itself is drawn.
        images.loading.remove("slow.jpg")
        scene.paint(into: recorder, images: images)
        #expect(recorder.draws.images.count == 1)
        #expect(!recorder.commands.contains { if case .fill = $0 { return true } else { return false } })
    }

    @Test("A failed image draws an error fill, a centred label and under it why, when they fit")
    func failedImage() {
        let (scene, recorder, images) = makeScene()
        let handle = images.handle(for: "bad.jpg", maxPixelSize: nil)
        images.failing["bad.jpg"] = "bad.jpg: not an image"
        let n = Node(name: "n", frame: Rect(0, 0, 200, 100))
        n.image = ImageContent(handle)
        let small = Node(name: "small", frame: Rect(250, 0, 50, 100))
        small.image = ImageContent(handle)
        scene.root.addChild(n)
        scene.root.addChild(small)
        scene.paint(into: recorder, images: images)
        let label = "⚠ can't load", labelFont = FontSpec(size: 12)
        let w = measure(label, labelFont), h = 12 * 1.2
        let errorColor = Color(hex: 0x5c2b29)
        #expect(errorColor != Color(hex: 0x3c4043))
        #expect(recorder.commands.contains(.fill(Rect(0, 0, 200, 100), cornerRadius: 0, color: errorColor)))
        // The label and one line of reason, centred together.
        let top = 0 + (100 - h - 1 * h) / 2
        #expect(recorder.commands.contains(.text(label, at: Point((200 - w) / 2, top), font: labelFont,
                                                 color: Color(1, 0.85, 0.8))))
        let reasonWidth = measure("not an image", labelFont)
        #expect(recorder.commands.contains(.text("not an image", at: Point((200 - reasonWidth) / 2, top + h), font: labelFont,
                                                 color: Color(1, 0.85, 0.8))))
        #expect(recorder.draws.images.isEmpty)
        // The 50-point-wide one gets the fill only: the label would not fit.
        #expect(fills(recorder, errorColor).count == 2)
        #expect(recorder.draws.texts == [label, "not an image"])
    }

    @Test("A long reason wraps at spaces to the tile's width, as many lines as its height holds, the last cut with …")
    func failedImageWraps() {
        let (scene, recorder, images) = makeScene()
        let handle = images.handle(for: "/photos/bad.jpg", maxPixelSize: nil)
        let reason = "corrupt or truncated JPEG image (it ends before its end-of-image marker)"
        images.failing["/photos/bad.jpg"] = "/photos/bad.jpg: " + reason
        let n = Node(name: "n", frame: Rect(0, 0, 160, 200))
        n.image = ImageContent(handle)
        scene.root.addChild(n)
        scene.paint(into: recorder, images: images)
        let lines = Array(recorder.draws.texts.dropFirst())
        #expect(lines.count > 1)
        #expect(lines.joined(separator: " ") == reason)
        let font = FontSpec(size: 12)
        #expect(lines.allSatisfy { measure($0, font) <= 160 - 16 })
        // A short tile keeps what fits: the label and one line ending in an ellipsis.
        n.frame = Rect(0, 0, 160, 48)
        scene.paint(into: recorder, images: images)
        #expect(recorder.draws.texts.count == 2)
        #expect(recorder.draws.texts.last?.hasSuffix("…") == true)
    }

    @Test("A ready image with a note (an animated GIF) shows it on a pill at its bottom-left when it fits")
    func note() {
        let (scene, recorder, images) = makeScene()
        let handle = images.handle(for: "anim.gif", maxPixelSize: nil)
        images.notes["anim.gif"] = "GIF: first frame of 12"
        let n = Node(name: "n", frame: Rect(0, 0, 200, 100))
        n.image = ImageContent(handle)
        scene.root.addChild(n)
        scene.paint(into: recorder, images: images)
        #expect(recorder.draws.images.count == 1)
        #expect(recorder.draws.texts == ["GIF: first frame of 12"])
        n.frame = Rect(0, 0, 60, 100)
        scene.paint(into: recorder, images: images)
        #expect(recorder.draws.texts.isEmpty)
    }

    @Test("Nodes that cannot reach the viewport are culled; shadows and overflowing children count")
    func culling() {
        let (scene, recorder, _) = makeScene()
        func add(_ name: String, _ frame: Rect, _ color: Color, to parent: Node? = nil) -> Node {
            let n = Node(name: name, frame: frame)
            n.background = color
            (parent ?? scene.root).addChild(n)
            return n
        }
        let offColor = Color(0.5, 0, 0), edgeColor = Color(0, 0.5, 0), adjacentColor = Color(0, 0, 0.5)
        let shadowColor = Color(0.5, 0.5, 0), smallShadowColor = Color(0, 0.5, 0.5)
        let childColor = Color(0.5, 0, 0.5), clippedChildColor = Color(0.25, 0.25, 0.25)
        _ = add("off", Rect(1000, 0, 100, 100), offColor)
        _ = add("edge", Rect(390, 290, 100, 100), edgeColor)
        _ = add("adjacent", Rect(400, 0, 100, 100), adjacentColor)
        add("shadowed", Rect(405, 0, 50, 50), shadowColor).shadow = Shadow(color: .black, radius: 10, offset: .zero)
        add("smallShadow", Rect(405, 100, 50, 50), smallShadowColor).shadow = Shadow(color: .black, radius: 2, offset: .zero)
        let parent = Node(name: "parent", frame: Rect(-500, 0, 100, 100))
        scene.root.addChild(parent)
        _ = add("child", Rect(600, 0, 50, 50), childColor, to: parent)
        let clipper = Node(name: "clipper", frame: Rect(-500, 150, 100, 100))
        clipper.clipsToBounds = true
        scene.root.addChild(clipper)
        _ = add("clippedChild", Rect(600, 0, 50, 50), clippedChildColor, to: clipper)
        scene.paint(into: recorder, images: nil)

        #expect(fills(recorder, offColor).isEmpty)
        #expect(fills(recorder, edgeColor).count == 1)
        #expect(fills(recorder, adjacentColor).isEmpty)
        #expect(fills(recorder, shadowColor).count == 1)
        #expect(fills(recorder, smallShadowColor).isEmpty)
        #expect(fills(recorder, childColor).map(\.rect) == [Rect(100, 0, 50, 50)])
        #expect(fills(recorder, clippedChildColor).isEmpty)
        // A culled node costs no commands at all: saves and restores balance and match the drawn nodes
        // (root, edge, shadowed, parent, child).
        #expect(recorder.commands.filter { $0 == .save }.count == 5)
        #expect(recorder.commands.filter { $0 == .restore }.count == 5)
    }

    @Test("Opacity multiplies down the tree; hidden and (almost) transparent nodes draw nothing")
    func opacity() {
        let (scene, recorder, images) = makeScene()
        let handle = images.handle(for: "a.jpg", maxPixelSize: nil)
        let parent = Node(name: "parent", frame: Rect(0, 0, 300, 300))
        parent.opacity = 0.5
        parent.background = red
        let child = Node(name: "child", frame: Rect(10, 10, 100, 100))
        child.opacity = 0.4
        child.background = blue
        child.image = ImageContent(handle)
        let ghost = Node(name: "ghost", frame: Rect(10, 150, 50, 50))
        ghost.opacity = 0.0005
        ghost.background = green
        let hidden = Node(name: "hidden", frame: Rect(100, 150, 50, 50))
        hidden.isHidden = true
        hidden.background = green
        parent.addChild(child); parent.addChild(ghost); parent.addChild(hidden)
        scene.root.addChild(parent)
        scene.paint(into: recorder, images: images)

        #expect(fills(recorder, red).map(\.opacity) == [0.5])
        #expect(fills(recorder, blue).map { abs($0.opacity - 0.2) < 1e-12 } == [true])
        #expect(recorder.draws.images.map { abs($0.opacity - 0.2) < 1e-12 } == [true])
        #expect(fills(recorder, green).isEmpty)
        #expect(recorder.commands.filter { if case .multiplyOpacity = $0 { return true } else { return false } }
                == [.multiplyOpacity(0.5), .multiplyOpacity(0.4)])
        // Opacity is restored after the subtree: a sibling after the parent draws fully opaque.
        let sibling = Node(name: "sibling", frame: Rect(320, 0, 50, 50))
        sibling.background = green
        scene.root.addChild(sibling)
        scene.paint(into: recorder, images: images)
        #expect(fills(recorder, green).map(\.opacity) == [1])
    }

    @Test("Children paint in zIndex order, ties in insertion order")
    func zOrder() {
        let (scene, recorder, _) = makeScene()
        let colors = [Color(0.1, 0, 0), Color(0.2, 0, 0), Color(0.3, 0, 0), Color(0.4, 0, 0)]
        let z = [0, 2, 1, 0]
        for i in 0..<4 {
            let n = Node(name: "\(i)", frame: Rect(Double(i) * 10, 0, 50, 50))
            n.background = colors[i]
            n.zIndex = z[i]
            scene.root.addChild(n)
        }
        scene.paint(into: recorder, images: nil)
        #expect(recorder.draws.map(\.kind) == [0, 3, 2, 1].map { .fill(colors[$0]) })
    }

    @Test("The paint pass draws the presentation at the scene's time")
    func paintsPresentation() {
        let (scene, recorder, _) = makeScene()
        let n = Node(name: "n", frame: Rect(0, 0, 100, 50))
        n.background = red
        scene.root.addChild(n)
        scene.withAnimation(.easeInOut(0.4)) { n.frame = Rect(200, 100, 100, 50) }
        scene.advance(to: 0.1)
        scene.paint(into: recorder, images: nil)
        let p = Reference.easeInOut(0.25)
        #expect(fills(recorder, red).map { isClose($0.rect, Rect(200 * p, 100 * p, 100, 50), 1e-6) } == [true])
    }
}
