import CarouselCore
import CarouselStyles
import CarouselSupport

/// One variant, as a value: its identity and name, the style it shows, its values per style, the undo histories,
/// the input its style received and the values changed while it ran. What a pane draws (its scene, style objects,
/// auto-advance) is not here: `PaneRuntime` is built from this and the recorded input (`WindowRuntime`), so a scrub
/// replaces the runtime, never the state.
public struct PaneState: Equatable, Identifiable {
    /// A pane's identity within the window.
    public typealias ID = Int
    public let id: ID
    /// The variant's name as its label shows it: "variant 1", a file's name, or a preset ("Slick").
    public var name: String
    /// The active style.
    public var style: StyleDefinition
    /// Values per style name, kept when switching away and back.
    public var parameters: [String: Parameters]
    /// Undo histories per style name.
    public var histories: [String: ParameterHistory] = [:]
    /// The input the active style received since it appeared, in the pane's coordinates and the style's time.
    public var recording = InputRecording()
    /// The values set while the style ran, so a sidecar can play them back where they happened.
    public var valueChanges: [ValueChange] = []
    /// The scene time at which the active style appeared: the style's time 0, as in `capture`.
    public var styleStart: Double

    /// A pane showing `style` with `parameters` (its defaults when nil), its style appearing at scene time `start`.
    public init(id: ID, name: String, style: StyleDefinition, parameters: Parameters? = nil, start: Double) {
        self.id = id
        self.name = name
        self.style = style
        self.parameters = [style.name: parameters ?? Parameters(specs: StyleRegistry.schema(of: style))]
        styleStart = start
    }

    /// The active style's name.
    public var styleName: String { style.name }

    /// The active style's values.
    public var currentParameters: Parameters {
        get { parameters[style.name] ?? Parameters(specs: StyleRegistry.schema(of: style)) }
        set { parameters[style.name] = newValue }
    }

    /// The undo history of `style`'s values.
    public func history(for style: String) -> ParameterHistory { histories[style] ?? ParameterHistory() }

    /// Switches to `new` at scene time `now`, keeping each style's values; the recorded input and value changes start
    /// again with it (they are the new style's).
    mutating func switchStyle(to new: StyleDefinition, at now: Double) {
        style = new
        if parameters[new.name] == nil { parameters[new.name] = Parameters(specs: StyleRegistry.schema(of: new)) }
        restart(at: now)
    }

    /// The style appears again at `now` (a new deck, a new style): nothing recorded yet.
    mutating func restart(at now: Double) {
        styleStart = now
        recording.reset()
        valueChanges = []
    }

    /// Sets the active style's values at style time `time`, noting each changed key (`valueChanges`) unless `time`
    /// is nil (the timeline shows a moment: its replays play the whole input with the values they have now); with
    /// `undo`, as one step of the style's history.
    mutating func setValues(_ new: Parameters, at time: Double?, undo: UndoLabel?) {
        let before = currentParameters
        for spec in new.specs {
            guard let time else { break }
            guard let old = before.values[spec.key], let value = new.values[spec.key], old != value else { continue }
            valueChanges.append(ValueChange(time: time, key: spec.key, old: old, new: value))
        }
        currentParameters = new
        if let undo {
            histories[style.name, default: ParameterHistory()].record(undo.label, from: before.values, to: new.values,
                                                                      tag: undo.tag, merging: undo.merging)
        }
    }

    /// How this pane's values differ from `reference`'s, one line per parameter, named as the panel names it
    /// ("Expand duration 0.4 → 0.6 s"); a different style is one line ("style expand → stitch").
    public func differences(from reference: PaneState) -> [String] {
        guard reference.style == style else { return ["style \(reference.styleName) → \(styleName)"] }
        let mine = currentParameters, theirs = reference.currentParameters
        return mine.specs.compactMap { spec in
            guard let a = theirs.values[spec.key], let b = mine.values[spec.key], a != b else { return nil }
            var unit = ""
            if case .number(_, _, _, let u) = spec.kind, !u.isEmpty { unit = " " + u }
            return "\(spec.label) \(a) → \(b)\(unit)"
        }
    }

    /// The input the style received and the values changed while it ran as `set` entries, in time order: what a
    /// sidecar's `input` holds. A sidecar's values are those at its end; each key that had another value when the
    /// style started is first set back to it at time 0 (a change at time 0 itself, such as a `--params` file, is
    /// where the style started).
    public var scriptLines: [String] {
        var start: [String: ParameterValue] = [:]
        for change in valueChanges where start[change.key] == nil { start[change.key] = change.time <= 0 ? change.new : change.old }
        for change in valueChanges where change.time <= 0 { start[change.key] = change.new }
        let final = currentParameters.values
        let t0 = start.keys.sorted().filter { start[$0] != final[$0] }.map { (time: 0.0, line: "0 set \($0) \(PaneState.scriptValue(start[$0]!))") }
        let sets = valueChanges.filter { $0.time > 0 }.map {
            (time: $0.time, line: "\(InputRecording.format($0.time, decimals: 6)) set \($0.key) \(PaneState.scriptValue($0.new))")
        }
        let inputs = zip(recording.entries, recording.script.split(separator: "\n")).map { (time: $0.0.time, line: String($0.1)) }
        // A stable merge: at equal times, values first (they shaped what the input met).
        return (t0 + sets + inputs).enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element.line)
    }

    /// A value as a script's `set` writes it: a number, true / false, or a JSON string.
    static func scriptValue(_ value: ParameterValue) -> String {
        switch value {
        case .number(let n): JSONValue.format(n)
        case .bool(let b): b ? "true" : "false"
        case .text(let t): JSONValue.string(t).serialized(indent: nil)
        }
    }
}

/// A value set while a style ran: its key, the value it had before and the one it got, at a style time.
public struct ValueChange: Equatable, Sendable {
    public var time: Double
    public var key: String
    public var old: ParameterValue
    public var new: ParameterValue
}
