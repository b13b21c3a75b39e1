import CarouselSupport
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

/// A problem reading, writing, renaming or deleting a preset: one line naming the file, and what kind of problem.
public struct PresetError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, for callers that act on it (the message says it to the user).
    public enum Kind: Equatable, Sendable {
        /// The file or its folder cannot be read, written or removed, or the file is not a valid preset.
        case file
        /// The name breaks the rules of `PresetStore.problem(withName:)`.
        case invalidName
        /// Another preset of the style already has the name (it is never replaced).
        case nameTaken
        /// The preset ships with the app and is read-only.
        case shipped
    }

    /// The one-line message.
    public let message: String
    /// What kind of problem it is.
    public let kind: Kind
    public init(_ message: String, kind: Kind = .file) { self.message = message; self.kind = kind }
    public var description: String { message }

    /// A shipped preset cannot be `done` ("deleted", "renamed").
    public static func shipped(_ preset: Preset, cannotBe done: String) -> PresetError {
        PresetError("Preset \(preset.name) ships with the app and cannot be \(done)", kind: .shipped)
    }
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
        let home = UserHome.path(environment: environment)
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

    // MARK: Saving, renaming, deleting

    /// Saves `parameters` as the user preset `name` for `style`, replacing one of the same name. The file is written
    /// to a temporary name and renamed into place, so a failed save never leaves a half-written preset.
    @discardableResult
    public func save(_ parameters: Parameters, style: String, name: String) throws(PresetError) -> Preset {
        try PresetStore.check(name)
        let folder = userRoot + "/" + style
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw PresetError("\(folder): cannot create the presets folder (\(PresetStore.reason(error)))")
        }
        let path = folder + "/" + name + ".json"
        let json = JSONValue.object([JSONMember("name", .string(name)), JSONMember("style", .string(style)),
                                     JSONMember("parameters", parameters.json)])
        try PresetStore.write(Data((json.serialized() + "\n").utf8), to: path, replacing: true)
        return Preset(name: name, path: path, isShipped: false, about: nil)
    }

    /// Renames the user preset `preset` to `newName`: its file, and the `"name"` inside when the file has one.
    /// Refuses shipped presets, bad names and the name of another preset, which is never replaced. The file is
    /// written in full under the new name (temporary file, then linked into place) before the old one is removed,
    /// so a failure leaves the preset as it was. Returns the renamed preset (`preset` itself for its own name).
    @discardableResult
    public func rename(_ preset: Preset, to newName: String) throws(PresetError) -> Preset {
        if preset.isShipped { throw PresetError.shipped(preset, cannotBe: "renamed") }
        try PresetStore.check(newName)
        guard newName != preset.name else { return preset }
        let path = (preset.path as NSString).deletingLastPathComponent + "/" + newName + ".json"
        guard let data = FileManager.default.contents(atPath: preset.path) else {
            throw PresetError("\(preset.path): cannot read the preset")
        }
        try PresetStore.write(PresetStore.renaming(data, to: newName), to: path, replacing: false)
        // Gone meanwhile: the preset lives on under its new name only, which is the rename asked for.
        guard unlink(preset.path) == 0 || errno == ENOENT else {
            let reason = String(cString: strerror(errno))
            unlink(path)
            throw PresetError("\(preset.path): cannot rename the preset (\(reason))")
        }
        return Preset(name: newName, path: path, isShipped: false, about: nil)
    }

    /// Deletes the user preset `preset`'s file. Refuses shipped presets; a file that cannot be removed (already
    /// gone, folder not writable, a folder in its place) is an error naming it, and nothing changes.
    public func delete(_ preset: Preset) throws(PresetError) {
        if preset.isShipped { throw PresetError.shipped(preset, cannotBe: "deleted") }
        // unlink, not removeItem: a folder named like a preset is refused, never removed with its contents.
        guard unlink(preset.path) == 0 else {
            throw PresetError("\(preset.path): cannot delete the preset (\(String(cString: strerror(errno))))")
        }
    }

    /// Writes `data` to `path` whole or not at all (`AtomicFile`): renamed over an existing file when `replacing`,
    /// else linked into place, which fails when `path` exists (so no file is ever replaced unasked).
    private static func write(_ data: Data, to path: String, replacing: Bool) throws(PresetError) {
        do { try AtomicFile.write(data, to: path, replacing: replacing) } catch {
            if error.kind == .exists { throw PresetError("\(path): a preset of that name already exists", kind: .nameTaken) }
            if error.reason.hasPrefix("cannot create") {
                throw PresetError("\(path): cannot write the preset (folder not writable or disk full)")
            }
            throw PresetError("\(path): cannot \(replacing ? "save" : "rename") the preset (\(error.reason))")
        }
    }

    /// A preset file's bytes with its `"name"` set to `name`; the bytes as they are when the file has no name
    /// (or is not valid JSON: a broken preset keeps its content, to be fixed under its new name).
    private static func renaming(_ data: Data, to name: String) -> Data {
        guard let json = try? JSONParser.parse(data), let members = json.members, members.contains(where: { $0.key == "name" }) else {
            return data
        }
        let renamed = members.map { $0.key == "name" ? JSONMember("name", .string(name)) : $0 }
        return Data((JSONValue.object(renamed).serialized() + "\n").utf8)
    }

    /// Throws when `name` cannot name a preset file.
    private static func check(_ name: String) throws(PresetError) {
        if let problem = problem(withName: name) { throw PresetError("preset name \"\(name)\": \(problem)", kind: .invalidName) }
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
        SystemError.reason(error)
    }
}
