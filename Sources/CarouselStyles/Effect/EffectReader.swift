import CarouselSupport
import CarouselCore

/// Reads the values of an effect file's located JSON (`JSONNode`) with the checks every part of the format shares:
/// known keys (an unknown one is an error with a suggestion), each key once, finite numbers within
/// `EffectLimits.magnitude`, names, expressions, curves. Every error names the file, line, column and key.
struct EffectReader {
    let file: String

    func fail(_ at: JSONNode, _ message: String) -> EffectFileError {
        EffectFileError(file: file, line: at.line, column: at.column, message: message)
    }
    func fail(_ at: JSONNode.Member, _ message: String) -> EffectFileError {
        EffectFileError(file: file, line: at.line, column: at.column, message: message)
    }
    func fail(_ at: EffectSourcePosition, _ message: String) -> EffectFileError {
        EffectFileError(file: file, line: at.line, column: at.column, message: message)
    }

    /// The members of an object whose keys are all in `allowed` (in `context`, "layout" or "a track"), each once.
    func members(_ node: JSONNode, allowed: [String], context: String) throws(EffectFileError) -> [String: JSONNode.Member] {
        guard case .object(let list) = node.kind else { throw fail(node, "\(context): expected an object, got \(node.typeName)") }
        var out: [String: JSONNode.Member] = [:]
        for m in list {
            guard allowed.contains(m.key) else {
                let hint = Suggestion.closest(to: m.key, among: allowed).map { " (did you mean \($0)?)" } ?? " (known: \(allowed.joined(separator: ", ")))"
                throw fail(m, "\(context): unknown key \(MessageText.quote(m.key))\(hint)")
            }
            if let first = out[m.key] { throw fail(m, "\(context): \(MessageText.quote(m.key)) appears twice (also on line \(first.line))") }
            out[m.key] = m
        }
        return out
    }

    /// The elements of an array of at most `limit`.
    func array(_ node: JSONNode, _ what: String, limit: Int) throws(EffectFileError) -> [JSONNode] {
        guard case .array(let items) = node.kind else { throw fail(node, "\(what): expected an array, got \(node.typeName)") }
        guard items.count <= limit else { throw fail(node, "\(what): more than \(limit) entries") }
        return items
    }

    /// A finite number within the magnitude limit.
    func number(_ node: JSONNode, _ what: String) throws(EffectFileError) -> Double {
        guard case .number(let n) = node.kind else { throw fail(node, "\(what): expected a number, got \(node.typeName)") }
        try checkMagnitude(n, node, what)
        return n
    }

    func checkMagnitude(_ n: Double, _ node: JSONNode, _ what: String) throws(EffectFileError) {
        guard n.isFinite, abs(n) <= EffectLimits.magnitude else {
            throw fail(node, "\(what): \(JSONValue.format(n)) is beyond ±\(JSONValue.format(EffectLimits.magnitude))")
        }
    }

    /// A number in `range`.
    func number(_ node: JSONNode, _ what: String, in range: ClosedRange<Double>) throws(EffectFileError) -> Double {
        let n = try number(node, what)
        guard range.contains(n) else {
            throw fail(node, "\(what): \(JSONValue.format(n)) is outside \(JSONValue.format(range.lowerBound))...\(JSONValue.format(range.upperBound))")
        }
        return n
    }

    func string(_ node: JSONNode, _ what: String) throws(EffectFileError) -> String {
        guard case .string(let s) = node.kind else { throw fail(node, "\(what): expected a string, got \(node.typeName)") }
        guard s.utf8.count <= 1000 else { throw fail(node, "\(what): longer than 1000 bytes") }
        return s
    }

    func bool(_ node: JSONNode, _ what: String) throws(EffectFileError) -> Bool {
        guard case .bool(let b) = node.kind else { throw fail(node, "\(what): expected true or false, got \(node.typeName)") }
        return b
    }

    /// One of the raw values of `E`.
    func choice<E: RawRepresentable & CaseIterable>(_ node: JSONNode, _ what: String, as: E.Type) throws(EffectFileError) -> E where E.RawValue == String {
        let s = try string(node, what)
        guard let e = E(rawValue: s) else {
            let options = E.allCases.map(\.rawValue)
            let hint = Suggestion.closest(to: s, among: options).map { " (did you mean \($0)?)" } ?? ""
            throw fail(node, "\(what): \(MessageText.quote(s)) is not one of \(options.joined(separator: ", "))\(hint)")
        }
        return e
    }

    /// A name a file declares: an identifier of at most `EffectLimits.nameLength` characters that is not reserved.
    func name(_ m: JSONNode.Member, reserved: [String]) throws(EffectFileError) -> String {
        let k = m.key
        let chars = Array(k.unicodeScalars)
        let valid = !chars.isEmpty && chars.count <= EffectLimits.nameLength && chars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || $0.properties.numericType != nil) }
            && chars[0].properties.numericType == nil
        guard valid else { throw fail(m, "\(MessageText.quote(k)) is not a name (letters, digits and _, at most \(EffectLimits.nameLength), not starting with a digit)") }
        guard !reserved.contains(k), EffectExpression.Function(rawValue: k) == nil else { throw fail(m, "\(MessageText.quote(k)) is a reserved name") }
        return k
    }

    /// A number or an expression over `names` (a string).
    func expression(_ node: JSONNode, _ what: String, names: [String]) throws(EffectFileError) -> EffectExpression {
        switch node.kind {
        case .number(let n):
            try checkMagnitude(n, node, what)
            return .number(n)
        case .string(let s):
            return try parseExpression(s, node, what, names: names)
        default:
            throw fail(node, "\(what): expected a number or an expression, got \(node.typeName)")
        }
    }

    /// `text` (the string at `node`) as an expression over `names`; an error points into the string.
    func parseExpression(_ text: String, _ node: JSONNode, _ what: String, names: [String]) throws(EffectFileError) -> EffectExpression {
        do throws(EffectExpressionError) {
            return try EffectExpression.parse(text, names: names)
        } catch {
            // The string's opening quote is at the node's column (a JSON string is on one line).
            throw EffectFileError(file: file, line: node.line, column: node.column + 1 + error.offset, message: "\(what): \(error.message)")
        }
    }

    /// A timing curve as `CurveSyntax` writes it.
    func curve(_ node: JSONNode, _ what: String) throws(EffectFileError) -> TimingCurve {
        let s = try string(node, what)
        guard let c = CurveSyntax.parse(s) else { throw fail(node, "\(what): \(MessageText.quote(s)) is not a curve (\(CurveSyntax.forms))") }
        return c
    }

    /// A point in unit coordinates: `[x, y]`, or CSS keywords and percentages ("left center", "50% 100%").
    func unitPoint(_ node: JSONNode, _ what: String) throws(EffectFileError) -> Point {
        if case .string(let s) = node.kind {
            guard let p = CSSOrigin.parse(s) else { throw fail(node, "\(what): \(MessageText.quote(s)) is not a position (like \"left center\", \"50% 100%\")") }
            return p
        }
        let items = try array(node, what, limit: 2)
        guard items.count == 2 else { throw fail(node, "\(what): expected [x, y]") }
        return Point(try number(items[0], what, in: -10...10), try number(items[1], what, in: -10...10))
    }
}

/// CSS positions as `transform-origin` and `perspective-origin` write them, in unit coordinates of the box.
enum CSSOrigin {
    /// "left center", "right", "center bottom", "50% 100%", "0% 25%": nil for anything else (lengths in px are not
    /// read: they depend on the box).
    static func parse(_ text: String) -> Point? {
        let words = text.lowercased().split(separator: " ").map(String.init)
        guard (1...3).contains(words.count) else { return nil }
        var x: Double?, y: Double?
        var pending: [Double] = []
        for w in words.prefix(2) {
            switch w {
            case "left": guard x == nil else { return nil }; x = 0
            case "right": guard x == nil else { return nil }; x = 1
            case "top": guard y == nil else { return nil }; y = 0
            case "bottom": guard y == nil else { return nil }; y = 1
            case "center": pending.append(0.5)
            default:
                guard w.hasSuffix("%"), let v = Double(w.dropLast()), v.isFinite, abs(v) <= 1000 else { return nil }
                pending.append(v / 100)
            }
        }
        // Values without a keyword fill x first, then y, in order (CSS: "50% 100%" is x then y).
        for v in pending {
            if x == nil { x = v } else if y == nil { y = v } else { return nil }
        }
        return Point(x ?? 0.5, y ?? 0.5)
    }
}
