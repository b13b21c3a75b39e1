import CarouselSupport
import Foundation

/// Writes a clip's frames as PNG files (`record --out clip.png`): each frame's pixels are copied off the canvas on
/// the main thread, then encoded (`PNGWriter`, zlib's fastest level: still lossless) and written (whole or not at
/// all, `AtomicFile`) on background threads, so rendering the next frame and encoding the last ones overlap and
/// use every core. At most `inFlight` frames wait at once (the main thread waits beyond that), so memory stays
/// bounded whatever the clip's length.
public final class PNGFrameWriter: @unchecked Sendable {
    private let queue = OperationQueue()
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private var failure: String?
    private var buffers: [Data] = []
    private var finished = 0

    /// Frames waiting to be encoded or being encoded, at most.
    public let inFlight: Int
    /// Encoding threads (the machine's cores, at most 8).
    public let threads: Int

    /// A writer using `threads` encoding threads.
    public init(threads: Int = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8)) {
        self.threads = threads
        inFlight = threads + 1
        slots = DispatchSemaphore(value: inFlight)
        queue.name = "carousel-lab.png-frames"
        queue.maxConcurrentOperationCount = threads
        queue.qualityOfService = .userInitiated
    }

    /// Queues the canvas's frame to be written to `path` (the folder exists). Returns once the pixels are copied,
    /// waiting first while `inFlight` frames are queued. Throws the first failure of an earlier frame, naming its
    /// file.
    @MainActor
    public func write(_ canvas: HeadlessCanvas, to path: String) throws(PNGFrameError) {
        try check()
        slots.wait()
        var pixels = takeBuffer()
        canvas.bgraFrame(into: &pixels)
        let (width, height, frame) = (canvas.pixelWidth, canvas.pixelHeight, pixels)
        queue.addOperation { [self] in
            defer { slots.signal() }
            let outcome: Result<[UInt8], PNGWriteError> = frame.withUnsafeBytes { bytes in
                Result { () throws(PNGWriteError) -> [UInt8] in
                    try PNGWriter.encode(bgra: bytes, width: width, height: height, pitch: width * 4, level: PNGWriter.fastLevel)
                }
            }
            do throws(PNGWriteError) {
                try PNGWriter.write(try outcome.get(), to: path)
                done(returning: frame, failure: nil)
            } catch {
                done(returning: frame, failure: "\(path): \(error.reason)")
            }
        }
    }

    /// Waits for every queued frame to be written. Throws the first failure, naming its file.
    public func finish() throws(PNGFrameError) {
        queue.waitUntilAllOperationsAreFinished()
        try check()
    }

    /// Frames written so far.
    public var written: Int { lock.withLock { finished } }

    private func check() throws(PNGFrameError) {
        if let why = lock.withLock({ failure }) { throw PNGFrameError(message: why) }
    }

    private func takeBuffer() -> Data { lock.withLock { buffers.popLast() } ?? Data() }

    private func done(returning buffer: Data, failure why: String?) {
        lock.withLock {
            buffers.append(buffer)
            if why == nil { finished += 1 }
            if failure == nil, let why { failure = why }
        }
    }
}

/// A frame that could not be written: its file and why, as one line.
public struct PNGFrameError: Error, Sendable {
    public let message: String
}
