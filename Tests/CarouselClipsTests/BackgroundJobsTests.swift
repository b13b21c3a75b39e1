import CarouselClips
import Foundation
import Testing

/// A job (a process group) held by the window is stopped, every process of it, and released it runs again; a job
/// added while held starts stopped; a job removed while held is continued; a window that works without waiting does
/// not starve its jobs.
@Suite("Background jobs")
struct BackgroundJobsTests {
    /// A shell in a group of its own running a busy loop in a second process of the group; its pid (the group) and
    /// the loop's.
    static func job() throws -> (ChildProcess, [pid_t]) {
        let p = try ChildProcess("/bin/sh", ["-c", "sh -c 'while :; do :; done' & echo $!; wait"], output: .kept, group: .own)
        let deadline = Date().addingTimeInterval(10)
        while p.isRunning && !p.standardOutput.contains(UInt8(ascii: "\n")) && Date() < deadline { usleep(1000) }
        let line = String(decoding: p.standardOutput, as: UTF8.self)
        let loop = try #require(pid_t(line.trimmingCharacters(in: .whitespacesAndNewlines)))
        return (p, [p.pid, loop])
    }

    /// The state letter in /proc/PID/stat ("T" stopped, "R" running, "S" sleeping).
    static func state(_ pid: pid_t) -> String {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return "?" }
        return String(stat[stat.index(close, offsetBy: 2)])
    }

    /// Waits up to a second for every process of `pids` to be (or not be) stopped.
    static func settle(_ pids: [pid_t], stopped: Bool) -> Bool {
        for _ in 0..<100 {
            if pids.allSatisfy({ (state($0) == "T") == stopped }) { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    @Test("hold() stops every process of a job, release() continues them; nothing happens twice or without jobs")
    func holdAndRelease() throws {
        let jobs = BackgroundJobs()
        jobs.hold(); jobs.release()  // no job: nothing to signal
        let (p, pids) = try BackgroundJobsTests.job()
        defer { p.kill(SIGKILL, toGroup: true); p.wait() }
        jobs.add(group: p.pid)
        #expect(jobs.count == 1)
        #expect(BackgroundJobsTests.settle(pids, stopped: false))
        jobs.hold()
        #expect(jobs.isHeld)
        #expect(BackgroundJobsTests.settle(pids, stopped: true), "held: \(pids.map(BackgroundJobsTests.state))")
        jobs.hold()
        jobs.release()
        #expect(BackgroundJobsTests.settle(pids, stopped: false), "released: \(pids.map(BackgroundJobsTests.state))")
    }

    @Test("A job added while held starts stopped; one removed while held is continued")
    func addAndRemoveWhileHeld() throws {
        let jobs = BackgroundJobs()
        jobs.hold()
        let (p, pids) = try BackgroundJobsTests.job()
        defer { p.kill(SIGKILL, toGroup: true); p.wait() }
        jobs.add(group: p.pid)
        #expect(BackgroundJobsTests.settle(pids, stopped: true))
        jobs.remove(group: p.pid)
        #expect(jobs.count == 0)
        #expect(BackgroundJobsTests.settle(pids, stopped: false))
        jobs.release()
    }

    @Test("A hold longer than longestHold lets the jobs run until the window next waits; the next hold stops them again")
    func noStarvation() throws {
        final class Clock: @unchecked Sendable { var now = 0.0 }
        let clock = Clock()
        let jobs = BackgroundJobs(longestHold: 0.1, clock: { clock.now })
        let (p, pids) = try BackgroundJobsTests.job()
        defer { p.kill(SIGKILL, toGroup: true); p.wait() }
        jobs.add(group: p.pid)
        jobs.hold()
        clock.now = 0.05
        jobs.hold()  // the loop's next turn, still within longestHold
        #expect(BackgroundJobsTests.settle(pids, stopped: true))
        clock.now = 0.2
        jobs.hold()  // working without a wait for longer than longestHold
        #expect(!jobs.isHeld)
        #expect(BackgroundJobsTests.settle(pids, stopped: false))
        jobs.release()
        clock.now = 0.21
        jobs.hold()
        #expect(BackgroundJobsTests.settle(pids, stopped: true))
        jobs.release()
        #expect(BackgroundJobsTests.settle(pids, stopped: false))
    }
}
