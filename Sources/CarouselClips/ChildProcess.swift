import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program run with `posix_spawn`, in this process's process group or in one of its own. Foundation's `Process`
/// always gives a child a group of its own; here `record` (a background job of the window, in a group of its own) and
/// the encoders it runs (in its group) are one job, which the window stops and continues with one signal to the group
/// while it draws (`BackgroundJobs`). And the job is known to have ended before its process id is freed (`wait`).
final class ChildProcess: @unchecked Sendable {
    /// Which process group the child joins.
    enum Group {
        /// This process's group. SIGINT is blocked in the child, so Ctrl+C at a terminal reaches this process alone,
        /// which then ends the child itself (SIGTERM) and removes what the child was writing.
        case this
        /// A group of its own, whose id is the child's process id: a job that can be stopped and continued whole.
        case own
    }


    /// The child's process id.
    let pid: pid_t
    /// The write end of the child's standard input, when it was given one.
    let input: FileHandle?
    private let lock = NSLock()
    /// What the child writes on standard error, read from the start on another thread (so a child never stops on a
    /// full pipe); whole once `errorsRead` is signalled.
    private var errorText = Data()
    private let errorsRead = DispatchSemaphore(value: 0)
    private var exit: (status: Int32, signalled: Bool)?
    /// Set (under `lock`) just before the child is reaped: its process id may then name another process.
    private var reaped = false

    /// Starts `program` with `arguments` in `group`, with `environment` (nil: this process's); with `input`, its standard
    /// input is a pipe (`input`), else /dev/null.
    /// Standard output goes to /dev/null; standard error is kept (`errorOutput`). The pipes are
    /// close-on-exec, so a child never holds another child's input open (FFmpeg would wait for its end forever).
    init(program: String, arguments: [String], input wantsInput: Bool, environment: [String: String]? = nil, group: Group = .this) throws(ClipError) {
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
        var blocked = sigset_t(), defaults = sigset_t()
        sigemptyset(&blocked)
        if group == .this { sigaddset(&blocked, SIGINT) }
        // Dispositions this process changed (SIGPIPE, SIGXFSZ ignored; handlers) go back to the defaults in the child.
        sigfillset(&defaults); sigdelset(&defaults, SIGKILL); sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &blocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if group == .own {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { envp?.forEach { free($0) } }
        var child: pid_t = 0
        let status = envp.map { posix_spawn(&child, program, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&child, program, &actions, &attributes, argv, environ)
        guard status == 0 else {
            close(fromChild[0])
            if wantsInput { close(toChild[1]) }
            throw ClipError("cannot start \(program): \(String(cString: strerror(status)))")
        }
        pid = child
        input = wantsInput ? FileHandle(fileDescriptor: toChild[1], closeOnDealloc: true) : nil
        let errors = FileHandle(fileDescriptor: fromChild[0], closeOnDealloc: true)
        DispatchQueue.global().async { [self] in
            let data = errors.readDataToEndOfFile()
            lock.lock(); errorText = data; lock.unlock()
            errorsRead.signal()
        }
    }

    /// What the child wrote on standard error, once `wait` returned.
    var errorOutput: String {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: errorText, as: UTF8.self)
    }

    /// The last line the child wrote on standard error (its error, or a summary), once `wait` returned; nil if none.
    var lastErrorLine: String? { errorOutput.split(whereSeparator: \.isNewline).last.map(String.init) }

    /// A pipe whose two ends close on exec (the child gets its end through `dup2`, which clears the flag).
    private static func openPipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Waits for the child to end and for the end of its standard error; its exit status, or the signal that ended
    /// it. `ended` runs once the child has ended and before it is reaped, while its process id (and group id) cannot
    /// name another process. Called from one thread at a time (later calls return the same).
    @discardableResult
    func wait(ended: () -> Void = {}) -> (status: Int32, signalled: Bool) {
        lock.lock(); let known = exit; lock.unlock()
        if let known { return known }
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        ended()
        lock.lock(); reaped = true; lock.unlock()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import (they are macros).
        let signalled = status & 0x7f != 0
        let result = (status: signalled ? status & 0x7f : (status >> 8) & 0xff, signalled: signalled)
        errorsRead.wait()
        lock.lock(); exit = result; lock.unlock()
        return result
    }

    /// Asks the child to end (SIGTERM), unless it was already reaped.
    func terminate() { send(SIGTERM) }

    /// Sends `signal` to the child, or with `toGroup` to its process group (a child in a group of its own), unless it
    /// was already reaped.
    func send(_ signal: Int32, toGroup: Bool = false) {
        lock.lock(); defer { lock.unlock() }
        if !reaped { kill(toGroup ? -pid : pid, signal) }
    }
}
