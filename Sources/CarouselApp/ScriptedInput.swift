import CarouselSupport
import CarouselCore
import CarouselStyles
import Foundation

/// Scripted input: entries separated by `;` or newlines, each `TIME ACTION ARGS` with TIME in seconds.
/// Actions: `move X Y`, `down X Y`, `up X Y`, `click X Y`, `wheel DX DY [ctrl] [shift] [precise]` (precise: trackpad
/// pixels, else ticks), `pinch SCALE`, `magnify begin|change|end SCALE` (one phase of a gesture, as recorded from a
/// touchpad), `key NAME [ctrl] [shift] [alt]`, `focus in|out` (the keyboard focus comes into the carousel, as Tab
/// brings it, or leaves it), `resize W H`; and the timeline's: `scrub T` (pause and show style
/// time T of the recorded input), `set NAME VALUE` (a parameter, as the panel sets it; a curve or choice by its
/// JSON form or bare), `play` (resume from the playhead, replaying the recorded input). A pointer outside the window
/// means it left. `#` starts a comment.
public struct ScriptedInput: Equatable, Sendable {
    /// One timed entry and the events it expands to.
    public struct Entry: Equatable, Sendable {
        public var time: Double
        public var events: [InputEvent]
        /// The entry's text, for messages.
        public var text: String
        /// What the entry asks of the window besides input (the timeline's `scrub`, `set`, `play`).
        public var command: ScriptCommand?
        /// The entry's place in the script (1-based; 0 when it came from elsewhere), for messages.
        public var position: Int

        public init(time: Double, events: [InputEvent], text: String, command: ScriptCommand? = nil, position: Int = 0) {
            self.time = time; self.events = events; self.text = text; self.command = command; self.position = position
        }

        /// `input entry 7 "0.5 set spacing 9999"`, as messages name an entry.
        public var label: String { "input entry \(position) \(MessageText.quote(text))" }
    }

    /// A timeline command in a script.
    public enum ScriptCommand: Equatable, Sendable {
        /// Pause and show the frame at the focused pane's style time T of the recorded input.
        case scrub(Double)
        /// Set a parameter of the focused pane as the panel does.
        case set(String, ParameterValue)
        /// Resume from the playhead, replaying the recorded input.
        case play

        /// The window's action for the command.
        var action: AppAction {
            switch self {
            case .scrub(let t): .timeline(.scrub(t))
            case .set(let key, let value): .values(.setScripted(key, value))
            case .play: .timeline(.play)
            }
        }
    }
    public var entries: [Entry]
    /// What the script's reader should say about it besides errors, one line each (entries out of time order).
    public var warnings: [String] = []
    /// A script of these entries (already in time order).
    public init(entries: [Entry], warnings: [String] = []) { self.entries = entries; self.warnings = warnings }

    /// A problem in one entry, naming its position (1-based) and text.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let position: Int
        public let entry: String
        public let problem: String
        /// `input entry 2 "0.2 jump 3": unknown action "jump" (...)`; a problem with the whole script (position 0)
        /// is just the problem.
        public var description: String { position == 0 ? problem : "\(Entry(time: 0, events: [], text: entry, position: position).label): \(problem)" }
    }

    /// The largest script accepted, in characters.
    public static let maxLength = 4 << 20

    /// Parses a script for a window of `size` (to know when the pointer is outside it). Entries are sorted by time,
    /// keeping their order for equal times.
    public static func parse(_ text: String, size: Size) throws(ParseError) -> ScriptedInput {
        guard text.utf8.count <= maxLength else {
            throw ParseError(position: 0, entry: "", problem: "the script is longer than \(maxLength >> 20) MB")
        }
        var entries: [Entry] = []
        let raw = text.split(omittingEmptySubsequences: false) { $0 == ";" || $0 == "\n" }
        var position = 0
        for piece in raw {
            let line = piece.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            if words.isEmpty { continue }
            position += 1
            let shown = words.joined(separator: " ")
            func fail(_ problem: String) -> ParseError { ParseError(position: position, entry: shown, problem: problem) }
            guard let time = Double(words[0]), time.isFinite else { throw fail("expected a time in seconds first") }
            guard time >= 0 else { throw fail("time must not be negative") }
            guard time <= 86_400 else { throw fail("time is more than a day") }
            guard words.count >= 2 else { throw fail("missing action") }
            let action = words[1].lowercased()
            let args = Array(words.dropFirst(2))
            func numbers(_ n: Int) throws(ParseError) -> [Double] {
                let nums = args.prefix(n).compactMap(Double.init)
                guard args.count >= n, nums.count == n else { throw fail("\(action) needs \(n) number\(n == 1 ? "" : "s")") }
                if let far = nums.first(where: { !($0.isFinite && abs($0) < 1e6) }) {
                    throw fail("\(action): \(far.isFinite ? JSONValue.format(far) : "\(far)") is out of range (numbers must be within ±999999)")
                }
                return nums
            }
            func modifiers(from extra: ArraySlice<String>) throws(ParseError) -> Modifiers {
                var m: Modifiers = []
                for w in extra {
                    switch w.lowercased() {
                    case "ctrl", "control": m.insert(.ctrl)
                    case "shift": m.insert(.shift)
                    case "alt": m.insert(.alt)
                    case "meta", "super": m.insert(.meta)
                    default: throw fail("unknown modifier \(MessageText.quote(w))")
                    }
                }
                return m
            }
            func inside(_ p: Point) -> Bool { p.x >= 0 && p.y >= 0 && p.x < size.width && p.y < size.height }
            var events: [InputEvent]
            switch action {
            case "move":
                let n = try numbers(2); guard args.count == 2 else { throw fail("move takes X Y") }
                let p = Point(n[0], n[1])
                events = [inside(p) ? .pointerMove(p) : .pointerLeave]
            case "down", "up", "click":
                let n = try numbers(2); guard args.count == 2 else { throw fail("\(action) takes X Y") }
                let p = Point(n[0], n[1])
                guard inside(p) else { throw fail("point (\(JSONValue.format(p.x)), \(JSONValue.format(p.y))) is outside the \(JSONValue.format(size.width))x\(JSONValue.format(size.height)) window") }
                switch action {
                case "down": events = [.pointerMove(p), .pointerDown(p, .left)]
                case "up": events = [.pointerMove(p), .pointerUp(p, .left)]
                default: events = [.pointerMove(p), .pointerDown(p, .left), .pointerUp(p, .left)]
                }
            case "wheel":
                let n = try numbers(2)
                let precise = args.dropFirst(2).contains { $0.lowercased() == "precise" }
                let m = try modifiers(from: args.dropFirst(2).filter { $0.lowercased() != "precise" })
                events = [.wheel(dx: n[0], dy: n[1], precise: precise, modifiers: m, at: nil)]
            case "pinch":
                let n = try numbers(1); guard args.count == 1 else { throw fail("pinch takes SCALE") }
                guard n[0] > 0, n[0] <= 100 else { throw fail("pinch scale must be in (0, 100]") }
                let s = n[0]
                events = [.magnify(.begin, scale: 1, at: nil)]
                for k in 1...4 { events.append(.magnify(.change, scale: 1 + (s - 1) * Double(k) / 4, at: nil)) }
                events.append(.magnify(.end, scale: s, at: nil))
            case "magnify":
                guard args.count == 2, let phase = GesturePhase(rawValue: args[0].lowercased()) else {
                    throw fail("magnify takes begin, change or end, then SCALE")
                }
                guard let s = Double(args[1]), s > 0, s <= 100 else { throw fail("magnify scale must be in (0, 100]") }
                events = [.magnify(phase, scale: s, at: nil)]
            case "key":
                guard let name = args.first else { throw fail("key needs a key name") }
                guard isKeyName(name) else {
                    throw fail("\(MessageText.quote(name)) is not a key (\(keyNamesText))")
                }
                let m = try modifiers(from: args.dropFirst())
                let key = Key(ScriptedInput.keyAliases[name.lowercased()] ?? name)
                events = [.keyDown(key, m, isRepeat: false), .keyUp(key, m)]
            case "focus":
                guard args.count == 1, ["in", "out"].contains(args[0].lowercased()) else { throw fail("focus takes in or out") }
                events = [.focus(args[0].lowercased() == "in")]
            case "resize":
                let n = try numbers(2); guard args.count == 2 else { throw fail("resize takes W H") }
                guard n[0] >= 1, n[1] >= 1, n[0] <= 16384, n[1] <= 16384 else { throw fail("resize needs 1...16384 for each side") }
                events = [.resize(Size(n[0].rounded(), n[1].rounded()))]
            case "scrub":
                let n = try numbers(1); guard args.count == 1 else { throw fail("scrub takes T") }
                guard n[0] >= 0 else { throw fail("scrub needs a time of 0 or more") }
                entries.append(Entry(time: time, events: [], text: shown, command: .scrub(n[0]), position: position))
                continue
            case "play":
                guard args.isEmpty else { throw fail("play takes nothing") }
                entries.append(Entry(time: time, events: [], text: shown, command: .play, position: position))
                continue
            case "set":
                guard args.count >= 2 else { throw fail("set takes NAME VALUE") }
                entries.append(Entry(time: time, events: [], text: shown, command: .set(args[0], ScriptedInput.value(args.dropFirst().joined(separator: " "))),
                                     position: position))
                continue
            default:
                throw fail("unknown action \(MessageText.quote(words[1])) (move, down, up, click, wheel, pinch, magnify, key, focus, resize, scrub, set, play)")
            }
            entries.append(Entry(time: time, events: events, text: shown, position: position))
        }
        let sorted = entries.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        return ScriptedInput(entries: sorted, warnings: outOfOrder(entries).map { [$0] } ?? [])
    }

    /// One line when some entries come before an earlier entry's time (they are played in time order, which may not
    /// be what the script's author meant): the first such entry, and how many there are.
    static func outOfOrder(_ entries: [Entry]) -> String? {
        var latest = -Double.infinity
        var early: [(entry: Entry, after: Double)] = []
        for e in entries {
            if e.time < latest { early.append((e, latest)) }
            latest = max(latest, e.time)
        }
        guard let first = early.first else { return nil }
        let more = early.count > 1 ? " (\(early.count) entries are out of order)" : ""
        return "\(first.entry.label) comes before an earlier entry's time (\(JSONValue.format(first.after)) s); entries are played in time order\(more)"
    }

    /// A `set` value: a number, `true`/`false`, a JSON string (`"ease-in"`), or bare text (`cubic-bezier(0.2,1,0.2,1)`).
    static func value(_ text: String) -> ParameterValue {
        if let n = Double(text), n.isFinite { return .number(n) }
        switch text.lowercased() {
        case "true", "on": return .bool(true)
        case "false", "off": return .bool(false)
        default: break
        }
        if case .string(let s)? = try? JSONParser.parse(text) { return .text(s) }
        return .text(text)
    }

    /// Whether `name` is a key a script may press: a letter or digit, `f1`...`f24`, one of `namedKeys`, or a
    /// punctuation key or alias (`keyAliases`). Case does not matter. (A key the window cannot send, like "nope",
    /// would otherwise be delivered and silently do nothing.)
    public static func isKeyName(_ name: String) -> Bool {
        let lower = name.lowercased()
        if lower.count == 1, let c = lower.first, c.isASCII, c.isLetter || c.isNumber { return true }
        if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...24).contains(n) { return true }
        return namedKeys.contains(lower) || keyAliases[lower] != nil || keyAliases.values.contains(lower)
    }

    /// The keys with names besides letters, digits, function keys and punctuation: as the window names them.
    public static let namedKeys: Set<String> = ["left", "right", "up", "down", "home", "end", "pageup", "pagedown", "return",
                                                "escape", "tab", "space", "backspace", "delete", "insert"]

    /// The key names as the error lists them.
    static let keyNamesText = "a-z, 0-9, f1-f24, " + namedKeys.union(keyAliases.values).sorted().joined(separator: ", ")

    /// Single-character key names written as words.
    static let keyAliases = ["?": "question", ".": "period", ",": "comma", "-": "minus", "+": "plus", "=": "equals",
                             "/": "slash", "enter": "return", "esc": "escape", "arrowleft": "left", "arrowright": "right"]

    /// Reads `--input`: a script string, or `@FILE` for a file's contents.
    public static func load(_ argument: String, size: Size) throws -> ScriptedInput {
        if argument.hasPrefix("@") {
            let path = String(argument.dropFirst())
            let data: Data
            do { data = try FileInput.read(path, limit: maxLength, what: "input script") } catch { throw ScriptLoadError(error.message) }
            guard let text = String(data: data, encoding: .utf8) else { throw ScriptLoadError("\(path): the input script is not UTF-8 text") }
            do { return try parse(text, size: size) } catch { throw ScriptLoadError("\(path): \(error)") }
        }
        return try parse(argument, size: size)
    }
}

/// A script file that could not be read.
public struct ScriptLoadError: Error, CustomStringConvertible {
    public let message: String
    public init(_ m: String) { message = m }
    public var description: String { message }
}

/// Replays a script into a driver as time passes: each entry is delivered when its time is reached.
@MainActor
public final class ScriptPlayer {
    private var pending: ArraySlice<ScriptedInput.Entry>
    public init(_ script: ScriptedInput) { pending = script.entries[...] }
    /// A player of `entries` (in time order), sharing their storage.
    public init(_ entries: [ScriptedInput.Entry]) { pending = entries[...] }
    /// A player of `entries` (in time order) from the first entry after time `time` on, found by bisection.
    public init(_ entries: [ScriptedInput.Entry], after time: Double) {
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if entries[mid].time <= time { lo = mid + 1 } else { hi = mid }
        }
        pending = entries[lo...]
    }

    /// Delivers every entry due at or before `time`, each after updating the driver to the entry's own time; a
    /// timeline command goes to the driver when it is an `AppContext` (the window's model).
    public func deliver(upTo time: Double, into driver: FrameDriver) {
        deliver(upTo: time, into: driver, until: nil)
    }

    /// Delivers the entries due at or before `time` as `deliver(upTo:into:)` does, stopping once the clock passes
    /// `deadline` (the window's loop then answers input, quit and signals, and goes on next update); returns whether
    /// every entry due was delivered.
    @discardableResult
    public func deliver(upTo time: Double, into driver: FrameDriver, until deadline: Double?) -> Bool {
        while let e = pending.first, e.time <= time {
            if let deadline, ProcessInfo.processInfo.systemUptime >= deadline { return false }
            driver.update(to: e.time)
            for event in e.events { driver.handle(event) }
            if let command = e.command, let context = driver as? AppContext {
                if let problem = ScriptPlayer.problem(with: command, in: context) {
                    context.apply(.message(.problem("\(e.label): \(problem)")))
                } else {
                    context.apply(command.action)
                }
            }
            pending = pending.dropFirst()
        }
        return true
    }

    /// Why `command` cannot be applied to `context`'s focused pane, as `set: …` (an unknown parameter, a value out of
    /// range), so the message names its entry; nil when it can.
    static func problem(with command: ScriptedInput.ScriptCommand, in context: AppContext) -> String? {
        guard case .set(let key, let value) = command else { return nil }
        var values = context.focusedPane.currentParameters
        do { try values.set(key, value) } catch { return "set: \(error.message)" }
        return nil
    }

    /// The time of the next entry, if any.
    public var nextTime: Double? { pending.first?.time }
    public var isFinished: Bool { pending.isEmpty }
}
