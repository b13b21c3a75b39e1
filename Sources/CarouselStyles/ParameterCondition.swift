import CarouselCore
import CarouselSupport

/// When a parameter has an effect, as data: `"appliesWhen": {"expandCurve": "timed", "dots": true}` in a style's
/// parameters file, one condition per named parameter of the same style, all of which must hold. A toggle names the
/// state it needs (true or false); a choice the option it needs, or a list of them; a curve its kind, "timed" (a
/// cubic Bézier, which runs for the duration beside it) or "spring" (which settles in its own time). The panel greys
/// a row whose parameter does not apply to the values shown (a duration beside a spring curve).
public struct ParameterCondition: Sendable, Equatable {
    /// What the named parameter must be.
    public enum Requirement: Sendable, Equatable {
        /// A toggle's state.
        case toggle(Bool)
        /// One of these choice options, or curve kinds ("timed", "spring").
        case oneOf([String])
    }

    /// The curve kinds a condition may name.
    public static let curveKinds = ["timed", "spring"]

    /// The parameter the condition is on.
    public let key: String
    public let requirement: Requirement

    public init(key: String, _ requirement: Requirement) { self.key = key; self.requirement = requirement }

    /// Whether the condition holds for the values in `p` (one on a parameter `p` lacks holds).
    public func holds(in p: Parameters) -> Bool {
        guard let spec = p.spec(key) else { return true }
        switch (spec.kind, requirement) {
        case (.toggle, .toggle(let on)): return p.bool(key) == on
        case (.choice, .oneOf(let options)): return options.contains(p.text(key))
        case (.curve, .oneOf(let kinds)): return kinds.contains(p.curve(key).isSpring ? "spring" : "timed")
        default: return true
        }
    }

    /// The conditions of an `"appliesWhen"` object, in its order; throws what is wrong, naming `owner` (the
    /// parameter they belong to). Whether they fit the parameters they name is checked with the whole schema
    /// (`check(against:owner:)`).
    static func list(_ json: JSONValue, owner: String) throws(ParameterError) -> [ParameterCondition] {
        guard let members = json.members else { throw ParameterError("\(owner): \"appliesWhen\" is an object of parameter conditions") }
        return try members.map { (m: JSONMember) throws(ParameterError) -> ParameterCondition in
            switch m.value {
            case .bool(let b): return ParameterCondition(key: m.key, .toggle(b))
            case .string(let s): return ParameterCondition(key: m.key, .oneOf([s]))
            case .array(let a) where !a.isEmpty && a.allSatisfy({ $0.stringValue != nil }):
                return ParameterCondition(key: m.key, .oneOf(a.compactMap(\.stringValue)))
            default:
                throw ParameterError("\(owner): appliesWhen \(m.key) must be true, false, a name or a list of names")
            }
        }
    }

    /// Checks the condition against the style's other parameters: it names one of them (not `owner` itself), a
    /// toggle with true or false, a choice with its options, a curve with "timed" or "spring".
    func check(against specs: [ParameterSpec], owner: String) throws(ParameterError) {
        guard key != owner, let spec = specs.first(where: { $0.key == key }) else {
            throw ParameterError("\(owner): appliesWhen names \(MessageText.quote(key)), not another parameter of the style")
        }
        switch (spec.kind, requirement) {
        case (.toggle, .toggle): return
        case (.choice(let options), .oneOf(let names)) where names.allSatisfy(options.contains): return
        case (.curve, .oneOf(let names)) where names.allSatisfy(Self.curveKinds.contains): return
        case (.choice(let options), _):
            throw ParameterError("\(owner): appliesWhen \(key) names options of \(key) (\(options.joined(separator: ", ")))")
        case (.curve, _):
            throw ParameterError("\(owner): appliesWhen \(key) names a curve's kind (\(Self.curveKinds.joined(separator: " or ")))")
        case (.toggle, _):
            throw ParameterError("\(owner): appliesWhen \(key) is true or false (\(key) is a toggle)")
        case (.number, _):
            throw ParameterError("\(owner): appliesWhen \(key) is a number; conditions are on toggles, choices and curves")
        }
    }

    /// The condition's value as the parameters file writes it.
    var json: JSONValue {
        switch requirement {
        case .toggle(let b): .bool(b)
        case .oneOf(let names): names.count == 1 ? .string(names[0]) : .array(names.map { .string($0) })
        }
    }
}

extension ParameterSpec {
    /// Whether the parameter has an effect with the values in `p`: every condition of `appliesWhen` holds.
    public func applies(in p: Parameters) -> Bool { appliesWhen.allSatisfy { $0.holds(in: p) } }
}
