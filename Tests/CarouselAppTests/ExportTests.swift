import CarouselClips
import CarouselSupport
import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Foundation
import Testing

/// The export (issue 17) without a browser: for every style and both formats, with a non-default value for every
/// parameter, the SwiftUI file parses with the Swift parser and carries every tuned value; the page carries them
/// too; files are written whole with their images; Ctrl+E writes both into the screenshots folder.
@MainActor
@Suite(.serialized) struct ExportTests {
    static let styles = ["expand", "stitch", "loop", "circular", "paging"]

    /// The bundled photographs (real files, so a page's images can be copied).
    static func bundledDeck() throws -> Deck {
        try Deck.load(path: try #require(ResourceLocator.bundledDeck())).deck
    }

    /// `style` with every value of `ExportTestValues`.
    static func tunedExport(_ style: String, deck: Deck) throws -> CodeExport {
        let made = try CodeExport.make(styleName: style, values: try ExportTestValues.values(style), file: "tuned.json", deck: deck)
        #expect(made.problems.isEmpty, "\(made.problems)")
        return made.export
    }

    @Test("The test values change every parameter of every style to a valid non-default value")
    func testValuesCoverEverySchema() throws {
        for style in Self.styles {
            let specs = StyleRegistry.schema(of: try #require(StyleRegistry.style(named: style)))
            let values = try #require(try ExportTestValues.values(style).members)
            #expect(Set(values.map(\.key)) == Set(specs.map(\.key)), "\(style)")
            var p = Parameters(specs: specs)
            #expect(p.apply(json: try ExportTestValues.values(style), file: style).isEmpty)
            for spec in specs { #expect(p.values[spec.key] != spec.defaultValue, "\(style).\(spec.key) is its default") }
        }
    }

    @Test("Every style exports SwiftUI and HTML, and styles --json says so")
    func everyStyleExportsBothFormats() throws {
        for style in StyleRegistry.all { #expect(style.export?.formats == [.swiftui, .html]) }
        for entry in try #require(StyleRegistry.catalogueJSON().arrayValue) {
            #expect(entry["exports"] == .array([.string("swiftui"), .string("html")]))
        }
        #expect(StyleRegistry.catalogueText().contains("  exports: swiftui, html\n"))
    }

    @Test("The SwiftUI file of every style parses with swiftc -parse, no diagnostics, and declares every tuned value (SwiftUITypeCheckTests type-checks it)")
    func swiftUIParsesAndCarriesEveryValue() throws {
        let deck = try Self.bundledDeck()
        let folder = try temporaryFolder("export-swiftui")
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for style in Self.styles {
            let export = try Self.tunedExport(style, deck: deck)
            let path = folder.appendingPathComponent("\(style).swift").path
            #expect(try export.write(.swiftui, to: path) == [path])
            let text = try String(contentsOfFile: path, encoding: .utf8)
            for spec in export.parameters.specs {
                let line = try #require(text.split(separator: "\n").first { $0.contains("static let \(spec.key): ") }, "\(style).\(spec.key)")
                #expect(line.contains("= " + Self.swiftValue(spec, in: export.parameters)), "\(style): \(line)")
                if case .text(let s) = export.parameters.values[spec.key]!, spec.kind != .curve { #expect(line.contains(s)) }
            }
            for name in ["// \(style).swift\n", "#Preview", "iOS 17 / macOS 14", "struct \(style.prefix(1).uppercased() + style.dropFirst()): View"] {
                #expect(text.contains(name), "\(style): \(name)")
            }
            for item in deck.items { #expect(text.contains("// \(item.fileName)"), "\(style): \(item.fileName)") }
            files.append(path)
        }
        let parse = try Self.run(Self.swiftc, ["-parse"] + files)
        #expect(parse.status == 0 && parse.output.isEmpty, "\(parse.output)")
    }

    /// The Swift expression a parameter's constant must have.
    static func swiftValue(_ spec: ParameterSpec, in p: Parameters) -> String {
        switch p.values[spec.key]! {
        case .number(let n): JSONValue.format(n)
        case .bool(let b): b ? "true" : "false"
        case .text: spec.kind == .curve
            ? CurveCode.swiftAnimation(p.curve(spec.key), duration: CurveCode.durationKey(for: spec.key, in: p.specs)) : ""
        }
    }

    @Test("The page of every style declares every tuned value, and its images are copied beside it")
    func pageCarriesEveryValueAndItsImages() throws {
        let deck = try Self.bundledDeck()
        let folder = try temporaryFolder("export-html")
        defer { try? FileManager.default.removeItem(at: folder) }
        for style in Self.styles {
            let export = try Self.tunedExport(style, deck: deck)
            let path = folder.appendingPathComponent("\(style) page.html").path
            let written = try export.write(.html, to: path)
            #expect(written == [path, folder.appendingPathComponent("\(style) page-images").path])
            let text = try String(contentsOfFile: path, encoding: .utf8)
            for spec in export.parameters.specs {
                #expect(text.contains("  \(spec.key): \(ExportValues.js(spec, in: export.parameters)), //"), "\(style).\(spec.key)")
            }
            #expect(!text.contains("http://") && !text.contains("https://"), "\(style): the page loads nothing from the network")
            for item in deck.items {
                let copy = folder.appendingPathComponent("\(style) page-images/\(item.fileName)").path
                #expect(FileManager.default.contentsEqual(atPath: copy, andPath: item.image), "\(copy)")
            }
            if style != "loop" && style != "circular" { #expect(text.contains("src=\"\(style)%20page-images/\(deck.items[0].fileName)\"")) }
        }
    }

    @Test("A page on standard output embeds its images as data URLs")
    func embeddedImages() throws {
        let deck = try Self.bundledDeck()
        let text = try Self.tunedExport("paging", deck: deck).render(.html, pagePath: nil, images: .embedded).text
        let data = try Data(contentsOf: URL(fileURLWithPath: deck.items[0].image))
        #expect(text.contains("src=\"data:image/jpeg;base64,\(data.base64EncodedString())\""))
    }

    @Test("Asset names are the file names without extension, made unique; a still is an asset too")
    func assetNames() {
        let deck = Deck(name: "d", items: [DeckItem(image: "/a/cat.jpg", still: "/b/cat.png", title: "1"),
                                           DeckItem(image: "/c/Cat.jpg", title: "2"), DeckItem(image: "/a/cat.jpg", title: "3")])
        let images = ExportImage.images(of: deck)
        #expect(images.map(\.asset) == ["cat", "cat-2", "Cat-3"])
        #expect(images.map(\.file) == ["cat.jpg", "cat-2.png", "Cat-3.jpg"])
    }

    @Test("Nothing is left behind when the page or an image cannot be written")
    func failuresLeaveNothing() throws {
        let folder = try temporaryFolder("export-fail")
        defer { try? FileManager.default.removeItem(at: folder) }
        var deck = try Self.bundledDeck()
        let export = try Self.tunedExport("expand", deck: deck)
        #expect(throws: ExportError.self) { try export.write(.html, to: folder.appendingPathComponent("missing/page.html").path) }
        deck.items[3].image = folder.appendingPathComponent("gone.jpg").path
        let broken = try Self.tunedExport("expand", deck: deck)
        let page = folder.appendingPathComponent("page.html").path
        #expect(throws: ExportError("\(deck.items[3].image): cannot read the image: file not found (not exported)")) {
            try broken.write(.html, to: page)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("Ctrl+E writes the focused style as SwiftUI and HTML into the screenshots folder and says where")
    func controlEExportsBoth() throws {
        let deck = try Self.bundledDeck()
        let folder = try temporaryFolder("export-window")
        defer { try? FileManager.default.removeItem(at: folder) }
        let preview = try Preview(deck: deck, images: deck.fakeImageStore(), size: Size(800, 500), style: "circular")
        let input = InputSimulator(driver: preview, size: Size(800, 500))
        input.key("e", .ctrl)
        #expect(preview.currentMessage == "Export needs a window (use carousel-lab export)")
        let session = CodeExportSession(folder: ScreenshotFolder(path: folder.path), home: "/nowhere")
        session.date = { Date(timeIntervalSince1970: 1_800_000_000) }
        preview.codeExports = session
        try preview.setParameter("imageSize", .number(90))
        input.key("e", .ctrl)
        #expect(preview.waitForBackgroundWork(timeout: 30))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let stem = "circular-" + Self.localName(Date(timeIntervalSince1970: 1_800_000_000))
        #expect(names == [stem + "-images", stem + ".html", stem + ".swift"])
        let swift = try String(contentsOfFile: folder.appendingPathComponent(stem + ".swift").path, encoding: .utf8)
        #expect(swift.contains("static let imageSize: CGFloat = 90 // pt"))
        // The type is named after the style; the timestamp is only in the file's name (it was Circular20270115...).
        #expect(swift.hasPrefix("// \(stem).swift\n") && swift.contains("\nstruct CircularCarousel: View {\n"), "\(swift.prefix(200))")
        #expect(!swift.contains("struct Circular2"))
        #expect(preview.currentMessage?.hasPrefix("Exported \(stem).swift and .html to /") == true, "\(preview.currentMessage ?? "no message")")
        // A second export in the same second gets its own names.
        input.key("e", .ctrl)
        #expect(preview.waitForBackgroundWork(timeout: 30))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 6)
    }

    @Test("A type the file's name does not give is named after the style and the preset, without timestamps")
    func typeNamedAfterStyleAndPreset() {
        #expect(ExportNaming.styleTypeName(style: "expand", preset: nil) == "ExpandCarousel")
        #expect(ExportNaming.styleTypeName(style: "expand", preset: "Slower") == "ExpandSlowerCarousel")
        #expect(ExportNaming.styleTypeName(style: "paging", preset: "slow and calm") == "PagingSlowAndCalmCarousel")
        // A preset saved under its default name (the style and the time) and one that repeats the style's name.
        #expect(ExportNaming.styleTypeName(style: "expand", preset: "expand-2026-11-28-030504") == "ExpandCarousel")
        #expect(ExportNaming.styleTypeName(style: "expand", preset: "Slick Expand carousel") == "ExpandSlickCarousel")
        // A file the app names itself: the type from the style and preset, the file name as given.
        let app = ExportNaming.make(style: "expand", path: "/p/expand-2026-11-28-030504.swift", preset: "Slower", typeFromFile: false)
        #expect(app == ExportNaming(typeName: "ExpandSlowerCarousel", fileName: "expand-2026-11-28-030504.swift"))
        // A file the user names: the type from it; standard output: from the style and preset.
        #expect(ExportNaming.make(style: "expand", path: "SlickExpand.swift").typeName == "SlickExpand")
        #expect(ExportNaming.make(style: "expand", path: nil, preset: "Slower") == ExportNaming(typeName: "ExpandSlowerCarousel", fileName: "ExpandSlowerCarousel.swift"))
    }

    // MARK: Helpers

    /// A date as screenshot names write it, in local time.
    static func localName(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd-HHmmss"
        return f.string(from: date)
    }

    static var swiftc: String {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/opt/swift/usr/bin"]
        return dirs.map { $0 + "/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) } ?? "swiftc"
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let exit = try ChildProcess(tool, arguments, output: .kept).wait()
        return (exit.statusOrSignal, exit.outputText + exit.standardError)
    }
}
