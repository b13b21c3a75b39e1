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
///
/// A stream gives its bytes once: a second `open` of a shell's `<(...)` finds its writer gone and reads nothing (or
/// waits for a writer that never comes), yet one command may need a file several times (`capture --params` reads a
/// sidecar's defaults, then its values; a GIF's sample pass and `check`'s second session make their run again). So
/// what a stream read with `.read` gave, bytes or failure, is kept for the process, by path and inode, and every
/// later read of it gets the same (`StreamMemo`): each input file is read once. Regular files are read afresh each
/// time (a watched parameter file changes).
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
        if streams == .read, let stream = StreamMemo.key(path) {
            return try StreamMemo.once(stream, limit: limit) { () throws(Failure) in try readOnce(path, limit: limit, streams: streams) }.get()
        }
        return try readOnce(path, limit: limit, streams: streams)
    }

    /// Opens and reads `path` (see `read`).
    private static func readOnce(_ path: String, limit: Int, streams: Streams) throws(Failure) -> Data {
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

/// What the streams this process read gave (see `SafeFileReader`): each FIFO, pipe or device is read once.
enum StreamMemo {
    /// A stream: its path and the inode it names.
    struct Key: Hashable {
        let path: String
        let device: UInt64
        let inode: UInt64
    }

    nonisolated(unsafe) private static var results: [Key: Result<Data, SafeFileReader.Failure>] = [:]
    private static let lock = NSLock()

    /// The key of `path` when it names a stream (not a regular file, a folder or nothing); nil otherwise.
    static func key(_ path: String) -> Key? {
        var info = stat()
        guard stat(path, &info) == 0, FileInput.nonRegularKind(info.st_mode) != nil, (info.st_mode & S_IFMT) != S_IFDIR else { return nil }
        return Key(path: path, device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// What reading `key` gave the first time, reading it with `read` now if it never was. A later read with a
    /// smaller limit than the bytes kept is refused as too large, as reading the stream would have been. The
    /// lock is held while the stream is read, so two threads never both open it.
    static func once(_ key: Key, limit: Int, read: () throws(SafeFileReader.Failure) -> Data) -> Result<Data, SafeFileReader.Failure> {
        lock.lock()
        defer { lock.unlock() }
        if let kept = results[key] {
            if case .success(let data) = kept, data.count > limit { return .failure(SafeFileReader.Failure("larger than the limit", tooLarge: true)) }
            return kept
        }
        let result: Result<Data, SafeFileReader.Failure>
        do { result = .success(try read()) } catch { result = .failure(error) }
        results[key] = result
        return result
    }
}
