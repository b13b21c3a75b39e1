import CarouselStyles
import CarouselSupport
import Foundation

/// A variant to show in a pane: a style plus parameter values (applied over the style's defaults), and the name its
/// label shows.
public struct Variant: Equatable, Sendable {
    /// The name the pane's label shows: "variant 1" (the window's own values, `--compare current`), a file's name, or
    /// a preset's.
    public var name: String
    public var style: String
    /// Parameter values as a parameter file holds them (nil: the style's defaults).
    public var values: JSONValue?
    /// The file the values came from, for messages (nil: none).
    public var file: String?

    public init(name: String, style: String, values: JSONValue? = nil, file: String? = nil) {
        self.name = name; self.style = style; self.values = values; self.file = file
    }

    /// Reads a `--compare` argument: `current` (the `--style` and `--params` values, given as `current`),
    /// `preset:STYLE/NAME` (shipped or the user's), a gallery effect's name, an effect file (`NAME.effect.json`,
    /// `NAME.swiper.json`), or a parameter file or sidecar (its `style` when it has one, else
    /// `current`'s). Throws a one-line message naming the argument.
    @MainActor
    public static func load(_ argument: String, current: Variant, presets: PresetStore) throws(ParameterFileError) -> Variant {
        if argument == "current" { return current }
        if argument.hasPrefix("preset:") {
            let spec = String(argument.dropFirst("preset:".count))
            let parts = spec.split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2, let style = StyleRegistry.style(named: parts[0])?.descriptor.name else {
                throw ParameterFileError("\(MessageText.quote(argument)): expected preset:STYLE/NAME with a style of "
                                         + StyleRegistry.names.joined(separator: ", "))
            }
            let listed = presets.presets(for: style)
            guard let preset = listed.first(where: { $0.name == parts[1] }) ?? listed.first(where: { $0.name.lowercased() == parts[1].lowercased() }) else {
                throw ParameterFileError("\(MessageText.quote(argument)): no preset \(MessageText.quote(parts[1])) for \(style) (presets: "
                                         + listed.map(\.name).joined(separator: ", ") + ")")
            }
            let json = try ParameterFile.read(preset.path)
            return Variant(name: preset.name, style: style, values: json, file: preset.path)
        }
        // A gallery effect by its name, or an effect file (its own values: the effect's defaults).
        if let gallery = StyleRegistry.gallery.first(where: { $0.name == argument.lowercased() }) {
            return Variant(name: gallery.name, style: gallery.name)
        }
        if argument.lowercased().hasSuffix(".effect.json") || argument.lowercased().hasSuffix(".swiper.json") {
            do {
                let effect = try StyleRegistry.effectFile(argument)
                return Variant(name: effect.name, style: effect.name, file: argument)
            } catch { throw ParameterFileError("\(error)") }
        }
        let json = try ParameterFile.read(argument)
        let style = json["style"]?.stringValue ?? current.style
        guard let type = StyleRegistry.style(named: style) else {
            throw ParameterFileError("\(argument): unknown style \(MessageText.quote(style)) (styles: \(StyleRegistry.names.joined(separator: ", ")))")
        }
        return Variant(name: ((argument as NSString).lastPathComponent as NSString).deletingPathExtension,
                       style: type.descriptor.name, values: json, file: argument)
    }

    /// The variants a sidecar (a screenshot's or a clip's) records, when it records a comparison; nil otherwise.
    @MainActor public static func recorded(in sidecar: JSONValue, file: String) -> [Variant]? {
        guard let list = sidecar["variants"]?.arrayValue, list.count > 1 else { return nil }
        return list.enumerated().map { i, v in
            // A variant's effect as the sidecar carries it is the style its name names from now on.
            if let path = v["effect"]?["path"]?.stringValue, let text = v["effect"]?["text"]?.stringValue,
               let definition = try? EffectFile.definition(path: path, text: text) {
                StyleRegistry.register(definition)
            }
            return Variant(name: v["name"]?.stringValue ?? "variant \(i + 1)", style: v["style"]?.stringValue ?? "expand",
                           values: v["parameters"], file: "\(file) variant \(i + 1)")
        }
    }
}
