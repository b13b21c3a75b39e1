import CarouselSupport
import CarouselCore
import CarouselStyles
import Foundation

/// The plot under a curve parameter, drawn with nodes: the curve as a run of small dots, the unit lines 0 and 1,
/// and beside it the numbers (the plot and the numbers share the panel's width as 144 to 136 at 320 pt; a line too
/// long for a narrow column ends with an ellipsis). A cubic-bezier (or linear) curve shows its two control points as handles on dotted
/// stems, dragged to edit x1, y1, x2, y2; a spring shows its step response over its settling time.
@MainActor
final class CurvePlotView: RowView {
    static let height = 106.0
    /// The plot box in row coordinates (144 wide in a 320-pt panel).
    let box: Rect
    /// The progress range the box shows, bottom to top, so overshoot stays visible.
    static let yRange = -0.35...1.35
    static let sampleCount = 48

    let key: String
    private let plot: Node
    private var dots: [Node] = []
    private var stems: [[Node]] = []
    private var handles: [Node] = []
    private var info: [Node] = []
    private var curve: TimingCurve?

    init(key: String, geometry: PanelGeometry) {
        self.key = key
        box = Rect(PanelLook.inset, 4, ((geometry.lineWidth - 12) * 144 / 280).rounded(), 98)
        plot = PanelLook.node("panel.plot.\(key)", box, Color(0.04, 0.045, 0.05, 0.9), radius: 6)
        plot.clipsToBounds = true
        super.init(.curvePlot(key), height: CurvePlotView.height, geometry: geometry)
        node.addChild(plot)
        for y in [0.0, 1.0] {
            let p = point(x: 0, y: y)
            plot.addChild(PanelLook.node("panel.plot.unit", Rect(p.x - box.x, p.y - box.y, inner.width, 1),
                                         Color(1, 1, 1, 0.13)))
        }
        for k in 0..<2 {
            stems.append((0..<9).map { _ in PanelLook.node("panel.plot.stem", Rect(0, 0, 2, 2), Color(1, 1, 1, 0.4), radius: 1) })
            stems[k].forEach(plot.addChild)
        }
        dots = (0..<CurvePlotView.sampleCount).map { _ in PanelLook.node("panel.plot.dot", Rect(0, 0, 3, 3), PanelLook.accent, radius: 1.5) }
        dots.forEach(plot.addChild)
        for (k, colour) in [PanelLook.handle1, PanelLook.handle2].enumerated() {
            let h = PanelLook.node("panel.plot.handle\(k + 1).\(key)", Rect(0, 0, 12, 12), .white, radius: 6)
            h.addChild(PanelLook.node("panel.plot.handle.fill", Rect(2, 2, 8, 8), colour, radius: 4))
            handles.append(h)
            plot.addChild(h)
        }
        let x = box.maxX + 12
        info = (0..<5).map { (i: Int) -> Node in
            let top: Double = 8 + Double(i) * 18
            let font = i == 0 || i >= 3 ? PanelLook.smallFont : PanelLook.font
            return PanelLook.text("panel.plot.info", "", Rect(x, top, geometry.controlRight - x, 18), font: font, color: PanelLook.dim)
        }
        info.forEach(node.addChild)
    }

    // MARK: Geometry

    /// The unit square's x extent and the box's full height, in row coordinates.
    var inner: Rect { Rect(box.minX + 10, box.minY, box.width - 20, box.height) }

    /// The row point of curve point (x = time fraction, y = progress).
    func point(x: Double, y: Double) -> Point {
        let range = CurvePlotView.yRange
        let t = (y - range.lowerBound) / (range.upperBound - range.lowerBound)
        return Point(inner.minX + x * inner.width, inner.maxY - t * inner.height)
    }

    /// The curve point of a row point (the inverse of `point`).
    func curvePoint(at p: Point) -> (x: Double, y: Double) {
        let t = (inner.maxY - p.y) / inner.height, range = CurvePlotView.yRange
        return ((p.x - inner.minX) / inner.width, range.lowerBound + t * (range.upperBound - range.lowerBound))
    }

    /// The control points the handles stand for: the bezier's, or a straight line's thirds for linear; nil for springs.
    static func controlPoints(of curve: TimingCurve) -> [(x: Double, y: Double)]? {
        switch curve {
        case .linear: [(1.0 / 3, 1.0 / 3), (2.0 / 3, 2.0 / 3)]
        case .bezier(let b): [(b.x1, b.y1), (b.x2, b.y2)]
        case .spring: nil
        }
    }

    /// The handle under `p` (row coordinates): the nearer one within reach.
    override func part(at p: Point) -> PanelPart? {
        guard let curve, let points = CurvePlotView.controlPoints(of: curve) else { return nil }
        let distances = points.map { c in
            let q = point(x: c.x, y: min(max(c.y, CurvePlotView.yRange.lowerBound), CurvePlotView.yRange.upperBound))
            return hypot(q.x - p.x, q.y - p.y)
        }
        let nearest = distances[1] < distances[0] ? 1 : 0
        return distances[nearest] <= 12 ? .handle(nearest) : nil
    }

    /// A handle: drags that control point (x along the unit square, y over `yRange`).
    override func press(_ part: PanelPart, at p: Point, local: Point, isDouble: Bool, model: PanelModel) {
        guard case .handle(let k) = part else { return }
        model.beginDrag(.handle(key, k), at: p, span: inner.size,
                        anchorPoint: CurvePlotView.controlPoints(of: model.current.curve(key))?[k] ?? (0, 0))
    }

    // MARK: Drawing

    override func update(_ parameters: Parameters, _ state: RowState) {
        super.update(parameters, state)
        let curve = parameters.curve(key)
        guard curve != self.curve else { return }
        self.curve = curve
        let samples = CurvePlotView.samples(of: curve)
        for (dot, s) in zip(dots, samples) {
            let p = point(x: s.x, y: s.y)
            dot.frame = Rect(p.x - 1.5 - box.x, p.y - 1.5 - box.y, 3, 3)
        }
        let points = CurvePlotView.controlPoints(of: curve)
        for k in 0..<2 {
            handles[k].isHidden = points == nil
            stems[k].forEach { $0.isHidden = points == nil }
            guard let c = points?[k] else { continue }
            let y = min(max(c.y, CurvePlotView.yRange.lowerBound), CurvePlotView.yRange.upperBound)
            let h = point(x: c.x, y: y)
            handles[k].frame = Rect(h.x - 6 - box.x, h.y - 6 - box.y, 12, 12)
            // A dotted stem from the curve's end it belongs to (0,0 for P1, 1,1 for P2) to the handle.
            let end = point(x: Double(k), y: Double(k))
            for (i, d) in stems[k].enumerated() {
                let t = Double(i + 1) / Double(stems[k].count + 1)
                d.frame = Rect(end.x + (h.x - end.x) * t - 1 - box.x, end.y + (h.y - end.y) * t - 1 - box.y, 2, 2)
            }
        }
        // The control points' lines take their handles' colours.
        let colours = [PanelLook.dim, points == nil ? PanelLook.text : PanelLook.handle1,
                       points == nil ? PanelLook.text : PanelLook.handle2, PanelLook.dim, PanelLook.dim]
        for (i, line) in CurvePlotView.describe(curve).enumerated() {
            info[i].text?.string = geometry.fitted(line, width: info[i].frame.width, font: info[i].text?.font ?? PanelLook.font)
            info[i].text?.color = colours[i]
        }
    }

    /// Points along the curve: a bezier sampled along its parameter (even spacing on steep parts too), a spring's
    /// step response sampled over its settling time.
    static func samples(of curve: TimingCurve) -> [(x: Double, y: Double)] {
        let n = sampleCount
        switch curve {
        case .linear:
            return (0..<n).map { i in let t = Double(i) / Double(n - 1); return (t, t) }
        case .bezier(let b):
            func bez(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
                let u = 1 - s
                return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
            }
            return (0..<n).map { i in let s = Double(i) / Double(n - 1); return (bez(s, b.x1, b.x2), bez(s, b.y1, b.y2)) }
        case .spring(let s):
            let end = settlingTime(s)
            return (0..<n).map { i in
                let t = Double(i) / Double(n - 1)
                return (t, 1 - s.displacement(at: t * end, x0: 1, v0: 0))
            }
        }
    }

    /// How long a spring takes to settle from a unit step (within 0.1 %), capped at 10 s.
    static func settlingTime(_ s: Spring) -> Double { min(max(s.settlingTime(x0: 1, v0: 0, tolerance: 0.001), 0.05), 10) }

    /// The lines beside the plot.
    static func describe(_ curve: TimingCurve) -> [String] {
        func n(_ v: Double) -> String { JSONValue.format((v * 1000).rounded() / 1000) }
        switch curve {
        case .linear, .bezier:
            let p = controlPoints(of: curve)!
            return ["cubic-bezier", "P1  \(n(p[0].x)), \(n(p[0].y))", "P2  \(n(p[1].x)), \(n(p[1].y))",
                    "Drag a handle;", "Shift: finer"]
        case .spring(let s):
            let bounce = s.dampingFraction <= 1 ? 1 - s.dampingFraction : 1 / s.dampingFraction - 1
            return ["spring", "Response \(n(s.response)) s", "Damping \(n(s.dampingFraction))",
                    "Bounce \(n(bounce))", "Settles in \(n(settlingTime(s))) s"]
        }
    }

    /// The curve text for a bezier with control points `p1` and `p2` (x clamped to 0...1, values rounded to
    /// `decimals`); a preset's name when it is one.
    static func curveText(p1: (x: Double, y: Double), p2: (x: Double, y: Double), decimals: Int) -> String {
        let scale = pow(10, Double(decimals))
        func r(_ v: Double) -> Double { (v * scale).rounded() / scale }
        func rx(_ v: Double) -> Double { min(max(r(v), 0), 1) }
        let b = CubicBezier(rx(p1.x), r(p1.y), rx(p2.x), r(p2.y))
        return CurveSyntax.format(.bezier(b))
    }
}
