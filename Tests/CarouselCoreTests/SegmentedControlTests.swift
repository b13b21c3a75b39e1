import CarouselCore
import Testing

/// The segmented control places its thumb by position and answers which segment a window point is on.
@Suite("Segmented control")
@MainActor
struct SegmentedControlTests {
    let style = SegmentedControl.Style(background: Color(1, 1, 1, 0.1), thumb: .white, font: FontSpec(size: 14),
                                       text: .white, selectedText: Color(0, 0, 0, 1), inset: 2)

    @Test("Segments split the pill; the thumb slides between them; a point off the pill or a hidden control is no segment")
    func segments() {
        let scene = Scene(size: Size(800, 600))
        let parent = Node(name: "parent", frame: Rect(100, 50, 600, 200))
        scene.root.addChild(parent)
        let control = SegmentedControl(name: "picker", titles: ["One", "Two", "Three"], style: style)
        parent.addChild(control.root)
        control.layout(frame: Rect(10, 10, 302, 30), position: 0)
        // In the window: x from 110 to 412, three segments of 100 points inside a 2-point inset.
        #expect(control.segment(at: Point(120, 70), now: 0) == 0)
        #expect(control.segment(at: Point(262, 70), now: 0) == 1)
        #expect(control.segment(at: Point(411, 70), now: 0) == 2)
        #expect(control.segment(at: Point(105, 70), now: 0) == nil)
        #expect(control.segment(at: Point(200, 45), now: 0) == nil)
        let thumb = control.root.children[0], labels = Array(control.root.children.dropFirst())
        #expect(thumb.frame == Rect(2, 2, 99.33333333333333, 26))
        #expect(labels.map { $0.text?.color } == [Color(0, 0, 0, 1), .white, .white])
        control.layout(frame: Rect(10, 10, 302, 30), position: 1.6)
        #expect(abs(thumb.frame.minX - (2 + 1.6 * 99.33333333333333)) < 1e-9)
        #expect(labels.map { $0.text?.color } == [.white, .white, Color(0, 0, 0, 1)], "the label under the thumb's centre is selected")
        control.root.isHidden = true
        #expect(control.segment(at: Point(262, 70), now: 0) == nil)
    }
}
