import CarouselCore
import Testing

@Suite("Row layout")
struct RowLayoutTests {
    @Test("Fixed and flexible widths share the row; spacing, padding and vertical centring")
    func mixed() {
        let layout = RowLayout(spacing: 10, padding: EdgeInsets(top: 10, left: 20, bottom: 10, right: 20))
        let frames = layout.frames(widths: [.fixed(100), .flexible(weight: 1), .flexible(weight: 3), .fixed(60)],
                                   heights: [50, 200, 80], in: Rect(0, 0, 500, 100))
        // Inner box: x 20...480, y 10...90 (height 80). Free width: 460 - 160 fixed - 30 spacing = 270, split 1:3.
        #expect(frames == [
            Rect(20, 25, 100, 50),      // centred: 50 - 25
            Rect(130, 10, 67.5, 80),    // 200 clamped to the inner height
            Rect(207.5, 10, 202.5, 80),
            Rect(420, 10, 60, 80),      // no height given: the inner height
        ])
        #expect(frames.last!.maxX == 480)
        for (a, b) in zip(frames, frames.dropFirst()) { #expect(b.minX - a.maxX == 10) }
    }

    @Test("The row is offset by the bounds' origin")
    func origin() {
        let frames = RowLayout(spacing: 5).frames(widths: [.fixed(10), .fixed(20)], heights: [4, 8], in: Rect(100, 200, 300, 20))
        #expect(frames == [Rect(100, 208, 10, 4), Rect(115, 206, 20, 8)])
    }

    @Test("Flexible items never go below zero; zero or negative weights get nothing")
    func overflow() {
        let layout = RowLayout(spacing: 10)
        let frames = layout.frames(widths: [.fixed(300), .flexible(weight: 1), .fixed(300)], heights: [], in: Rect(0, 0, 500, 50))
        #expect(frames.map(\.width) == [300, 0, 300])
        #expect(frames.map(\.minX) == [0, 310, 320])
        let weights = layout.frames(widths: [.flexible(weight: 0), .flexible(weight: -2), .flexible(weight: 2)], heights: [],
                                    in: Rect(0, 0, 220, 50))
        #expect(weights.map(\.width) == [0, 0, 200])
        #expect(layout.frames(widths: [], heights: [], in: Rect(0, 0, 100, 100)).isEmpty)
        // Only flexible items: equal weights split the inner width evenly.
        let even = RowLayout(spacing: 0, padding: EdgeInsets(all: 10)).frames(
            widths: Array(repeating: .flexible(weight: 1), count: 4), heights: [], in: Rect(0, 0, 420, 100))
        #expect(even.map(\.width) == [100, 100, 100, 100])
        #expect(even.map(\.minX) == [10, 110, 210, 310])
    }

    @Test("contentWidth adds items, gaps and horizontal padding")
    func contentWidth() {
        let layout = RowLayout(spacing: 20, padding: EdgeInsets(top: 5, left: 24, bottom: 5, right: 16))
        #expect(layout.contentWidth([150, 150, 250]) == 550 + 40 + 40)
        #expect(layout.contentWidth([]) == 40)
        #expect(layout.contentWidth([10]) == 50)
    }
}
