import CarouselCore

/// How the window is divided among one to four panes.
///
/// The row styles (expand, stitch, loop, circular) are wide and short, so their variants are stacked as rows, each
/// the window's full width: a row keeps as many items in view as the window does. Paging's pages fill their pane,
/// so two paging variants stand side by side (each page keeps the window's height). Three rows stack only when each
/// is at least `minimumStackedHeight` tall (a 1080-point window), and three paging pages only when each is at least
/// `minimumSideBySideWidth` wide; otherwise three and four variants share a 2x2 grid. Panes tile the window exactly,
/// in reading order, with no gap (whole points, the remainder going to the last row and column).
public enum PaneSplit {
    /// The smallest pane a variant can be shown in, in points.
    public static let minimumPaneSize = Size(200, 120)
    /// The shortest row when three rows are stacked.
    public static let minimumStackedHeight = 300.0
    /// The narrowest pane when three panes stand side by side.
    public static let minimumSideBySideWidth = 400.0
    /// The most panes a window holds.
    public static let maximumPanes = 4

    /// The arrangement for `count` panes whose styles are `styles`.
    public enum Arrangement: Equatable, Sendable {
        case rows, columns, grid

        /// How the panes stand, as messages and the README say it.
        public var words: String {
            switch self {
            case .rows: "stacked as rows"
            case .columns: "side by side"
            case .grid: "in a 2x2 grid"
            }
        }
    }

    /// The arrangement chosen for `count` panes of `styles` in a window of `size`.
    public static func arrangement(count: Int, styles: [String], in size: Size) -> Arrangement {
        let paging = !styles.isEmpty && styles.allSatisfy { $0 == "paging" }
        switch count {
        case ...2: return paging ? .columns : .rows
        case 3:
            if paging { return size.width / 3 >= minimumSideBySideWidth ? .columns : .grid }
            return size.height / 3 >= minimumStackedHeight ? .rows : .grid
        default: return .grid
        }
    }

    /// The frames of `count` panes in a window of `size`, in pane order.
    public static func frames(count: Int, styles: [String], in size: Size) -> [Rect] {
        guard count > 1 else { return [Rect(origin: .zero, size: size)] }
        let (columns, rows): (Int, Int)
        switch arrangement(count: count, styles: styles, in: size) {
        case .rows: (columns, rows) = (1, count)
        case .columns: (columns, rows) = (count, 1)
        case .grid: (columns, rows) = (2, 2)
        }
        let xs = cuts(size.width, into: columns), ys = cuts(size.height, into: rows)
        return (0..<count).map { i in
            let c = i % columns, r = i / columns
            return Rect(xs[c], ys[r], xs[c + 1] - xs[c], ys[r + 1] - ys[r])
        }
    }

    /// Why `count` panes cannot be shown in a window of `size`, or nil when they can.
    public static func problem(count: Int, styles: [String], in size: Size) -> String? {
        if count > maximumPanes { return "at most \(maximumPanes) variants can be compared, got \(count)" }
        guard count > 1 else { return nil }
        let small = frames(count: count, styles: styles, in: size).first {
            $0.width < minimumPaneSize.width || $0.height < minimumPaneSize.height
        }
        guard small != nil else { return nil }
        return "a \(Int(size.width))x\(Int(size.height)) window cannot show \(count) variants \(arrangement(count: count, styles: styles, in: size).words) "
            + "(each needs at least \(Int(minimumPaneSize.width))x\(Int(minimumPaneSize.height)))"
    }

    /// `n + 1` whole-point cut positions dividing `length` into `n` parts.
    private static func cuts(_ length: Double, into n: Int) -> [Double] {
        (0...n).map { $0 == n ? length : (length * Double($0) / Double(n)).rounded(.down) }
    }
}
