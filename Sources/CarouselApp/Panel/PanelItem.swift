import CarouselCore
import CarouselStyles
import CarouselSupport

/// What one line of the panel stands for. Rows are known by what they stand for, not by position, so a selection
/// or a drag survives the panel being rebuilt.
enum PanelItem: Hashable {
    /// A group's folder header.
    case header(String)
    /// A parameter's control, by key.
    case parameter(String)
    /// The plot and handles under a curve parameter.
    case curvePlot(String)
    /// A spring curve's response or damping, as a slider of its own.
    case springPart(String, SpringPart)
    /// "Save current values as a preset".
    case savePreset
    /// One preset, by its index in the panel's preset list.
    case preset(Int)

    /// Whether Up/Down can select it.
    var isSelectable: Bool {
        switch self {
        case .header, .curvePlot: false
        default: true
        }
    }

    /// A stable name for its node ("panel.row.parameter.itemWidth"), for tests and debugging.
    var name: String {
        switch self {
        case .header(let g): "header.\(g)"
        case .parameter(let k): "parameter.\(k)"
        case .curvePlot(let k): "plot.\(k)"
        case .springPart(let k, let part): "spring.\(k).\(part == .response ? "response" : "damping")"
        case .savePreset: "savePreset"
        case .preset(let i): "preset.\(i)"
        }
    }

    /// The parameter it edits, if any.
    var key: String? {
        switch self {
        case .parameter(let k), .curvePlot(let k), .springPart(let k, _): k
        default: nil
        }
    }
}

extension PanelItem {
    /// The rows for a style's values: per group (in schema order) a header and its parameters, each curve followed by
    /// its plot and, for a spring, its response and damping; then the presets.
    static func list(for p: Parameters, presetCount: Int) -> [PanelItem] {
        var groups: [String] = []
        for s in p.specs where !groups.contains(s.group) { groups.append(s.group) }
        var out: [PanelItem] = []
        for g in groups {
            out.append(.header(g))
            for s in p.specs where s.group == g {
                out.append(.parameter(s.key))
                guard s.kind == .curve else { continue }
                out.append(.curvePlot(s.key))
                if p.curve(s.key).isSpring { out += [.springPart(s.key, .response), .springPart(s.key, .damping)] }
            }
        }
        out += [.header("Presets"), .savePreset]
        out += (0..<presetCount).map { .preset($0) }
        return out
    }
}

/// A spring curve's two numbers.
enum SpringPart: Hashable { case response, damping }

/// Where a press landed within a row.
enum PanelPart: Equatable {
    case track, valueBox, toggle, previous, next, name, handle(Int), row
}

/// What a row shows besides its value: selection, hover, and the text being typed into its field.
struct RowState {
    var selected = false
    var hovered = false
    var entry: String?
}

// MARK: - Numbers

/// A number the panel edits with a slider: a number parameter, or a spring curve's response or damping. `min`, `max`
/// and `step` are what it accepts (typed, nudged and snapped to); `slider` is where the track runs and on what scale.
struct NumberControl {
    let key: String
    let part: SpringPart?
    let label: String
    let min: Double, max: Double, step: Double
    let unit: String
    /// The track's useful range and scale: positions along it map to values through this.
    let slider: SliderRange

    /// The control for a number parameter (nil for other kinds).
    init?(_ spec: ParameterSpec) {
        guard case .number(let lo, let hi, let step, let unit) = spec.kind, let slider = spec.slider else { return nil }
        key = spec.key; part = nil; label = spec.label; min = lo; max = hi; self.step = step > 0 ? step : (hi - lo) / 100; self.unit = unit
        self.slider = slider
    }

    /// The control for one part of the spring curve parameter `key`: the response on a log scale (a tenth of a
    /// second to two on the track), the damping fraction on a linear one (0 to 1.5; critical damping is 1).
    init(spring key: String, _ part: SpringPart) {
        self.key = key; self.part = part
        switch part {
        case .response: label = "Response"; min = 0.05; max = 3; step = 0.01; unit = "s"; slider = SliderRange(min: 0.1, max: 2, scale: .log)
        case .damping: label = "Damping"; min = 0; max = 2; step = 0.01; unit = ""; slider = SliderRange(min: 0, max: 1.5)
        }
    }

    /// The current value in `p`.
    func value(in p: Parameters) -> Double {
        guard let part else { return p.number(key) }
        let s: Spring
        if case .spring(let spring) = p.curve(key) { s = spring } else { s = .standard }
        return part == .response ? s.response : s.dampingFraction
    }

    /// `p` with the value set to `v` (a spring part rewrites its curve as "spring(response,damping)").
    func setting(_ v: Double, in p: Parameters) throws(ParameterError) -> Parameters {
        var p = p
        guard let part else { try p.set(key, .number(v)); return p }
        guard v.isFinite, v >= min, v <= max else {
            throw ParameterError("\(key) \(label.lowercased()): \(JSONValue.format(v)) is out of range \(JSONValue.format(min))...\(JSONValue.format(max))")
        }
        var response = value(in: p), damping = response
        if part == .response { response = v; damping = NumberControl(spring: key, .damping).value(in: p) } else {
            response = NumberControl(spring: key, .response).value(in: p); damping = v
        }
        try p.set(key, .text(CurveSyntax.format(.spring(Spring(response: response, dampingFraction: damping)))))
        return p
    }

    /// `v` moved onto the grid of `step` (a tenth of it when `fine`) from `min`, inside the range.
    func snapped(_ v: Double, fine: Bool) -> Double {
        let s = fine ? step / 10 : step
        let k = ((v - min) / s).rounded()
        return clamped(((min + k * s) * 1e9).rounded() / 1e9)
    }

    func clamped(_ v: Double) -> Double { Swift.min(Swift.max(v, min), max) }

    /// Where the thumb of `v` sits along the track, 0...1: pinned at the nearer end for a value outside the slider.
    func fraction(_ v: Double) -> Double {
        let f = slider.position(of: v)
        return f.isNaN ? 0 : Swift.min(Swift.max(f, 0), 1)
    }

    /// The value a drag moved `moved` of the track's length (negative: left) from `anchor` gives, before snapping:
    /// along the slider's scale, inside the accepted range. A drag on the track keeps its thumb on the track (it
    /// never goes further past an end than where it began); a scrub of the value box carries on past the ends.
    func dragged(from anchor: Double, by moved: Double, onTrack: Bool) -> Double {
        var start = slider.position(of: anchor)
        if !start.isFinite { start = 0 }  // 0 on a log scale: the drag starts at the track's left end
        var f = start + moved
        if onTrack { f = Swift.min(Swift.max(f, Swift.min(0, start)), Swift.max(1, start)) }
        return clamped(slider.value(at: f))
    }

    /// The value shown: "150 pt".
    func text(_ v: Double) -> String { PanelLook.format(v, unit: unit) }
}

