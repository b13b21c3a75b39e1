import CarouselCore

/// A line drawn with nodes, as the timeline's trace and graphs draw it: each 2-point column of a plot is one bar
/// from the lowest to the highest value the line takes in it, and consecutive samples are joined across the columns
/// between them.
struct ColumnPlot {
    /// A column's width, in points.
    static let column = 2.0
    let columns: Int
    private var low: [Double], high: [Double]
    private var previous: (column: Int, value: Double)?

    /// A plot `width` points wide.
    init(width: Double) {
        columns = max(Int(width / ColumnPlot.column), 1)
        low = Array(repeating: .infinity, count: columns)
        high = Array(repeating: -.infinity, count: columns)
    }

    /// The column of a time `t` on an axis from `start` to `end`, or nil outside it.
    func column(of t: Double, start: Double, end: Double) -> Int? {
        guard t >= start, t <= end else { return nil }
        return min(Int((t - start) / max(end - start, 1e-9) * Double(columns)), columns - 1)
    }

    /// Adds a sample `value` (0 at the bottom, 1 at the top) in column `c`, joined to the sample before.
    mutating func add(_ value: Double, atColumn c: Int) {
        let from: (column: Int, value: Double) = previous.map { $0.column < c ? $0 : (c, value) } ?? (c, value)
        for k in from.column...c {
            let f = c == from.column ? 1 : Double(k - from.column) / Double(c - from.column)
            let v = from.value + (value - from.value) * f
            low[k] = min(low[k], v); high[k] = max(high[k], v)
        }
        previous = (c, value)
    }

    /// Ends the line: the next sample starts a new one (the pointer left, the item was not laid out).
    mutating func breakLine() { previous = nil }

    /// Replaces `layer`'s children with the line's bars in `plot` (points of the layer's parent), in `color`.
    @MainActor
    func draw(in plot: Rect, color: Color, into layer: Node) {
        layer.removeAllChildren()
        for c in 0..<columns where low[c] <= high[c] {
            let y0 = plot.maxY - high[c] * plot.height, y1 = plot.maxY - low[c] * plot.height
            let n = Node(name: layer.name + ".bar", frame: Rect(plot.minX + Double(c) * ColumnPlot.column, y0 - 1, ColumnPlot.column, max(y1 - y0, 0) + 2))
            n.background = color
            n.isHitTestable = false
            layer.addChild(n)
        }
    }
}
