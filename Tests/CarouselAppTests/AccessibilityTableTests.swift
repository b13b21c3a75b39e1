import CarouselApp
import Testing

/// docs/accessibility.md's per-style table comes from the styles' descriptors.
@Suite("Accessibility table")
@MainActor
struct AccessibilityTableTests {
    @Test("docs/accessibility.md's reduced-motion table is the one generated from the styles (UPDATE_DOCS=1 rewrites it)")
    func docsMatch() throws {
        try GeneratedBlock.check("docs/accessibility.md",
                                 begin: "<!-- reduced-motion: generated from AccessibilityTable.markdown; UPDATE_DOCS=1 swift test --filter AccessibilityTable -->",
                                 end: "<!-- end reduced-motion -->", generated: AccessibilityTable.markdown, update: "UPDATE_DOCS")
        #expect(AccessibilityTable.markdown.split(separator: "\n").count == 2 + 5, "a row per style")
    }
}
