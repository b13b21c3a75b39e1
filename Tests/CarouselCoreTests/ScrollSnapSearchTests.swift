import CarouselCore
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

    @Test("Matches a linear scan on random rows, offsets and ranges")
    func matchesScan() {
        var rng = SystemRandomNumberGenerator()
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
                let offset = Double.random(in: -60...(x + 60), using: &rng)
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
