import CarouselSupport
import CarouselCore

/// The way in for an effect file: its text becomes a `StyleDefinition` the app offers like a built-in style (its
/// parameters are the panel's, its origin carries the text for sidecars), or one line saying what is wrong.
@MainActor
public enum EffectFile {
    /// The style the effect file at `path` with content `text` describes.
    public static func definition(path: String, text: String) throws(EffectFileError) -> StyleDefinition {
        definition(try EffectParser.document(text: text, file: path), origin: .file(path: path, text: text))
    }

    /// The style of `document`, from `origin`.
    public static func definition(_ document: EffectDocument, origin: StyleOrigin) -> StyleDefinition {
        StyleDefinition(descriptor: descriptor(document), channels: channels, export: EffectExport.make(document), origin: origin) { context, parameters in
            EffectStyle(document: document, context: context, parameters: parameters)
        }
    }

    /// What the timeline can graph: the row's position and the followed item's place, scale and opacity.
    public static let channels = [StyleChannel("offset", .state("scrollOffset")), StyleChannel("x", .itemX),
                                  StyleChannel("scale", .itemScale, unit: "×"), StyleChannel("opacity", .itemOpacity, unit: "")]

    /// The parameters every effect has besides its own: how a move to a snap point runs.
    public static func snapParameters(_ doc: EffectDocument) -> [ParameterSpec] {
        [ParameterSpec("snapCurve", "Snap curve", .curve, default: .text(doc.snap.curve), group: "Motion",
                       "How the row moves to a snap point (keys, wheel, clicks, auto-advance, a released drag); a spring carries a fling on"),
         ParameterSpec("snapDuration", "Snap duration", .number(min: 0.05, max: 3, step: 0.01, unit: "s"), default: .number(doc.snap.duration),
                       group: "Motion", slider: SliderRange(min: 0.1, max: 2, scale: .log), "Duration of a move to a snap point (a spring uses its own)")]
    }

    /// The descriptor: the document's name, summary and parameters, then the snap parameters.
    public static func descriptor(_ doc: EffectDocument) -> StyleDescriptor {
        let reduced = doc.reducedMotion != nil
            ? "the effect's declared reduced form (its own tracks); moves the hand does not direct are cuts; state changes take at most 0.1 s"
            : "moves the hand does not direct cut to the new place, which cross-fades over the old with the snap duration; a released drag settles in 0.1 s; state changes take at most 0.1 s"
        return StyleDescriptor(name: doc.name, summary: doc.summary, parameters: doc.parameters.map(\.spec) + snapParameters(doc),
                               autoAdvanceByDefault: doc.autoAdvance != nil, reducedMotion: reduced)
    }
}

/// The effects shipped with the app, compiled in (`Effect/Gallery/*.json`, as the styles' parameters are).
@MainActor
public enum EffectGallery {
    /// Each gallery file's name and text, in menu order.
    public static let files: [(name: String, text: String)] = [
        ("coverflow.effect.json", PackageResources.coverflow_effect_json), ("cards.effect.json", PackageResources.cards_effect_json),
        ("parallax.effect.json", PackageResources.parallax_effect_json), ("scale-and-fade.effect.json", PackageResources.scale_and_fade_effect_json),
        ("widen.effect.json", PackageResources.widen_effect_json),
        ("creative-1.swiper.json", PackageResources.creative_1_swiper_json), ("creative-2.swiper.json", PackageResources.creative_2_swiper_json),
        ("creative-3.swiper.json", PackageResources.creative_3_swiper_json), ("creative-4.swiper.json", PackageResources.creative_4_swiper_json),
        ("creative-5.swiper.json", PackageResources.creative_5_swiper_json), ("creative-6.swiper.json", PackageResources.creative_6_swiper_json),
    ].map { ($0.0, String(decoding: $0.1, as: UTF8.self)) }

    /// The gallery's documents. A gallery file is part of the program: one that does not read is a programming
    /// error, stopped at first use with its line.
    public static let documents: [EffectDocument] = files.map { file in
        do throws(EffectFileError) { return try EffectParser.document(text: file.text, file: "gallery/" + file.name) } catch {
            preconditionFailure(error.description)
        }
    }

    /// The gallery's styles, in menu order (built in: their origin is `.builtIn`).
    public static var all: [StyleDefinition] { documents.map { EffectFile.definition($0, origin: .builtIn) } }

    /// The gallery effect named `name`, if any.
    public static func definition(named name: String) -> StyleDefinition? {
        documents.first { $0.name == name.lowercased() }.map { EffectFile.definition($0, origin: .builtIn) }
    }
}
