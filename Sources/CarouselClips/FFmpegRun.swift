import CarouselSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run of the `ffmpeg` program: its arguments, raw frames written to its standard input from a background queue
/// (at most three waiting, so memory stays bounded), each first converted there when the run was given a conversion,
/// and its error output kept for the message when it fails. FFmpeg runs in this process's group (`ChildProcess`).
final class FFmpegRun: @unchecked Sendable {
    private let process: ChildProcess
    private var stdin: FileHandle? { process.input }
    private let queue = DispatchQueue(label: "carousel-lab.ffmpeg")
    private let inFlight = DispatchSemaphore(value: 3)
    private let lock = NSLock()
    private var writeError: String?
    /// Frames already written, handed back for the next ones (at most `spareLimit`; under `lock`).
    private var spare: [Data] = []
    private static let spareLimit = 4
    /// What each frame goes through before it is written (only touched on `queue`).
    private var conversion: (@Sendable (Data) -> Data)?
    private(set) var ended = false

    /// Starts `program` with `arguments`; with `input`, frames are written to its standard input.
    init(program: String, arguments: [String], input: Bool) throws(ClipError) {
        process = try ChildProcess(program: program, arguments: arguments, input: input ? .pipe : .none)
    }

    /// Passes every frame appended from now on through `conversion` before it is written (on the writing queue, so it
    /// overlaps rendering the next frame).
    func convert(with conversion: @escaping @Sendable (Data) -> Data) {
        queue.sync { self.conversion = conversion }
    }

    /// A buffer of a frame already written, to fill with the next one (empty when there is none yet): a few buffers go
    /// round instead of a fresh allocation of several megabytes a frame, each of which the kernel maps and zeroes.
    func reusableBuffer() -> Data {
        lock.lock(); defer { lock.unlock() }
        return spare.popLast() ?? Data()
    }

    /// Queues one frame for standard input; returns at once unless three frames are already waiting.
    func append(_ frame: Data) {
        guard let fd = stdin?.fileDescriptor else { return }
        inFlight.wait()
        queue.async { [self] in
            defer { inFlight.signal() }
            lock.lock(); let failed = writeError != nil; lock.unlock()
            guard !failed else { return }
            let why = AtomicFile.writeAll(conversion?(frame) ?? frame, to: fd)
            lock.lock()
            if let why { writeError = why }
            if spare.count < FFmpegRun.spareLimit { spare.append(frame) }
            lock.unlock()
        }
    }

    /// Ends the input and waits for FFmpeg; returns nil when it finished cleanly, else why not: its own last error
    /// line (at the error log level anything it says is an error, even when it exits 0), or the failed write.
    func finish() -> String? {
        queue.sync {}
        try? stdin?.close()
        let exit = process.wait()
        ended = true
        lock.lock(); let failedWrite = writeError; lock.unlock()
        let said = process.lastErrorLine
        if exit.succeeded, said == nil, failedWrite == nil { return nil }
        return said ?? failedWrite ?? exit.signal.map { "ended by signal \($0)" } ?? "exit status \(exit.status ?? 0)"
    }

    /// Stops FFmpeg at once.
    func cancel() {
        guard !ended else { return }
        ended = true
        process.terminate()
        try? stdin?.close()
        process.wait()
    }
}
