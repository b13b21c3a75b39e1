import CarouselSupport
import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Foundation
import Testing

/// The SwiftUI exports compile (issue 33): every style's file, with its defaults and with a non-default value for
/// every parameter, type-checks with `swiftc -typecheck` against the SwiftUI interface module in
/// `Tests/SwiftUIInterface` (built for iOS, with UIKit, and for macOS, with AppKit), in Swift 6 language mode, with no
/// diagnostic; all of them together in one module, so two exports never clash. A broken file fails the same check.
/// Also: the type and header are named after the file, the images are listed, `--embed-images` embeds them, and file
/// names and titles cannot become code (issue 34).
@MainActor
@Suite(.serialized) struct SwiftUITypeCheckTests {
    static let styles = ExportTests.styles

    @Test("Every style's export, with its defaults and tuned, type-checks against the interface for iOS and macOS with no diagnostic")
    func everyExportTypeChecks() throws {
        let deck = try ExportTests.bundledDeck()
        let folder = try temporaryFolder("typecheck")
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for style in Self.styles {
            let tuned = try ExportTests.tunedExport(style, deck: deck)
            let plain = try CodeExport.make(styleName: style, values: nil, file: "-", deck: deck).export
            for (export, name) in [(plain, style.capitalized), (tuned, "Tuned" + style.capitalized)] {
                let path = folder.appendingPathComponent(name + ".swift").path
                try export.write(.swiftui, to: path)
                files.append(path)
            }
        }
        for platform in SwiftUIInterface.Platform.allCases {
            let result = try SwiftUIInterface.typecheck(files, platform: platform)
            #expect(result.status == 0 && result.output.isEmpty, "\(platform): \(result.output.prefix(4000))")
        }
    }

    /// The effect file that uses every part of the format (a vertical row, page snapping, every track property and
    /// easing, every trigger, a reduced form, names that are Swift keywords).
    static let everythingEffect = SwiftUIInterface.sourceFolder.appendingPathComponent("Fixtures/everything.effect.json").path

    @Test("Every gallery effect's export, and an effect file using every part of the format, type-check for iOS and macOS with no diagnostic")
    func effectExportsTypeCheck() throws {
        let deck = try ExportTests.bundledDeck()
        let folder = try temporaryFolder("typecheck-effects")
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for style in EffectGallery.documents.map(\.name) + [Self.everythingEffect] {
            let export = try CodeExport.make(styleName: style, values: nil, file: "-", deck: deck).export
            let name = ExportNaming.typeName(from: (style as NSString).lastPathComponent.replacingOccurrences(of: ".effect.json", with: ""))!
            let path = folder.appendingPathComponent(name + "Effect.swift").path
            try export.write(.swiftui, to: path)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            // p from each item's frame in the scroll view, its look as one projective transform, snapping and sizing.
            for part in [".visualEffect { [row, tracks] content, proxy in", "proxy.frame(in: .scrollView)", ".rotation3DEffect(",
                         ".containerRelativeFrame(", ".scrollTargetLayout()", ".modifier(Controls("] {
                #expect(text.contains(part), "\(style): no \(part)")
            }
            files.append(path)
        }
        for platform in SwiftUIInterface.Platform.allCases {
            let result = try SwiftUIInterface.typecheck(files, platform: platform)
            #expect(result.status == 0 && result.output.isEmpty, "\(platform): \(result.output.prefix(4000))")
        }
    }

    @Test("The check fails on a broken effect export: a wrong rotation3DEffect label, a track property the runtime lacks, a frame closure of the wrong shape")
    func brokenEffectExportsFail() throws {
        let deck = try ExportTests.bundledDeck()
        let folder = try temporaryFolder("typecheck-effects-broken")
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = try CodeExport.make(styleName: "coverflow", values: nil, file: "-", deck: deck).export
        let breakages: [(String, String, String)] = [
            (".rotation3DEffect(place.angle, axis: place.axis,", ".rotation3DEffect(place.angle, axes: place.axis,", "axes"),
            ("Track(.rotateY, keys:", "Track(.rotationY, keys:", "rotationY"),
            (".containerRelativeFrame([.horizontal, .vertical]) { _, axis in", ".containerRelativeFrame([.horizontal, .vertical]) { axis in", "argument"),
        ]
        try SwiftUIInterface.expectEachFails(export, breakages, in: folder)
    }

    @Test("Expand's export of 2b240c5 fails with one error, the auto-advance modifier it never defines, and nothing else")
    func theDefectItWasBuiltFor() throws {
        let fixture = SwiftUIInterface.sourceFolder.appendingPathComponent("Fixtures/ExpandCarousel-2b240c5.swift").path
        for platform in SwiftUIInterface.Platform.allCases {
            let result = try SwiftUIInterface.typecheck([fixture], platform: platform)
            let errors = result.output.split(separator: "\n").filter { $0.hasPrefix("/") && $0.contains(": error: ") }
            #expect(result.status != 0 && errors.count == 1
                    && errors.first?.hasSuffix(":193:27: error: cannot find 'ExpandCarouselAutoAdvance' in scope") == true,
                    "\(platform): \(result.output.prefix(1500))")
        }
    }

    @Test("The check fails on a broken export: a helper it lacks (today's missing auto-advance modifier), a wrong label, a wrong type")
    func brokenExportsFail() throws {
        let deck = try ExportTests.bundledDeck()
        let folder = try temporaryFolder("typecheck-broken")
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = try CodeExport.make(styleName: "paging", values: nil, file: "-", deck: deck).export
        let breakages: [(String, String, String)] = [
            // The issue's defect: the view uses a modifier the file never defines.
            ("struct Controls: ViewModifier", "struct AutoAdvance: ViewModifier", "cannot find 'Controls' in scope"),
            (".frame(height: 400)", ".frame(hieght: 400)", "hieght"),
            ("withAnimation(motion(Tuning.pageCurve)) {", "withAnimation(Tuning.pageDuration) {", "Animation"),
            (".accessibilityAdjustableAction { direction in", ".accessibilityAdjustableAction { (direction: Int) in", "direction"),
        ]
        try SwiftUIInterface.expectEachFails(export, breakages, in: folder)
    }

    @Test("The type and the header are named after the file; two exports of one style in one project do not clash")
    func namedAfterTheFile() throws {
        let deck = try ExportTests.bundledDeck()
        let folder = try temporaryFolder("typecheck-names")
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = try ExportTests.tunedExport("expand", deck: deck)
        let cases = [("SlickExpand.swift", "SlickExpand"), ("calm expand.swift", "CalmExpand"), ("View.swift", "ViewCarousel"),
                     ("2-up.swift", "Carousel2Up"), ("Tuning.swift", "TuningCarousel"), ("self.swift", "SelfCarousel")]
        var files: [String] = []
        for (file, type) in cases {
            let path = folder.appendingPathComponent(file).path
            try export.write(.swiftui, to: path)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.hasPrefix("// \(file)\n"), "\(file): \(text.prefix(80))")
            #expect(text.contains("\nstruct \(type): View {\n") && text.contains("\nextension \(type) {\n"), "\(file)")
            // One top-level type: everything else is nested in it.
            let topLevel = text.split(separator: "\n").filter { $0.hasPrefix("struct ") || $0.hasPrefix("enum ") || $0.hasPrefix("class ") }
            #expect(topLevel == ["struct \(type): View {"], "\(file): \(topLevel)")
            files.append(path)
        }
        let result = try SwiftUIInterface.typecheck(files, platform: .macOS)
        #expect(result.status == 0 && result.output.isEmpty, "\(result.output.prefix(3000))")
        // On standard output: after the style and the preset.
        #expect(try export.render(.swiftui, pagePath: nil, images: .besidePage).text.hasPrefix("// ExpandCarousel.swift\n"))
        var preset = export
        preset.presetName = "Glide"
        let text = try preset.render(.swiftui, pagePath: nil, images: .besidePage).text
        #expect(text.hasPrefix("// ExpandGlideCarousel.swift\n") && text.contains("\nstruct ExpandGlideCarousel: View {"))
    }

    @Test("The header lists every image the view needs (posters and stills) under the asset names the code uses")
    func imagesAreListed() throws {
        var deck = try ExportTests.bundledDeck()
        deck.items[0].still = deck.items[5].image
        deck.items[1].still = "/elsewhere/still-of-two.png"
        let text = try CodeExport.make(styleName: "expand", values: nil, file: "-", deck: deck).export
            .render(.swiftui, pagePath: "Listed.swift", images: .besidePage).text
        let listed = text.split(separator: "\n").filter { $0.hasPrefix("//   \"") }.map(String.init)
        let assets = Set(ExportImage.images(of: deck).map(\.asset))
        #expect(listed.count == assets.count && assets.contains("still-of-two"))
        for image in ExportImage.images(of: deck) { #expect(listed.contains("//   \"\(image.asset)\": \(image.file)"), "\(image.asset)") }
        // Every asset name the deck's code uses is listed.
        let used = text.matches(of: #/(?:image|still): "([^"]*)"/#).map { String($0.1) }
        #expect(!used.isEmpty && Set(used).isSubset(of: assets), "\(Set(used).subtracting(assets))")
    }

    @Test("--embed-images: the SwiftUI file carries the images as Base64 and needs no asset catalog; it type-checks")
    func embeddedSwiftUIImages() throws {
        let full = try ExportTests.bundledDeck()
        let deck = Deck(name: full.name, items: Array(full.items.prefix(3)) + [DeckItem(image: "https://example.org/remote.jpg", title: "Remote")])
        let folder = try temporaryFolder("typecheck-embed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Embedded.swift").path
        let export = try CodeExport.make(styleName: "paging", values: nil, file: "-", deck: deck).export
        #expect(try export.write(.swiftui, to: path, images: .embedded) == [path])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for item in deck.items.prefix(3) {
            let name = (item.fileName as NSString).deletingPathExtension
            #expect(text.contains("//   \"\(name)\": \(item.fileName) (embedded)"))
            let block = try #require(text.range(of: "\"\(name)\": \"\"\"\n")).upperBound
            let end = try #require(text.range(of: "\"\"\",", range: block..<text.endIndex)).lowerBound
            let data = Data(base64Encoded: String(text[block..<end]), options: .ignoreUnknownCharacters)
            #expect(data == FileManager.default.contents(atPath: item.image), "\(name)")
        }
        // A remote image is not fetched: it stays in the asset catalog.
        #expect(text.contains("//   \"remote\": remote.jpg\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Embedded-images").path))
        for platform in SwiftUIInterface.Platform.allCases {
            let result = try SwiftUIInterface.typecheck([path], platform: platform)
            #expect(result.status == 0 && result.output.isEmpty, "\(platform): \(result.output.prefix(3000))")
        }
        // Without the flag, the same file names asset catalog images only.
        let plain = try export.render(.swiftui, pagePath: path, images: .besidePage).text
        #expect(!plain.contains("base64") && !plain.contains("import UIKit") && plain.contains("Image(asset)"))
    }

    @Test("File names and titles never become code: controls escaped in comments, bidi controls in literals, NUL in HTML")
    func hostileNamesStayText() throws {
        let folder = try temporaryFolder("typecheck-hostile")
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = folder.appendingPathComponent("x\nfatalError(\"injected\")\na.jpg").path
        let reversed = "admin\u{202E}gpj.exe"
        let deck = Deck(name: "Deck\u{2066} \u{0}", items: [
            DeckItem(image: name, still: folder.appendingPathComponent("still\r\u{85}\u{2028}b.png").path, title: "Title\u{0}\u{202E}cba"),
            DeckItem(image: folder.appendingPathComponent("\(reversed).jpg").path, title: reversed),
        ])
        var files: [String] = []
        for style in Self.styles {
            let export = try CodeExport.make(styleName: style, values: nil, file: "-", deck: deck).export
            let path = folder.appendingPathComponent("Hostile\(style.capitalized).swift").path
            files.append(path)
            try export.write(.swiftui, to: path)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(!text.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("fatalError(\"injected\")") },
                    "\(style): a file name became code")
            for scalar in ["\u{202E}", "\u{2066}", "\u{0}", "\r", "\u{85}", "\u{2028}"] {
                #expect(!text.unicodeScalars.contains(scalar.unicodeScalars.first!), "\(style): a raw U+\(String(scalar.unicodeScalars.first!.value, radix: 16))")
            }
            #expect(text.contains("\\u{202E}") && text.contains("// x\\u{A}fatalError(\"injected\")\\u{A}a.jpg (still: "), "\(style)")

            let page = try export.render(.html, pagePath: folder.appendingPathComponent("page.html").path, images: .besidePage)
            #expect(!page.text.unicodeScalars.contains("\u{0}") && !page.text.unicodeScalars.contains("\u{202E}"), "\(style) page")
            if style != "loop" && style != "circular" { #expect(page.text.contains("Title&#xFFFD;&#x202E;cba"), "\(style) page") }
        }
        // Every style's file type-checks (together: one compiler run).
        let result = try SwiftUIInterface.typecheck(files, platform: .iOS)
        #expect(result.status == 0 && result.output.isEmpty, "\(result.output.prefix(2000))")
    }
}

/// The SwiftUI interface module (`Tests/SwiftUIInterface`), built once per content into the temporary folder, and
/// `swiftc -typecheck` against it.
@MainActor
enum SwiftUIInterface {
    /// The two builds of the interface, as Apple's SDKs differ: UIKit's `Image(uiImage:)` or AppKit's `Image(nsImage:)`.
    enum Platform: String, CaseIterable {
        case iOS, macOS
        var define: String { self == .iOS ? "SWIFTUI_IOS" : "SWIFTUI_MACOS" }
        var platformModule: String { self == .iOS ? "UIKit" : "AppKit" }
    }

    static let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SwiftUIInterface")
    /// The toolchain's swift-syntax, which the `#Preview` plugin links.
    static var hostLibraries: String {
        URL(fileURLWithPath: ExportTests.swiftc).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift/host").path
    }

    /// `files` type-checked together, as one module (one compiler job: `-wmo` reads each file once), in Swift 6
    /// language mode against the interface for `platform`.
    static func typecheck(_ files: [String], platform: Platform) throws -> (status: Int32, output: String) {
        let folder = try build(platform)
        return try ExportTests.run(ExportTests.swiftc, ["-typecheck", "-wmo", "-swift-version", "6", "-I", folder,
                                                        "-load-plugin-library", folder + "/libPreviewMacros.so"] + files)
    }

    /// Each breakage `(from, to, expected)` of `export`, made in a copy of its own (`Broken1.swift`, ... each with its
    /// own type), fails the iOS type check with an error in that file that names `expected`: all copies in one run.
    static func expectEachFails(_ export: CodeExport, _ breakages: [(String, String, String)], in folder: URL) throws {
        var files: [String] = []
        for (k, (from, to, _)) in breakages.enumerated() {
            let path = folder.appendingPathComponent("Broken\(k + 1).swift").path
            try export.write(.swiftui, to: path)
            let good = try String(contentsOfFile: path, encoding: .utf8)
            #expect(good.contains(from), "the export no longer contains \(from)")
            try good.replacingOccurrences(of: from, with: to).write(toFile: path, atomically: true, encoding: .utf8)
            files.append(path)
        }
        let result = try typecheck(files, platform: .iOS)
        #expect(result.status != 0)
        // Each diagnostic starts "FILE:LINE:COLUMN: error: MESSAGE" and goes on with the lines it quotes.
        var diagnostics: [String: [String]] = [:], current: String?
        for line in result.output.split(separator: "\n") {
            if let file = files.first(where: { line.hasPrefix($0 + ":") }) { current = line.contains(": error: ") ? file : nil }
            if let current { diagnostics[current, default: []].append(String(line)) }
        }
        for ((_, to, expected), file) in zip(breakages, files) {
            let text = (diagnostics[file] ?? []).joined(separator: "\n")
            #expect(text.contains(expected), "\(to): \(text.isEmpty ? String(result.output.prefix(600)) : String(text.prefix(600)))")
        }
    }

    /// The folder holding the interface built for `platform` (built if the sources changed since).
    static func build(_ platform: Platform) throws -> String {
        var hash: UInt64 = 0xcbf29ce484222325
        for name in ["SwiftUI.swift", "UIKit.swift", "AppKit.swift", "PreviewMacros.swift"] {
            for byte in try Data(contentsOf: sourceFolder.appendingPathComponent(name)) { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-lab-swiftui-interface")
        let done = root.appendingPathComponent("\(String(hash, radix: 16))-\(platform.rawValue)")
        if FileManager.default.fileExists(atPath: done.appendingPathComponent("SwiftUI.swiftmodule").path) { return done.path }
        let work = root.appendingPathComponent("building-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let host = hostLibraries, source = { sourceFolder.appendingPathComponent($0).path }, out = { work.appendingPathComponent($0).path }
        let steps: [[String]] = [
            ["-emit-library", "-module-name", "PreviewMacros", "-I", host, "-L", host, "-lSwiftSyntax", "-lSwiftSyntaxMacros",
             "-Xlinker", "-rpath", "-Xlinker", host, source("PreviewMacros.swift"), "-o", out("libPreviewMacros.so")],
            ["-emit-module", "-module-name", platform.platformModule, "-parse-as-library", "-enable-library-evolution", "-suppress-warnings",
             source(platform.platformModule + ".swift"), "-emit-module-path", out(platform.platformModule + ".swiftmodule")],
            ["-emit-module", "-module-name", "SwiftUI", "-parse-as-library", "-enable-library-evolution", "-suppress-warnings",
             "-swift-version", "6", "-D", platform.define, "-I", work.path, "-load-plugin-library", out("libPreviewMacros.so"),
             source("SwiftUI.swift"), "-emit-module-path", out("SwiftUI.swiftmodule")],
        ]
        for step in steps {
            let result = try ExportTests.run(ExportTests.swiftc, step)
            guard result.status == 0 else { throw InterfaceError("building the SwiftUI interface failed: \(result.output.prefix(2000))") }
        }
        try? FileManager.default.removeItem(at: done)
        try FileManager.default.moveItem(at: work, to: done)
        return done.path
    }

    /// `files` compiled into a program against the stand-in built as libraries for macOS (its types hold their
    /// values; nothing draws), run in `folder`; its standard output. Throws with the compiler's or the program's
    /// messages when either fails.
    static func run(_ files: [String], in folder: URL) throws -> String {
        let libraries = try buildLibraries()
        let program = folder.appendingPathComponent("driver").path
        let compiled = try ExportTests.run(ExportTests.swiftc, ["-swift-version", "6", "-suppress-warnings", "-I", libraries, "-L", libraries,
                                                                "-lSwiftUI", "-lAppKit", "-Xlinker", "-rpath", "-Xlinker", libraries,
                                                                "-load-plugin-library", libraries + "/libPreviewMacros.so"] + files + ["-o", program])
        guard compiled.status == 0 else { throw InterfaceError("the program does not compile: \(compiled.output.prefix(3000))") }
        let ran = try ExportTests.run(program, [])
        guard ran.status == 0 else { throw InterfaceError("the program failed: \(ran.output.suffix(2000))") }
        return ran.output
    }

    /// The folder holding the stand-in built as libraries and modules for macOS (built if the sources changed since).
    static func buildLibraries() throws -> String {
        let modules = try build(.macOS)
        let done = modules + "-libraries"
        if FileManager.default.fileExists(atPath: done + "/libSwiftUI.so") { return done }
        let work = done + "-building-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.copyItem(atPath: modules + "/libPreviewMacros.so", toPath: work + "/libPreviewMacros.so")
        let source = { sourceFolder.appendingPathComponent($0).path }
        let steps: [[String]] = [
            ["-emit-library", "-emit-module", "-module-name", "AppKit", "-parse-as-library", "-suppress-warnings", source("AppKit.swift"),
             "-emit-module-path", work + "/AppKit.swiftmodule", "-o", work + "/libAppKit.so"],
            ["-emit-library", "-emit-module", "-module-name", "SwiftUI", "-parse-as-library", "-suppress-warnings", "-swift-version", "6",
             "-D", Platform.macOS.define, "-I", work, "-L", work, "-lAppKit", "-load-plugin-library", work + "/libPreviewMacros.so",
             source("SwiftUI.swift"), "-emit-module-path", work + "/SwiftUI.swiftmodule", "-o", work + "/libSwiftUI.so"],
        ]
        for step in steps {
            let result = try ExportTests.run(ExportTests.swiftc, step)
            guard result.status == 0 else { throw InterfaceError("building the SwiftUI stand-in's libraries failed: \(result.output.prefix(2000))") }
        }
        try? FileManager.default.removeItem(atPath: done)
        try FileManager.default.moveItem(atPath: work, toPath: done)
        return done
    }

    struct InterfaceError: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }
}
