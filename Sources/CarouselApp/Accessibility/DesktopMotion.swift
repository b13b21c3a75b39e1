import CarouselClips
import CarouselSupport
import Foundation

/// What the desktop says about animations, read without blocking the window: the window opens with full motion and
/// takes the answer when it comes (a background read with a deadline).
///
/// Read, in this order, and reduced motion when any of them turns animations off:
/// 1. GNOME: `gsettings get org.gnome.desktop.interface enable-animations` (Settings, Accessibility, Reduce
///    Animation), run as a program with a 2 s deadline; `false` asks for less motion. A missing `gsettings` or schema
///    gives no answer.
/// 2. GTK's own settings files, `$XDG_CONFIG_HOME/gtk-4.0/settings.ini` and `gtk-3.0/settings.ini` (`~/.config`
///    without it): `gtk-enable-animations = false` (or `0`) in `[Settings]`.
/// 3. KDE Plasma: `$XDG_CONFIG_HOME/kdeglobals`, `AnimationDurationFactor=0` in `[KDE]` (Workspace Behaviour,
///    animation speed "Instant").
///
/// No environment variable is read: GTK has none for this (its `gtk-enable-animations` is a setting, not a
/// variable), and inventing one would promise what no desktop sets. `--reduced-motion` and `--no-reduced-motion`
/// override all of it, and so does the window's key (`L`).
public struct DesktopMotion: Equatable, Sendable {
    /// Whether the desktop asks for less motion.
    public var reduced: Bool
    /// What said so, for messages ("GNOME enable-animations false").
    public var source: String

    public init(reduced: Bool, source: String) { self.reduced = reduced; self.source = source }

    /// Where the settings are read from: the program runner and the file reader are replaceable for tests.
    public struct Sources: Sendable {
        /// Runs a program with arguments and a deadline in seconds; its standard output, or nil when it failed, was
        /// missing or did not finish in time.
        public var run: @Sendable (_ program: String, _ arguments: [String], _ deadline: Double) -> String?
        /// A small text file's contents, or nil.
        public var readFile: @Sendable (String) -> String?
        /// `XDG_CONFIG_HOME`, or nil.
        public var configHome: String?
        /// The home folder.
        public var home: String

        public init(run: @escaping @Sendable (String, [String], Double) -> String?, readFile: @escaping @Sendable (String) -> String?,
                    configHome: String?, home: String) {
            self.run = run; self.readFile = readFile; self.configHome = configHome; self.home = home
        }

        /// This machine: `gsettings` from PATH's usual place, files through `FileInput`, the real environment.
        public static var standard: Sources {
            let env = ProcessInfo.processInfo.environment
            return Sources(run: DesktopMotion.runProgram, readFile: { path in
                (try? FileInput.read(path, limit: 1 << 20, what: "settings file")).flatMap { String(data: $0, encoding: .utf8) }
            }, configHome: env["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }, home: UserHome.path(environment: env))
        }
    }

    /// The deadline for `gsettings`, in seconds.
    public static let deadline = 2.0

    /// Reads every source (blocking: call it off the main thread); nil when none of them answered.
    public static func read(_ sources: Sources) -> DesktopMotion? {
        var answers: [DesktopMotion] = []
        if let out = sources.run("/usr/bin/gsettings", ["get", "org.gnome.desktop.interface", "enable-animations"], deadline) {
            switch out.trimmingCharacters(in: .whitespacesAndNewlines) {
            case "false": answers.append(DesktopMotion(reduced: true, source: "GNOME enable-animations false"))
            case "true": answers.append(DesktopMotion(reduced: false, source: "GNOME enable-animations true"))
            default: break
            }
        }
        let config = sources.configHome ?? (sources.home as NSString).appendingPathComponent(".config")
        for gtk in ["gtk-4.0", "gtk-3.0"] {
            let path = "\(config)/\(gtk)/settings.ini"
            guard let text = sources.readFile(path), let value = iniValue(text, section: "Settings", key: "gtk-enable-animations") else { continue }
            let off = ["false", "0", "no"].contains(value.lowercased())
            answers.append(DesktopMotion(reduced: off, source: "\(gtk)/settings.ini gtk-enable-animations \(value)"))
        }
        if let text = sources.readFile("\(config)/kdeglobals"), let value = iniValue(text, section: "KDE", key: "AnimationDurationFactor"),
           let factor = Double(value) {
            answers.append(DesktopMotion(reduced: factor == 0, source: "KDE AnimationDurationFactor \(value)"))
        }
        return answers.first(where: \.reduced) ?? answers.first
    }

    /// The value of `key` in `[section]` of an INI file's text (the last one given), trimmed.
    static func iniValue(_ text: String, section: String, key: String) -> String? {
        var current = ""
        var found: String?
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#") || line.hasPrefix(";") || line.isEmpty { continue }
            if line.hasPrefix("["), line.hasSuffix("]") { current = String(line.dropFirst().dropLast()); continue }
            guard current == section, let eq = line.firstIndex(of: "=") else { continue }
            if line[..<eq].trimmingCharacters(in: .whitespaces) == key {
                found = line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return found
    }

    /// Runs `program` with `arguments`, standard input and error closed, and ends it after `deadline` seconds.
    @Sendable static func runProgram(_ program: String, _ arguments: [String], _ deadline: Double) -> String? {
        guard FileManager.default.isExecutableFile(atPath: program),
              let child = try? ChildProcess(program: program, arguments: arguments, output: .kept, errors: .discarded) else { return nil }
        let exit = child.wait(timeout: deadline)
        guard exit.succeeded else { return nil }
        // Up to a little more than any answer needs.
        return String(data: exit.standardOutput.prefix(4096), encoding: .utf8)
    }
}

/// The desktop's setting as the window's background work: read once on a background queue when the window opens;
/// the answer comes back as `.setReducedMotion` at the frame's drain point (and is not taken once `--reduced-motion`
/// or the window's key chose).
@MainActor
public final class DesktopMotionReader: BackgroundWork {
    private let answer = Mailbox<DesktopMotion?>()
    private var pending = true

    /// Starts reading `sources`; `wake` wakes the window's loop when the answer is in.
    public init(sources: DesktopMotion.Sources = .standard, wake: @escaping @Sendable () -> Void) {
        let answer = self.answer
        DispatchQueue.global().async {
            answer.post(DesktopMotion.read(sources))
            wake()
        }
    }

    public func takeResults() -> [AppAction] {
        answer.drain().compactMap { motion in
            pending = false
            return motion.map { AppAction.chrome(.setReducedMotion($0.reduced, source: .desktop($0.source))) }
        }
    }

    /// The window does not wait for it at exit.
    public var isIdle: Bool { true }

    /// Whether the answer is still to come.
    public var isReading: Bool { pending }
}
