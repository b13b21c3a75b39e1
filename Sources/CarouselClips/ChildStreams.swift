import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child's standard streams, served by one thread of their own (`ChildProcess`): bytes written to its standard
/// input and the input then closed; its standard output and standard error read as they come, both at once, so that
/// neither pipe fills up and stops the child, whatever it writes first and however much. They are read until their
/// ends, or until `finish()` says the child has ended: then what the pipes hold is read and the rest left (a program
/// the child started, such as xclip's clipboard server, may hold them open for ever); input not yet taken is dropped.
final class ChildStreams: @unchecked Sendable {
    /// Which of the child's outputs.
    enum Stream: Int { case output = 0, errors = 1 }

    private let lock = NSLock()
    /// What each stream brought so far (under `lock`).
    private var collected = [Data(), Data()]
    /// Set (under `lock`) once `finish()` has returned.
    private var finished = false
    private let stopped = DispatchSemaphore(value: 0)
    /// A pipe whose byte tells the thread that the child has ended.
    private var wake: [Int32] = [-1, -1]

    /// Starts serving: `input` (its pipe's write end and the bytes for it), `output` and `errors` (their pipes' read
    /// ends). Takes the descriptors over: they are closed here.
    init(input: (fd: Int32, bytes: Data)?, output: Int32?, errors: Int32?) {
        let sources = [(output, Stream.output), (errors, Stream.errors)].compactMap { fd, stream in fd.map { ($0, stream) } }
        guard !sources.isEmpty || input != nil else {  // nothing to serve: no thread
            stopped.signal()
            return
        }
        if pipe(&wake) == 0 {
            for fd in wake { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        let thread = Thread { [self] in serve(input: input, sources: sources) }
        thread.name = "child-streams"
        thread.stackSize = 1 << 18
        thread.start()
    }

    deinit { for fd in wake where fd >= 0 { close(fd) } }

    /// What `stream` brought so far (all of it, once `finish()` has returned).
    func text(of stream: Stream) -> Data {
        lock.lock(); defer { lock.unlock() }
        return collected[stream.rawValue]
    }

    /// Tells the thread that the child has ended and waits for it to read what the pipes hold and stop. Later calls
    /// return at once.
    func finish() {
        lock.lock(); let done = finished; lock.unlock()
        guard !done else { return }
        var byte: UInt8 = 1
        if wake[1] >= 0 { _ = write(wake[1], &byte, 1) }
        stopped.wait()
        lock.lock(); finished = true; lock.unlock()
    }

    /// The thread: polls the input for room and the outputs for bytes (and `wake`) until nothing is left to serve.
    private func serve(input: (fd: Int32, bytes: Data)?, sources: [(fd: Int32, stream: Stream)]) {
        // A write to a child that has gone fails with EPIPE on this thread instead of ending the whole process; the
        // SIGPIPE stays pending here and goes with the thread.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal); sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        var reading = sources
        var writing = input
        var written = 0
        for fd in reading.map(\.fd) + [writing?.fd].compactMap({ $0 }) { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { buffer.deallocate() }
        /// Reads once from `fd` into its stream: true when it may have more, nil when it has none now, false at its end
        /// (or on an error).
        func readOnce(_ fd: Int32, _ stream: Stream) -> Bool? {
            let n = read(fd, buffer, 1 << 16)
            if n > 0 {
                lock.lock(); collected[stream.rawValue].append(buffer.assumingMemoryBound(to: UInt8.self), count: n); lock.unlock()
                return true
            }
            if n < 0 && errno == EINTR { return true }
            return n < 0 && errno == EAGAIN ? nil : false
        }
        func stopWriting() {
            if let fd = writing?.fd { close(fd) }
            writing = nil
        }
        if writing?.bytes.isEmpty == true { stopWriting() }
        var childEnded = false
        while !childEnded && (!reading.isEmpty || writing != nil) {
            var polled = reading.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            if let fd = writing?.fd { polled.append(pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)) }
            polled.append(pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0))
            guard poll(&polled, nfds_t(polled.count), -1) >= 0 || errno == EINTR else { break }
            if polled.last!.revents != 0 { childEnded = true }
            var open: [(fd: Int32, stream: Stream)] = []
            for (k, source) in reading.enumerated() {
                if polled[k].revents == 0 || readOnce(source.fd, source.stream) != false { open.append(source) } else { close(source.fd) }
            }
            reading = open
            if let (fd, bytes) = writing, polled[polled.count - 2].revents != 0 {
                let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
                if n > 0 { written += n }
                if written == bytes.count || (n < 0 && errno != EAGAIN && errno != EINTR) { stopWriting() }
            }
        }
        // The child has ended: everything it wrote is in the pipes; read it, leave the rest.
        for source in reading {
            while readOnce(source.fd, source.stream) == true {}
            close(source.fd)
        }
        stopWriting()
        stopped.signal()
    }
}
