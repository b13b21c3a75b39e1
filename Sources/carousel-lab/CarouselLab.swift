import ArgumentParser
import CarouselApp
import CarouselClips
import CarouselCore
import CarouselStyles
import CarouselSupport
import Foundation
import SDLBackend
import Synchronization

/// `carousel-lab`: preview carousel effects in a window, capture them headlessly, list styles.
@main
struct CarouselLab: ParsableCommand {
    /// The version, kept equal to the VERSION file at the package root (a test checks it); the Debian package takes
    /// its version from here.
    static let version = "0.9.0"

    static let configuration = CommandConfiguration(
        commandName: "carousel-lab",
        abstract: "Preview, tune and capture carousel effects.",
        version: CarouselLab.version,
        subcommands: [Run.self, Capture.self, Record.self, Export.self, Check.self, Styles.self, Bench.self],
        defaultSubcommand: Run.self)

    /// Starts the command. A file-size limit (`ulimit -f`) then makes writes fail with an error, reported like a
    /// full disk, instead of killing the process with SIGXFSZ; freed large blocks go back to the system.
    static func main() {
        signal(SIGXFSZ, SIG_IGN)
        // A write to an encoder that went away fails with EPIPE (reported) instead of killing the process.
        signal(SIGPIPE, SIG_IGN)
        MemoryPolicy.returnLargeBlocksToTheSystem()
        if let problem = unknownCommand(Array(CommandLine.arguments.dropFirst())) {
            FileHandle.standardError.write(Data(("Error: " + MessageText.line(problem) + "\n").utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        main(nil)
    }

    /// The commands, as typed. Each command names itself in its configuration (`commandName`): a name ArgumentParser
    /// derives from the type (`String(describing:)`) costs every start a scan of all the binary's protocol
    /// conformances per command, about a millisecond for the seven.
    static var commandNames: [String] { configuration.subcommands.map { $0._commandName } + ["help"] }

    /// One line when the first argument is a word that names no command (`run` takes no such argument, so it is a
    /// mistyped command): the command it most likely meant, else the list.
    static func unknownCommand(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !commandNames.contains(first) else { return nil }
        let hint = Suggestion.closest(to: first, among: commandNames).map { "did you mean \($0)?" }
            ?? "commands: \(commandNames.joined(separator: ", "))"
        return "unknown command \(MessageText.quote(first)) (\(hint))"
    }
}

/// What the options shared by `run`, `capture` and `record` say in each command's help: the window's defaults in
/// `run`, the headless ones (a sidecar's) in `capture` and `record`, so no command's help speaks of another's.
protocol DeckOptionsHelp {
    static var size: String { get }
    static var params: String { get }
    static var scale: String { get }
    static var reducedMotion: String { get }
}

/// `run`: a window.
enum WindowHelp: DeckOptionsHelp {
    static let size = "Window size in points, WxH (default: the size the window last closed at, else 1280x720)."
    static let params = "A JSON file of parameter values (see `carousel-lab styles`), a preset, or a screenshot's JSON sidecar. The window reloads it when it changes."
    static let scale = "Device pixels per point, 0.5 to 4 (2 draws twice the pixels with the same layout; default: the desktop's: GDK_SCALE, QT_SCALE_FACTOR, else Xft.dpi / 96)."
    static let reducedMotion = "Reduced motion on (or off): slides become cuts and cross-fades, auto-advance waits for its play button (default: the desktop's: GNOME's enable-animations, GTK's and KDE's settings files; L toggles it)."
}

/// `capture` and `record`: frames drawn with no display.
enum HeadlessHelp: DeckOptionsHelp {
    static let size = "Frame size in points, WxH (default: the --params sidecar's size, else 1280x720)."
    static let params = "A JSON file of parameter values (see `carousel-lab styles`), a preset, or a screenshot's or clip's JSON sidecar (which also gives the style, size, time and input)."
    static let scale = "Device pixels per point, 0.5 to 4 (2 gives twice the pixels with the same layout; default 1)."
    static let reducedMotion = "Reduced motion on (or off): slides become cuts and cross-fades, auto-advance waits for its play button (default: the --params sidecar's, else off)."
}

/// Options shared by `run`, `capture` and `record`; `Help` words their help for the command.
struct DeckOptions<Help: DeckOptionsHelp>: ParsableArguments {
    @Option(name: .long, help: "The style: expand, stitch, loop, circular or paging, a gallery effect (coverflow, cards, ...), or an effect file's path (default: the --params file's \"style\", else expand).")
    var style: String?
    @Option(name: .long, help: "A folder of images or a deck JSON file (default: the bundled photographs).")
    var images: String?
    @Option(name: .long, help: ArgumentHelp(Help.params))
    var params: String?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(Help.size))
    var size: String?
    @Option(name: .long, parsing: .unconditional, help: "Turn auto-advance on with this interval in seconds (0 turns it off).")
    var autoAdvance: Double?
    @Option(name: .long, help: "Scripted input: entries like '0.5 move 100 200; 1.0 wheel 0 -1', or @FILE.")
    var input: String?
    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp(
        "Compare two to four variants on one clock, driven by the same input (row styles stacked as rows, paging side by side): each is `current` (--style and --params), `preset:STYLE/NAME`, or a parameter file or sidecar.",
        valueName: "variant"))
    var compare: [String] = []
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(Help.scale))
    var scale: Double?
    @Flag(name: .long, inversion: .prefixedNo, help: ArgumentHelp(Help.reducedMotion))
    var reducedMotion: Bool?
    /// Whether `images` is the deck the window remembered (not an argument): see `loadDeck`.
    var imagesRemembered = false

    func validate() throws { try ArgumentError.reporting(check) }

    private func check() throws {
        if let size { _ = try SizeArgument.parse(size) }
        if let scale, !(scale.isFinite && DisplayScale.range.contains(scale)) {
            throw ArgumentError("--scale must be between 0.5 and 4, got \(CaptureLimits.number(scale))")
        }
        if let a = autoAdvance, !(a == 0 || (a >= 0.5 && a <= 60)) {
            throw ArgumentError("--auto-advance must be 0 (off) or between 0.5 and 60 seconds, got \(CaptureLimits.number(a))")
        }
        if let style { try Self.checkStyle(style, option: "--style") }
        if !compare.isEmpty && !(1...PaneSplit.maximumPanes).contains(compare.count) {
            throw ArgumentError("--compare takes one to \(PaneSplit.maximumPanes) variants, got \(compare.count)")
        }
    }

    private static func checkStyle(_ style: String, option: String) throws {
        try MainActor.assumeIsolated {
            // An effect file (a path): read and parsed now, so a broken one is one line before anything runs.
            if StyleRegistry.isEffectPath(style) && StyleRegistry.style(named: style) == nil {
                do { _ = try StyleRegistry.effectFile(style) } catch { throw ArgumentError("\(option): \(error)") }
            }
            guard StyleRegistry.style(named: style) != nil else {
                throw ArgumentError("\(option): unknown style \(MessageText.quote(style)) (styles: \(StyleRegistry.names.joined(separator: ", ")))")
            }
        }
    }

    /// The `--params` file read and checked (nil without `--params`); a broken file is a one-line failure.
    func parameterFile() throws -> JSONValue? {
        guard let params else { return nil }
        do { return try ParameterFile.read(params) } catch { throw Failure(error.message) }
    }

    /// What the `--params` file says beyond parameter values (a screenshot sidecar's style, size, time, input).
    /// A file that cannot be read or parsed gives none (the error is reported where the file is applied).
    func sidecarDefaults() -> SidecarDefaults? {
        guard let params, let json = try? ParameterFile.read(params) else { return nil }
        return SidecarDefaults(json: json, file: params)
    }

    /// `--style`, else the `--params` file's style, else expand.
    func styleName() throws -> String {
        if let style { return style }
        if let sidecar = sidecarDefaults(), let s = sidecar.style {
            return try MainActor.assumeIsolated { () throws -> String in
                // An effect from a file travels in the sidecar as the file was: that copy is the style, whatever the
                // file says now.
                if let path = sidecar.effectPath, let text = sidecar.effectText {
                    do { StyleRegistry.register(try EffectFile.definition(path: path, text: text)) } catch {
                        throw Failure("\(params ?? "--params"): its effect: \(error)")
                    }
                }
                guard StyleRegistry.style(named: s) != nil else {
                    throw Failure("\(params ?? "--params"): unknown style \(MessageText.quote(s)) (styles: \(StyleRegistry.names.joined(separator: ", ")))")
                }
                return s
            }
        }
        return "expand"
    }

    /// These options with what the window remembered filling in what was not given: the size without `--size`; the
    /// style, and the comparison's panes, when none of `--style`, `--params` and `--compare` says otherwise; the deck
    /// without `--images` (when it is still there). Returns the panes to open, if remembered and not overridden.
    /// What is remembered but unusable (an unknown style, a deck that is gone) is said in one line on `report`.
    func remembering(_ state: RememberedWindow, file: String, report: (String) -> Void = printError) -> (options: DeckOptions, panes: [Variant]?) {
        var o = self
        if o.size == nil { o.size = "\(Int(state.size.width))x\(Int(state.size.height))" }
        var panes: [Variant]?
        if style == nil && params == nil && compare.isEmpty {
            // A built-in style, a gallery effect or an effect file still readable at its path.
            let known = { (name: String) in MainActor.assumeIsolated { StyleRegistry.style(named: name) != nil } }
            if known(state.style) {
                o.style = state.style
            } else {
                let names = MainActor.assumeIsolated { StyleRegistry.names }
                report("\(file): unknown style \(MessageText.quote(state.style)) (styles: \(names.joined(separator: ", "))); opening expand")
            }
            panes = state.panes?.allSatisfy { known($0.style) } == true ? state.panes : nil
            if state.panes != nil && panes == nil { report("\(file): a remembered pane has an unknown style; opening one pane") }
        }
        if o.images == nil, let deck = state.deck, FileManager.default.fileExists(atPath: deck) {
            o.images = deck
            o.imagesRemembered = true
        }
        return (o, panes)
    }

    /// `--size` as points (1280x720 when not given).
    func parsedSize() throws -> Size { try SizeArgument.parse(size ?? "1280x720") }
}

/// A `--size` argument.
enum SizeArgument {
    /// `size` (WxH) as points.
    static func parse(_ size: String) throws -> Size {
        let parts = size.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw ArgumentError("--size must be WxH, like 1280x720, got \(MessageText.quote(size))")
        }
        if let why = CaptureLimits.sizeProblem(Double(w), Double(h)) { throw ArgumentError("--size \(MessageText.clean(size)): \(why)") }
        return Size(Double(w), Double(h))
    }
}

extension DeckOptions {
    /// Loads the deck, giving warnings to `report` (stderr).
    @MainActor func loadDeck(report: (String) -> Void = printError) throws -> Deck { try loadDeckAndPath(report: report).deck }

    /// The deck and the path it came from (nil for the bundled photographs). A remembered deck (`imagesRemembered`)
    /// is read without waiting on a FIFO or device, and when it cannot be used the bundled deck opens instead, with
    /// one line saying so: a deck that went bad never stops every later launch.
    @MainActor func loadDeckAndPath(report: (String) -> Void = printError) throws -> (deck: Deck, path: String?) {
        if imagesRemembered, let path = images {
            do {
                let (deck, warnings) = try Deck.load(path: path, streams: .refuse)
                warnings.forEach(report)
                return (deck, path)
            } catch {
                report("the remembered deck cannot be used (\(error.message)); showing the bundled photographs (--images chooses a deck)")
            }
        }
        let given = imagesRemembered ? nil : images
        guard let path = given ?? ResourceLocator.bundledDeck() else {
            throw Failure("cannot find the bundled images: set CAROUSEL_LAB_RESOURCES to the Resources folder or pass --images")
        }
        do {
            let (deck, warnings) = try Deck.load(path: path)
            warnings.forEach(report)
            return (deck, given)
        } catch {
            throw Failure(error.message)
        }
    }

    /// Everything the options name, read and checked before a window opens: the deck (warnings printed on
    /// stderr), the parameter file and the scripted input (with `useSidecar`, a screenshot sidecar's recorded
    /// input when there is no `--input`).
    struct Inputs {
        var deck: Deck
        /// Where the deck came from (nil: the bundled photographs).
        var deckPath: String?
        var parameters: JSONValue?
        var script: ScriptedInput
    }

    /// Reads the deck, the parameter file and the script; throws a one-line `Failure` for the first that cannot be
    /// used.
    @MainActor func readInputs(size: Size, useSidecar: Bool = false, report: (String) -> Void = printError) throws -> Inputs {
        let (deck, deckPath) = try loadDeckAndPath(report: report)
        return Inputs(deck: deck, deckPath: deckPath, parameters: try parameterFile(), script: try script(size: size, useSidecar: useSidecar, report: report))
    }

    /// Builds the preview with parameters, auto-advance and messages wired: one pane, or one per `--compare` variant
    /// (with `useSidecar`, the variants a comparison's sidecar recorded). With `watch`, the `--params` file (and each
    /// variant's own file) is watched and reloaded live into its pane, and a file broken later shows its error in the
    /// window instead of stopping; without, the values read in `inputs` are applied once. (A file that is broken at
    /// the start is a failure either way: `readInputs` reports it before a window opens.)
    @MainActor func makePreview(_ inputs: Inputs, images store: ImageStore, size: Size, watch: Bool, useSidecar: Bool = false,
                                rememberedPanes: [Variant]? = nil, textMeasurer: any TextMeasurer,
                                report: @escaping (String) -> Void = printError) throws -> Preview {
        // The values of the window's own variant; `--compare current` names them.
        let current = Variant(name: "variant 1", style: try styleName(), values: inputs.parameters, file: params)
        var variants = [current]
        var files: [String?] = [params]
        if !compare.isEmpty {
            let presets = PresetStore.standard()
            variants = try compare.map { argument in
                do throws(ParameterFileError) { return try Variant.load(argument, current: current, presets: presets) } catch {
                    throw Failure("--compare: \(error.message)")
                }
            }
            files = zip(compare, variants).map { argument, variant in argument == "current" ? params : argument.hasPrefix("preset:") ? nil : variant.file }
        } else if useSidecar, let json = inputs.parameters, let recorded = Variant.recorded(in: json, file: params ?? "--params") {
            variants = recorded
            files = recorded.map { _ in nil }
        } else if let rememberedPanes {
            variants = rememberedPanes
            files = rememberedPanes.map { _ in nil }
        }
        // Only regular files are watched (the watcher never waits on a FIFO): a `<(...)` is read once, above.
        if watch { files = files.map { $0.flatMap { FileInput.isRegularFile($0) ? $0 : nil } } }
        // A watched file's values come from its watcher (which also reports them), not twice.
        if watch { for (i, file) in files.enumerated() where file != nil { variants[i].values = nil } }
        let preview: Preview
        do { preview = try Preview(deck: inputs.deck, images: store, size: size, variants: variants, textMeasurer: textMeasurer) } catch {
            throw Failure(error.message)
        }
        preview.report = report
        preview.startupProblems.forEach(report)
        if watch {
            for (pane, file) in zip(preview.state.panes, files) {
                guard let file else { continue }
                let watcher = ParameterFileWatcher(path: file, context: preview, pane: pane.id)
                watcher.load()
                preview.watch(watcher)
            }
        }
        if let a = autoAdvance {
            for pane in preview.state.panes {
                var p = pane.currentParameters
                try? p.set("autoAdvance", .bool(a > 0))
                if a > 0 { try? p.set("autoAdvanceInterval", .number(a)) }
                preview.apply(.values(.set(p, pane: pane.id)))
            }
        }
        if let reducedMotion { preview.apply(.chrome(.setReducedMotion(reducedMotion, source: .option))) }
        return preview
    }

    /// The scripted input, if any: `--input`, else (with `useSidecar`) the input recorded in a screenshot sidecar.
    func script(size: Size, useSidecar: Bool = false, report: (String) -> Void = printError) throws -> ScriptedInput {
        if let input {
            let script: ScriptedInput
            do { script = try ScriptedInput.load(input, size: size) } catch { throw Failure("--input: \(error)") }
            script.warnings.forEach { report("--input: \($0)") }
            return script
        }
        if useSidecar, let sidecar = sidecarDefaults(), let recorded = sidecar.input {
            if sidecar.inputTruncated {
                report("\(params ?? "--params"): the recorded input was cut short (a very long session); the frame may differ")
            }
            do { return try ScriptedInput.parse(recorded, size: size) } catch { throw Failure("\(params ?? "--params") \"input\": \(error)") }
        }
        return ScriptedInput(entries: [])
    }
}

extension DeckOptions {
    /// The size `capture` and `record` draw at: `--size`, else the `--params` sidecar's, else 1280x720, in points and
    /// in pixels (at `--scale`); and the sidecar's defaults, whose values are checked as their flags are (a problem
    /// stops the run before anything is drawn).
    func headlessSize() throws -> (points: Size, pixels: (width: Int, height: Int), sidecar: SidecarDefaults?) {
        let sidecar = sidecarDefaults()
        if let problems = sidecar?.problems, let first = problems.first {
            throw Failure(first + (problems.count > 1 ? " (and \(problems.count - 1) more)" : ""))
        }
        let size = try self.size == nil ? sidecar?.size ?? parsedSize() : parsedSize()
        let scale = self.scale ?? 1
        return (size, (Int((size.width * scale).rounded()), Int((size.height * scale).rounded())), sidecar)
    }

    /// What `capture` and `record` render with: an off-screen canvas at the size asked for (else a sidecar's), the
    /// preview on it (one pane or a comparison; a sidecar's recorded input and variants when `--params` is one),
    /// and the run on the manual clock that waits for images. Also the sidecar's defaults, if any. Warnings and image
    /// failures go to `report` (stderr; a second run of the same arguments passes one that drops them, as the first
    /// already said them).
    @MainActor func headlessRun(report: @escaping @Sendable (String) -> Void = printError) throws -> (HeadlessCanvas, Preview, CaptureRun, SidecarDefaults?) {
        // A screenshot's or clip's sidecar passed as --params supplies the style, size, time and input not given;
        // its values are checked as the flags are.
        let (size, pixels, sidecar) = try headlessSize()
        let inputs = try readInputs(size: size, useSidecar: true, report: report)
        let canvas = try HeadlessCanvas(width: pixels.width, height: pixels.height, scale: scale ?? 1)
        canvas.images.onFailure = report
        let preview = try makePreview(inputs, images: canvas.images, size: size, watch: false, useSidecar: true,
                                      textMeasurer: canvas.renderer, report: report)
        preview.paneSet.showsFocus = false
        // Headless runs never ask the desktop: the command line, else the sidecar, else full motion.
        if reducedMotion == nil, sidecar?.reducedMotion == true { preview.apply(.chrome(.setReducedMotion(true, source: .option))) }
        let run = CaptureRun(preview: preview, script: inputs.script) {
            if !canvas.images.waitUntilLoaded(timeout: 60) { report("some images did not load within 60 s") }
            return true
        }
        return (canvas, preview, run, sidecar)
    }
}

/// Writes what is on screen as a layout file (whole or not at all; `-` or `/dev/stdout` as a stream).
@MainActor func writeLayout(_ preview: Preview, to path: String) throws {
    do throws(AtomicFileError) { try AtomicFile.write(preview.layoutJSON().serialized() + "\n", to: path, streams: true) } catch {
        throw Failure("\(path): cannot write the layout (\(error.reason))")
    }
}

/// Prints one line on stderr, cut in the middle when very long (`MessageText.line`: the reason at its end stays).
func printError(_ line: String) {
    FileHandle.standardError.write(Data(("carousel-lab: " + MessageText.line(line) + "\n").utf8))
}

/// A bad argument found by our own checks. `validate()` reports it as one line ("Error: ...") with exit code 64
/// (EX_USAGE), like ArgumentParser's usage errors but without the usage lines those add.
struct ArgumentError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = MessageText.line(message) }

    /// Runs `checks`; an `ArgumentError` is printed and becomes exit code 64.
    static func reporting(_ checks: () throws -> Void) throws {
        do { try checks() } catch let e as ArgumentError {
            FileHandle.standardError.write(Data(("Error: " + e.description + "\n").utf8))
            throw ExitCode.validationFailure
        }
    }
}

/// A failure reported as one line (cut in the middle when very long), exit code 1.
struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = MessageText.line(d) }
}

/// Problems with single keys of a parameter file, printed on stderr (each says what happened to its key); the rest of
/// the file applies.
enum ParameterFileProblems {
    static func report(_ problems: [String]) { problems.forEach(printError) }
}

extension CarouselLab {
    /// Opens the window.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "run", abstract: "Open the preview window (the default).")
        @OptionGroup var options: DeckOptions<WindowHelp>
        @Option(name: .long, help: "Keep this file updated with what is on screen as JSON (the style, each item's frame, the state and the parameter values), for scripts and tests.")
        var layout: String?
        @Flag(name: .long, help: "On exit, print frames drawn, time open and resident memory (one line on stderr).")
        var stats = false
        @Option(name: .long, help: "The folder for screenshots (F12, Ctrl+P); default: \"Carousel Lab\" in your pictures folder: $XDG_PICTURES_DIR, else the one user-dirs.dirs names, else ~/Pictures, made if needed.")
        var screenshots: String?

        @Option(name: .long, help: "auto (the default: OpenGL when a GPU driver draws it, else software), software (SDL's, into the window's framebuffer) or accelerated (OpenGL, with vsync).")
        var renderer: String?
        @Flag(name: .long, help: "Clips (Ctrl+R, Shift+F12) also as a GIF beside the MP4.")
        var gif = false
        @Option(name: .long, parsing: .unconditional, help: "Seconds an instant replay (Shift+F12) keeps, 1 to 300 (default: 10).")
        var replay: Double?
        @Flag(name: .long, help: "Ignore the remembered window (size, place, style, deck, panel, panes in $XDG_STATE_HOME/carousel-lab/state.json); this run is remembered at exit.")
        var fresh = false

        func validate() throws {
            try ArgumentError.reporting {
                if let replay, !(replay.isFinite && (1...300).contains(replay)) {
                    throw ArgumentError("--replay must be 1...300 seconds, got \(replay)")
                }
                if let renderer, WindowRendering(rawValue: renderer) == nil {
                    throw ArgumentError("--renderer must be auto, software or accelerated, got \"\(renderer)\"")
                }
            }
        }

        func run() throws {
            try MainActor.assumeIsolated {
                let runStats = RunStats()
                // What the last window remembered fills in what the flags do not say.
                let stateFile = StateFile.standard()
                var remembered: RememberedWindow?
                // A first launch: no state remembered and none broken (the window then shows where to start).
                var firstRun = false
                if !fresh {
                    let (state, problem) = stateFile.load()
                    if let problem { printError(problem) }
                    remembered = state
                    firstRun = state == nil && problem == nil
                }
                let (options, rememberedPanes) = remembered.map { self.options.remembering($0, file: stateFile.path) } ?? (self.options, nil)
                let size = try options.parsedSize()
                // Bad input is reported before a window opens.
                let inputs = try options.readInputs(size: size)
                _ = try options.styleName()
                let host: SDLWindowHost
                do {
                    host = try SDLWindowHost(title: "Carousel Lab", size: size, position: remembered?.position, scale: options.scale,
                                             rendering: renderer.flatMap(WindowRendering.init(rawValue:)) ?? .auto)
                } catch {
                    let message = "\(error)"
                    throw Failure(message.contains("carousel-lab capture") ? message : "\(message). For screenshots without a display, use `carousel-lab capture`.")
                }
                host.imageStore.onFailure = printError
                let preview = try options.makePreview(inputs, images: host.imageStore, size: host.size, watch: true, rememberedPanes: rememberedPanes,
                                                      textMeasurer: host.renderer)
                // A long replay is made a slice per update: the window answers input, Ctrl+Q and signals meanwhile.
                preview.runtime.slicesReplays = true
                // An effect file a pane shows is followed as it is saved.
                preview.effectFiles = EffectFileWatchers()
                if remembered?.panelOpen == true { preview.apply(.chrome(.togglePanel)) }
                if firstRun { preview.showFirstRunHint() }
                // The desktop's motion setting is asked of a child process (gsettings) once the first frame is on
                // screen: it changes how things move, never the first picture.
                if options.reducedMotion == nil {
                    host.afterFirstFrame { [unowned preview, unowned host] in preview.addBackgroundWork(DesktopMotionReader(wake: host.wake)) }
                }
                preview.addBackgroundWork(ImageLoading(pump: host.imageStore.pump))
                preview.rendererDescription = host.rendererChoice.description
                    + "  \(JSONValue.format(host.displayScale.factor))x (\(host.displayScale.source))"
                preview.sound = SDLClickSound()
                preview.clipboard = SDLClipboard()
                let folder = ScreenshotFolder.resolve(
                    option: screenshots, environment: ProcessInfo.processInfo.environment, home: UserHome.path(),
                    currentDirectory: FileManager.default.currentDirectoryPath,
                    isDirectory: { var d: ObjCBool = false; return FileManager.default.fileExists(atPath: $0, isDirectory: &d) && d.boolValue })
                preview.screenshots = ScreenshotSettings(folder: folder, taker: host.screenshotter)
                let deckPath = inputs.deckPath.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
                // Clips and checks render in other processes, run only while the window waits.
                let jobs = BackgroundJobs()
                host.backgroundJobs = jobs
                let clips = ClipRecorder(settings: ClipSettings(folder: folder, executable: ResourceLocator.executablePath(), deckPath: deckPath,
                                                                gif: gif, replaySeconds: replay ?? 10), context: preview, jobs: jobs)
                clips.wake = host.wake
                preview.clips = clips
                preview.checks.settings = CheckSettings(executable: ResourceLocator.executablePath(), deckPath: deckPath)
                preview.checks.jobs = jobs
                preview.checks.wake = host.wake
                let codeExports = CodeExportSession(folder: folder)
                codeExports.wake = host.wake
                preview.codeExports = codeExports
                let drops = DeckDrop(fetcher: .using(host.imageStore.fetcher))
                drops.wake = host.wake
                // Decks (this one and those dropped later) are checked with the image store's own words: the deck
                // line names the images that cannot be read, on stderr and in the window.
                let pixelBudget = host.imageStore.pixelBudget
                drops.imageCheck = { SDLImageStore.problem(of: $0, pixelBudget: pixelBudget) }
                preview.handoff.wake = host.wake
                preview.deckDrops = drops
                // The deck's check reads every image's header: after the first frame, whose images it would slow.
                host.afterFirstFrame { [drops] in drops.checkOpeningDeck(inputs.deck) }
                // SIGHUP (the terminal closed) ends the window as SIGTERM and Ctrl+C do: its state is saved.
                Signals.handle([SIGTERM, SIGINT, SIGHUP]) { pushQuit() }
                let driver = WindowDriver(preview: preview, script: inputs.script, layoutFile: layout, report: printError)
                let saveState = { [unowned preview, unowned host] in
                    let window = preview.state
                    let panes = window.isComparing
                        ? window.panes.map { Variant(name: $0.name, style: $0.styleName, values: $0.currentParameters.json) } : nil
                    let state = RememberedWindow(size: host.size, position: host.position, style: window.focused.styleName,
                                                 deck: window.deck.replaced ? window.deck.source : deckPath,
                                                 panelOpen: window.chrome.panelOpen, panes: panes)
                    do throws(StateFileError) { try stateFile.save(state) } catch { printError(error.message) }
                }
                // SIGUSR2 saves the state now and keeps the window open.
                driver.saveState = saveState
                let saveRequest = driver.saveRequest, wake = host.wake
                Signals.handle([SIGUSR2]) { saveRequest.raise(); wake() }
                if stats {
                    // SIGUSR1 prints the line now (the soak reads it in its reference states), the window's end too.
                    driver.statsLine = { [unowned driver, unowned host] in
                        runStats.line(frames: driver.framesDrawn, textureBytes: host.imageStore.textureBytes,
                                      text: host.renderer.textCacheFootprint, caches: host.renderer.cacheCounts, lastTrim: host.lastTrimDuration,
                                      renderer: host.rendererChoice)
                    }
                    let request = driver.statsRequest
                    Signals.handle([SIGUSR1]) { request.raise(); wake() }
                }
                host.run(driver: driver)
                saveState()
                // Clips and exports still being written are finished, not lost.
                if !preview.waitForBackgroundWork(timeout: 120) { printError("a clip or export was still being written at exit") }
                if let line = driver.statsLine { printError(line()) }
            }
        }
    }

    /// Renders frames with no display.
    struct Capture: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "capture", abstract: "Render a frame (or a sequence) headlessly to PNG.")
        @OptionGroup var options: DeckOptions<HeadlessHelp>
        @Option(name: .long, help: "The PNG file to write, or - (or /dev/stdout) for standard output (with --frames: a name whose number is appended).")
        var out: String
        @Option(name: .long, parsing: .unconditional, help: "Seconds after the style appears (default: the --params sidecar's time, else 1).")
        var at: Double?
        @Option(name: .long, help: "Also write what is on screen as JSON to this file.")
        var layout: String?
        @Option(name: .long, help: "Write a sequence START:END:STEP of frames, numbered, instead of one.")
        var frames: String?
        @Flag(name: .long, help: "Also draw the app's own chrome (toolbar, messages, the timeline strip and graph), as the app shows it.")
        var showChrome = false

        func validate() throws {
            try ArgumentError.reporting {
                if let at, let why = CaptureLimits.secondsProblem(at) { throw ArgumentError("--at \(why)") }
                if let frames { _ = try sequence(frames) }
            }
        }

        func sequence(_ s: String) throws -> [Double] {
            let p = s.split(separator: ":").map { Double($0) }
            guard p.count == 3, let a = p[0], let b = p[1], let step = p[2], a >= 0, b >= a, b <= 3600, step > 0,
                  (b - a) / step <= 10_000 else {
                throw ArgumentError("--frames must be START:END:STEP seconds with START <= END and at most 10000 frames, got \(MessageText.quote(s))")
            }
            return stride(from: a, through: b + 1e-9, by: step).map { ($0 * 1e6).rounded() / 1e6 }
        }

        func run() throws {
            try MainActor.assumeIsolated {
                var (canvas, preview, run, sidecar) = try options.headlessRun()
                run.windowChrome = showChrome
                let times = try frames.map(sequence) ?? [at ?? sidecar?.time ?? 1]
                let stem = (out as NSString).deletingPathExtension
                try run.render(times: times, into: canvas.renderer) { t in
                    let name = frames == nil ? out : ClipRecord.frameFile(stem, at: t, extension: "png")
                    try canvas.savePNG(to: name)
                    if let layout {
                        let path = frames == nil ? layout : ClipRecord.frameFile((layout as NSString).deletingPathExtension, at: t, extension: "json")
                        try writeLayout(preview, to: path)
                    }
                }
            }
        }
    }

    /// Lists styles and parameters.
    struct Styles: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "styles", abstract: "List the styles and every parameter.")
        @Flag(name: .long, help: "Print JSON.")
        var json = false

        func run() throws {
            MainActor.assumeIsolated {
                print(json ? StyleRegistry.catalogueJSON().serialized() : StyleRegistry.catalogueText(), terminator: json ? "\n" : "")
            }
        }
    }
}

/// Signals the window loop answers: SIGTERM, SIGINT and SIGHUP (its terminal closed) end it cleanly, its state
/// saved (a quit event that wakes it), SIGUSR1 asks `run --stats` for its line now, SIGUSR2 saves its state now. They are caught on a background queue and handed to the loop (SDL's own handler
/// may run on a thread that does not wake the waiting main thread).
enum Signals {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Runs `handler` on a background queue whenever one of `signals` arrives (instead of their default action).
    static func handle(_ signals: [Int32], _ handler: @escaping @Sendable () -> Void) {
        for sig in signals {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler(handler: handler)
            source.resume()
            sources.append(source)
        }
    }
}

/// Signals a command only polls for (`record`'s Ctrl+C, SIGTERM, SIGHUP): caught by a handler of this program's own,
/// in place when `catching` returns. A `DispatchSource` registers its handler later, on libdispatch's thread, and a
/// signal in between is lost (ignored) or kills the run; a window killed while the run starts sends just that SIGHUP.
enum CaughtSignals {
    private static let raised = Atomic<Bool>(false)

    /// Catches `signals` from now on; each raises the flag `take` reads. They are unblocked too: a parent's blocked
    /// mask is inherited (a test runner's worker thread blocks every signal), and a blocked signal never arrives.
    static func catching(_ signals: [Int32]) {
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for sig in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in CaughtSignals.raised.store(true, ordering: .relaxed) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(sig, &action, nil)
            sigaddset(&unblocked, sig)
        }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// Whether one of the signals arrived since the last call.
    static func take() -> Bool { raised.exchange(false, ordering: .relaxed) }
}
