import CarouselSupport
import Foundation

/// One `record` run as a background job of the window (a clip after Ctrl+R or Shift+F12, and the bench's clip beside
/// the window): with no display, in a process group of its own with its encoders, held in `jobs` until it ends, so
/// the window stops it while it works and continues it while it waits; at nice 10 in Linux's batch scheduling class
/// (`chrt --batch 0`, from util-linux, which every Debian system has), so it also keeps out of other programs' way,
/// yet keeps a fair share of a busy machine and always finishes (the idle class starved it beside busy processes:
/// docs/performance.md, clips); plain `nice -n 10` where there is no `chrt`.
public final class BackgroundRender: @unchecked Sendable {
    private let child: ChildProcess
    private let jobs: BackgroundJobs

    /// Starts `command` (a program and its arguments) as a job in `jobs`.
    public init(_ command: [String], jobs: BackgroundJobs) throws(ClipError) {
        let niced = ["/usr/bin/nice", "-n", "10"] + command
        let line = FileManager.default.isExecutableFile(atPath: "/usr/bin/chrt") ? ["/usr/bin/chrt", "--batch", "0"] + niced : niced
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil  // headless: the clip is rendered off-screen
        environment["WAYLAND_DISPLAY"] = nil
        child = try ChildProcess(program: line[0], arguments: Array(line.dropFirst()), environment: environment, group: .own)
        self.jobs = jobs
        jobs.add(group: child.pid)
    }

    /// Waits for the job to end (and leaves `jobs` as it does): whether it succeeded, and its last line on standard
    /// error (`record`'s summary, or its error).
    public func wait() -> (ok: Bool, lastLine: String) {
        let exit = child.wait { [jobs, child] in jobs.remove(group: child.pid) }
        return (exit.succeeded, child.lastErrorLine ?? "")
    }

    /// Asks the job to end (SIGTERM to `record`, which removes its partial clip and ends its encoders), and continues
    /// the job if the window had stopped it, so that it can.
    public func terminate() {
        child.terminate()
        child.kill(SIGCONT, toGroup: true)
    }
}

extension BackgroundRender {
    /// Starts `command` as a job in `jobs` and waits for it on another thread: when it ends, `file` (written for this
    /// run, e.g. a dropped deck) is removed and `ended` called with whether it succeeded and its last line on standard
    /// error. When it cannot start, `file` is removed and the reason thrown.
    public static func start(_ command: [String], jobs: BackgroundJobs, removing file: String? = nil,
                             ended: @escaping @Sendable (_ ok: Bool, _ lastLine: String) -> Void) throws(ClipError) {
        let job: BackgroundRender
        do throws(ClipError) { job = try BackgroundRender(command, jobs: jobs) } catch {
            if let file { unlink(file) }
            throw error
        }
        DispatchQueue.global().async {
            let (ok, lastLine) = job.wait()
            if let file { unlink(file) }
            ended(ok, lastLine)
        }
    }
}
