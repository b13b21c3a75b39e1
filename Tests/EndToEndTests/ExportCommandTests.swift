import Foundation
import Testing

/// `carousel-lab export` as a user runs it: bad input is one line naming the culprit, and nothing is left behind.
@Suite struct ExportCommandTests {
    @Test("Bad arguments and unwritable places are one line, and leave no file")
    func badInput() throws {
        try #require(CLI.available, "build carousel-lab first")
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("page.html").path

        let format = try CLI.run(["export", "--format", "pdf", "--out", page])
        #expect(format.status == 64 && format.lines == ["Error: --format must be swiftui or html, got \"pdf\""])

        let style = try CLI.run(["export", "--format", "html", "--style", "nope", "--out", page])
        #expect(style.status != 0 && style.lines.count == 1 && style.lines[0].contains("unknown style \"nope\""), "\(style.stderr)")

        let missing = try CLI.run(["export", "--format", "swiftui", "--out", folder.appendingPathComponent("no/such/dir/a.swift").path])
        #expect(missing.status == 1 && missing.lines.count == 1 && missing.lines[0].contains("no/such/dir"), "\(missing.stderr)")

        let params = folder.appendingPathComponent("bad.json").path
        try "{\"itemWidth\": 9000, \"spacing\": 4}".write(toFile: params, atomically: true, encoding: .utf8)
        let swiftPath = folder.appendingPathComponent("a.swift").path
        let partly = try CLI.run(["export", "--format", "swiftui", "--params", params, "--out", swiftPath])
        #expect(partly.status == 0 && partly.lines.first == "carousel-lab: \(params):1: itemWidth: 9000 is out of range 40...600 (ignored)"
                && partly.lines.count == 2 && partly.lines.last?.hasPrefix("carousel-lab: \(swiftPath): SwiftUI view of expand, ") == true,
                "\(partly.stderr)")
        let swift = try String(contentsOf: folder.appendingPathComponent("a.swift"), encoding: .utf8)
        #expect(swift.contains("static let spacing: CGFloat = 4 // pt") && swift.contains("static let itemWidth: CGFloat = 150 // pt"))

        // A read-only folder: neither the page nor its images folder appears.
        let locked = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o555])
        let denied = try CLI.run(["export", "--format", "html", "--out", locked.appendingPathComponent("p.html").path], asNobody: true)
        #expect(denied.status == 1 && denied.lines.count == 1, "\(denied.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked.path).isEmpty)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("a.swift"))
    }

    @Test("--embed-images puts the images in the file for both formats; a SwiftUI file is named after its file; success is one line")
    func embedImagesAndNames() throws {
        try #require(CLI.available, "build carousel-lab first")
        let folder = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = try CLI.photos(2, into: folder.appendingPathComponent("deck", isDirectory: true).creatingFolder())
        let deck = folder.appendingPathComponent("deck").path
        let bytes = try Data(contentsOf: URL(fileURLWithPath: photos[0])).base64EncodedString()
        let out = folder.appendingPathComponent("stdout.txt").path

        // A page: data URLs, no folder beside it.
        let page = folder.appendingPathComponent("page.html").path
        let html = try CLI.run(["export", "--format", "html", "--style", "paging", "--images", deck, "--embed-images", "--out", page],
                               shell: "exec >\(out)")
        #expect(html.status == 0 && html.lines.count == 1 && html.lines[0].hasPrefix("carousel-lab: \(page): web page of paging, images embedded, "),
                "\(html.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).isEmpty, "nothing on standard output but the code itself")
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("src=\"data:image/jpeg;base64,\(bytes)\""))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("page-images").path))

        // A SwiftUI file: Base64 in lines, and the type and header named after the file.
        let swift = folder.appendingPathComponent("calm-pager.swift").path
        #expect(try CLI.run(["export", "--format", "swiftui", "--style", "paging", "--images", deck, "--embed-images", "--out", swift]).status == 0)
        let text = try String(contentsOfFile: swift, encoding: .utf8)
        #expect(text.hasPrefix("// calm-pager.swift\n") && text.contains("\nstruct CalmPager: View {"))
        let embedded = text.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: " ", with: "")
        #expect(embedded.contains(bytes) && text.contains("(embedded)"))

        // On standard output a SwiftUI file embeds only when asked.
        for (flags, embeds) in [([String](), false), (["--embed-images"], true)] {
            let result = try CLI.run(["export", "--format", "swiftui", "--style", "paging", "--images", deck, "--out", "-"] + flags,
                                     shell: "exec >\(out)")
            let printed = try String(contentsOfFile: out, encoding: .utf8)
            #expect(result.status == 0 && printed.hasPrefix("// PagingCarousel.swift\n"))
            #expect(printed.contains("static let base64") == embeds, "\(flags)")
        }
    }
}

private extension URL {
    /// The folder at this URL, made if missing.
    func creatingFolder() throws -> URL {
        try FileManager.default.createDirectory(at: self, withIntermediateDirectories: true)
        return self
    }
}
