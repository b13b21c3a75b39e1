import CarouselClips
import CarouselSupport
import Foundation

/// The last file the window saved (a screenshot, a clip, an export: `CaptureState.lastSaved`) handed on to other programs: copied to the
/// clipboard as chat apps and file managers take it (a PNG or GIF as image data, any other file as a file:
/// `text/uri-list`), through `xclip` (Debian's xclip: it keeps serving the clipboard after we move on); or shown in
/// the file manager, selected (the desktop's `org.freedesktop.FileManager1.ShowItems` over D-Bus, else its folder
/// opened with `xdg-open`). The programs run off the main thread; a failure comes back as one line.
@MainActor
public final class FileHandoff: BackgroundWork {
    /// Where the programs are looked for (the process's PATH; tests give their own).
    public var searchPath: String
    /// Wakes the window loop when a program finished.
    public var wake: @Sendable () -> Void = {}
    private let finished = Mailbox<AppAction?>()
    private var running = 0

    public init(searchPath: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") { self.searchPath = searchPath }

    /// The clipboard type a file goes as: its image type for a PNG or GIF, else a file.
    nonisolated static func clipboardType(of path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "png": "image/png"
        case "gif": "image/gif"
        default: "text/uri-list"
        }
    }

    /// Copies the file at `path` to the clipboard.
    func copy(_ path: String) -> AppAction? {
        guard let xclip = program("xclip") else { return .message(.problem("copying files needs xclip (sudo apt install xclip)")) }
        let type = FileHandoff.clipboardType(of: path)
        let name = (path as NSString).lastPathComponent
        if type == "text/uri-list" {
            let uri = URL(fileURLWithPath: path).absoluteString + "\r\n"
            run(xclip, ["-selection", "clipboard", "-t", type], input: Data(uri.utf8), done: "Copied \(name) to the clipboard (as a file)")
        } else {
            run(xclip, ["-selection", "clipboard", "-t", type, "-i", path], input: nil, done: "Copied \(name) to the clipboard (as an image)")
        }
        return nil
    }

    /// Shows the file at `path` in the file manager.
    func reveal(_ path: String) -> AppAction? {
        let uri = URL(fileURLWithPath: path).absoluteString
        let folder = (path as NSString).deletingLastPathComponent
        if let dbus = program("dbus-send") {
            run(dbus, ["--session", "--print-reply", "--dest=org.freedesktop.FileManager1", "--type=method_call",
                       "/org/freedesktop/FileManager1", "org.freedesktop.FileManager1.ShowItems", "array:string:\(uri)", "string:"],
                input: nil, done: "Showing \((path as NSString).lastPathComponent) in the file manager",
                fallback: program("xdg-open").map { ($0, [folder]) })
        } else if let open = program("xdg-open") {
            run(open, [folder], input: nil, done: "Opened \(folder)")
        } else {
            return .message(.problem("showing files needs a file manager (xdg-open, from xdg-utils)"))
        }
        return nil
    }

    private func program(_ name: String) -> String? {
        searchPath.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `program` with `arguments` (and `input` on its standard input) off the main thread; when it fails and a
    /// `fallback` is given, that runs instead; the outcome comes back as a message.
    private func run(_ program: String, _ arguments: [String], input: Data?, done: String, fallback: (String, [String])? = nil) {
        running += 1
        let mailbox = finished, wake = self.wake
        DispatchQueue.global(qos: .userInitiated).async {
            var failure = FileHandoff.spawn(program, arguments, input: input)
            if failure != nil, let (other, otherArguments) = fallback { failure = FileHandoff.spawn(other, otherArguments, input: nil) }
            mailbox.post(failure.map { .message(.problem($0)) } ?? .message(Message(done)))
            wake()
        }
    }

    public func takeResults() -> [AppAction] {
        let done = finished.drain()
        running -= done.count
        return done.compactMap { $0 }
    }

    public var isIdle: Bool { running == 0 }

    /// Runs `program` and waits for it to end (not for what it leaves behind: xclip forks a server that keeps the
    /// clipboard, holding the child's standard error open, and `ChildProcess.wait` does not wait for it). Its input is
    /// `input` (else /dev/null), its output goes nowhere, its errors are kept for the message. Returns nil on success,
    /// else one line.
    nonisolated static func spawn(_ program: String, _ arguments: [String], input: Data?) -> String? {
        let exit: ChildProcess.Exit
        do throws(ClipError) {
            exit = try ChildProcess(program: program, arguments: arguments, input: input.map { .bytes($0) } ?? .none).wait()
        } catch {
            return error.message
        }
        guard !exit.succeeded else { return nil }
        let line = exit.standardError.split(separator: "\n").last.map(String.init)
            ?? exit.status.map { "exit status \($0)" } ?? "ended by signal \(exit.signal ?? 0)"
        return "\((program as NSString).lastPathComponent): \(line)"
    }
}
