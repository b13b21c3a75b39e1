import CarouselCore
import CarouselTesting
import Testing

/// The scroll controller's nearest-target search (a binary search over cached targets since issue 10) agrees with a
/// plain scan, across clamping, near-duplicates and ties, and follows changes of the targets and the range.
@Suite("Scroll controller: nearest snap target")
@MainActor
struct ScrollSnapSearchTests {
    /// The reference: clamp, drop targets within half a point of the previous one, take the first nearest.
    func reference(_ targets: [Double], max: Double, offset: Double) -> Int? {
        var effective: [Double] = []
        for t in targets.map({ Swift.min(Swift.max($0, 0), max) }) where effective.last.map({ abs($0 - t) > 0.5 }) ?? true {
            effective.append(t)
        }
        guard !effective.isEmpty else { return nil }
        return effective.indices.min { abs(effective[$0] - offset) < abs(effective[$1] - offset) }
    }

    @Test("Matches a linear scan on random rows, offsets and ranges", arguments: [UInt64(11), 12, 13, 14])
    func matchesScan(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let scene = Scene(size: Size(800, 600))
        let scroll = ScrollController(scene: scene)
        for _ in 0..<300 {
            var x = Double.random(in: -50...20, using: &rng)
            let targets: [Double] = (0..<Int.random(in: 0...40, using: &rng)).map { _ in
                x += [0, 0.3, 1, 10, 150].randomElement(using: &rng)!
                return x
            }
            let max = Double.random(in: 0...(x > 0 ? x : 100), using: &rng)
            scroll.maxOffset = max
            scroll.snapTargets = targets
            for _ in 0..<10 {
                let offset = Double.random(in: -60...(Swift.max(x, 0) + 60), using: &rng)
                #expect(scroll.nearestTargetIndex(to: offset) == reference(targets, max: max, offset: offset),
                        "targets \(targets), max \(max), offset \(offset)")
            }
        }
    }

    @Test("Ties go to the lower target, and new targets or a new range are seen at once")
    func tiesAndChanges() {
        let scene = Scene(size: Size(800, 600))
        let scroll = ScrollController(scene: scene)
        scroll.maxOffset = 1000
        scroll.snapTargets = [0, 100, 200]
        #expect(scroll.nearestTargetIndex(to: 50) == 0)
        #expect(scroll.nearestTargetIndex(to: 151) == 2)
        scroll.snapTargets = [0, 300]
        #expect(scroll.nearestTargetIndex(to: 151) == 1)
        // A smaller range clamps 300 onto 120.
        scroll.maxOffset = 120
        #expect(scroll.nearestTargetIndex(to: 100) == 1)
        scroll.step(by: 1)
        #expect(scroll.offset == 120)
    }
}

/// Lazy targets (a count and an offset per index, issue 18) rest where the same targets as a list rest, for rows
/// whose targets are at least a point apart, across clamping at both ends.
@Suite("Scroll controller: lazy snap targets")
@MainActor
struct LazySnapTargetTests {
    @Test("Agree with the list on random rows, ranges and offsets (ranges under a point too)", arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func agreeWithTheList(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let scene = Scene(size: Size(800, 600))
        let list = ScrollController(scene: scene), lazy = ScrollController(scene: scene)
        for _ in 0..<300 {
            var x = Double.random(in: -300...20, using: &rng)
            let targets: [Double] = (0..<Int.random(in: 0...40, using: &rng)).map { _ in
                x += [1, 1.2, 10, 150].randomElement(using: &rng)!
                return x
            }
            let max = [0, 0.4, 0.8, Double.random(in: 0...(x > 0 ? x + 50 : 100), using: &rng)].randomElement(using: &rng)!
            list.maxOffset = max; lazy.maxOffset = max
            list.snapTargets = targets
            lazy.targets = .lazy(count: targets.count) { targets[$0] }
            for _ in 0..<10 {
                let offset = Double.random(in: -60...(Swift.max(x, 0) + 60), using: &rng)
                let a = list.nearestTargetIndex(to: offset), b = lazy.nearestTargetIndex(to: offset)
                #expect(a == b, "targets \(targets), max \(max), offset \(offset)")
                // The same target reached by a step from there.
                list.jump(to: offset); lazy.jump(to: offset)
                let steps = Int.random(in: -3...3, using: &rng)
                list.step(by: steps); lazy.step(by: steps)
                #expect(abs(list.offset - lazy.offset) < 1e-9, "targets \(targets), max \(max), offset \(offset), step \(steps)")
            }
        }
    }

    @Test("A million targets are never materialised: a step asks for a few offsets")
    func aStepAsksForFewOffsets() {
        let scene = Scene(size: Size(800, 600))
        let scroll = ScrollController(scene: scene)
        scroll.maxOffset = 1e9
        final class Counter { var asked = 0 }
        let counter = Counter()
        scroll.targets = .lazy(count: 1_000_000) { counter.asked += 1; return Double($0) * 200 }
        scroll.jump(to: 5_000_000)
        scroll.step(by: 1)
        #expect(scroll.offset == 5_000_200)
        #expect(counter.asked < 200, "asked for \(counter.asked) offsets")
    }
}
