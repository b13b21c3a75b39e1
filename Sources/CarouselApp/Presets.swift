import CarouselCore
import CarouselStyles
import Foundation

/// A named set of parameter values for one style: shipped with the app or saved by the user.
public struct Preset: Equatable, Sendable {
    /// The name shown in the panel.
    public let name: String
    /// The JSON file.
    public let path: String
    /// Shipped with the app (read-only) rather than saved by the user.
    public let isShipped: Bool
    /// A one-line description, for shipped presets.
    public let about: String?
}

/// A problem reading or writing a preset, as one line naming the file.
public struct PresetError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Finds, loads and saves presets.
///
/// A preset file is a parameter file (it works with `--params` too) with a name and the style it belongs to:
/// `{"name": "Glide", "style": "expand", "about": "...", "parameters": {"expandCurve": "glide", ...}}`.
/// Shipped presets live in `Resources/presets/<style>/*.json` (listed by file name); the user's in
/// `<userRoot>/<style>/<name>.json`, where `userRoot` is `$XDG_CONFIG_HOME/carousel-lab/presets`
/// (`~/.config/carousel-lab/presets` when unset).
public struct PresetStore: Sendable {
    /// The folder holding one folder of shipped presets per style, if the resources were found.
    public var shippedRoot: String?
    /// The folder holding one folder of the user's presets per style.
    public var userRoot: String

    public init(shippedRoot: String?, userRoot: String) { self.shippedRoot = shippedRoot; self.userRoot = userRoot }

    /// The store the app uses: the bundled resources' presets and the user's config folder.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> PresetStore {
        PresetStore(shippedRoot: ResourceLocator.resourcesFolder().map { $0 + "/presets" },
                    userRoot: defaultUserRoot(environment: environment))
    }

    /// `$XDG_CONFIG_HOME/carousel-lab/presets`, or `$HOME/.config/carousel-lab/presets`.
    public static func defaultUserRoot(environment: [String: String]) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/carousel-lab/presets" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.config/carousel-lab/presets"
    }

    // MARK: Listing

    /// The presets for `style`: the shipped ones in file-name order, then the user's by name.
    public func presets(for style: String) -> [Preset] {
        var out: [Preset] = []
        if let shippedRoot {
            for path in jsonFiles(in: shippedRoot + "/" + style) {
                let meta = try? PresetStore.read(path)
                out.append(Preset(name: meta?["name"]?.stringValue ?? PresetStore.stem(path), path: path, isShipped: true,
                                  about: meta?["about"]?.stringValue))
            }
        }
        for path in jsonFiles(in: userRoot + "/" + style) {
            out.append(Preset(name: PresetStore.stem(path), path: path, isShipped: false, about: nil))
        }
        return out
    }

    private func jsonFiles(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
            .map { folder + "/" + $0 }
    }

    private static func stem(_ path: String) -> String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension }

    // MARK: Loading

    /// Applies a preset's values to `parameters`; returns the problems (each naming the file, line and key), which are
    /// skipped while the rest applies. Throws when the file cannot be read or parsed, or belongs to another style.
    public func load(_ preset: Preset, style: String, into parameters: inout Parameters) throws(PresetError) -> [String] {
        let json = try PresetStore.read(preset.path)
        if let other = json["style"]?.stringValue, other != style {
            throw PresetError("\(preset.path): this preset is for the \(other) style, not \(style)")
        }
        return parameters.apply(json: json, file: preset.path)
    }

    /// Reads and parses a preset file (at most 1 MB).
    static func read(_ path: String) throws(PresetError) -> JSONValue {
        guard let data = FileManager.default.contents(atPath: path) else { throw PresetError("\(path): cannot read the preset") }
        guard data.count <= 1 << 20 else { throw PresetError("\(path): the preset is larger than 1 MB") }
        do { return try JSONParser.parse(data) } catch let e as JSONSyntaxError {
            throw PresetError("\(path):\(e.line): invalid JSON: \(e.message)")
        } catch {
            throw PresetError("\(path): invalid JSON: \(error)")
        }
    }

    // MARK: Saving

    /// Saves `parameters` as the user preset `name` for `style`, replacing one of the same name. The file is written
    /// to a temporary name and renamed into place, so a failed save never leaves a half-written preset.
    @discardableResult
    public func save(_ parameters: Parameters, style: String, name: String) throws(PresetError) -> Preset {
        if let problem = PresetStore.problem(withName: name) { throw PresetError("preset name \"\(name)\": \(problem)") }
        let folder = userRoot + "/" + style
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw PresetError("\(folder): cannot create the presets folder (\(PresetStore.reason(error)))")
        }
        let path = folder + "/" + name + ".json"
        let json = JSONValue.object([JSONMember("name", .string(name)), JSONMember("style", .string(style)),
                                     JSONMember("parameters", parameters.json)])
        let tmp = folder + "/.\(name).json.tmp-\(ProcessInfo.processInfo.processIdentifier)"
        guard FileManager.default.createFile(atPath: tmp, contents: Data((json.serialized() + "\n").utf8)) else {
            try? FileManager.default.removeItem(atPath: tmp)
            throw PresetError("\(path): cannot write the preset (folder not writable or disk full)")
        }
        guard rename(tmp, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: tmp)
            throw PresetError("\(path): cannot save the preset (\(reason))")
        }
        return Preset(name: name, path: path, isShipped: false, about: nil)
    }

    /// Why `name` cannot name a preset file, or nil when it can: 1-64 letters, digits, spaces, `-`, `_` or `.`,
    /// not starting with a dot or a space.
    public static func problem(withName name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name.count > 64 { return "is longer than 64 characters" }
        if name.hasPrefix(".") || name.hasPrefix(" ") || name.hasSuffix(" ") { return "cannot start with a dot or start or end with a space" }
        if let bad = name.first(where: { !PresetStore.isNameCharacter($0) }) { return "cannot contain \"\(bad)\" (letters, digits, space, - _ . only)" }
        return nil
    }

    /// Whether `c` may appear in a preset name.
    public static func isNameCharacter(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c.isNumber || " -_.".contains(c))
    }

    /// The default name for a preset saved at `date`: the style and the local time, `expand-2025-01-31-142530`.
    public static func timestampName(style: String, date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd-HHmmss"
        return "\(style)-\(f.string(from: date))"
    }

    private static func reason(_ error: Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}
