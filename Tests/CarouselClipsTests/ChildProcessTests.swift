import Foundation
import Testing
@testable import CarouselClips

/// The encoders `record` runs: in its process group (one job for the window to stop and continue) with SIGINT blocked
/// (Ctrl+C at a terminal reaches `record`, which ends them); a background render in a group of its own; no child
/// holds another's input open; the end is seen before the process id is freed.
@Suite("Child processes")
struct ChildProcessTests {
    /// What `script` prints on standard error, and how it ended.
    static func run(_ script: String, group: ChildProcess.Group) throws -> (text: String, pid: pid_t, exit: (status: Int32, signalled: Bool)) {
        let child = try ChildProcess(program: "/bin/sh", arguments: ["-c", script], input: false, group: group)
        let exit = child.wait()
        return (child.errorOutput, child.pid, (exit.status ?? exit.signal ?? -1, exit.signal != nil))
    }

    /// The signal mask (hex) and process group that `/proc/self` shows the shell.
    static let report = "echo $(grep SigBlk /proc/$$/status | cut -f2) $(cut -d' ' -f5 /proc/$$/stat) >&2"

    @Test("An encoder joins this process's group with SIGINT blocked; a background render gets a group of its own, SIGINT not blocked")
    func groups() throws {
        let joined = try ChildProcessTests.run(ChildProcessTests.report, group: .this)
        let fields = joined.text.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        let mask = try #require(UInt64(fields[0], radix: 16))
        #expect(mask & (1 << (UInt64(SIGINT) - 1)) != 0, "SIGINT blocked: \(joined.text)")
        #expect(pid_t(fields[1]) == getpgrp())

        let own = try ChildProcessTests.run(ChildProcessTests.report, group: .own)
        let ownFields = own.text.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(try #require(UInt64(ownFields[0], radix: 16)) & (1 << (UInt64(SIGINT) - 1)) == 0)
        #expect(pid_t(ownFields[1]) == own.pid)
    }

    @Test("Exit status and the ending signal are told apart")
    func exits() throws {
        let failed = try ChildProcessTests.run("echo why >&2; exit 3", group: .this)
        #expect(failed.text == "why\n")
        #expect(failed.exit.status == 3 && !failed.exit.signalled)
        let killed = try ChildProcessTests.run("kill -TERM $$", group: .this)
        #expect(killed.exit.status == SIGTERM && killed.exit.signalled)
        #expect(throws: ClipError.self) { try ChildProcess(program: "/nonexistent/ffmpeg", arguments: [], input: false) }
    }

    @Test("A second child does not hold the first's input open: closing it ends the first (a GIF's two FFmpeg runs)")
    func noInheritedInput() throws {
        let first = try ChildProcess(program: "/bin/cat", arguments: [], input: true)
        let second = try ChildProcess(program: "/bin/sleep", arguments: ["30"], input: true)
        defer { second.terminate(); second.wait() }
        try first.input?.close()
        let ended = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { first.wait(); ended.signal() }
        #expect(ended.wait(timeout: .now() + 5) == .success, "cat still waits for the end of its input")
    }

    @Test("wait(ended:) runs once the child ended and before it is reaped (its process id still names it)")
    func endedBeforeReaping() throws {
        let child = try ChildProcess(program: "/bin/true", arguments: [], input: false)
        var stateThen = ""
        child.wait {
            let stat = (try? String(contentsOfFile: "/proc/\(child.pid)/stat", encoding: .utf8)) ?? ""
            stateThen = stat.lastIndex(of: ")").map { String(stat[stat.index($0, offsetBy: 2)]) } ?? "gone"
        }
        #expect(stateThen == "Z")
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(child.pid)/stat"))
    }

    @Test("wait(timeout:) kills a child that outlives it and keeps what it said, even when a grandchild holds standard error open")
    func waitTimesOut() throws {
        let start = Date()
        let child = try ChildProcess("/bin/sh", ["-c", "echo started >&2; sleep 30; echo never >&2"])
        #expect(child.isRunning)
        let exit = child.wait(timeout: 0.5)
        #expect(exit.signal == SIGKILL && exit.status == nil, "\(exit)")
        #expect(exit.standardError == "started\n")
        #expect(!child.isRunning)
        #expect(Date().timeIntervalSince(start) < 10, "waited for the orphaned sleep")
    }

    @Test("A child run under /usr/bin/time reports its own peak memory (64 MB held by the shell), not this process's",
          .enabled(if: FileManager.default.isExecutableFile(atPath: ChildProcess.timeProgram), "needs /usr/bin/time"))
    func peakMemory() throws {
        let small = try ChildProcess("/bin/true", [], measuresPeakMemory: true).wait(timeout: 30)
        let big = try ChildProcess("/bin/sh", ["-c", "x=$(head -c 67108864 /dev/zero | tr '\\0' a); echo ${#x} >&2"],
                                   measuresPeakMemory: true).wait(timeout: 60)
        #expect(small.status == 0 && big.status == 0, "\(small) \(big)")
        #expect(big.standardError == "67108864\n")
        let smallPeak = try #require(small.peakResidentBytes), bigPeak = try #require(big.peakResidentBytes)
        #expect(smallPeak > 0 && smallPeak < 32 << 20, "\(small)")
        #expect(bigPeak >= 64 << 20, "\(big)")
    }
}
