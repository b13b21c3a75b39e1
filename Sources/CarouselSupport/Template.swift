/// A value a template reads: text, a flag, a list or an object of named values.
public indirect enum TemplateValue: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
                                    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    case text(String)
    case bool(Bool)
    case list([TemplateValue])
    case object([String: TemplateValue])

    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// The member `name` of an object, else nil.
    public subscript(name: String) -> TemplateValue? {
        if case .object(let members) = self { return members[name] }
        return nil
    }
}

/// A template that cannot be rendered: a syntax error or a name the values lack, with the template's line.
public struct TemplateError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A small, strict renderer for Mustache-style templates, used to generate code (the export's SwiftUI files and web
/// pages). It renders what it is given and nothing else: no escaping (the values are already written for the target
/// language), and a name the values lack is an error, not an empty string, so a misspelt name in a template fails
/// its test instead of silently dropping a value.
///
/// Syntax (a subset of Mustache):
/// - `{{name}}`, `{{a.b}}`: the text at a name, looked up from the innermost section outwards; `{{.}}` is the
///   current list element.
/// - `{{#name}}...{{/name}}`: a list repeats the block once per element; an object or `true` renders it once; `false`
///   and an empty list skip it. `{{^name}}...{{/name}}` renders the block only when `#` would skip it.
/// - `{{> partial}}`: another named template, indented like the tag when the tag stands alone on its line.
/// - `{{! comment }}`: nothing.
/// A line holding only a section, comment or partial tag (and spaces) leaves no line behind.
public struct Template: Sendable {
    /// The named templates `{{> name}}` may include.
    public var partials: [String: String]

    public init(partials: [String: String] = [:]) { self.partials = partials }

    /// Renders `source` with `values` as the outermost context.
    public func render(_ source: String, _ values: TemplateValue, name: String = "template") throws(TemplateError) -> String {
        var out = ""
        try render(source, name: name, stack: [values], indent: "", depth: 0, into: &out)
        return out
    }

    // MARK: Rendering

    private func render(_ source: String, name: String, stack: [TemplateValue], indent: String, depth: Int,
                        into out: inout String) throws(TemplateError) {
        guard depth < 32 else { throw TemplateError("\(name): partials nested more than 32 deep") }
        var parser = Parser(source: source, name: name)
        let nodes = try parser.parse()
        try render(nodes, name: name, stack: stack, indent: indent, depth: depth, into: &out)
    }

    private func render(_ nodes: [Node], name: String, stack: [TemplateValue], indent: String, depth: Int,
                        into out: inout String) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let text):
                out += indented(text, indent, atLineStart: out.isEmpty || out.hasSuffix("\n"))
            case .variable(let path, let line):
                guard let value = lookup(path, in: stack) else {
                    throw TemplateError("\(name):\(line): no value named \"\(path)\"")
                }
                guard case .text(let text) = value else {
                    throw TemplateError("\(name):\(line): \"\(path)\" is a \(value.kind), not text")
                }
                out += indented(text, indent, atLineStart: false)
            case .section(let path, let inverted, let body, let line):
                guard let value = lookup(path, in: stack) else {
                    throw TemplateError("\(name):\(line): no value named \"\(path)\"")
                }
                let elements: [TemplateValue]
                switch value {
                case .bool(let b): elements = b ? [value] : []
                case .list(let l): elements = l
                case .object: elements = [value]
                case .text(let t): elements = t.isEmpty ? [] : [value]
                }
                if inverted {
                    if elements.isEmpty { try render(body, name: name, stack: stack, indent: indent, depth: depth, into: &out) }
                } else {
                    for element in elements {
                        // A flag adds nothing to look names up in.
                        let inner = element == value && value.isFlag ? stack : stack + [element]
                        try render(body, name: name, stack: inner, indent: indent, depth: depth, into: &out)
                    }
                }
            case .partial(let partial, let standalone, let partialIndent, let line):
                guard let source = partials[partial] else { throw TemplateError("\(name):\(line): no partial named \"\(partial)\"") }
                try render(source, name: partial, stack: stack, indent: indent + partialIndent, depth: depth + 1, into: &out)
                // A partial on a line of its own fills that line: it ends with the line break its tag took.
                if standalone && !out.hasSuffix("\n") { out += "\n" }
            }
        }
    }

    /// `text` with `indent` after each line break (and at its start when it begins a line), blank lines left bare.
    private func indented(_ text: String, _ indent: String, atLineStart: Bool) -> String {
        guard !indent.isEmpty else { return text }
        var result = ""
        var lineStart = atLineStart
        for ch in text {
            if lineStart && ch != "\n" { result += indent }
            result.append(ch)
            lineStart = ch == "\n"
        }
        return result
    }

    private func lookup(_ path: String, in stack: [TemplateValue]) -> TemplateValue? {
        if path == "." { return stack.last }
        let parts = path.split(separator: ".").map(String.init)
        for context in stack.reversed() {
            guard var value = context[parts[0]] else { continue }
            for part in parts.dropFirst() {
                guard let next = value[part] else { return nil }
                value = next
            }
            return value
        }
        return nil
    }

    // MARK: Parsing

    indirect enum Node {
        case text(String)
        case variable(String, line: Int)
        case section(String, inverted: Bool, body: [Node], line: Int)
        case partial(String, standalone: Bool, indent: String, line: Int)
    }

    private struct Parser {
        let source: [Character]
        let name: String
        var i = 0
        var line = 1

        init(source: String, name: String) { self.source = Array(source); self.name = name }

        mutating func parse() throws(TemplateError) -> [Node] {
            var stack: [(path: String, inverted: Bool, nodes: [Node], line: Int)] = [("", false, [], 1)]
            var text = ""
            func flush() { if !text.isEmpty { stack[stack.count - 1].nodes.append(.text(text)); text = "" } }
            while i < source.count {
                guard starts("{{") else {
                    if source[i] == "\n" { line += 1 }
                    text.append(source[i])
                    i += 1
                    continue
                }
                let tagLine = line
                guard let close = find("}}", from: i + 2) else { throw TemplateError("\(name):\(tagLine): unclosed {{") }
                let body = String(source[(i + 2)..<close]).trimmingSpaces
                let sigil = body.first ?? " "
                let isStandaloneKind = "#^/>!".contains(sigil)
                // A tag alone on its line: drop the line's indentation, the tag and its line break.
                var standaloneIndent: String?
                if isStandaloneKind, let lineStart = lineStartIndent(before: i), isRestOfLineBlank(after: close + 2) {
                    standaloneIndent = lineStart
                    text.removeLast(lineStart.count)
                }
                i = close + 2
                if standaloneIndent != nil { skipRestOfLine() }
                flush()
                let rest = String(body.dropFirst()).trimmingSpaces
                switch sigil {
                case "!": break
                case "#", "^":
                    guard !rest.isEmpty else { throw TemplateError("\(name):\(tagLine): a section needs a name") }
                    stack.append((rest, sigil == "^", [], tagLine))
                case "/":
                    guard stack.count > 1, stack[stack.count - 1].path == rest else {
                        throw TemplateError("\(name):\(tagLine): {{/\(rest)}} closes no open section"
                                            + (stack.count > 1 ? " (open: \(stack[stack.count - 1].path))" : ""))
                    }
                    let done = stack.removeLast()
                    stack[stack.count - 1].nodes.append(.section(done.path, inverted: done.inverted, body: done.nodes, line: done.line))
                case ">":
                    stack[stack.count - 1].nodes.append(.partial(rest, standalone: standaloneIndent != nil, indent: standaloneIndent ?? "", line: tagLine))
                default:
                    guard !body.isEmpty else { throw TemplateError("\(name):\(tagLine): empty tag") }
                    stack[stack.count - 1].nodes.append(.variable(body, line: tagLine))
                }
            }
            flush()
            guard stack.count == 1 else {
                let open = stack[stack.count - 1]
                throw TemplateError("\(name):\(open.line): section \"\(open.path)\" is never closed")
            }
            return stack[0].nodes
        }

        func starts(_ s: String) -> Bool {
            var j = i
            for ch in s { guard j < source.count, source[j] == ch else { return false }; j += 1 }
            return true
        }

        func find(_ s: String, from start: Int) -> Int? {
            let pattern = Array(s)
            var j = start
            while j + pattern.count <= source.count {
                if Array(source[j..<(j + pattern.count)]) == pattern { return j }
                if source[j] == "\n" { return nil }
                j += 1
            }
            return nil
        }

        /// The spaces between the start of the line and `j`, when nothing else (no text, no tag) precedes `j` there.
        func lineStartIndent(before j: Int) -> String? {
            var k = j
            while k > 0, source[k - 1] != "\n" {
                guard source[k - 1] == " " || source[k - 1] == "\t" else { return nil }
                k -= 1
            }
            return String(source[k..<j])
        }

        func isRestOfLineBlank(after j: Int) -> Bool {
            var k = j
            while k < source.count, source[k] != "\n" {
                guard source[k] == " " || source[k] == "\t" || source[k] == "\r" else { return false }
                k += 1
            }
            return true
        }

        mutating func skipRestOfLine() {
            while i < source.count, source[i] != "\n" { i += 1 }
            if i < source.count { i += 1; line += 1 }
        }
    }
}

private extension TemplateValue {
    var kind: String {
        switch self {
        case .text: "text"
        case .bool: "flag"
        case .list: "list"
        case .object: "object"
        }
    }
    var isFlag: Bool { if case .bool = self { return true } else { return false } }
}

private extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " { s = s.dropFirst() }
        while let l = s.last, l == " " { s = s.dropLast() }
        return String(s)
    }
}
