import CarouselSupport
import CarouselCore
import Foundation

// MARK: Where and under which name

/// The folder screenshots go to, and their names: `STYLE-YYYY-MM-DD-HHMMSS.png` (local time) with a JSON sidecar of
/// the same name; `-2`, `-3`, ... are appended when that name is taken.
public struct ScreenshotFolder: Equatable, Sendable {
    /// The folder (created when the first screenshot is saved).
    public let path: String

    public init(path: String) { self.path = path }

    /// The subfolder created in the pictures folder by default.
    public static let subfolder = "Carousel Lab"

    /// `--screenshots DIR` when given (relative to `currentDirectory`); otherwise `Carousel Lab` inside the user's
    /// pictures folder: `$XDG_PICTURES_DIR`, then the `XDG_PICTURES_DIR` entry of `user-dirs.dirs` (what
    /// `xdg-user-dir PICTURES` reads; an entry naming the home folder itself means there is none), the first that
    /// exists, else `~/Pictures`, made with the subfolder when the first file is saved. Never the current directory
    /// unless asked: `make run` in a clone wrote its screenshots, clips and exports into the clone.
    public static func resolve(option: String?, environment: [String: String], home: String, currentDirectory: String,
                               isDirectory: (String) -> Bool) -> ScreenshotFolder {
        if let option { return ScreenshotFolder(path: absolute(option, in: currentDirectory)) }
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        let userDirs = (try? String(contentsOfFile: configHome + "/user-dirs.dirs", encoding: .utf8))
            .flatMap { picturesEntry(inUserDirs: $0, home: home) }
        let home = home.hasSuffix("/") && home.count > 1 ? String(home.dropLast()) : home
        let configured = [environment["XDG_PICTURES_DIR"], userDirs].compactMap { $0 }
            .filter { $0.hasPrefix("/") && ($0 as NSString).standardizingPath != (home as NSString).standardizingPath }
        let base = configured.first(where: isDirectory) ?? (home == "/" ? "" : home) + "/Pictures"
        return ScreenshotFolder(path: (base as NSString).appendingPathComponent(subfolder))
    }

    /// The `XDG_PICTURES_DIR="$HOME/Pictures"` entry of a `user-dirs.dirs` file, with `$HOME` expanded.
    static func picturesEntry(inUserDirs text: String, home: String) -> String? {
        for line in text.split(separator: "\n") {
            let l = line.trimmingCharacters(in: .whitespaces)
            guard l.hasPrefix("XDG_PICTURES_DIR=") else { continue }
            var value = String(l.dropFirst("XDG_PICTURES_DIR=".count))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            value = value.replacingOccurrences(of: "$HOME", with: home)
            return value.hasPrefix("/") ? value : nil
        }
        return nil
    }

    private static func absolute(_ path: String, in directory: String) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        return expanded.hasPrefix("/") ? expanded : (directory as NSString).appendingPathComponent(expanded)
    }

    /// The PNG path for a screenshot of `style` taken at `date`, avoiding names for which `isTaken` holds.
    public func pngPath(style: String, date: Date, timeZone: TimeZone = .current, isTaken: (String) -> Bool) -> String {
        path(style: style, date: date, extensions: ["png"], timeZone: timeZone, isTaken: isTaken)
    }

    /// The path with the first of `extensions` for a file of `style` made at `date`: `STYLE-YYYY-MM-DD-HHMMSS`, with
    /// `-2`, `-3`, ... while that name is taken with any of `extensions` or by its sidecar.
    public func path(style: String, date: Date, extensions: [String], timeZone: TimeZone = .current, isTaken: (String) -> Bool) -> String {
        var n = 1
        while (extensions + ["json"]).contains(where: { isTaken(numberedPath(style: style, date: date, number: n, extension: $0, timeZone: timeZone)) }) {
            n += 1
        }
        return numberedPath(style: style, date: date, number: n, extension: extensions[0], timeZone: timeZone)
    }

    /// The `number`th name of the series for a file of `style` made at `date`: `STYLE-YYYY-MM-DD-HHMMSS.EXT` (local
    /// time) for 1, then `STYLE-YYYY-MM-DD-HHMMSS-2.EXT`, `-3`, ...
    public func numberedPath(style: String, date: Date, number: Int, extension ext: String, timeZone: TimeZone = .current) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = timeZone
        f.dateFormat = "yyyy-MM-dd-HHmmss"
        let stem = "\(style)-\(f.string(from: date))" + (number > 1 ? "-\(number)" : "")
        return (path as NSString).appendingPathComponent(stem + "." + ext)
    }

    /// The sidecar JSON's path for a PNG path.
    public static func sidecarPath(for png: String) -> String { (png as NSString).deletingPathExtension + ".json" }

    /// `path` with the home folder written as `~`, for messages.
    public static func abbreviated(_ path: String, home: String) -> String {
        guard !home.isEmpty, home != "/", path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }
}

/// How a preview takes screenshots: where they go, what saves them, and the clock that names them.
@MainActor
public struct ScreenshotSettings {
    public var folder: ScreenshotFolder
    public var taker: ScreenshotTaker
    /// The wall-clock date for file names (injected; tests pass a fixed one).
    public var date: () -> Date
    /// The home folder, for `~` in messages.
    public var home: String

    public init(folder: ScreenshotFolder, taker: ScreenshotTaker, date: @escaping () -> Date = Date.init,
                home: String = UserHome.path()) {
        self.folder = folder; self.taker = taker; self.date = date; self.home = home
    }
}

// MARK: Reading a sidecar back

/// What a screenshot's or clip's sidecar (or a layout file) says about the frame besides the parameters: `capture
/// --params SIDECAR` takes these as its defaults for `--style`, `--size`, `--at` and `--input`, `record --params
/// SIDECAR` also for `--from`, `--to` and `--fps`.
public struct SidecarDefaults: Equatable, Sendable {
    public var style: String?
    public var size: Size?
    public var time: Double?
    /// The recorded input as a script (entries separated by newlines).
    public var input: String?
    /// Set when the recording was cut short (a very long session): a replay may differ.
    public var inputTruncated = false
    /// A clip's start and end in style time, and its frame rate.
    public var from: Double?
    public var to: Double?
    public var fps: Int?
    /// Whether the window had reduced motion on.
    public var reducedMotion: Bool?
    /// The effect file the focused pane showed, as it was when the sidecar was written (its path and text), when its
    /// style came from a file.
    public var effectPath: String?
    public var effectText: String?
    /// Values that fail their flag's check or have the wrong type, one line each naming the file, the line and the
    /// key in the flag's own words (`capture` and `record` stop on them: a value read from a file is checked as the
    /// flag is). What they name stays nil.
    public var problems: [String] = []

    /// Reads the members a sidecar may have from `file`; anything missing stays nil, anything wrong is a problem.
    public init(json: JSONValue, file: String = "--params") {
        var problems: [String] = []
        func problem(_ m: JSONMember, _ text: String) { problems.append("\(file):\(m.line): \"\(m.key)\" \(text)") }
        func number(_ m: JSONMember, _ what: String) -> Double? {
            guard let n = m.value.numberValue else { problem(m, "should be \(what), got \(m.value.typeName)"); return nil }
            return n
        }
        func seconds(_ m: JSONMember) -> Double? {
            guard let n = number(m, "a number of seconds") else { return nil }
            if let why = CaptureLimits.secondsProblem(n) { problem(m, why); return nil }
            return n
        }
        for m in json.members ?? [] {
            switch m.key {
            case "style":
                guard let s = m.value.stringValue else { problem(m, "should be a style name, got \(m.value.typeName)"); continue }
                style = s
            case "size":
                let s = m.value.arrayValue?.compactMap(\.numberValue) ?? []
                guard s.count == 2, m.value.arrayValue?.count == 2 else { problem(m, "should be [width, height] in points"); continue }
                if let why = CaptureLimits.sizeProblem(s[0], s[1]) { problem(m, "\(CaptureLimits.number(s[0]))x\(CaptureLimits.number(s[1])): \(why)"); continue }
                size = Size(s[0], s[1])
            case "time": time = seconds(m)
            case "from": from = seconds(m)
            case "to": to = seconds(m)
            case "fps":
                guard let n = number(m, "a number of frames per second") else { continue }
                if let why = CaptureLimits.fpsProblem(n) { problem(m, why); continue }
                fps = Int(n)
            case "input":
                let lines = m.value.arrayValue ?? []
                let texts = lines.compactMap(\.stringValue)
                guard m.value.arrayValue != nil, texts.count == lines.count else { problem(m, "should be a list of script lines"); continue }
                input = texts.joined(separator: "\n")
            case "inputTruncated": inputTruncated = m.value.boolValue ?? false
            case "reducedMotion": reducedMotion = m.value.boolValue
            case "effect":
                guard let path = m.value["path"]?.stringValue, let text = m.value["text"]?.stringValue else {
                    problem(m, "should be {\"path\": …, \"text\": …}, the effect file as it was"); continue
                }
                (effectPath, effectText) = (path, text)
            default: continue
            }
        }
        if let from, let to, let why = CaptureLimits.orderProblem(from: from, to: to, fromName: "\"from\"", toName: "\"to\"") {
            problems.append("\(file): \(why)")
            self.to = nil
        }
        self.problems = problems
    }
}
