import CarouselSupport
import Foundation

/// A small arithmetic expression an effect file writes where a number goes: numbers, names (the effect's
/// parameters and derived values, the layout's lengths, `t` inside an easing), `+ - * /`, unary minus, parentheses
/// and a few functions (`abs`, `min`, `max`, `clamp`, `sqrt`, `pow`, `round`, `floor`, `ceil`). Parsed once; the
/// export writes it back in Swift or JavaScript (`written`). Evaluation never traps: a result that is not finite is
/// 0, and every result is held within ±`limit`.
public indirect enum EffectExpression: Equatable, Sendable {
    case number(Double)
    case name(String)
    case negate(EffectExpression)
    case binary(Operator, EffectExpression, EffectExpression)
    case call(Function, [EffectExpression])

    /// A binary operator.
    public enum Operator: String, Sendable, CaseIterable {
        case add = "+", subtract = "-", multiply = "*", divide = "/"
    }

    /// A function an expression may call.
    public enum Function: String, Sendable, CaseIterable {
        case abs, min, max, clamp, sqrt, pow, round, floor, ceil
        /// How many arguments it takes (min and max take two or more).
        var arity: ClosedRange<Int> {
            switch self {
            case .abs, .sqrt, .round, .floor, .ceil: 1...1
            case .pow: 2...2
            case .min, .max: 2...8
            case .clamp: 3...3
            }
        }
    }

    /// The largest magnitude a value takes: far beyond any length or angle on screen, far below overflow.
    public static let limit = 1e6

    /// The expression's value, with `value(name)` for each name (every name was checked when parsed).
    public func evaluate(_ value: (String) -> Double) -> Double {
        let v = raw(value)
        return v.isFinite ? Swift.min(Swift.max(v, -Self.limit), Self.limit) : 0
    }

    private func raw(_ value: (String) -> Double) -> Double {
        switch self {
        case .number(let n): return n
        case .name(let n): return value(n)
        case .negate(let e): return -e.raw(value)
        case .binary(let op, let a, let b):
            let x = a.raw(value), y = b.raw(value)
            switch op {
            case .add: return x + y
            case .subtract: return x - y
            case .multiply: return x * y
            case .divide: return x / y
            }
        case .call(let f, let args):
            let v = args.map { $0.raw(value) }
            switch f {
            case .abs: return Swift.abs(v[0])
            case .min: return v.min()!
            case .max: return v.max()!
            case .clamp: return Swift.min(Swift.max(v[0], v[1]), v[2])
            case .sqrt: return v[0] >= 0 ? v[0].squareRoot() : 0
            case .pow: return Foundation.pow(v[0], v[1])
            case .round: return v[0].rounded()
            case .floor: return v[0].rounded(.down)
            case .ceil: return v[0].rounded(.up)
            }
        }
    }

    /// Every name it reads, in order of first use.
    public var names: [String] {
        var out: [String] = []
        func walk(_ e: EffectExpression) {
            switch e {
            case .number: break
            case .name(let n): if !out.contains(n) { out.append(n) }
            case .negate(let a): walk(a)
            case .binary(_, let a, let b): walk(a); walk(b)
            case .call(_, let args): args.forEach(walk)
            }
        }
        walk(self)
        return out
    }

    /// The constant value, when it reads no name.
    public var constant: Double? { names.isEmpty ? evaluate { _ in 0 } : nil }

    /// The expression as code: fully parenthesised where precedence needs it, names through `name`, functions
    /// through `function` (both languages spell the operators alike).
    public func written(name: (String) -> String = { $0 }, function: (Function) -> String = { $0.rawValue }) -> String {
        func w(_ e: EffectExpression, _ parentPrecedence: Int) -> String {
            switch e {
            case .number(let n): return n < 0 ? "(\(JSONValue.format(n)))" : Self.numberText(n)
            case .name(let n): return name(n)
            case .negate(let a): return "-" + w(a, 3)
            case .binary(let op, let a, let b):
                let p = op == .add || op == .subtract ? 1 : 2
                let text = w(a, p) + " \(op.rawValue) " + w(b, p + 1)
                return p < parentPrecedence ? "(\(text))" : text
            case .call(let f, let args): return function(f) + "(" + args.map { w($0, 0) }.joined(separator: ", ") + ")"
            }
        }
        return w(self, 0)
    }

    /// A number as code writes it: whole numbers with ".0" so both Swift and JavaScript read a floating-point value.
    static func numberText(_ n: Double) -> String {
        let s = "\(n)"
        return s.hasSuffix(".0") || s.contains("e") || s.contains(".") ? s : s + ".0"
    }
}

/// A problem in an expression: what is wrong and where in its text (0-based offset).
public struct EffectExpressionError: Error, Equatable, Sendable {
    public var offset: Int
    public var message: String
}

extension EffectExpression {
    /// Parses `text`; every name must be one of `names` (an unknown name is an error with the closest of them as a
    /// suggestion). Longer than 400 characters or nested deeper than 32 is an error.
    public static func parse(_ text: String, names: [String]) throws(EffectExpressionError) -> EffectExpression {
        guard text.utf8.count <= 400 else { throw EffectExpressionError(offset: 0, message: "an expression is at most 400 characters") }
        var p = ExpressionParser(chars: Array(text.unicodeScalars), known: Set(names), candidates: names)
        p.skipSpace()
        guard !p.atEnd else { throw EffectExpressionError(offset: 0, message: "an empty expression") }
        let e = try p.sum()
        p.skipSpace()
        guard p.atEnd else { throw p.error("unexpected \(MessageText.quote(String(p.chars[p.i])))") }
        return e
    }
}

/// Recursive descent over the expression's characters: sum := product (('+'|'-') product)*,
/// product := unary (('*'|'/') unary)*, unary := '-' unary | primary, primary := number | name | call | '(' sum ')'.
private struct ExpressionParser {
    let chars: [Unicode.Scalar]
    let known: Set<String>
    let candidates: [String]
    var i = 0
    var depth = 0

    var atEnd: Bool { i >= chars.count }

    func error(_ message: String, at offset: Int? = nil) -> EffectExpressionError {
        EffectExpressionError(offset: offset ?? i, message: message)
    }

    mutating func skipSpace() { while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 } }

    mutating func sum() throws(EffectExpressionError) -> EffectExpression {
        var e = try product()
        while true {
            skipSpace()
            guard i < chars.count, chars[i] == "+" || chars[i] == "-" else { return e }
            let op: EffectExpression.Operator = chars[i] == "+" ? .add : .subtract
            i += 1
            e = .binary(op, e, try product())
        }
    }

    mutating func product() throws(EffectExpressionError) -> EffectExpression {
        var e = try unary()
        while true {
            skipSpace()
            guard i < chars.count, chars[i] == "*" || chars[i] == "/" else { return e }
            let op: EffectExpression.Operator = chars[i] == "*" ? .multiply : .divide
            i += 1
            e = .binary(op, e, try unary())
        }
    }

    mutating func unary() throws(EffectExpressionError) -> EffectExpression {
        skipSpace()
        depth += 1
        defer { depth -= 1 }
        guard depth <= 32 else { throw error("nested deeper than 32") }
        if i < chars.count, chars[i] == "-" {
            i += 1
            let inner = try unary()
            if case .number(let n) = inner { return .number(-n) }
            return .negate(inner)
        }
        if i < chars.count, chars[i] == "+" { i += 1; return try unary() }
        return try primary()
    }

    mutating func primary() throws(EffectExpressionError) -> EffectExpression {
        skipSpace()
        guard i < chars.count else { throw error("the expression ends too early") }
        let c = chars[i]
        if c == "(" {
            i += 1
            let e = try sum()
            skipSpace()
            guard i < chars.count, chars[i] == ")" else { throw error("expected ')'") }
            i += 1
            return e
        }
        if c.properties.numericType != nil && c.isASCII || c == "." { return .number(try number()) }
        if c.isASCII && (c.properties.isAlphabetic || c == "_") {
            let start = i
            while i < chars.count, chars[i].isASCII, chars[i].properties.isAlphabetic || chars[i] == "_" || chars[i].properties.numericType != nil { i += 1 }
            let word = String(String.UnicodeScalarView(chars[start..<i]))
            skipSpace()
            if i < chars.count, chars[i] == "(" {
                guard let f = EffectExpression.Function(rawValue: word) else {
                    let hint = Suggestion.closest(to: word, among: EffectExpression.Function.allCases.map(\.rawValue)).map { " (did you mean \($0)?)" } ?? ""
                    throw error("unknown function \(MessageText.quote(word))\(hint)", at: start)
                }
                i += 1
                var args: [EffectExpression] = []
                skipSpace()
                if i < chars.count, chars[i] == ")" { i += 1 } else {
                    while true {
                        args.append(try sum())
                        skipSpace()
                        guard i < chars.count else { throw error("expected ')'") }
                        if chars[i] == "," { i += 1; continue }
                        if chars[i] == ")" { i += 1; break }
                        throw error("expected ',' or ')'")
                    }
                }
                guard f.arity.contains(args.count) else {
                    throw error("\(word) takes \(f.arity.lowerBound == f.arity.upperBound ? "\(f.arity.lowerBound)" : "\(f.arity.lowerBound) or more") arguments, got \(args.count)", at: start)
                }
                return .call(f, args)
            }
            guard known.contains(word) else {
                let hint = Suggestion.closest(to: word, among: candidates).map { " (did you mean \($0)?)" } ?? ""
                throw error("unknown name \(MessageText.quote(word))\(hint)", at: start)
            }
            return .name(word)
        }
        throw error("unexpected \(MessageText.quote(String(c)))")
    }

    mutating func number() throws(EffectExpressionError) -> Double {
        let start = i
        func digits() { while i < chars.count, chars[i].isASCII, chars[i].properties.numericType != nil { i += 1 } }
        digits()
        if i < chars.count, chars[i] == "." { i += 1; digits() }
        if i < chars.count, chars[i] == "e" || chars[i] == "E" {
            let save = i
            i += 1
            if i < chars.count, chars[i] == "+" || chars[i] == "-" { i += 1 }
            let before = i
            digits()
            if i == before { i = save }
        }
        let text = String(String.UnicodeScalarView(chars[start..<i]))
        guard let v = Double(text) else { throw error("invalid number \(MessageText.quote(text))", at: start) }
        guard v.isFinite, Swift.abs(v) <= EffectExpression.limit else {
            throw error("\(MessageText.quote(text)) is beyond ±\(JSONValue.format(EffectExpression.limit))", at: start)
        }
        return v
    }
}
