import ArgumentParser
import CarouselApp
import CarouselCore
import CarouselSupport
import Foundation
import SDLBackend

extension CarouselLab {
    /// Checks a style and its values against the WCAG 2.2 rules that apply to carousels.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check a style and its values against WCAG 2.2: 2.2.2, 2.5.8, 1.4.3, 2.3.3 and 2.4.7.",
            discussion: """
                Each rule is measured on frames drawn headlessly while the checks' own keyboard interaction plays \
                (Tab into the carousel, Right eight times, Left), with full and with reduced motion: text contrast on the \
                pixels behind each line, target sizes, the pause control of auto-advance, the content's travel, the \
                focus ring. Prints each rule with its figure, pass or FAIL and a fix; the exit status is 1 when one fails.
                """)
        @OptionGroup var options: DeckOptions<HeadlessHelp>
        @Flag(name: .long, help: "Print the report as JSON.")
        var json = false
        @Option(name: .long, help: "Also write the JSON report to this file.")
        var out: String?

        func validate() throws {
            try ArgumentError.reporting {
                if !options.compare.isEmpty { throw ArgumentError("check takes one style and its values, not --compare") }
                if options.input != nil { throw ArgumentError("check plays its own keyboard interaction: --input does not apply") }
                if options.reducedMotion != nil { throw ArgumentError("check measures with and without reduced motion: --reduced-motion does not apply") }
            }
        }

        func run() throws {
            let report = try MainActor.assumeIsolated {
                try AccessibilityCheck.run { reduced in try options.checkSession(reducedMotion: reduced) }
            }
            print(json ? report.json.serialized() : report.text, terminator: json ? "\n" : "")
            if let out {
                do throws(AtomicFileError) { try AtomicFile.write(report.json.serialized() + "\n", to: out) } catch {
                    throw Failure("\(out): cannot write the report (\(error.reason))")
                }
            }
            if !report.passed { throw ExitCode(1) }
        }
    }
}

extension DeckOptions {
    /// One headless window for the checks: the style and values these options name (a sidecar's size when it is
    /// `--params`), on a canvas of its own, with reduced motion as asked.
    @MainActor func checkSession(reducedMotion: Bool) throws -> CheckSession {
        let size = try self.size == nil ? sidecarDefaults()?.size ?? parsedSize() : parsedSize()
        // Warnings are said once, by the first session.
        let report: @Sendable (String) -> Void
        if reducedMotion { report = { _ in } } else { report = { printError($0) } }
        let inputs = try readInputs(size: size, report: report)
        let canvas = try HeadlessCanvas(width: Int(size.width.rounded()), height: Int(size.height.rounded()))
        canvas.images.onFailure = report
        let preview = try makePreview(inputs, images: canvas.images, size: size, watch: false, textMeasurer: canvas.renderer, report: report)
        // The window's chrome stays on (unlike capture's): the checks measure the focus ring.
        preview.apply(.chrome(.setReducedMotion(reducedMotion, source: .option)))
        let readPixels: @MainActor () -> CheckPixels = {
            CheckPixels(width: canvas.pixelWidth, height: canvas.pixelHeight, scale: 1, rgba: canvas.pixels())
        }
        let waitForImages: @MainActor () -> Bool = {
            if !canvas.images.waitUntilLoaded(timeout: 60) { report("some images did not load within 60 s") }
            return true
        }
        return CheckSession(window: preview, canvas: CheckCanvas(renderer: canvas.renderer, readPixels: readPixels, waitForImages: waitForImages))
    }
}
