import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a file's bytes with the system's own calls, bounded, and never waiting on a file where it must not: the
/// window's thread reads its state file, its remembered deck, its watched parameter file and pasted deck files with
/// `.refuse`, which opens without blocking and reads only regular files, so a FIFO (whose `open` waits for a writer)
/// is refused at once instead of hanging the window. The command line reads with `.read`, so a shell's `<(...)`
/// still works. Every failure is a short phrase from the system's own words (`strerror`), never a Foundation error
/// code (`/proc/self/mem` is "Input/output error", not "NSCocoaErrorDomain error 256").
public enum SafeFileReader {
    /// What a read does with a path that is not a regular file (a FIFO, a character device, a socket).
    public enum Streams: Sendable {
        /// Reads it until its writer closes it, as the command line reads `<(...)`: may wait for the writer.
        case read
        /// Refuses it without waiting: what the window's thread reads.
        case refuse
    }

    /// Why a file could not be read, as a short phrase ("is a FIFO (named pipe), not a regular file").
    public struct Failure: Error, Equatable, Sendable {
        public let phrase: String
        /// Set when the file was larger than the limit.
        public let tooLarge: Bool
        public init(_ phrase: String, tooLarge: Bool = false) { self.phrase = phrase; self.tooLarge = tooLarge }
    }

    /// Reads at most `limit` bytes of `path`; throws when it cannot be read or is larger than `limit`.
    public static func read(_ path: String, limit: Int, streams: Streams) throws(Failure) -> Data {
        if let problem = FileInput.problem(at: path, regularOnly: streams == .refuse) { throw Failure(problem) }
        // O_NONBLOCK: opening a FIFO with no writer returns at once (the check above cannot rule out a FIFO put in
        // the file's place since).
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | (streams == .refuse ? O_NONBLOCK : 0))
        guard fd >= 0 else { throw Failure(String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(String(cString: strerror(errno))) }
        if streams == .refuse, let kind = FileInput.nonRegularKind(info.st_mode) { throw Failure(kind) }
        if (info.st_mode & S_IFMT) == S_IFREG, info.st_size > off_t(limit) { throw Failure("larger than the limit", tooLarge: true) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while data.count <= limit {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, min($0.count, limit + 1 - data.count)) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw Failure(String(cString: strerror(errno))) }
            if n == 0 { break }
            data.append(contentsOf: chunk[0..<n])
        }
        guard data.count <= limit else { throw Failure("larger than the limit", tooLarge: true) }
        return data
    }
}
