import ArgumentParser
import CarouselApp
import CarouselClips
import CarouselStyles
import CarouselSupport
import Foundation
import SDLBackend

extension CarouselLab {
    /// `carousel-lab export`: the tuned effect as code. Wiring only; the export is `CodeExport` (CarouselApp).
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write the tuned effect as a SwiftUI view or a self-contained web page.")
        @Option(name: .long, help: "swiftui (one .swift file, iOS 17 / macOS 14) or html (one page; its images are copied beside it into PAGE-images/).")
        var format: String
        @Option(name: .long, help: "The file to write, or - (or /dev/stdout) for standard output (a page's images are then embedded). A SwiftUI file's type is named after it: SlickExpand.swift declares struct SlickExpand.")
        var out: String
        @Option(name: .long, help: "The style: expand, stitch, loop, circular or paging (default: the --params file's \"style\", else expand).")
        var style: String?
        @Option(name: .long, help: "A JSON file of parameter values, a preset, a layout file or a screenshot's or clip's sidecar.")
        var params: String?
        @Option(name: .long, help: "A folder of images or a deck JSON file (default: the bundled photographs).")
        var images: String?
        @Flag(name: .long, help: "Embed the images in the file: a page's as data URLs instead of copies beside it, a SwiftUI file's as Base64 instead of asset catalog names.")
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
            // Ctrl+C, SIGTERM and SIGHUP are answered between the files written: nothing is left behind (a killed
            // export used to leave its page's temporary file and an empty images folder).
            CaughtSignals.catching([SIGINT, SIGTERM, SIGHUP])
            try MainActor.assumeIsolated {
                let format = ExportFormat(rawValue: format.lowercased())!
                // The deck and parameter file are read as run and capture read them.
                var arguments: [String] = []
                if let style { arguments += ["--style", style] }
                if let params { arguments += ["--params", params] }
                if let images { arguments += ["--images", images] }
                let deckOptions = try DeckOptions<HeadlessHelp>.parse(arguments)
                let values = try deckOptions.parameterFile()
                // Images that cannot be shown are said as capture says them and left out (never copied or listed).
                let deck: Deck
                let loaded = try deckOptions.loadDeck()
                do throws(ExportError) {
                    let checked = try CodeExport.readableImages(of: loaded) { ImageCheck.problem(ofFileAt: $0) }
                    checked.problems.forEach(printError)
                    deck = checked.deck
                } catch {
                    throw Failure(error.message)
                }
                let made: (export: CodeExport, problems: [String])
                let styleName = try deckOptions.styleName()
                do throws(ExportError) { made = try CodeExport.make(styleName: styleName, values: values, file: params ?? "--params", deck: deck) } catch {
                    throw Failure(error.message)
                }
                ParameterFileProblems.report(made.problems)
                do throws(ExportError) {
                    if AtomicFile.isStream(out) {
                        // Standard output (`-`, /dev/stdout) or a device: a page has nowhere beside it for its images; a
                        // SwiftUI file embeds them only when asked.
                        let mode: ExportImageMode = format == .html || embedImages ? .embedded : .besidePage
                        let text = try made.export.render(format, pagePath: nil, images: mode).text
                        do throws(AtomicFileError) { try AtomicFile.write(text, to: out, streams: true) } catch {
                            throw ExportError("\(out): cannot write (\(error.reason))")
                        }
                    } else {
                        let written = try made.export.write(format, to: out, images: embedImages ? .embedded : .besidePage,
                                                            interrupted: CaughtSignals.take)
                        // One line, as record's: what was written, where, how large.
                        let what = format == .swiftui ? "SwiftUI view" : "web page"
                        let embedded = format == .html && embedImages ? ", images embedded" : ""
                        let images = written.dropFirst().first.map { ", its images in \($0)/" } ?? ""
                        printError("\(out): \(what) of \(styleName)\(embedded), \(ClipRecord.sizeText(ClipRecord.fileSize(out)))\(images)")
                    }
                } catch {
                    throw Failure(error.message)
                }
            }
        }
    }
}
