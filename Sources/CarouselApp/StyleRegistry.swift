import CarouselSupport
import Foundation
import CarouselCore
import CarouselStyles

/// Every style the app offers, in the order of the number keys 1-5.
@MainActor
public enum StyleRegistry {
    /// The built-in styles, in menu order.
    public static var all: [StyleDefinition] { [ExpandStyle.definition, StitchStyle.definition, LoopStyle.definition, CircularStyle.definition, PagingStyle.definition] }

    /// The names, in menu order.
    public static var names: [String] { all.map(\.name) }

    /// The name of style `number` as the keys count them (1 is the first), if there is one.
    public static func name(number: Int) -> String? { all.indices.contains(number - 1) ? all[number - 1].name : nil }

    /// The gallery of effects the style menu lists after the five (coverflow, cards, Swiper's creative demos, ...).
    public static var gallery: [StyleDefinition] { EffectGallery.all }

    /// The built-in style with this name, else an effect this process read from a file or a sidecar, by its name or
    /// path (`register`), else the gallery effect, else the effect file at that path, if any.
    public static func style(named name: String) -> StyleDefinition? {
        if let s = all.first(where: { $0.name == name.lowercased() }) { return s }
        if let s = registered[name] { return s }
        if let s = EffectGallery.definition(named: name) { return s }
        guard isEffectPath(name), let s = try? effectFile(name) else { return nil }
        return s
    }

    /// Effects read from files or carried by sidecars, by their names and paths: what a window, a capture or a
    /// comparison shows under that name (a sidecar's copy of an effect wins over the file, which may have changed
    /// since).
    private static var registered: [String: StyleDefinition] = [:]

    /// Makes `definition` (an effect file's or a sidecar's) the style its name and path name from now on.
    public static func register(_ definition: StyleDefinition) {
        guard case .file(let path, _) = definition.origin, !names.contains(definition.name) else { return }
        registered[definition.name] = definition
        registered[path] = definition
    }

    /// Whether `name` names a file rather than a style (a path: it has a '/' or ends in ".json").
    public static func isEffectPath(_ name: String) -> Bool { name.contains("/") || name.lowercased().hasSuffix(".json") }

    /// The effect file at `path`, read with the file-reading policy; throws one line naming the file (and the line,
    /// column and key of a problem inside it).
    public static func effectFile(_ path: String) throws -> StyleDefinition {
        let data = try FileInput.read(path, limit: EffectLimits.fileBytes, what: "effect file")
        guard let text = String(data: data, encoding: .utf8) else { throw FileInputError("\(path): the effect file is not UTF-8 text") }
        let definition = try EffectFile.definition(path: path, text: text)
        register(definition)
        return definition
    }

    /// The parameters every style shares, declared once: auto-advance, its progress indicator and its pause button.
    public nonisolated enum SharedKey {
        /// Auto-advance, off by default (a style's schema sets its own default: `autoAdvance(onByDefault:)`).
        public static let autoAdvance = autoAdvance(onByDefault: false)
        public static let autoAdvanceInterval = ParameterKey<Double>.number(
            "autoAdvanceInterval", "Interval", 3.0, 0.5...60, step: 0.1, unit: "s", group: "Auto-advance",
            slider: SliderRange(min: 1, max: 15, scale: .log), "Seconds between automatic advances")
        public static let autoAdvanceProgress = ParameterKey<Bool>.toggle(
            "autoAdvanceProgress", "Progress bar", true, group: "Auto-advance", "Show a thin bar with the time left until the next advance")
        public static let autoAdvancePauseButton = ParameterKey<Bool>.toggle(
            "autoAdvancePauseButton", "Pause button", true, group: "Auto-advance",
            "Show a pause / play button while auto-advance is on (WCAG 2.2.2); Enter or Space on the focused carousel press it")

        /// Auto-advance with the default a style chooses.
        nonisolated static func autoAdvance(onByDefault: Bool) -> ParameterKey<Bool> {
            .toggle("autoAdvance", "Auto-advance", onByDefault, group: "Auto-advance",
                    "Select the next item every interval, through the style's own selection path")
        }
    }

    /// The parameters every style shares, with auto-advance on by default when `autoAdvance`.
    public nonisolated static func commonParameters(autoAdvance: Bool) -> [ParameterSpec] {
        [SharedKey.autoAdvance(onByDefault: autoAdvance).spec, SharedKey.autoAdvanceInterval.spec, SharedKey.autoAdvanceProgress.spec,
         SharedKey.autoAdvancePauseButton.spec]
    }

    /// The full schema of a style: its own parameters, then the shared ones.
    public nonisolated static func schema(of style: StyleDefinition) -> [ParameterSpec] {
        style.descriptor.parameters + commonParameters(autoAdvance: style.descriptor.autoAdvanceByDefault)
    }

    /// `carousel-lab styles --json`: every style with every parameter's default, range, unit and meaning, and the
    /// formats it exports (`carousel-lab export --format`).
    public static func catalogueJSON() -> JSONValue {
        .array(all.map { style in
            let d = style.descriptor
            return .object([
                JSONMember("name", .string(d.name)),
                JSONMember("summary", .string(d.summary)),
                JSONMember("parameters", .array(schema(of: style).map(\.json))),
                JSONMember("exports", .array((style.export?.formats ?? []).map { .string($0.rawValue) })),
            ])
        })
    }

    /// `carousel-lab styles`: a readable listing.
    public static func catalogueText() -> String {
        var out = ""
        for style in all {
            let d = style.descriptor
            out += "\(d.name): \(d.summary)\n"
            let formats = (style.export?.formats ?? [])
            if !formats.isEmpty { out += "  exports: \(formats.map(\.rawValue).joined(separator: ", "))\n" }
            for s in schema(of: style) {
                var range = ""
                switch s.kind {
                case .number(let lo, let hi, _, let unit): range = "\(JSONValue.format(lo))...\(JSONValue.format(hi)) \(unit)"
                case .toggle: range = "on/off"
                case .choice(let o): range = o.joined(separator: "|")
                case .curve: range = "curve"
                }
                out += "  \(MessageText.column(s.key, width: 26)) \(MessageText.column(s.defaultValue.description, width: 12)) \(MessageText.column(range, width: 22)) \(s.meaning)\n"
            }
            out += "\n"
        }
        return out
    }
}
