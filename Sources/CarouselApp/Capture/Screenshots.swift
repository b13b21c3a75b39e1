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

    /// The subfolder created in the pictures folder (or the current directory) by default.
    public static let subfolder = "Carousel Lab"

    /// `--screenshots DIR` when given; otherwise `Carousel Lab` inside the user's pictures folder
    /// (`$XDG_PICTURES_DIR`, then the `XDG_PICTURES_DIR` entry of `user-dirs.dirs`, then `~/Pictures`), the first
    /// that exists, or inside the current directory when none does.
    public static func resolve(option: String?, environment: [String: String], home: String, currentDirectory: String,
                               isDirectory: (String) -> Bool) -> ScreenshotFolder {
        if let option { return ScreenshotFolder(path: absolute(option, in: currentDirectory)) }
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        let userDirs = (try? String(contentsOfFile: configHome + "/user-dirs.dirs", encoding: .utf8))
            .flatMap { picturesEntry(inUserDirs: $0, home: home) }
        let candidates = [environment["XDG_PICTURES_DIR"], userDirs, home + "/Pictures"].compactMap { $0 }.filter { !$0.isEmpty }
        let base = candidates.first(where: isDirectory) ?? currentDirectory
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
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = timeZone
        f.dateFormat = "yyyy-MM-dd-HHmmss"
        let base = (path as NSString).appendingPathComponent("\(style)-\(f.string(from: date))")
        var stem = base, n = 2
        while (extensions + ["json"]).contains(where: { isTaken(stem + "." + $0) }) {
            stem = "\(base)-\(n)"
            n += 1
        }
        return stem + "." + extensions[0]
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
                home: String = NSHomeDirectory()) {
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

    /// Reads the members a sidecar may have; anything missing or of the wrong type stays nil.
    public init(json: JSONValue) {
        style = json["style"]?.stringValue
        if let s = json["size"]?.arrayValue?.compactMap(\.numberValue), s.count == 2, s[0] >= 1, s[1] >= 1 {
            size = Size(s[0], s[1])
        }
        time = json["time"]?.numberValue.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        if let lines = json["input"]?.arrayValue {
            let texts = lines.compactMap(\.stringValue)
            if texts.count == lines.count { input = texts.joined(separator: "\n") }
        }
        inputTruncated = json["inputTruncated"]?.boolValue ?? false
        func seconds(_ key: String) -> Double? { json[key]?.numberValue.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } }
        from = seconds("from")
        to = seconds("to")
        fps = json["fps"]?.numberValue.flatMap { $0 >= 1 && $0 <= 120 ? Int($0) : nil }
        reducedMotion = json["reducedMotion"]?.boolValue
    }
}
