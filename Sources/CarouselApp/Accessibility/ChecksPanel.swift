import CarouselClips
import CarouselCore
import CarouselStyles
import CarouselSupport
import Foundation

/// Where the window's checks panel runs the checks: this program (run as `check`), the deck the window was given,
/// and where its files go.
public struct CheckSettings: Sendable {
    /// This program, run as `carousel-lab check --params SIDECAR --out REPORT`.
    public var executable: String
    /// The window's `--images`, passed on; nil for the bundled deck.
    public var deckPath: String?
    /// A folder for the sidecar and the report (made when needed).
    public var folder: String

    public init(executable: String, deckPath: String?,
                folder: String = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-lab-checks-\(getpid())").path) {
        self.executable = executable; self.deckPath = deckPath; self.folder = folder
    }
}

/// The checks panel (`C`): the WCAG checks of the focused pane's style and values (`AccessibilityCheck`), each rule
/// with its measured figure, pass or fail, and its fix. Window chrome, top left, never in screenshots.
///
/// The checks draw real frames on a headless canvas, which the window cannot make (it knows no backend), so they run
/// as `carousel-lab check` on a sidecar of the window's state, as a background job of the window (like a clip's
/// `record`: stopped while the window works); the report comes back through `takeResults`. While the panel shows, a
/// change of the values, the style or the deck runs them again (once the run under way ends).
@MainActor
public final class ChecksPanel: BackgroundWork {
    let root = Node(name: "checks")
    public private(set) var isVisible = false
    /// The last report shown.
    public private(set) var report: CheckReport?
    /// The line under the title: "Checking …", or why the checks could not run.
    public private(set) var status: String?
    /// How to run the checks; nil where there is no window (capture, tests), where the panel says so.
    public var settings: CheckSettings?
    /// The window's background jobs (the checks run while it waits).
    public var jobs: BackgroundJobs?
    /// Wakes the window's loop from another thread (the checks finished).
    public var wake: @Sendable () -> Void = {}

    private unowned let context: AppContext
    private unowned let scene: Scene
    private let finished = Mailbox<Finished>()
    private var running = false
    /// Something changed while the checks ran: they run again when they end.
    private var stale = false

    /// The end of one run: the report's text (nil when it failed) and the run's last line on stderr.
    private struct Finished: Sendable {
        let reportText: String?
        let lastLine: String
    }

    static let width = 560.0
    static let lineHeight = Typography.cardLine
    static let indent = 16.0
    static let titleFont = FontSpec(size: 14, bold: true)
    static let ruleFont = FontSpec(size: 13, bold: true)
    static let font = FontSpec(size: 12)
    static let fixFont = FontSpec(size: 12)
    static let passColor = Color(hex: 0x81c995)
    static let failColor = Color(hex: 0xf28b82)
    static let dim = Color(0.78, 0.8, 0.84)

    init(context: AppContext, scene: Scene) {
        self.context = context
        self.scene = scene
        root.isHitTestable = false
        root.isHidden = true
        root.background = Color(0.08, 0.08, 0.09, 0.94)
        root.cornerRadius = 10
    }

    // MARK: Showing

    /// Shows the panel and runs the checks, or hides it (the state's `ChromeState.checksShown`).
    func setShown(_ shown: Bool) {
        guard shown != isVisible else { return }
        isVisible = shown
        root.isHidden = !isVisible
        if isVisible { start() }
    }

    /// What the checks were last asked for: the focused style, its values and the deck.
    private var checkedFor: (style: String, values: Parameters, deck: Int)?

    /// The focused pane's style and values and the deck now: when they changed while the panel shows, the checks run
    /// again (once the run under way ends).
    func follow(style: String, values: Parameters, deck: Int) {
        if let c = checkedFor, c.style == style, c.values == values, c.deck == deck { return }
        let first = checkedFor == nil
        checkedFor = (style, values, deck)
        guard isVisible, !first else { return }
        if running { stale = true } else { start() }
    }

    /// Runs `check` on a sidecar of the window's state as a background job.
    private func start() {
        let style = context.focusedPane.styleName
        guard let settings, let jobs else {
            status = "The checks need the window (or run carousel-lab check --style \(style))"
            draw()
            return
        }
        let sidecar = (settings.folder as NSString).appendingPathComponent("check.json")
        let reportPath = (settings.folder as NSString).appendingPathComponent("report.json")
        var args = [settings.executable, "check", "--params", sidecar, "--out", reportPath]
        let written: String?
        do {
            try FileManager.default.createDirectory(atPath: settings.folder, withIntermediateDirectories: true)
            try AtomicFile.write(context.sidecar(named: "check", kind: "check").serialized() + "\n", to: sidecar)
            let deck = try context.deckArguments(deckPath: settings.deckPath, beside: (sidecar as NSString).deletingPathExtension)
            args += deck.arguments
            written = deck.written
        } catch {
            status = "The checks cannot run: \(error)"
            draw()
            return
        }
        try? FileManager.default.removeItem(atPath: reportPath)
        let finished = self.finished, wake = self.wake
        do throws(ClipError) {
            try BackgroundRender.start(args, jobs: jobs, removing: written) { _, lastLine in
                // `check` exits 1 when a rule fails: the report is what tells.
                let text = (try? FileInput.read(reportPath, limit: 1 << 22, what: "check report")).flatMap { String(data: $0, encoding: .utf8) }
                finished.post(Finished(reportText: text, lastLine: lastLine))
                wake()
            }
        } catch {
            status = "The checks cannot run: \(error.message)"
            draw()
            return
        }
        running = true
        stale = false
        status = "Checking \(style)…"
        draw()
    }

    public func takeResults() -> [AppAction] {
        for done in finished.drain() {
            running = false
            if let text = done.reportText, let json = try? JSONParser.parse(text), let report = CheckReport(json: json) {
                show(report)
            } else {
                let why = done.lastLine.replacingOccurrences(of: "carousel-lab: ", with: "")
                status = "The checks failed: \(why.isEmpty ? "no report" : why)"
                draw()
            }
            if stale && isVisible { start() }
        }
        return []
    }

    public var isIdle: Bool { !running }

    /// Shows `report` (the window's run, or a test's).
    func show(_ report: CheckReport) {
        self.report = report
        status = nil
        draw()
    }

    // MARK: Drawing

    /// The lines the panel shows, with their font, colour and indent: the title, then per rule its name (green when
    /// it passes, red when not), its figure and its fix, wrapped to the panel's width.
    var lines: [(text: String, font: FontSpec, color: Color, indent: Double)] {
        var out: [(String, FontSpec, Color, Double)] = []
        if let report {
            let passing = report.results.filter(\.passed).count
            out.append(("Checks · \(report.style) · \(passing) of \(report.results.count) pass (WCAG 2.2; C hides)", Self.titleFont, .white, 0))
        } else {
            out.append(("Checks (WCAG 2.2; C hides)", Self.titleFont, .white, 0))
        }
        if let status { out.append((status, Self.fixFont, Self.dim, 0)) }
        let room = width - 24 - Self.indent
        for r in report?.results ?? [] {
            out.append(("\(r.passed ? "✓" : "✗") \(r.rule) \(r.title) (\(r.level))", Self.ruleFont, r.passed ? Self.passColor : Self.failColor, 0))
            for line in wrap(r.measured, width: room, font: Self.font) { out.append((line, Self.font, .white, Self.indent)) }
            if let fix = r.fix {
                for line in wrap("Fix: " + fix, width: room, font: Self.fixFont) { out.append((line, Self.fixFont, Self.dim, Self.indent)) }
            }
        }
        return out
    }

    /// The panel's width in the window now.
    private var width: Double { min(Self.width, max(scene.size.width - 20, 100)) }

    /// `text` broken at spaces into lines `width` wide in `font`, at most `maxLines` (the last shortened with "…").
    private func wrap(_ text: String, width: Double, font: FontSpec, maxLines: Int = 3) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if scene.textMeasurer.width(of: candidate, font: font) <= width || current.isEmpty {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        guard lines.count > maxLines else { return lines }
        let last = lines[(maxLines - 1)...].joined(separator: " ")
        return Array(lines.prefix(maxLines - 1)) + [scene.textMeasurer.fitted(last, width: width, font: font)]
    }

    /// Rebuilds the panel's lines.
    private func draw() {
        root.removeAllChildren()
        let shown = lines
        root.frame = Rect(10, 44, width, Double(shown.count) * Self.lineHeight + 16)
        for (i, line) in shown.enumerated() {
            let w = width - 24 - line.indent
            let n = Node(name: "checks.line", frame: Rect(12 + line.indent, 8 + Double(i) * Self.lineHeight, w, Self.lineHeight))
            n.isHitTestable = false
            n.text = TextContent(scene.textMeasurer.fitted(line.text, width: w, font: line.font), font: line.font, color: line.color)
            root.addChild(n)
        }
    }

    /// The panel in the layout file: what it shows (nil while hidden).
    var layoutJSON: JSONValue {
        guard isVisible else { return .null }
        return .object([
            JSONMember("status", status.map { .string($0) } ?? .null),
            JSONMember("report", report?.json ?? .null),
        ])
    }
}
