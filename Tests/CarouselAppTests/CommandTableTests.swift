import CarouselApp
import CarouselCore
import Foundation
import Testing

/// The one table of commands: key handling, the help card and the README come from it (issue 21).
@Suite("Command table")
@MainActor
struct CommandTableTests {
    @Test("The README's key table is the one generated from the command table (UPDATE_README=1 rewrites it)")
    func readmeMatches() throws {
        try GeneratedBlock.check("README.md", begin: "<!-- keys: generated from CommandTable.all; UPDATE_README=1 swift test --filter CommandTable -->",
                                 end: "<!-- end of keys -->", generated: CommandTable.markdownTable, update: "UPDATE_README")
    }

    @Test("The user guide opens the panel with the panel's key from the table, never Tab (which moves the focus)")
    func userGuideNamesThePanelKey() throws {
        let guide = try String(contentsOfFile: GeneratedBlock.path("docs/user-guide.md"), encoding: .utf8)
        func key(_ name: String) throws -> String {
            try #require(CommandTable.all.first { $0.name == name }).input.replacingOccurrences(of: "`", with: "")
        }
        let panel = try key("panel"), focus = try key("focus").components(separatedBy: " ")[0]
        #expect(panel == "P" && focus == "Tab")
        #expect(guide.contains("\(panel) opens a panel"), "the guide does not say \(panel) opens the panel")
        #expect(!guide.contains("\(focus) opens"), "the guide says \(focus) opens something; it moves the focus")
    }

    @Test("The help card lists every listed row, with its keys")
    func helpCardFromTable() {
        let lines = CommandTable.helpLines
        #expect(lines.first == "Carousel Lab: keys and gestures")
        for c in CommandTable.all where c.isListed {
            #expect(lines.contains { $0.hasPrefix(c.plainInput + "  ") }, "\(c.name)")
        }
    }

    @Test("No two app commands answer the same key press (a row that answers only in a state may take a key while it does)")
    func chordsAreUnique() {
        var seen: [KeyChord: String] = [:]
        for c in CommandTable.all where c.scope == .app && !c.isConditional {
            for chord in c.chords {
                #expect(seen[chord] == nil, "\(chord) in \(c.name) and \(seen[chord] ?? "")")
                seen[chord] = c.name
            }
        }
        var conditional: [KeyChord: String] = [:]
        for c in CommandTable.all where c.scope == .app && c.isConditional {
            for chord in c.chords {
                #expect(conditional[chord] == nil, "\(chord) in \(c.name) and \(conditional[chord] ?? "")")
                conditional[chord] = c.name
            }
        }
    }

    @Test("Every app key in the table runs its command: a key added to the table works without another switch")
    func keysRunTheirCommands() throws {
        let (p, sim) = try makePreview()
        sim.key("f3"); #expect(p.currentStatus != nil)
        sim.key("f3"); #expect(p.currentStatus == nil)
        sim.key("p"); #expect(p.panel.isVisible)
        sim.key("p"); #expect(!p.panel.isVisible)
        sim.key("l"); #expect(p.reducesMotion && p.panes.allSatisfy(\.reducesMotion))
        sim.key("l"); #expect(!p.reducesMotion && !p.panes.contains(where: \.reducesMotion))
        sim.key("c"); #expect(p.checks.isVisible)
        sim.key("c"); #expect(!p.checks.isVisible)
        sim.key("tab"); #expect(p.carouselHasFocus)
        sim.key("tab", [.shift]); #expect(!p.carouselHasFocus)
        sim.key("2"); #expect(p.definition.name == "stitch")
        sim.key("q", [.ctrl]); #expect(p.wantsQuit)
    }

    @Test("Chords: Ctrl and Shift are told apart where the chord names them; a plain key also answers with Shift")
    func chordMatching() {
        #expect(KeyChord.ctrl("z").matches("z", .ctrl))
        #expect(!KeyChord.ctrl("z").matches("z", [.ctrl, .shift]))
        #expect(!KeyChord.ctrl("z").matches("z", []))
        #expect(KeyChord("a").matches("a", .shift))
        #expect(!KeyChord("a").matches("a", .ctrl))
        #expect(!KeyChord("a").matches("a", .alt))
        #expect(KeyChord.shift("slash").matches("slash", .shift))
        #expect(!KeyChord.shift("slash").matches("slash", []))
    }
}
