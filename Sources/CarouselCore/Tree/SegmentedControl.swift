/// A pill of equal segments with a thumb that slides to the selected one, as a small tree of nodes (the circular
/// style's Normal / Scaled picker). It hit-tests within itself: `segment(at:)` says which segment a window point is
/// on, so a style needs no geometry of its own to route a click.
@MainActor
public final class SegmentedControl {
    /// The look: the pill's and thumb's colours, the labels' font and colours, the thumb's inset.
    public struct Style: Sendable {
        public var background: Color
        public var thumb: Color
        public var font: FontSpec
        public var text: Color
        public var selectedText: Color
        public var inset: Double
        public init(background: Color, thumb: Color, font: FontSpec, text: Color, selectedText: Color, inset: Double) {
            self.background = background; self.thumb = thumb; self.font = font; self.text = text
            self.selectedText = selectedText; self.inset = inset
        }
    }

    /// The pill; add it where the control shows.
    public let root: Node
    private let thumb: Node
    private let labels: [Node]
    private let titles: [String]
    private let style: Style

    /// A control named `name` (its nodes are `name`, `name.thumb`, `name.<title>`) with one segment per title.
    public init(name: String, titles: [String], style: Style) {
        precondition(!titles.isEmpty, "a segmented control has segments")
        root = Node(name: name)
        thumb = Node(name: "\(name).thumb")
        labels = titles.map { Node(name: "\(name).\($0.lowercased())") }
        self.titles = titles
        self.style = style
        root.background = style.background
        thumb.background = style.thumb
        for n in [root, thumb] + labels { n.isHitTestable = false }
        root.addChild(thumb)
        labels.forEach(root.addChild)
    }

    /// Places the control at `frame` (in its parent) with the thumb at `position` (0 on the first segment, 1 on the
    /// second, fractions between while it slides); the label under the thumb's centre takes the selected colour.
    public func layout(frame: Rect, position: Double) {
        root.frame = frame
        root.cornerRadius = frame.height / 2
        let inset = style.inset
        let segment = Size((frame.width - 2 * inset) / Double(titles.count), frame.height - 2 * inset)
        thumb.frame = Rect(inset + position * segment.width, inset, segment.width, segment.height)
        thumb.cornerRadius = segment.height / 2
        let shown = min(max(Int(position.rounded()), 0), titles.count - 1)
        for (k, label) in labels.enumerated() {
            label.frame = Rect(inset + Double(k) * segment.width, inset, segment.width, segment.height)
            label.text = TextContent(titles[k], font: style.font, color: k == shown ? style.selectedText : style.text, alignment: .center)
        }
    }

    /// Each segment's share of the pill on screen at scene time `now` (what `segment(at:)` answers for), in order;
    /// none while the control is hidden.
    public func segmentFrames(now: Double) -> [Rect] {
        let frame = root.worldFrame(at: now)
        guard !root.isHidden, frame.width > 0 else { return [] }
        let w = frame.width / Double(titles.count)
        return titles.indices.map { Rect(frame.minX + Double($0) * w, frame.minY, w, frame.height) }
    }

    /// The titles, in order.
    public var segmentTitles: [String] { titles }

    /// The segment under window point `point` at scene time `now`, or nil when the point is off the control (or it
    /// is hidden).
    public func segment(at point: Point, now: Double) -> Int? {
        let frame = root.worldFrame(at: now)
        guard !root.isHidden, frame.contains(point), frame.width > 0 else { return nil }
        return min(Int((point.x - frame.minX) / frame.width * Double(titles.count)), titles.count - 1)
    }
}
