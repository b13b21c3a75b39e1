import CarouselCore
import CarouselStyles
import CarouselTesting
import Testing

/// What each style becomes under reduced motion (docs/accessibility.md), and the keyboard's Enter.
@Suite("Reduced motion in the styles")
@MainActor
struct ReducedMotionStyleTests {
    let size = Size(1280, 720)

    func make<S: BuiltInStyle>(_ type: S.Type, reduced: Bool, count: Int = 12, _ overrides: [String: ParameterValue] = [:])
        throws -> (StyleHarness<S>, InputSimulator) {
        let h = try StyleHarness(type, deck: .sample(count: count), size: size, overrides: overrides)
        h.scene.reducesMotion = reduced
        h.style.apply(h.parameters)
        return (h, InputSimulator(driver: h, size: size))
    }

    /// The style's `scrollOffset` after each 60 Hz frame for `seconds`.
    func offsets<S: BuiltInStyle>(_ h: StyleHarness<S>, _ sim: InputSimulator, for seconds: Double) -> [Double] {
        var out: [Double] = []
        for _ in 0..<Int(seconds * 60) {
            sim.wait(1.0 / 60)
            out.append(h.state("scrollOffset")?.numberValue ?? .nan)
        }
        return out
    }

    /// How many frames in a row the offset kept changing at most (a cut changes it in one frame).
    func longestMove(_ samples: [Double]) -> Int {
        var longest = 0, run = 0
        for (a, b) in zip(samples, samples.dropFirst()) {
            run = abs(b - a) > 1e-6 ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// Presses Right `times` times, 0.3 s apart, sampling the offset throughout.
    func rights<S: BuiltInStyle>(_ h: StyleHarness<S>, _ sim: InputSimulator, times: Int) -> [Double] {
        var samples: [Double] = []
        for _ in 0..<times {
            sim.key("right")
            samples += offsets(h, sim, for: 0.3)
        }
        return samples + offsets(h, sim, for: 1)
    }

    @Test("Keys cut instead of sliding in every style with a scroll (expand, stitch, loop, circular, paging); without reduced motion they slide")
    func keysCut() throws {
        func check<S: BuiltInStyle>(_ type: S.Type) throws {
            for reduced in [false, true] {
                let (h, sim) = try make(type, reduced: reduced)
                let samples = rights(h, sim, times: 8)
                #expect(samples.last != samples.first, "\(S.descriptor.name) moved")
                if reduced {
                    #expect(longestMove(samples) <= 1, "\(S.descriptor.name): every move is a cut")
                } else {
                    #expect(longestMove(samples) >= 5, "\(S.descriptor.name): the moves slide")
                }
            }
        }
        try check(ExpandStyle.self)
        try check(StitchStyle.self)
        try check(LoopStyle.self)
        try check(CircularStyle.self)
        try check(PagingStyle.self)
    }

    @Test("Paging: the new page cross-fades in place over the old one, with the page curve's timing, then stands alone")
    func pagingCrossFades() throws {
        let (h, sim) = try make(PagingStyle.self, reduced: true, count: 5)
        sim.key("right")
        sim.wait(0.25)
        let mid = h.items.sorted { $0.opacity < $1.opacity }
        #expect(mid.count == 2)
        #expect(mid.map(\.index) == [1, 0], "page 1 fades in over page 0")
        #expect(mid.allSatisfy { $0.frame == Rect(0, 48, 1280, 604) }, "both in place: \(mid.map(\.frame))")
        #expect(mid[0].opacity > 0.2 && mid[0].opacity < 0.8, "half way: \(mid[0].opacity)")
        #expect(mid[1].opacity == 1)
        sim.wait(0.5)
        #expect(h.items.map(\.index) == [1] && h.items[0].opacity == 1)
        #expect(h.state("page") == .number(1))
    }

    @Test("Paging after the last page: the first fades in, whatever the wrap, without crossing the pages or a copy")
    func pagingWraps() throws {
        for wrap in ["rewind", "seamless"] {
            let (h, sim) = try make(PagingStyle.self, reduced: true, count: 4, ["wrap": .text(wrap)])
            for _ in 0..<3 { sim.key("right"); sim.wait(0.6) }
            #expect(h.state("page") == .number(3))
            if wrap == "rewind" { h.style.advance() } else { sim.key("right") }
            sim.wait(1.0 / 60)
            #expect(h.state("page") == .number(0), "\(wrap)")
            #expect(h.state("scrollOffset") == .number(0), "\(wrap): on the real first page at once")
            #expect(Set(h.items.map(\.index)) == [0, 3], "\(wrap): the first fading in over the last")
        }
    }

    @Test("Expand widens as tuned under reduced motion, but its poster does not zoom")
    func expandWidens() throws {
        for reduced in [false, true] {
            let (h, sim) = try make(ExpandStyle.self, reduced: reduced)
            sim.key("right")
            sim.wait(0.2)
            let item = try #require(h.items.first { $0.index == 0 })
            #expect(item.frame.width > 150 && item.frame.width < 250, "widening half way: \(item.frame.width)")
            let poster = try #require(firstNode(named: "expand.poster", in: h.scene.root))
            #expect(reduced ? poster.scale == 1 : poster.scale > 1, "poster scale \(poster.scale)")
        }
    }

    @Test("Stitch: Enter stitches and separates; under reduced motion the gaps close in at most 0.1 s")
    func stitchEnter() throws {
        for reduced in [false, true] {
            let (h, sim) = try make(StitchStyle.self, reduced: reduced, ["stitchDuration": .number(0.5)])
            let before = h.items.map(\.frame.x)
            sim.key("return")
            #expect(h.state("seamless") == .bool(true))
            sim.wait(0.1)
            let at = h.items.map(\.frame.x)
            sim.wait(1)
            let settled = h.items.map(\.frame.x)
            #expect(before != settled)
            #expect(reduced ? at == settled : at != settled, "after 0.1 s the gaps are \(reduced ? "" : "not ")closed")
            sim.key("return")
            #expect(h.state("seamless") == .bool(false))
        }
    }

    @Test("Circular: Enter switches Normal / Scaled; under reduced motion at once")
    func circularEnter() throws {
        for reduced in [false, true] {
            let (h, sim) = try make(CircularStyle.self, reduced: reduced)
            sim.key("return")
            #expect(h.state("mode") == .string("scaled"))
            sim.wait(1.0 / 60)
            let blend = h.style.modeBlend
            #expect(reduced ? blend == 1 : blend < 1, "blend \(blend)")
        }
    }

    @Test("Expand: Enter with nothing expanded opens the first item in view, pinned; again unpins it")
    func expandEnter() throws {
        let (h, sim) = try make(ExpandStyle.self, reduced: false)
        sim.key("return")
        #expect(h.state("expanded") == .number(0) && h.state("pinned") == .number(0))
        sim.key("return")
        #expect(h.state("pinned") == .null)
    }

    @Test("Pointer targets: paging's dot cells (24 pt wide with the default 12 pt dots, 16 with 8), circular's picker, stitch's row")
    func targets() throws {
        let (paging, _) = try make(PagingStyle.self, reduced: false, count: 5)
        let cells = paging.style.pointerTargets
        #expect(cells.count == 5 && cells[1].name == "page dot 2")
        #expect(cells[1].frame.width == 24 && cells[1].fix != nil)
        try paging.set("dotSize", .number(8))
        paging.update(to: 0)
        #expect(paging.style.pointerTargets[1].frame.width == 16)
        let (circular, _) = try make(CircularStyle.self, reduced: false)
        #expect(circular.style.pointerTargets.filter { $0.name.hasPrefix("picker") }.map(\.frame.width) == [90, 90])
        let (stitch, _) = try make(StitchStyle.self, reduced: false)
        #expect(stitch.style.pointerTargets.map(\.name) == ["row"])
    }

    func firstNode(named name: String, in node: Node) -> Node? {
        if node.name == name && !node.isHidden { return node }
        for child in node.children { if let n = firstNode(named: name, in: child) { return n } }
        return nil
    }
}
