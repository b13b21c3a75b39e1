import ArgumentParser
import CarouselApp
import CarouselBench
import CarouselCore
import Foundation

extension CarouselLab {
    /// Measures frame phases against the floor, startup, idle, memory, CPU and the core's scaling.
    struct Bench: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bench",
            abstract: "Measure frame times (update, paint, present) against the floor, startup, idle, memory and CPU.")
        @Option(name: .long, help: "A style, a gallery effect, an effect file's path, or all (the five styles).")
        var style: String = "all"
        @Option(name: .long, help: "Window size in points, WxH.")
        var size: String = "1280x720"
        @Option(name: .long, help: "software (off-screen, no display needed), window (the app's window with its renderer) or accelerated (the window with OpenGL); the last two need DISPLAY. Default: window when a display is set, else software.")
        var renderer: String?
        @Option(name: .long, help: "60 Hz frames of each style's scripted interaction.")
        var frames: Int = 300
        @Flag(name: .long, help: "Print JSON.")
        var json = false
        @Flag(name: .long, help: "Short runs (2 s instead of 20 s, a small generated folder), for tests.")
        var quick = false
        @Flag(name: .long, help: "Also split each style's paint time by kind of renderer call.")
        var breakdown = false
        @Option(name: .long, help: "A folder of images or a deck JSON file (default: the bundled photographs).")
        var images: String?
        @Option(name: .long, help: ArgumentHelp("Measure only these parts, comma-separated: \(BenchPart.allCases.map(\.rawValue).joined(separator: ", ")) (default: all)."))
        var only: String?
        @Option(name: .long, help: .hidden)
        var probe: String?

        /// `--only` as parts (all when absent).
        func parts() throws -> Set<BenchPart> {
            guard let only else { return Set(BenchPart.allCases) }
            return Set(try only.split(separator: ",").map { name in
                guard let part = BenchPart(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased()) else {
                    throw ValidationError("--only: unknown part \"\(name)\" (parts: \(BenchPart.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                return part
            })
        }

        func validate() throws {
            try ArgumentError.reporting { _ = try SizeArgument.parse(size) }
            guard (1...100_000).contains(frames) else { throw ValidationError("--frames must be 1...100000, got \(frames)") }
            if let renderer, BenchRenderer(rawValue: renderer) == nil {
                throw ValidationError("--renderer must be software, window or accelerated, got \"\(renderer)\"")
            }
            _ = try parts()
            if let probe, ProbeKind(rawValue: probe) == nil { throw ValidationError("unknown probe \"\(probe)\"") }
            let style = self.style
            try MainActor.assumeIsolated {
                if StyleRegistry.isEffectPath(style) && StyleRegistry.style(named: style) == nil {
                    do { _ = try StyleRegistry.effectFile(style) } catch { throw ValidationError("--style: \(error)") }
                }
                guard style == "all" || StyleRegistry.style(named: style) != nil else {
                    throw ValidationError("unknown style \"\(style)\" (styles: all, \(StyleRegistry.names.joined(separator: ", ")))")
                }
            }
        }

        func run() throws {
            try MainActor.assumeIsolated {
                let size = try SizeArgument.parse(size)
                guard let deckPath = images ?? ResourceLocator.bundledDeck() else {
                    throw Failure("cannot find the bundled images: set CAROUSEL_LAB_RESOURCES to the Resources folder or pass --images")
                }
                let hasDisplay = !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty
                let mode = renderer.flatMap(BenchRenderer.init(rawValue:)) ?? (hasDisplay ? .window : .software)
                if let probe, let kind = ProbeKind(rawValue: probe) {
                    do { try ProbeRunner.run(kind, renderer: mode, size: size, deckPath: deckPath, quick: quick) } catch { throw Failure("\(error)") }
                    return
                }
                if mode.needsDisplay && !hasDisplay {
                    throw Failure("--renderer \(mode.rawValue) needs a display: run under xvfb-run, or use --renderer software")
                }
                let styles = style == "all" ? StyleRegistry.names : [StyleRegistry.isEffectPath(style) ? style : style.lowercased()]
                var configuration = BenchConfiguration(styles: styles, size: size, renderer: mode, frames: frames, quick: quick,
                                                       deckPath: deckPath, progress: { printError("bench: " + $0) })
                configuration.parts = try parts()
                configuration.breakdown = breakdown
                let report: BenchReport
                do { report = try Benchmark.run(configuration) } catch { throw Failure("\(error)") }
                print(json ? report.json.serialized() : report.text, terminator: json ? "\n" : "")
            }
        }
    }
}
