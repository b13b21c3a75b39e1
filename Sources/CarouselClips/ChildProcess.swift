import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program run with `posix_spawn`, in this process's process group or in one of its own: the one way this program
/// and its tests run others (a test in CarouselClipsTests fails on any other spawn in Sources or Tests). Foundation's
/// `Process` always gives a child a group of its own; here `record` (a background job of the window, in a group of its
/// own) and the encoders it runs (in its group) are one job, which the window stops and continues with one signal to
/// the group while it draws (`BackgroundJobs`). The child's standard input is /dev/null, a pipe to write to, or bytes
/// written for it; its standard output and error go nowhere, to a file, to this process's, or are kept, read on a
/// thread of their own (`ChildStreams`) so that no pipe fills up. Its end is known before its process id is freed
/// (`wait(ended:)`), a timeout ends it and says so (`Exit.timedOutAfter`), and its peak memory can be measured
/// (`measuresPeakMemory`). No other descriptor of this process reaches it (glibc's closefrom spawn action, 2.34 on).
/// A child still running when its `ChildProcess` goes is killed (its group with `.own`) and reaped: none is left
/// behind.
public final class ChildProcess: @unchecked Sendable {
    /// Which process group the child joins, and which signals it starts with blocked.
    public enum Group: Sendable {
        /// This process's group, SIGINT blocked in the child: Ctrl+C at a terminal reaches this process alone, which
        /// then ends the child itself (SIGTERM) and removes what the child was writing (an encoder).
        case this
        /// This process's group, no signal blocked: Ctrl+C at a terminal ends the child too (a test's, the bench's).
        /// Its blocked signals are not the spawning thread's (a test runner's threads block some, SIGTERM among them).
        case thisInterruptible
        /// A group of its own, whose id is the child's process id, no signal blocked: a job that can be stopped and
        /// continued whole, for a child that starts others (a timeout, and the end of its `ChildProcess`, end them
        /// all; `kill(_:toGroup:)` signals them all).
        case own
    }

    /// What the child's standard input is.
    public enum Input: Sendable {
        /// /dev/null.
        case none
        /// A pipe whose write end is `input`, for the caller to write to and close.
        case pipe
        /// A pipe these bytes are written to (off the caller's thread, as the child takes them), then closed.
        case bytes(Data)
    }

    /// Where one of the child's outputs (standard output or error) goes.
    public enum Output: Sendable {
        /// /dev/null.
        case discarded
        /// A pipe read as it comes: `standardOutput` or `errorOutput`, and `Exit`'s.
        case kept
        /// The file at this path, created or emptied.
        case file(String)
        /// This process's own (a test's output on the terminal or in the CI log).
        case inherited
    }

    /// How a child ended.
    public struct Exit: Sendable, CustomStringConvertible {
        /// The exit status, or nil when a signal ended it.
        public var status: Int32?
        /// The signal that ended it, if one did.
        public var signal: Int32?
        /// The timeout in seconds that ended it (SIGTERM, then SIGKILL after `terminationGrace`), if one did.
        public var timedOutAfter: Double?
        /// The program's peak resident memory in bytes, when it was measured.
        public var peakResidentBytes: Int?
        /// What it wrote on standard output (with `.kept`).
        public var standardOutput: Data
        /// What it wrote on standard error (with `.kept`).
        public var standardError: String

        /// Whether it exited with status 0.
        public var succeeded: Bool { status == 0 }
        /// Whether a timeout ended it.
        public var timedOut: Bool { timedOutAfter != nil }
        /// Its standard output as text.
        public var outputText: String { String(decoding: standardOutput, as: UTF8.self) }
        /// The exit status, or the number of the signal that ended it (as Foundation's `terminationStatus`).
        public var statusOrSignal: Int32 { status ?? signal ?? -1 }

        public var description: String {
            (timedOutAfter.map { "timed out after \(String(format: "%g", $0)) s, " } ?? "")
                + (status.map { "exit \($0)" } ?? "signal \(signal ?? 0)") + (peakResidentBytes.map { ", peak RSS \($0 >> 20) MB" } ?? "")
        }
    }

    /// The program that measures peak memory.
    public static let timeProgram = "/usr/bin/time"
    /// How long a child that outlived its timeout has after SIGTERM before SIGKILL.
    public static let terminationGrace = 2.0

    /// The child's process id (the measuring `time`'s with `measuresPeakMemory`).
    public let pid: pid_t
    /// The write end of the child's standard input, with `Input.pipe`.
    public let input: FileHandle?
    private let group: Group
    /// Where `time` writes the peak, with `measuresPeakMemory`.
    private let memoryPath: String?
    /// The kept outputs and the written input.
    private let streams: ChildStreams
    private let lock = NSLock()
    /// How the child ended, once reaped (under `lock`).
    private var exit: Exit?
    /// Set (under `lock`) just before the child is reaped: its process id may then name another process.
    private var reaped = false

    /// Starts `program` (a path) with `arguments` in `group`, with `environment` (nil: this process's), in `directory`
    /// (nil: this process's; relative paths, the program's and the files', are taken there), its standard input from
    /// `input`, its standard output to `output` and its standard error to `errors`. The pipes are close-on-exec and no
    /// other descriptor is passed on, so a child never holds another child's input open (FFmpeg would wait for its end
    /// forever). Signal dispositions this process changed go back to the defaults in the child. With
    /// `measuresPeakMemory` the program runs under `/usr/bin/time -f %M`, which forks it from its own small process
    /// and reports its `ru_maxrss` (`Exit.peakResidentBytes`); `pid` and signals are then `time`'s. (Our own `wait4`
    /// would not do: `posix_spawn` runs the program from a vfork of this process, and Linux records the replaced
    /// address space's peak at `execve` as the child's.)
    public init(program: String, arguments: [String], input inputKind: Input = .none, output: Output = .discarded,
                errors: Output = .kept, environment: [String: String]? = nil, directory: String? = nil,
                group: Group = .this, measuresPeakMemory: Bool = false) throws(ClipError) {
        memoryPath = measuresPeakMemory
            ? FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString).rss").path : nil
        let command = memoryPath.map { [ChildProcess.timeProgram, "-f", "%M", "-o", $0, program] } ?? [program]
        func failure(_ why: String) -> ClipError { ClipError("cannot start \(command[0]): \(why)") }
        if directory != nil && SpawnExtensions.changeDirectory == nil { throw failure("no posix_spawn_file_actions_addchdir_np") }
        // Pipes: [read end, write end] for standard input, output and error, where asked for.
        var pipes: [[Int32]?] = [nil, nil, nil]
        var wanted = [false, false, false]
        if case .none = inputKind {} else { wanted[0] = true }
        if case .kept = output { wanted[1] = true }
        if case .kept = errors { wanted[2] = true }
        for fd in 0..<3 where wanted[fd] {
            var ends: [Int32] = [-1, -1]
            guard ChildProcess.openPipe(&ends) else {
                let why = String(cString: strerror(errno))
                pipes.compactMap { $0 }.flatMap { $0 }.forEach { close($0) }
                throw failure(why)
            }
            pipes[fd] = ends
        }
        /// The pipes' ends the child has (closed here once it started), and the ones kept here.
        let childEnds = [pipes[0]?[0], pipes[1]?[1], pipes[2]?[1]]
        let ourEnds = [pipes[0]?[1], pipes[1]?[0], pipes[2]?[0]]
        defer { childEnds.compactMap { $0 }.forEach { close($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let directory, let changeDirectory = SpawnExtensions.changeDirectory { _ = changeDirectory(&actions, directory) }
        if let end = childEnds[0] {
            posix_spawn_file_actions_adddup2(&actions, end, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        for (fd, destination) in [(Int32(1), output), (Int32(2), errors)] {
            switch destination {
            case .discarded: posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
            case .kept: posix_spawn_file_actions_adddup2(&actions, childEnds[Int(fd)]!, fd)
            case .file(let path): posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .inherited: break
            }
        }
        _ = SpawnExtensions.closeFrom.map { $0(&actions, 3) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults); sigdelset(&defaults, SIGKILL); sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var blocked = sigset_t()
        sigemptyset(&blocked)
        if group == .this { sigaddset(&blocked, SIGINT) }
        posix_spawnattr_setsigmask(&attributes, &blocked)
        var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
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
            ourEnds.compactMap { $0 }.forEach { close($0) }
            throw failure(String(cString: strerror(status)))
        }
        pid = child
        self.group = group
        if case .pipe = inputKind, let end = ourEnds[0] {
            input = FileHandle(fileDescriptor: end, closeOnDealloc: true)
        } else {
            input = nil
        }
        var written: (fd: Int32, bytes: Data)?
        if case .bytes(let bytes) = inputKind, let end = ourEnds[0] { written = (end, bytes) }
        streams = ChildStreams(input: written, output: ourEnds[1], errors: ourEnds[2])
    }

    /// Starts `executable` with `arguments` as a test or the bench does: this process's environment changed by
    /// `environment` (a value sets a variable, nil removes it), in this process's group with no signal blocked
    /// (`thisInterruptible`) unless `group` says otherwise; see the other initializer.
    public convenience init(_ executable: String, _ arguments: [String], input: Input = .none, output: Output = .discarded,
                            errors: Output = .kept, environment: [String: String?] = [:], directory: String? = nil,
                            group: Group = .thisInterruptible, measuresPeakMemory: Bool = false) throws(ClipError) {
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        try self.init(program: executable, arguments: arguments, input: input, output: output, errors: errors,
                      environment: merged, directory: directory, group: group, measuresPeakMemory: measuresPeakMemory)
    }

    deinit {
        lock.lock(); let done = reaped; lock.unlock()
        if !done { kill(SIGKILL, toGroup: group == .own); wait() }
        if let memoryPath { unlink(memoryPath) }
    }

    /// What the child wrote on standard output so far, with `.kept` (all of it once `wait` returned).
    public var standardOutput: Data { streams.text(of: .output) }

    /// What the child wrote on standard error so far, with `.kept` (all of it once `wait` returned).
    public var errorOutput: String { String(decoding: streams.text(of: .errors), as: UTF8.self) }

    /// The last line the child wrote on standard error (its error, or a summary), once `wait` returned; nil if none.
    public var lastErrorLine: String? { errorOutput.split(whereSeparator: \.isNewline).last.map(String.init) }

    /// A pipe whose two ends close on exec (the child gets its end through `dup2`, which clears the flag).
    private static func openPipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Waits for the child to end and for what it wrote; how it ended. With `timeout` seconds, a child still running
    /// when they pass is ended: SIGTERM (to its group with `.own`, to the measured program with `measuresPeakMemory`),
    /// then SIGKILL if it is still running `terminationGrace` seconds later; `Exit.timedOutAfter` says so. `ended`
    /// runs once the child has ended and before it is reaped, while its process id (and group id) cannot name another
    /// process. A program the child started and left running does not hold this up. Called from one thread at a time
    /// (later calls return the same).
    @discardableResult
    public func wait(timeout: Double? = nil, ended: () -> Void = {}) -> Exit {
        lock.lock(); let known = exit; lock.unlock()
        if let known { return known }
        var timedOut = false
        if let timeout, !waitForEnd(seconds: timeout) {
            timedOut = true
            end(SIGTERM)
            if !waitForEnd(seconds: ChildProcess.terminationGrace) {
                end(SIGKILL)
                kill(SIGKILL)
            }
        }
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        ended()
        lock.lock(); reaped = true; lock.unlock()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        streams.finish()
        // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import (they are macros).
        let signal = status & 0x7f
        // `time -o` writes "Command exited with non-zero status N" first when the program failed; the figure is last.
        let kilobytes = memoryPath.flatMap { FileManager.default.contents(atPath: $0) }
            .flatMap { String(decoding: $0, as: UTF8.self).split(separator: "\n").last }
            .flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let result = Exit(status: signal == 0 ? (status >> 8) & 0xff : nil, signal: signal == 0 ? nil : signal,
                          timedOutAfter: timedOut ? timeout : nil, peakResidentBytes: kilobytes.map { $0 * 1024 },
                          standardOutput: standardOutput, standardError: errorOutput)
        lock.lock(); exit = result; lock.unlock()
        return result
    }

    /// Waits up to `seconds` for the child to end; whether it did.
    private func waitForEnd(seconds: Double) -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(seconds, 0) * 1e9)
        while !hasEnded() {
            guard DispatchTime.now().uptimeNanoseconds < deadline else { return false }
            usleep(10_000)
        }
        return true
    }

    /// Sends `signal` to what a timeout ends: the child's group with `.own`, the program `time` measures, or the child.
    private func end(_ signal: Int32) {
        if group == .own { return kill(signal, toGroup: true) }
        let measured = memoryPath == nil ? [] : ChildProcess.children(of: pid)
        if measured.isEmpty { return kill(signal) }
        // Not reaped yet (only `wait` reaps, and it is here): the ids cannot name other processes.
        for child in measured { _ = Glibc.kill(child, signal) }
    }

    /// The processes `pid` started that have not ended and been reaped (Linux's /proc/PID/task/PID/children).
    private static func children(of pid: pid_t) -> [pid_t] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
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

/// glibc's posix_spawn file actions that Swift's Glibc module does not import (they are declared for `_GNU_SOURCE`),
/// looked up once.
private enum SpawnExtensions {
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    /// Closes every descriptor from the given one up in the child (glibc 2.34).
    static let closeFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: CloseFrom.self) }
    /// Changes the child's working directory before it runs the program (glibc 2.29).
    static let changeDirectory = dlsym(nil, "posix_spawn_file_actions_addchdir_np").map { unsafeBitCast($0, to: ChangeDirectory.self) }
}
