import Foundation
import Testing
@testable import CarouselClips

/// The encoders `record` runs: in its process group (one job for the window to stop and continue) with SIGINT blocked
/// (Ctrl+C at a terminal reaches `record`, which ends them); a background render in a group of its own; no child
/// holds another's input open; the end is seen before the process id is freed; outputs of any size kept whole; input,
/// files, a directory and an environment; a timeout that ends the child (and its group) and says so; and no program
/// started any other way in Sources or Tests.
@Suite("Child processes")
struct ChildProcessTests {
    /// What `script` prints on standard error, and how it ended.
    static func run(_ script: String, group: ChildProcess.Group) throws -> (text: String, pid: pid_t, exit: (status: Int32, signalled: Bool)) {
        let child = try ChildProcess(program: "/bin/sh", arguments: ["-c", script], group: group)
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
        #expect(throws: ClipError.self) { try ChildProcess(program: "/nonexistent/ffmpeg", arguments: []) }
    }

    @Test("A second child does not hold the first's input open: closing it ends the first (a GIF's two FFmpeg runs)")
    func noInheritedInput() throws {
        let first = try ChildProcess(program: "/bin/cat", arguments: [], input: .pipe)
        let second = try ChildProcess(program: "/bin/sleep", arguments: ["30"], input: .pipe)
        defer { second.terminate(); second.wait() }
        try first.input?.close()
        let ended = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { first.wait(); ended.signal() }
        #expect(ended.wait(timeout: .now() + 5) == .success, "cat still waits for the end of its input")
    }

    @Test("wait(ended:) runs once the child ended and before it is reaped (its process id still names it)")
    func endedBeforeReaping() throws {
        let child = try ChildProcess(program: "/bin/true", arguments: [])
        var stateThen = ""
        child.wait {
            let stat = (try? String(contentsOfFile: "/proc/\(child.pid)/stat", encoding: .utf8)) ?? ""
            stateThen = stat.lastIndex(of: ")").map { String(stat[stat.index($0, offsetBy: 2)]) } ?? "gone"
        }
        #expect(stateThen == "Z")
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(child.pid)/stat"))
    }

    /// Runs `body` on another thread; whether it returned within `seconds` (a wait that hangs fails instead).
    static func returns(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { body(); done.signal() }
        return done.wait(timeout: .now() + seconds) == .success
    }

    /// Whether `pid` names a process that has not ended (a zombie has).
    static func alive(_ pid: pid_t) -> Bool {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(close, offsetBy: 2)] != "Z"
    }

    @Test("wait(timeout:) ends a child that outlives it (SIGTERM), says so, and keeps what it said, though a grandchild holds standard error open")
    func waitTimesOut() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "echo started >&2; sleep 30; echo never >&2"])
        #expect(child.isRunning)
        nonisolated(unsafe) var exit: ChildProcess.Exit?
        #expect(Self.returns(within: 10) { exit = child.wait(timeout: 0.5) }, "waited for the orphaned sleep")
        let ended = try #require(exit)
        #expect(ended.timedOut && ended.timedOutAfter == 0.5 && ended.signal == SIGTERM && ended.status == nil, "\(ended)")
        #expect(ended.description.hasPrefix("timed out after 0.5 s, signal 15"), "\(ended)")
        #expect(ended.standardError == "started\n")
        #expect(!child.isRunning)
    }

    @Test("A timeout ends a child that ignores 16 MB of input waiting for it, and one that ignores SIGTERM (SIGKILL after the grace)")
    func timeoutEndsStubbornChildren() throws {
        let deaf = try ChildProcess("/bin/sleep", ["30"], input: .bytes(Data(count: 16 << 20)))
        nonisolated(unsafe) var exit: ChildProcess.Exit?
        #expect(Self.returns(within: 20) { exit = deaf.wait(timeout: 0.3) }, "the input writer held the wait up")
        #expect(exit?.timedOutAfter == 0.3 && exit?.signal == SIGTERM, "\(String(describing: exit))")

        let stubborn = try ChildProcess("/bin/sh", ["-c", "trap '' TERM; echo ready >&2; exec sleep 30"])
        while stubborn.isRunning && stubborn.errorOutput.isEmpty { usleep(1000) }
        let killed = stubborn.wait(timeout: 0.1)
        #expect(killed.timedOut && killed.signal == SIGKILL, "\(killed)")
    }

    @Test("Standard output of several MB is kept whole while standard error gets as much (read at once, no pipe fills up)")
    func largeOutputs() throws {
        let lines = 1_000_000
        let child = try ChildProcess("/bin/sh", ["-c", "seq 1 \(lines) | tee /dev/stderr"], output: .kept)
        let exit = child.wait(timeout: 60)
        #expect(exit.succeeded && !exit.timedOut, "\(exit)")
        let expected = (1...lines).map(String.init).joined(separator: "\n") + "\n"
        #expect(exit.standardOutput.count == expected.utf8.count && expected.utf8.count > 6 << 20)
        #expect(exit.outputText == expected, "standard output whole and in order")
        #expect(exit.standardError == expected, "standard error whole and in order")
    }

    @Test("Input bytes reach the child; its output goes to a file; it runs in the directory and environment given")
    func inputDirectoryEnvironment() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        setenv("CHILD_PROCESS_TEST_REMOVED", "present", 1)
        defer { unsetenv("CHILD_PROCESS_TEST_REMOVED") }
        try #require(ProcessInfo.processInfo.environment["CHILD_PROCESS_TEST_REMOVED"] == "present")
        let script = "pwd; echo \"$CHILD_PROCESS_TEST_SET\" \"${CHILD_PROCESS_TEST_REMOVED-unset}\"; tr a-z A-Z"
        let child = try ChildProcess("/bin/sh", ["-c", script], input: .bytes(Data("piped in\n".utf8)), output: .file("out.txt"),
                                     environment: ["CHILD_PROCESS_TEST_SET": "set", "CHILD_PROCESS_TEST_REMOVED": nil],
                                     directory: dir.path)
        #expect(child.wait(timeout: 30).succeeded)
        let written = try String(contentsOf: dir.appendingPathComponent("out.txt"), encoding: .utf8)
        #expect(written == "\(dir.resolvingSymlinksInPath().path)\nset unset\nPIPED IN\n")
        #expect(throws: ClipError.self) { try ChildProcess("/bin/true", [], directory: dir.appendingPathComponent("missing").path) }
    }

    @Test("wait() returns once the child ended, with what it wrote, though a program it left running holds its outputs open (xclip's server)")
    func leftRunningDoesNotHoldTheWait() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "echo said >&2; sleep 30 & echo $!"], output: .kept)
        nonisolated(unsafe) var exit: ChildProcess.Exit?
        #expect(Self.returns(within: 10) { exit = child.wait() }, "waited for the program left running")
        let left = try #require(pid_t(exit?.outputText.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        _ = kill(left, SIGKILL)
        #expect(exit?.succeeded == true && exit?.standardError == "said\n", "\(String(describing: exit))")
    }

    @Test("A timeout ends a child in a group of its own with every process it started")
    func ownGroupEndsWhole() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "sleep 30 & echo $!; wait"], output: .kept, group: .own)
        while child.isRunning && !child.standardOutput.contains(UInt8(ascii: "\n")) { usleep(1000) }
        let started = try #require(pid_t(String(decoding: child.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(Self.alive(started))
        #expect(child.wait(timeout: 0.2).timedOut)
        var gone = false
        for _ in 0..<500 where !gone { gone = !Self.alive(started); usleep(10_000) }
        #expect(gone, "the sleep the shell started outlived the timeout")
    }

    @Test("A child still running when its ChildProcess goes is killed and reaped")
    func endsWithItsValue() throws {
        var pid: pid_t = 0
        do {
            let child = try ChildProcess("/bin/sleep", ["30"])
            pid = child.pid
            #expect(child.isRunning)
        }
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(pid)/stat"), "killed and reaped")
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

    @Test("No Swift file in Sources or Tests starts a program but ChildProcess.swift: a new spawn fails here, named by file and line")
    func oneWayToSpawn() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        // Written in pieces, so that this file does not match itself.
        let spawning = try Regex("(^|[^A-Za-z0-9_])" + "Process" + #"(\(|\.run\()"# + "|" + "posix" + "_spawn" + "|" + #"\bfork\(\)|\bpopen\(|\bexe"# + "cv")
        var found: [String] = []
        for folder in ["Sources", "Tests"] {
            let base = root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            #expect(!files.isEmpty, "no Swift files under \(base.path)")
            for file in files where !file.hasSuffix("/ChildProcess.swift") {
                let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains(spawning) {
                    found.append("\(folder)/\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found.isEmpty, "programs started outside ChildProcess (extend it instead):\n\(found.joined(separator: "\n"))")
    }
}
