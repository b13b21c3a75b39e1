import Foundation
import Testing

/// A block of a document generated from the code (the README's key table, docs/accessibility.md's per-style table):
/// what lies between two marker lines must equal what the code generates; with the environment variable `update`
/// set to 1, the block is rewritten instead.
enum GeneratedBlock {
    /// The document at `path` (relative to the package root).
    static func path(_ relative: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(relative).path
    }

    /// Checks (or, with `update`=1, rewrites) the block of `relative` between `begin` (a whole line) and `end`.
    static func check(_ relative: String, begin: String, end: String, generated: String, update: String,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = path(relative)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let b = try #require(text.range(of: begin + "\n"), "\(relative) has no generated block", sourceLocation: sourceLocation)
        let e = try #require(text.range(of: end, range: b.upperBound..<text.endIndex), sourceLocation: sourceLocation)
        let block = String(text[b.upperBound..<e.lowerBound])
        if ProcessInfo.processInfo.environment[update] == "1", block != generated {
            try (text[..<b.upperBound] + generated + text[e.lowerBound...]).write(toFile: file, atomically: true, encoding: .utf8)
            return
        }
        #expect(block == generated, sourceLocation: sourceLocation)
    }
}
