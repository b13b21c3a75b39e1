import CarouselApp
import Foundation
import Testing

/// docs/accessibility.md's per-style table comes from the styles' descriptors.
@Suite("Accessibility table")
@MainActor
struct AccessibilityTableTests {
    static let begin = "<!-- reduced-motion: generated from AccessibilityTable.markdown; UPDATE_DOCS=1 swift test --filter AccessibilityTable -->"
    static let end = "<!-- end reduced-motion -->"

    static var path: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/accessibility.md").path
    }

    @Test("docs/accessibility.md's reduced-motion table is the one generated from the styles (UPDATE_DOCS=1 rewrites it)")
    func docsMatch() throws {
        let doc = try String(contentsOfFile: Self.path, encoding: .utf8)
        let b = try #require(doc.range(of: Self.begin + "\n"), "docs/accessibility.md has no generated table")
        let e = try #require(doc.range(of: Self.end, range: b.upperBound..<doc.endIndex))
        let table = String(doc[b.upperBound..<e.lowerBound])
        if ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1", table != AccessibilityTable.markdown {
            try (doc[..<b.upperBound] + AccessibilityTable.markdown + doc[e.lowerBound...]).write(toFile: Self.path, atomically: true, encoding: .utf8)
            return
        }
        #expect(table == AccessibilityTable.markdown)
        #expect(AccessibilityTable.markdown.split(separator: "\n").count == 2 + 5, "a row per style")
    }
}
