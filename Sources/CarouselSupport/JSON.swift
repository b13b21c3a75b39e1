import Foundation

/// A JSON value. Objects keep their key order and the line each key was on, so errors can name the line.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// The member value for `key` (the last one when a key repeats), for objects.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members.last { $0.key == key }?.value }
        return nil
    }
    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    public var numberValue: Double? { if case .number(let n) = self { return n } else { return nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    public var members: [JSONMember]? { if case .object(let m) = self { return m } else { return nil } }

    /// A short name of the value's type, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One key of a JSON object with its value and the 1-based line the key is on.
public struct JSONMember: Equatable, Sendable {
    public var key: String
    public var value: JSONValue
    public var line: Int
    public init(_ key: String, _ value: JSONValue, line: Int = 0) { self.key = key; self.value = value; self.line = line }
}

/// A JSON syntax error at a line and column.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// What the parser accepts beyond strict JSON (RFC 8259), which is the default everywhere. Effect files are JSON
/// with comments, and Swiper's options are pasted as JavaScript object literals.
public struct JSONSyntax: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// `// line` and `/* block */` comments wherever white space may be.
    public static let comments = JSONSyntax(rawValue: 1)
    /// What a JavaScript object literal adds: keys without quotes (identifiers), strings in single quotes, a comma
    /// after the last element or member. `NaN` and `Infinity` are read only to be refused by name.
    public static let javaScript = JSONSyntax(rawValue: 2)
    /// Strict JSON.
    public static let strict: JSONSyntax = []
}

/// A JSON value with the 1-based line and column where it starts, and every key's position: what a reader that
/// names the place of each problem walks (effect files). `json` drops the positions.
public struct JSONNode: Sendable {
    /// The value, its elements and members located in turn.
    public indirect enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }
    /// One member of an object: its key, where the key is, and its value.
    public struct Member: Sendable {
        public var key: String
        public var line: Int
        public var column: Int
        public var value: JSONNode
    }
    public var kind: Kind
    public var line: Int
    public var column: Int

    /// The value without positions (each member keeps its key's line).
    public var json: JSONValue {
        switch kind {
        case .null: .null
        case .bool(let b): .bool(b)
        case .number(let n): .number(n)
        case .string(let s): .string(s)
        case .array(let a): .array(a.map(\.json))
        case .object(let m): .object(m.map { JSONMember($0.key, $0.value.json, line: $0.line) })
        }
    }

    /// A short name of the value's type, for error messages.
    public var typeName: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON parser over UTF-8 bytes with line and column tracking, a nesting limit and an optional limit on the number
/// of values: strict (RFC 8259) unless told otherwise (`JSONSyntax`).
public struct JSONParser {
    private let bytes: [UInt8]
    private let syntax: JSONSyntax
    private var i = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    private var valuesLeft: Int
    private let maxValues: Int
    /// The deepest nesting accepted; deeper input is an error, not a stack overflow.
    public static let maxDepth = 200

    /// Parses a whole document.
    public static func parse(_ text: String) throws -> JSONValue { try parse(Array(text.utf8)) }
    public static func parse(_ data: Data) throws -> JSONValue { try parse([UInt8](data)) }
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue { try parseNode(bytes).json }

    /// Parses a whole document with positions, accepting `syntax` besides strict JSON; more than `maxValues` values
    /// (elements, members and the top level, counted together) is an error at the first one too many, so memory
    /// stays bounded whatever the input.
    public static func parseNode(_ text: String, syntax: JSONSyntax = .strict, maxValues: Int = .max) throws(JSONSyntaxError) -> JSONNode {
        try parseNode(Array(text.utf8), syntax: syntax, maxValues: maxValues)
    }

    /// `parseNode` over bytes.
    public static func parseNode(_ bytes: [UInt8], syntax: JSONSyntax = .strict, maxValues: Int = .max) throws(JSONSyntaxError) -> JSONNode {
        var p = JSONParser(bytes: bytes, syntax: syntax, maxValues: maxValues)
        try p.skipSpace()
        let v = try p.value()
        try p.skipSpace()
        if p.i < p.bytes.count { throw p.error("unexpected text after the JSON value") }
        return v
    }

    private init(bytes: [UInt8], syntax: JSONSyntax, maxValues: Int) {
        self.bytes = bytes; self.syntax = syntax; valuesLeft = maxValues; self.maxValues = maxValues
    }

    private var column: Int { i - lineStart + 1 }

    private func error(_ m: String) -> JSONSyntaxError { JSONSyntaxError(line: line, column: column, message: m) }

    private mutating func newline() { line += 1; lineStart = i }

    private mutating func skipSpace() throws(JSONSyntaxError) {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D: i += 1
            case 0x0A: i += 1; newline()
            case UInt8(ascii: "/") where syntax.contains(.comments) && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/"):
                while i < bytes.count, bytes[i] != 0x0A { i += 1 }
            case UInt8(ascii: "/") where syntax.contains(.comments) && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "*"):
                let start = error("unterminated comment")
                i += 2
                while true {
                    guard i + 1 < bytes.count else { throw start }
                    if bytes[i] == UInt8(ascii: "*"), bytes[i + 1] == UInt8(ascii: "/") { i += 2; break }
                    i += 1
                    if bytes[i - 1] == 0x0A { newline() }
                }
            default: return
            }
        }
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONNode {
        guard i < bytes.count else { throw error("unexpected end of input") }
        guard valuesLeft > 0 else { throw error("more than \(maxValues) values") }
        valuesLeft -= 1
        let (l, c) = (line, column)
        func node(_ k: JSONNode.Kind) -> JSONNode { JSONNode(kind: k, line: l, column: c) }
        switch bytes[i] {
        case UInt8(ascii: "{"): return node(try object())
        case UInt8(ascii: "["): return node(try array())
        case UInt8(ascii: "\""): return node(.string(try string()))
        case UInt8(ascii: "'") where syntax.contains(.javaScript): return node(.string(try string()))
        case UInt8(ascii: "t"): try literal("true"); return node(.bool(true))
        case UInt8(ascii: "f"): try literal("false"); return node(.bool(false))
        case UInt8(ascii: "n"): try literal("null"); return node(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return node(.number(try number()))
        case UInt8(ascii: "N") where syntax.contains(.javaScript), UInt8(ascii: "I") where syntax.contains(.javaScript):
            let word = identifier() ?? ""
            throw JSONSyntaxError(line: l, column: c, message: "\(MessageText.clean(word)) is not a finite number")
        default: throw error("unexpected character '\(MessageText.clean(String(UnicodeScalar(bytes[i]))))'")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { throw error("invalid literal") }
        i += w.count
    }

    /// A JavaScript identifier (ASCII letters, digits, `_` and `$`, not starting with a digit) at the cursor, read.
    private mutating func identifier() -> String? {
        func isStart(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") || c == UInt8(ascii: "_") || c == UInt8(ascii: "$") }
        guard i < bytes.count, isStart(bytes[i]) else { return nil }
        let start = i
        while i < bytes.count, isStart(bytes[i]) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONParser.maxDepth { throw error("nesting deeper than \(JSONParser.maxDepth)") }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONNode.Kind {
        try enter(); defer { depth -= 1 }
        i += 1
        var members: [JSONNode.Member] = []
        try skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            try skipSpace()
            let (keyLine, keyColumn) = (line, column)
            let key: String
            if i < bytes.count, bytes[i] == UInt8(ascii: "\"") || (bytes[i] == UInt8(ascii: "'") && syntax.contains(.javaScript)) {
                key = try string()
            } else if syntax.contains(.javaScript), let name = identifier() {
                key = name
            } else if syntax.contains(.javaScript), i < bytes.count, bytes[i] == UInt8(ascii: "}"), !members.isEmpty {
                i += 1
                return .object(members)
            } else {
                throw error(syntax.contains(.javaScript) ? "expected a key" : "expected a key in double quotes")
            }
            try skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after key \(MessageText.quote(key))") }
            i += 1
            try skipSpace()
            members.append(JSONNode.Member(key: key, line: keyLine, column: keyColumn, value: try value()))
            try skipSpace()
            guard i < bytes.count else { throw error("unexpected end of input in an object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw error("expected ',' or '}' in an object")
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONNode.Kind {
        try enter(); defer { depth -= 1 }
        i += 1
        var items: [JSONNode] = []
        try skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            try skipSpace()
            if syntax.contains(.javaScript), !items.isEmpty, i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            items.append(try value())
            try skipSpace()
            guard i < bytes.count else { throw error("unexpected end of input in an array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw error("expected ',' or ']' in an array")
        }
    }

    /// A string in the quotes at the cursor (double, or single with `.javaScript`).
    private mutating func string() throws(JSONSyntaxError) -> String {
        let quote = bytes[i]
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let c = bytes[i]
            if c == quote {
                i += 1
                guard let s = String(validating: out, as: UTF8.self) else { throw error("string is not valid UTF-8") }
                return s
            }
            if c < 0x20 { throw error("control character in a string") }
            if c == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { break }
                let e = bytes[i]
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "'") where syntax.contains(.javaScript): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\"),
                       bytes[i + 2] == UInt8(ascii: "u") {
                        i += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = UnicodeScalar(code) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw error("invalid escape \\\(MessageText.clean(String(UnicodeScalar(e))))")
                }
                i += 1
                continue
            }
            out.append(c)
            i += 1
        }
        throw error("unterminated string")
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard i + 4 < bytes.count else { throw error("short \\u escape") }
        var v: UInt32 = 0
        for k in 1...4 {
            let c = bytes[i + k]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            v = v * 16 + d
        }
        i += 4
        return v
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = i
        if bytes[i] == UInt8(ascii: "-") {
            i += 1
            if syntax.contains(.javaScript), i < bytes.count, bytes[i] == UInt8(ascii: "I") {
                i = start
                let c = column
                i += 1
                let word = identifier() ?? ""
                throw JSONSyntaxError(line: line, column: c, message: "-\(MessageText.clean(word)) is not a finite number")
            }
        }
        func digits() -> Int { let s = i; while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }; return i - s }
        guard i < bytes.count else { throw error("invalid number") }
        if bytes[i] == UInt8(ascii: "0") { i += 1 } else if digits() == 0 { throw error("invalid number") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") { i += 1; if digits() == 0 { throw error("invalid number") } }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { throw error("invalid number") }
        }
        guard let s = String(bytes: bytes[start..<i], encoding: .ascii), let v = Double(s) else { throw error("invalid number") }
        guard v.isFinite else {
            throw JSONSyntaxError(line: line, column: start - lineStart + 1, message: "number \(s.prefix(40)) is out of range")
        }
        return v
    }
}

// MARK: - Writing

extension JSONValue {
    /// Compact or indented JSON text. Numbers that are whole print without a fraction.
    public func serialized(indent: Int? = 2) -> String {
        var out = ""
        write(to: &out, indent: indent, level: 0)
        return out
    }

    private func write(to out: inout String, indent: Int?, level: Int) {
        let nl = indent == nil ? "" : "\n"
        let pad = { (l: Int) in String(repeating: " ", count: (indent ?? 0) * l) }
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += JSONValue.format(n)
        case .string(let s): out += JSONValue.quote(s)
        case .array(let a):
            if a.isEmpty { out += "[]"; return }
            // Arrays of numbers stay on one line (frames, sizes).
            if a.allSatisfy({ if case .number = $0 { return true } else { return false } }) {
                out += "[" + a.map { $0.serialized(indent: nil) }.joined(separator: ", ") + "]"
                return
            }
            out += "[" + nl
            for (k, v) in a.enumerated() {
                out += pad(level + 1)
                v.write(to: &out, indent: indent, level: level + 1)
                out += (k < a.count - 1 ? "," : "") + nl
            }
            out += pad(level) + "]"
        case .object(let m):
            if m.isEmpty { out += "{}"; return }
            out += "{" + nl
            for (k, member) in m.enumerated() {
                out += pad(level + 1) + JSONValue.quote(member.key) + (indent == nil ? ":" : ": ")
                member.value.write(to: &out, indent: indent, level: level + 1)
                out += (k < m.count - 1 ? "," : "") + nl
            }
            out += pad(level) + "}"
        }
    }

    /// A number as JSON prints it: whole numbers without a fraction, others to 4 decimals.
    public static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        if abs(n) >= 1e15 { return "\(n)" }  // "1e+20"; scaling by 10000 below would overflow to inf near 1e308
        let r = (n * 10000).rounded() / 10000
        return r == r.rounded() && abs(r) < 1e15 ? String(Int64(r)) : "\(r)"
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
