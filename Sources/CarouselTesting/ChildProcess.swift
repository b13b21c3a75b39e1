import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program run as a child process with `posix_spawn`, its standard error kept, reaped with `wait4`. Tests use it to
/// measure the app's peak memory and to kill it at a chosen moment.
///
/// The peak is measured by `/usr/bin/time -f %M`, which forks the program from its own small process and reports
/// the program's `ru_maxrss` from `wait4`. Our own `wait4` would not do: `posix_spawn` runs the new program from a
/// vfork of this (large) test process, and Linux records the replaced address space's peak at `execve` as the
/// child's, so `ru_maxrss` would be at least this process's peak.
public final class ChildProcess: @unchecked Sendable {
    /// How a child ended.
    public struct Exit: Sendable, CustomStringConvertible {
        /// The exit status, or nil when a signal ended it.
        public var status: Int32?
        /// The signal that ended it, if one did.
        public var signal: Int32?
        /// The program's peak resident memory in bytes, when it was measured.
        public var peakResidentBytes: Int?
        /// What it wrote on standard error.
        public var standardError: String

        public var description: String {
            (status.map { "exit \($0)" } ?? "signal \(signal ?? 0)") + (peakResidentBytes.map { ", peak RSS \($0 >> 20) MB" } ?? "")
        }
    }

    /// The program's process ID (the measuring `time`'s when `measuresPeakMemory`).
    public let pid: pid_t
    private let errorPath: String
    private let memoryPath: String?
    private var exit: Exit?

    /// The program that measures peak memory.
    public static let timeProgram = "/usr/bin/time"

    /// Starts `executable` with `arguments`; `environment` is added to this process's. Standard output is dropped.
    /// With `measuresPeakMemory` it runs under `/usr/bin/time` (then `kill` reaches `time`, not the program).
    public init(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                measuresPeakMemory: Bool = false) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)").path
        errorPath = base + ".err"
        memoryPath = measuresPeakMemory ? base + ".rss" : nil
        let command = memoryPath.map { [Self.timeProgram, "-f", "%M", "-o", $0, executable] } ?? [executable]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        let argv: [UnsafeMutablePointer<CChar>?] = (command + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, command[0], &actions, nil, argv, envp)
        guard rc == 0 else { throw ServerError("posix_spawn \(command[0]): \(String(cString: strerror(rc)))") }
        pid = child
    }

    deinit {
        if exit == nil { kill(SIGKILL); _ = reap(block: true) }
        unlink(errorPath)
        if let memoryPath { unlink(memoryPath) }
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
        let r = waitpid(pid, &status, block ? 0 : WNOHANG)
        guard r == pid else { return nil }
        let signalled = status & 0x7F
        let text = Self.read(errorPath)
        // `time -o` writes "Command exited with non-zero status N" first when the program failed; the figure is last.
        let kilobytes = memoryPath.map(Self.read)?
            .split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let done = Exit(status: signalled == 0 ? (status >> 8) & 0xFF : nil, signal: signalled == 0 ? nil : signalled,
                        peakResidentBytes: kilobytes.map { $0 * 1024 }, standardError: text)
        exit = done
        return done
    }

    /// The text of the file at `path`; "" when it is empty or missing (Foundation's reader leaks its buffer for an
    /// empty file, which LeakSanitizer reports).
    private static func read(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0, info.st_size > 0 else { return "" }
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
}
