import ArgumentParser
import CarouselApp
import CarouselStyles
import CarouselSupport
import Foundation

extension CarouselLab {
    /// `carousel-lab export`: the tuned effect as code. Wiring only; the export is `CodeExport` (CarouselApp).
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the tuned effect as a SwiftUI view or a self-contained web page.")
        @Option(name: .long, help: "swiftui (one .swift file, iOS 17 / macOS 14) or html (one page; its images are copied beside it into PAGE-images/).")
        var format: String
        @Option(name: .long, help: "The file to write, or - (or /dev/stdout) for standard output (a page's images are then embedded).")
        var out: String
        @Option(name: .long, help: "The style: expand, stitch, loop, circular or paging (default: the --params file's \"style\", else expand).")
        var style: String?
        @Option(name: .long, help: "A JSON file of parameter values, a preset, a layout file or a screenshot's or clip's sidecar.")
        var params: String?
        @Option(name: .long, help: "A folder of images or a deck JSON file (default: the bundled photographs).")
        var images: String?
        @Flag(name: .long, help: "Embed the page's images as data URLs instead of copying them beside it.")
        var embedImages = false

        func validate() throws {
            try ArgumentError.reporting {
                guard ExportFormat(rawValue: format.lowercased()) != nil else {
                    throw ArgumentError("--format must be \(ExportFormat.allCases.map(\.rawValue).joined(separator: " or ")), got \(MessageText.quote(format))")
                }
                guard !out.isEmpty else { throw ArgumentError("--out needs a file name, or - for standard output") }
            }
        }

        func run() throws {
            try MainActor.assumeIsolated {
                let format = ExportFormat(rawValue: format.lowercased())!
                // The deck and parameter file are read as run and capture read them.
                var arguments: [String] = []
                if let style { arguments += ["--style", style] }
                if let params { arguments += ["--params", params] }
                if let images { arguments += ["--images", images] }
                let deckOptions = try DeckOptions.parse(arguments)
                let values = try deckOptions.parameterFile()
                let deck = try deckOptions.loadDeck()
                let made: (export: CodeExport, problems: [String])
                let styleName = try deckOptions.styleName()
                do throws(ExportError) { made = try CodeExport.make(styleName: styleName, values: values, file: params ?? "--params", deck: deck) } catch {
                    throw Failure(error.message)
                }
                ParameterFileProblems.report(made.problems)
                do throws(ExportError) {
                    if AtomicFile.isStream(out) {
                        // Standard output (`-`, /dev/stdout) or a device: the page's images embedded.
                        let text = try made.export.render(format, pagePath: nil, images: .embedded).text
                        do throws(AtomicFileError) { try AtomicFile.write(text, to: out, streams: true) } catch {
                            throw ExportError("\(out): cannot write (\(error.reason))")
                        }
                    } else {
                        try made.export.write(format, to: out, images: embedImages ? .embedded : .besidePage)
                    }
                } catch {
                    throw Failure(error.message)
                }
            }
        }
    }
}
