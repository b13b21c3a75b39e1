import CarouselCore
import CarouselSupport
import Foundation

/// What the window remembers from one run to the next: its size and place on the screen, the style, the deck, whether
/// the tuning panel was open, and the panes of a comparison (each with its values, as a pane means its values).
/// Flags given on the command line win over it; `run --fresh` ignores it.
public struct RememberedWindow: Equatable, Sendable {
    /// The window's size in points, never below `minimumSize`.
    public var size: Size {
        didSet { size = RememberedWindow.atLeastMinimum(size) }
    }
    /// The window's top-left corner on the desktop, in the window system's pixels; nil when unknown.
    public var position: (x: Int, y: Int)?
    /// The focused pane's style.
    public var style: String
    /// The deck's file or folder, absolute; nil for the bundled photographs.
    public var deck: String?
    /// Whether the tuning panel was open.
    public var panelOpen: Bool
    /// The panes of a comparison (two to four), nil for one pane.
    public var panes: [Variant]?

    /// The smallest size remembered, in points: the window's own minimum (`SDLWindowHost.minimumSize`, which a test
    /// keeps equal). A window forced smaller (`run --size 1x1`, a bare X server) is remembered at least this large,
    /// so it never reopens too small to use.
    public static let minimumSize = Size(240, 160)

    /// `size` with each side raised to `minimumSize`'s.
    static func atLeastMinimum(_ size: Size) -> Size {
        Size(max(size.width, minimumSize.width), max(size.height, minimumSize.height))
    }

    public init(size: Size, position: (x: Int, y: Int)?, style: String, deck: String?, panelOpen: Bool, panes: [Variant]?) {
        self.size = RememberedWindow.atLeastMinimum(size); self.position = position; self.style = style; self.deck = deck; self.panelOpen = panelOpen
        self.panes = panes
    }

    public static func == (a: RememberedWindow, b: RememberedWindow) -> Bool {
        a.size == b.size && a.position?.x == b.position?.x && a.position?.y == b.position?.y && a.style == b.style
            && a.deck == b.deck && a.panelOpen == b.panelOpen && a.panes == b.panes
    }

    /// The state file's JSON.
    public var json: JSONValue {
        var members = [JSONMember("version", 1),
                       JSONMember("size", .object([JSONMember("width", .number(size.width)), JSONMember("height", .number(size.height))]))]
        if let position {
            members.append(JSONMember("position", .object([JSONMember("x", .number(Double(position.x))), JSONMember("y", .number(Double(position.y)))])))
        }
        members.append(JSONMember("style", .string(style)))
        if let deck { members.append(JSONMember("deck", .string(deck))) }
        members.append(JSONMember("panelOpen", .bool(panelOpen)))
        if let panes {
            members.append(JSONMember("panes", .array(panes.map { pane in
                .object([JSONMember("name", .string(pane.name)), JSONMember("style", .string(pane.style)),
                         JSONMember("parameters", pane.values ?? .object([]))])
            })))
        }
        return .object(members)
    }

    /// Reads a state file's JSON; throws why it cannot be used (the file is then replaced).
    public init(json: JSONValue) throws(StateFileError) {
        guard json.members != nil else { throw StateFileError("not a JSON object") }
        guard let w = json["size"]?["width"]?.numberValue, let h = json["size"]?["height"]?.numberValue,
              w.isFinite, h.isFinite, (1...16384).contains(w), (1...16384).contains(h) else {
            throw StateFileError("no usable \"size\"")
        }
        guard let style = json["style"]?.stringValue, !style.isEmpty else { throw StateFileError("no \"style\"") }
        size = RememberedWindow.atLeastMinimum(Size(w.rounded(), h.rounded()))
        if let x = json["position"]?["x"]?.numberValue, let y = json["position"]?["y"]?.numberValue,
           x.isFinite, y.isFinite, abs(x) < 1e6, abs(y) < 1e6 {
            position = (Int(x), Int(y))
        }
        self.style = style
        deck = json["deck"]?.stringValue
        panelOpen = json["panelOpen"]?.boolValue ?? false
        if let list = json["panes"]?.arrayValue {
            guard (2...PaneSplit.maximumPanes).contains(list.count) else { throw StateFileError("\"panes\" must list 2 to \(PaneSplit.maximumPanes)") }
            panes = try list.enumerated().map { (i, v) throws(StateFileError) in
                guard let style = v["style"]?.stringValue else { throw StateFileError("pane \(i + 1) has no \"style\"") }
                return Variant(name: v["name"]?.stringValue ?? "variant \(i + 1)", style: style, values: v["parameters"],
                               file: "remembered pane \(i + 1)")
            }
        }
    }
}

/// Why a state file could not be used.
public struct StateFileError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The state file, `$XDG_STATE_HOME/carousel-lab/state.json` (`~/.local/state` when the variable is not set), read at
/// start and written whole at exit (a temporary file renamed into place, so a crash never leaves half a file).
public struct StateFile: Sendable {
    /// The file's path.
    public let path: String

    public init(path: String) { self.path = path }

    /// Where the state lives for this user: the XDG base directory rule.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment,
                                home: String? = nil) -> StateFile {
        let home = home ?? UserHome.path(environment: environment)
        let base = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/state"
        return StateFile(path: base + "/carousel-lab/state.json")
    }

    /// The remembered state: nil with no problem when there is none yet; nil with one line naming the file when
    /// it cannot be used (unreadable, not JSON, not a state), which `save` then replaces. Read without ever
    /// waiting: a FIFO or device in its place is refused at once (and not replaced).
    public func load() -> (state: RememberedWindow?, problem: String?) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return (nil, nil) }
        let data: Data
        do { data = try FileInput.read(path, limit: 1 << 20, what: "state file", streams: .refuse) } catch {
            let regular = FileInput.isRegularFile(path)
            return (nil, "\(error.message); starting with defaults\(regular ? " and replacing it" : "")")
        }
        do {
            return (try RememberedWindow(json: JSONParser.parse(data)), nil)
        } catch let error as StateFileError {
            return (nil, "\(path): \(error.message); starting with defaults and replacing it")
        } catch {
            return (nil, "\(path): not valid JSON (\(error)); starting with defaults and replacing it")
        }
    }

    /// Writes `state` atomically, creating the folder; throws one line naming the file.
    public func save(_ state: RememberedWindow) throws(StateFileError) {
        let folder = (path as NSString).deletingLastPathComponent
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw StateFileError("\(path): cannot create the folder (\(SystemError.reason(error)))")
        }
        do { try AtomicFile.write(state.json.serialized() + "\n", to: path) } catch {
            throw StateFileError("\(path): cannot save the window's state (\(error.reason))")
        }
    }
}
