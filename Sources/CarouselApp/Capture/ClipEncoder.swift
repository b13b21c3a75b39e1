import CarouselSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Encodes raw frames into a video or GIF with the `ffmpeg` program, the way screen recorders on Linux do (VHS, Kap,
/// Peek): frames are piped to it as raw BGRA, from a background queue, so rendering the next frame overlaps encoding
/// (and FFmpeg's own threads use the other cores). It writes a hidden temporary file beside the output, renamed into
/// place only when FFmpeg finished cleanly, so a failure (a full disk, a killed encoder, Ctrl+C) leaves nothing.
public final class ClipEncoder: @unchecked Sendable {
    public let output: String
    public let format: ClipFormat
    private let temp: String
    private let process = Process()
    private let stdin: FileHandle
    private let stderrPipe = Pipe()
    private let queue = DispatchQueue(label: "carousel-lab.clip-encoder")
    /// Frames queued and not yet written: a renderer faster than the encoder waits here, so memory stays bounded.
    private let inFlight = DispatchSemaphore(value: 3)
    private let lock = NSLock()
    private var writeError: String?
    private var stderrText = Data()
    private let stderrDone = DispatchSemaphore(value: 0)
    private var finished = false

    /// The encoder program: `$CAROUSEL_LAB_FFMPEG`, else `ffmpeg` on `PATH`.
    public static func program(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let p = environment["CAROUSEL_LAB_FFMPEG"], !p.isEmpty { return p }
        for dir in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Starts FFmpeg writing `format` to a temporary file beside `output`, for frames of `width` x `height` pixels at
    /// `fps`. Throws one line when the encoder is missing or the folder cannot be written.
    public init(output: String, format: ClipFormat, width: Int, height: Int, fps: Int) throws(ClipError) {
        self.output = output
        self.format = format
        guard let ffmpeg = ClipEncoder.program() else {
            throw ClipError("cannot encode \(format.rawValue): ffmpeg is not installed (apt install ffmpeg)")
        }
        guard FileManager.default.isExecutableFile(atPath: ffmpeg) else {
            throw ClipError("cannot encode \(format.rawValue): no ffmpeg program at \(ffmpeg) (CAROUSEL_LAB_FFMPEG)")
        }
        temp = AtomicFile.temporaryPath(beside: output)
        // Proves the folder takes a file before a single frame is rendered.
        let probe = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard probe >= 0 else { throw ClipError("\(output): cannot write in \((temp as NSString).deletingLastPathComponent) (\(String(cString: strerror(errno))))") }
        close(probe)
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = format.ffmpegArguments(width: width, height: height, fps: fps, output: temp)
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderrPipe
        stdin = input.fileHandleForWriting
        do { try process.run() } catch {
            unlink(temp)
            throw ClipError("cannot start \(ffmpeg): \(error.localizedDescription)")
        }
        let errors = stderrPipe.fileHandleForReading
        DispatchQueue.global().async { [self] in
            let data = errors.readDataToEndOfFile()
            lock.lock(); stderrText = data; lock.unlock()
            stderrDone.signal()
        }
    }

    /// Queues one frame (`width * height * 4` BGRA bytes) for the encoder; returns at once unless three frames are
    /// already waiting. A failure shows up in `finish`.
    public func append(_ frame: Data) {
        inFlight.wait()
        queue.async { [self] in
            defer { inFlight.signal() }
            lock.lock(); let failed = writeError != nil; lock.unlock()
            guard !failed else { return }
            if let why = ClipEncoder.writeAll(frame, to: stdin.fileDescriptor) {
                lock.lock(); writeError = why; lock.unlock()
            }
        }
    }

    /// Writes every byte, retrying interrupted writes; returns why it failed (the encoder went away: EPIPE).
    private static func writeAll(_ data: Data, to fd: Int32) -> String? {
        data.withUnsafeBytes { raw -> String? in
            var done = 0
            while done < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return n < 0 ? String(cString: strerror(errno)) : "nothing written" }
                done += n
            }
            return nil
        }
    }

    /// Waits for every frame to be written and FFmpeg to finish, then moves the file into place. Throws FFmpeg's own
    /// last error line (a full disk says so) and leaves nothing behind.
    public func finish() throws(ClipError) {
        queue.sync {}
        try? stdin.close()
        process.waitUntilExit()
        stderrDone.wait()
        finished = true
        lock.lock(); let text = String(decoding: stderrText, as: UTF8.self); let failedWrite = writeError; lock.unlock()
        // At the error log level anything FFmpeg says is an error, even when it exits 0.
        let said = text.split(whereSeparator: \.isNewline).last.map(String.init)
        guard process.terminationReason == .exit, process.terminationStatus == 0, said == nil, failedWrite == nil else {
            unlink(temp)
            throw ClipError("\(output): ffmpeg failed (\(said ?? failedWrite ?? "exit status \(process.terminationStatus)"))")
        }
        do { try AtomicFile.commit(temp, to: output) } catch { throw ClipError("\(output): cannot move the clip into place (\(error.reason))") }
    }

    /// Stops the encoder and removes its temporary file (Ctrl+C, or a failure while rendering).
    public func cancel() {
        guard !finished else { return }
        finished = true
        if process.isRunning { process.terminate() }
        try? stdin.close()
        process.waitUntilExit()
        unlink(temp)
    }

    deinit { if !finished { cancel() } }
}
