import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program run as a child process with `posix_spawn`, its standard output and error going to files, reaped with
/// `wait4` so its peak resident memory (`ru_maxrss`, the child's own, not its children's) is known. Tests use it to
/// measure the app's memory and to kill it at a chosen moment.
public final class ChildProcess: @unchecked Sendable {
    /// How a child ended.
    public struct Exit: Sendable, CustomStringConvertible {
        /// The exit status, or nil when a signal ended it.
        public var status: Int32?
        /// The signal that ended it, if one did.
        public var signal: Int32?
        /// Peak resident memory in bytes.
        public var maxResidentBytes: Int
        /// What it wrote on standard error.
        public var standardError: String

        public var description: String {
            (status.map { "exit \($0)" } ?? "signal \(signal ?? 0)") + ", peak RSS \(maxResidentBytes >> 20) MB"
        }
    }

    public let pid: pid_t
    private let errorPath: String
    private var exit: Exit?

    /// Starts `executable` with `arguments`; `environment` is added to this process's. Standard output is dropped.
    public init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString).err").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, nil, argv, envp)
        guard rc == 0 else { throw ServerError("posix_spawn \(executable): \(String(cString: strerror(rc)))") }
        pid = child
    }

    deinit {
        if exit == nil { kill(SIGKILL); _ = reap(block: true) }
        unlink(errorPath)
    }

    /// Sends `signal` to the child (if it was not reaped yet).
    public func kill(_ signal: Int32) { if exit == nil { _ = Glibc.kill(pid, signal) } }

    /// Waits for the child to end, killing it after `timeout` seconds; returns how it ended.
    public func wait(timeout: Double = 120) -> Exit {
        if let exit { return exit }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let done = reap(block: false) { return done }
            usleep(10_000)
        }
        kill(SIGKILL)
        return reap(block: true)!
    }

    /// Whether the child is still running (not reaped).
    public var isRunning: Bool { exit == nil && reap(block: false) == nil }

    private func reap(block: Bool) -> Exit? {
        if let exit { return exit }
        var status: Int32 = 0
        var usage = rusage()
        let r = wait4(pid, &status, block ? 0 : WNOHANG, &usage)
        guard r == pid else { return nil }
        let signalled = status & 0x7F
        let text = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        let done = Exit(status: signalled == 0 ? (status >> 8) & 0xFF : nil, signal: signalled == 0 ? nil : signalled,
                        maxResidentBytes: Int(usage.ru_maxrss) * 1024, standardError: text)
        exit = done
        return done
    }
}
