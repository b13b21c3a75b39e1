import CarouselSupport
import CarouselCore

/// The export of an effect (a gallery effect or an effect file), as the built-in styles have theirs: the SwiftUI
/// and web templates (`EffectSwiftUITemplate`, `EffectWebTemplate`), the same for every effect, with the effect's own
/// code as template values (`EffectSwiftCode`, `EffectWebCode`) made from its document and the tuned values.
enum EffectExport {
    /// The export of `document`.
    static func make(_ document: EffectDocument) -> StyleExport {
        StyleExport(templates: [.swiftui: EffectSwiftUITemplate.source, .html: EffectWebTemplate.source], extras: { parameters in
            let sample = EffectEvaluator.resolve(document, values: EffectEvaluator.values(of: document, in: parameters),
                                                 area: Size(1280, 720), count: 12).env
            let web = EffectWebCode(doc: document, sample: sample)
            let swift = EffectSwiftCode(doc: document, sample: sample)
            let triggers = swift.triggers
            return [
                "effectCSS": .text(web.css), "effectJS": .text(web.script),
                "effectSwift": .text(swift.indent(swift.code.components(separatedBy: "\n"), 8)),
                "usesHover": .bool(triggers.contains(.hover)), "usesPress": .bool(triggers.contains(.press)),
                "usesSelected": .bool(triggers.contains(.selected)),
                "usesDrag": .bool(!triggers.isDisjoint(with: [.drag, .dragForward, .dragBackward])),
                "usesPinch": .bool(!triggers.isDisjoint(with: [.pinchIn, .pinchOut])),
            ]
        })
    }
}
