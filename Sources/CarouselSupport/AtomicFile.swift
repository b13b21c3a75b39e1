import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Files that appear whole or not at all: bytes go to a hidden temporary file beside the target (every `write(2)`,
/// the `fsync(2)` and the `close(2)` checked), which is then renamed over the target, or hard-linked to it when
/// nothing may be replaced. A reader never sees half a file, and a failure (folder not writable, disk full, a
/// file-size limit) leaves no partial file behind. Every file the app writes goes through here.
public enum AtomicFile {
    /// Writes `data` to `path`. With `replacing` false the write fails with `.exists` when `path` exists; nothing is
    /// ever replaced unasked. The folder must exist.
    public static func write(_ data: Data, to path: String, replacing: Bool = true) throws(AtomicFileError) {
        try writeAll([(path, data)], replacing: replacing)
    }

    /// Writes `text` as UTF-8 to `path` (see `write(_:to:replacing:)`).
    public static func write(_ text: String, to path: String, replacing: Bool = true) throws(AtomicFileError) {
        try write(Data(text.utf8), to: path, replacing: replacing)
    }

    /// Writes several files as one: all of them are written to temporary files first, then moved into place in
    /// order. On any failure none of them is left behind (nor any temporary file), e.g. a PNG and its sidecar.
    public static func writeAll(_ files: [(path: String, data: Data)], replacing: Bool = true) throws(AtomicFileError) {
        var temps: [String] = []
        func undo() { temps.forEach { unlink($0) } }
        for file in files {
            do throws(AtomicFileError) {
                try checkReplaceable(file.path)
                temps.append(try writeTemporary(file.data, beside: file.path))
            } catch {
                undo()
                throw error
            }
        }
        var placed: [String] = []
        for (temp, file) in zip(temps, files) {
            do throws(AtomicFileError) {
                try commit(temp, to: file.path, replacing: replacing)
                placed.append(file.path)
            } catch {
                undo()
                placed.forEach { unlink($0) }
                throw error
            }
        }
    }

    /// Moves a finished temporary file (from `temporaryPath(beside:)` or `writeTemporary`) to `path`: renamed over
    /// it when `replacing`, else hard-linked (failing with `.exists` when `path` exists). The temporary file is
    /// gone afterwards, whatever happens.
    public static func commit(_ temp: String, to path: String, replacing: Bool = true) throws(AtomicFileError) {
        if replacing {
            guard rename(temp, path) != 0 else { return }
            let why = AtomicFileError.lastReason
            unlink(temp)
            throw AtomicFileError(path: path, reason: why)
        }
        defer { unlink(temp) }
        guard link(temp, path) != 0 else { return }
        if errno == EEXIST { throw AtomicFileError(path: path, reason: "already exists", kind: .exists) }
        throw AtomicFileError(path: path, reason: AtomicFileError.lastReason)
    }

    /// A new hidden, unique name beside `path` for a temporary file (for writers that produce the file themselves,
    /// such as an encoder): `.NAME.PID.RANDOM.tmp`.
    public static func temporaryPath(beside path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        return "\(dir)/.\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    /// Whether `name` is a temporary file this type makes (a crash may leave them behind).
    public static func isTemporary(_ name: String) -> Bool { name.hasPrefix(".") && name.hasSuffix(".tmp") }

    /// Throws when `path` exists and is neither a regular file nor a symbolic link (a link is replaced by the file):
    /// a folder, a device or a FIFO is never replaced.
    public static func checkReplaceable(_ path: String) throws(AtomicFileError) {
        var existing = stat()
        if lstat(path, &existing) == 0, (existing.st_mode & S_IFMT) != S_IFREG, (existing.st_mode & S_IFMT) != S_IFLNK {
            throw AtomicFileError(path: path, reason: "exists and is not a regular file; not replaced")
        }
    }

    /// Writes `data` to a new temporary file beside `path`, every write, the fsync and the close checked, and returns
    /// its path. On failure nothing is left behind.
    public static func writeTemporary(_ data: Data, beside path: String) throws(AtomicFileError) -> String {
        let temp = temporaryPath(beside: path)
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let dir = (temp as NSString).deletingLastPathComponent
            throw AtomicFileError(path: path, reason: "cannot create a file in \(dir): \(AtomicFileError.lastReason)")
        }
        var failure: String?
        data.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + done, buffer.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { failure = n < 0 ? AtomicFileError.lastReason : "nothing written"; return }
                done += n
            }
        }
        if failure == nil && fsync(fd) != 0 { failure = AtomicFileError.lastReason }
        if close(fd) != 0 && failure == nil { failure = AtomicFileError.lastReason }
        if let failure {
            unlink(temp)
            throw AtomicFileError(path: path, reason: failure)
        }
        return temp
    }
}

/// Why a file could not be written: the path and a phrase (`strerror`'s, or ours).
public struct AtomicFileError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, for callers that answer some failures differently.
    public enum Kind: Sendable, Equatable {
        /// The target exists and was not to be replaced.
        case exists
        case other
    }
    public let path: String
    public let reason: String
    public let kind: Kind
    public init(path: String, reason: String, kind: Kind = .other) { self.path = path; self.reason = reason; self.kind = kind }
    public var description: String { "\(path): \(reason)" }

    /// The phrase for the current `errno`.
    static var lastReason: String { String(cString: strerror(errno)) }
}
