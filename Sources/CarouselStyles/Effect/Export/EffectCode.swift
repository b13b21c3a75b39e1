import CarouselSupport
import CarouselCore
import Foundation

/// What both exports of an effect need from its document: its expressions written in Swift and in JavaScript, and the
/// order in which its names are computed (parameters, then derived values and the layout's lengths in dependency
/// order), so that the generated code evaluates each name once, after the names it reads, as `EffectEnvironment`
/// does lazily.
enum EffectCode {
    /// A language the export writes.
    enum Language { case swift, javaScript }

    /// One step of computing the names: a derived value, or the layout's lengths (spacing, item width and height,
    /// pitch), which are computed together.
    enum Step: Hashable {
        case derived(String)
        case layout
    }

    /// The layout's names computed by the `.layout` step.
    static let layoutOutputs: Set<String> = ["spacing", "itemWidth", "itemHeight", "pitch"]

    /// The steps in an order where each reads only names computed before it: a depth-first walk of
    /// `EffectDependencies.graph` with the four layout lengths as one node, from the layout, then each derived value in
    /// file order. (The parser refuses cycles between single names; the rare file whose derived value both reads a
    /// layout length and feeds the layout gets the layout first, and the value reads what it finds, as the app's
    /// lazy evaluation does.)
    static func steps(_ doc: EffectDocument) -> [Step] {
        let derived = Dictionary(doc.derived.map { ($0.name, $0.expression) }, uniquingKeysWith: { a, _ in a })
        let l = doc.layout
        let layoutReads = ([l.spacing] + [l.itemLength, l.itemsPerView, l.itemCross, l.aspectRatio].compactMap { $0 }).flatMap(\.names)
        var out: [Step] = [], state: [Step: Int] = [:]
        func reads(_ step: Step) -> [Step] {
            let names: [String]
            switch step {
            case .layout: names = layoutReads
            case .derived(let name): names = derived[name]?.names ?? []
            }
            return names.compactMap { n in
                if layoutOutputs.contains(n) { return .layout }
                return derived[n] != nil ? .derived(n) : nil
            }
        }
        func visit(_ step: Step) {
            guard state[step] == nil else { return }
            state[step] = 1
            for next in reads(step) where next != step { visit(next) }
            state[step] = 2
            out.append(step)
        }
        visit(.layout)
        for d in doc.derived { visit(.derived(d.name)) }
        return out
    }

    /// `e` as code in `language`, each name through `name` (a property of the names being computed).
    static func write(_ e: EffectExpression, _ language: Language, name: (String) -> String) -> String {
        e.written(name: name, function: { f in
            switch (language, f) {
            case (.swift, .abs): "abs"
            case (.swift, .min): "min"
            case (.swift, .max): "max"
            case (.swift, .clamp): "Effect.clamped"
            case (.swift, .sqrt): "Effect.root"
            case (.swift, .pow): "Effect.power"
            case (.swift, .round): "Effect.rounded"
            case (.swift, .floor): "Effect.floored"
            case (.swift, .ceil): "Effect.ceiled"
            case (.javaScript, .abs): "Math.abs"
            case (.javaScript, .min): "Math.min"
            case (.javaScript, .max): "Math.max"
            case (.javaScript, .clamp): "clamp"
            case (.javaScript, .sqrt): "root"
            case (.javaScript, .pow): "Math.pow"
            case (.javaScript, .round): "roundAway"
            case (.javaScript, .floor): "Math.floor"
            case (.javaScript, .ceil): "Math.ceil"
            }
        })
    }

    /// A name as a Swift identifier (backquoted when it is a keyword).
    static func swiftName(_ name: String) -> String { Code.swiftIdentifier(name) }

    /// A number as a literal both languages read as a floating-point value (`2.0`, `0.35`, `-1.5`, `1e-05`).
    static func number(_ n: Double) -> String { n < 0 ? "-" + EffectExpression.numberText(-n) : EffectExpression.numberText(n) }

    /// An easing's progress at `count + 1` evenly spaced t (the app's `ResolvedEasing`, for the names of `env`): where a
    /// format needs numbers at export time (a spring's or an expression's easing sampled into CSS `linear()`).
    static func easingSamples(_ easing: EffectEasing, env: EffectEnvironment, count: Int) -> [Double] {
        let e = ResolvedEasing(easing, env: env)
        return (0...count).map { e.progress(Double($0) / Double(count)) }
    }

    /// Whether a track's value can move with p (more than one key).
    static func isAnimated(_ t: EffectTrack) -> Bool { t.keys.count > 1 }
}
