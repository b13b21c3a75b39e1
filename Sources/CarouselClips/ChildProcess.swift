import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program run with `posix_spawn`, in this process's process group or in one of its own: the one way this program
/// and its tests run others. Foundation's `Process` always gives a child a group of its own; here `record` (a
/// background job of the window, in a group of its own) and the encoders it runs (in its group) are one job, which
/// the window stops and continues with one signal to the group while it draws (`BackgroundJobs`). The child's end is
/// known before its process id is freed (`wait(ended:)`), its standard error is kept, and its peak memory can be
/// measured (`measuresPeakMemory`).
public final class ChildProcess: @unchecked Sendable {
    /// Which process group the child joins.
    public enum Group: Sendable {
        /// This process's group, SIGINT blocked in the child: Ctrl+C at a terminal reaches this process alone, which
        /// then ends the child itself (SIGTERM) and removes what the child was writing (an encoder).
        case this
        /// This process's group, SIGINT as this process has it: Ctrl+C at a terminal ends the child too (a test's).
        case thisInterruptible
        /// A group of its own, whose id is the child's process id: a job that can be stopped and continued whole.
        case own
    }

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

        /// Whether it exited with status 0.
        public var succeeded: Bool { status == 0 }

        public var description: String {
            (status.map { "exit \($0)" } ?? "signal \(signal ?? 0)") + (peakResidentBytes.map { ", peak RSS \($0 >> 20) MB" } ?? "")
        }
    }

    /// The program that measures peak memory.
    public static let timeProgram = "/usr/bin/time"

    /// The child's process id (the measuring `time`'s with `measuresPeakMemory`).
    public let pid: pid_t
    /// The write end of the child's standard input, when it was given one.
    public let input: FileHandle?
    /// Where `time` writes the peak, with `measuresPeakMemory`.
    private let memoryPath: String?
    private let lock = NSLock()
    /// What the child writes on standard error, read from the start on another thread (so a child never stops on a
    /// full pipe); whole once `errorsRead` is signalled (under `lock`).
    private var errorText = Data()
    private let errorsRead = DispatchSemaphore(value: 0)
    /// How the child ended, once reaped (under `lock`).
    private var exit: Exit?
    /// Set (under `lock`) just before the child is reaped: its process id may then name another process.
    private var reaped = false

    /// Starts `program` with `arguments` in `group`, with `environment` (nil: this process's); with `input`, its
    /// standard input is a pipe (`input`), else /dev/null. Standard output goes to /dev/null; standard error is kept
    /// (`errorOutput`). The pipes are close-on-exec, so a child never holds another child's input open (FFmpeg would
    /// wait for its end forever). Signal dispositions this process changed go back to the defaults in the child.
    /// With `measuresPeakMemory` the program runs under `/usr/bin/time -f %M`, which forks it from its own small
    /// process and reports its `ru_maxrss` (`Exit.peakResidentBytes`); `pid` and signals are then `time`'s. (Our own
    /// `wait4` would not do: `posix_spawn` runs the program from a vfork of this process, and Linux records the
    /// replaced address space's peak at `execve` as the child's.)
    public init(program: String, arguments: [String], input wantsInput: Bool, environment: [String: String]? = nil,
                group: Group = .this, measuresPeakMemory: Bool = false) throws(ClipError) {
        memoryPath = measuresPeakMemory
            ? FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString).rss").path : nil
        let command = memoryPath.map { [ChildProcess.timeProgram, "-f", "%M", "-o", $0, program] } ?? [program]
        var toChild: [Int32] = [-1, -1], fromChild: [Int32] = [-1, -1]
        guard ChildProcess.openPipe(&fromChild) else { throw ClipError("cannot start \(program): \(String(cString: strerror(errno)))") }
        if wantsInput, !ChildProcess.openPipe(&toChild) {
            let why = String(cString: strerror(errno))
            close(fromChild[0]); close(fromChild[1])
            throw ClipError("cannot start \(program): \(why)")
        }
        defer {
            close(fromChild[1])
            if wantsInput { close(toChild[0]) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if wantsInput {
            posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults); sigdelset(&defaults, SIGKILL); sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = POSIX_SPAWN_SETSIGDEF
        if group != .thisInterruptible {
            var blocked = sigset_t()
            sigemptyset(&blocked)
            if group == .this { sigaddset(&blocked, SIGINT) }
            posix_spawnattr_setsigmask(&attributes, &blocked)
            flags |= POSIX_SPAWN_SETSIGMASK
        }
        if group == .own {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = (command + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { envp?.forEach { free($0) } }
        var child: pid_t = 0
        let status = envp.map { posix_spawn(&child, command[0], &actions, &attributes, argv, $0) }
            ?? posix_spawn(&child, command[0], &actions, &attributes, argv, environ)
        guard status == 0 else {
            close(fromChild[0])
            if wantsInput { close(toChild[1]) }
            throw ClipError("cannot start \(command[0]): \(String(cString: strerror(status)))")
        }
        pid = child
        input = wantsInput ? FileHandle(fileDescriptor: toChild[1], closeOnDealloc: true) : nil
        let errors = FileHandle(fileDescriptor: fromChild[0], closeOnDealloc: true)
        DispatchQueue.global().async { [self] in
            // Kept as it comes, so a child killed at a deadline leaves what it said so far.
            while case let chunk = errors.availableData, !chunk.isEmpty {
                lock.lock(); errorText.append(chunk); lock.unlock()
            }
            errorsRead.signal()
        }
    }

    /// Starts `executable` with `arguments` as a test does: this process's environment with `environment` added,
    /// standard input from /dev/null, in this process's group (`thisInterruptible`); see the other initializer.
    public convenience init(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                            measuresPeakMemory: Bool = false) throws(ClipError) {
        try self.init(program: executable, arguments: arguments, input: false,
                      environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
                      group: .thisInterruptible, measuresPeakMemory: measuresPeakMemory)
    }

    deinit {
        lock.lock(); let done = reaped; lock.unlock()
        if !done { kill(SIGKILL); wait() }
        if let memoryPath { unlink(memoryPath) }
    }

    /// What the child wrote on standard error, once `wait` returned.
    public var errorOutput: String {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: errorText, as: UTF8.self)
    }

    /// The last line the child wrote on standard error (its error, or a summary), once `wait` returned; nil if none.
    public var lastErrorLine: String? { errorOutput.split(whereSeparator: \.isNewline).last.map(String.init) }

    /// A pipe whose two ends close on exec (the child gets its end through `dup2`, which clears the flag).
    private static func openPipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Waits for the child to end (with `timeout` seconds, killing it with SIGKILL when they pass) and for the end of
    /// its standard error; how it ended. `ended` runs once the child has ended and before it is reaped, while its
    /// process id (and group id) cannot name another process. Called from one thread at a time (later calls return
    /// the same).
    @discardableResult
    public func wait(timeout: Double? = nil, ended: () -> Void = {}) -> Exit {
        lock.lock(); let known = exit; lock.unlock()
        if let known { return known }
        var killed = false
        if let timeout {
            let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(timeout, 0) * 1e9)
            while !hasEnded() {
                guard DispatchTime.now().uptimeNanoseconds < deadline else { kill(SIGKILL); killed = true; break }
                usleep(10_000)
            }
        }
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        ended()
        lock.lock(); reaped = true; lock.unlock()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // A child killed at the deadline may have left a process holding standard error open (the program `time`
        // ran): what it wrote so far is enough then.
        if killed { _ = errorsRead.wait(timeout: .now() + 1) } else { errorsRead.wait() }
        // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import (they are macros).
        let signal = status & 0x7f
        // `time -o` writes "Command exited with non-zero status N" first when the program failed; the figure is last.
        let kilobytes = memoryPath.flatMap { FileManager.default.contents(atPath: $0) }
            .flatMap { String(decoding: $0, as: UTF8.self).split(separator: "\n").last }
            .flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let result = Exit(status: signal == 0 ? (status >> 8) & 0xff : nil, signal: signal == 0 ? nil : signal,
                          peakResidentBytes: kilobytes.map { $0 * 1024 }, standardError: errorOutput)
        lock.lock(); exit = result; lock.unlock()
        return result
    }

    /// Whether the child has ended (it is not reaped by asking).
    private func hasEnded() -> Bool {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) < 0 {
            if errno != EINTR { return true }
        }
        return info._sifields._sigchld.si_pid == pid
    }

    /// Whether the child is still running (neither reaped nor ended).
    public var isRunning: Bool {
        lock.lock(); let done = reaped; lock.unlock()
        return !done && !hasEnded()
    }

    /// Asks the child to end (SIGTERM), unless it was already reaped.
    public func terminate() { kill(SIGTERM) }

    /// Sends `signal` to the child, or with `toGroup` to its process group (a child in a group of its own), unless it
    /// was already reaped.
    public func kill(_ signal: Int32, toGroup: Bool = false) {
        lock.lock(); defer { lock.unlock() }
        if !reaped { _ = Glibc.kill(toGroup ? -pid : pid, signal) }
    }
}
