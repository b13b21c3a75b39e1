import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Files that appear whole or not at all: bytes go to a hidden temporary file beside the target (every `write(2)`,
/// the `fsync(2)` and the `close(2)` checked), which is then renamed over the target, or hard-linked to it when
/// nothing may be replaced. A reader never sees half a file, and a failure (folder not writable, disk full, a
/// file-size limit) leaves no partial file behind. Every file the app writes goes through here.
///
/// A symbolic link is written through: its target is replaced, never the link (a state file linked into a dotfiles
/// repository stays a link). A folder, FIFO or device is never replaced; with `streams` (what the command line's
/// `--out` allows) `-`, `/dev/stdout` and a character device or FIFO are written straight to, as streams. The
/// first write into a folder removes the temporary files that writers killed with `kill -9` left there. Files that
/// must not replace anything and may take the next name of a series (screenshots) are placed by
/// `writeAllUnderFreeName`.
public enum AtomicFile {
    /// Writes `data` to `path`. With `replacing` false the write fails with `.exists` when `path` exists; nothing is
    /// ever replaced unasked. The folder must exist. With `streams`, a stream at `path` is written straight to.
    public static func write(_ data: Data, to path: String, replacing: Bool = true, streams: Bool = false) throws(AtomicFileError) {
        try writeAll([(path, data)], replacing: replacing, streams: streams)
    }

    /// Writes `text` as UTF-8 to `path` (see `write(_:to:replacing:streams:)`).
    public static func write(_ text: String, to path: String, replacing: Bool = true, streams: Bool = false) throws(AtomicFileError) {
        try write(Data(text.utf8), to: path, replacing: replacing, streams: streams)
    }

    /// Writes several files as one: all of them are written to temporary files first, then moved into place in
    /// order. On any failure none of them is left behind (nor any temporary file), e.g. a PNG and its sidecar.
    /// With `streams`, those that are streams (`isStream`) are written straight to, after the files are in place.
    /// `interrupted` is asked before each file and before they are moved into place (a signal caught by the
    /// caller: `export` answering SIGTERM); when it says so, nothing is left and the error's kind is `.interrupted`.
    public static func writeAll(_ files: [(path: String, data: Data)], replacing: Bool = true, streams: Bool = false,
                                interrupted: () -> Bool = { false }) throws(AtomicFileError) {
        var temps: [(temp: String, path: String)] = []
        var streamed: [(fd: Int32, path: String, data: Data)] = []
        func undo() { temps.forEach { unlink($0.temp) } }
        func stopIfInterrupted() throws(AtomicFileError) {
            guard interrupted() else { return }
            undo()
            throw AtomicFileError(path: files.first?.path ?? "", reason: "interrupted", kind: .interrupted)
        }
        for file in files {
            do throws(AtomicFileError) {
                try stopIfInterrupted()
                if streams, let fd = streamDescriptor(file.path) {
                    streamed.append((fd, file.path, file.data))
                    continue
                }
                try checkReplaceable(file.path)
                temps.append((try writeTemporary(file.data, beside: file.path), file.path))
            } catch {
                undo()
                throw error
            }
        }
        try stopIfInterrupted()
        var placed: [String] = []
        for (temp, path) in temps {
            do throws(AtomicFileError) {
                try commit(temp, to: path, replacing: replacing)
                placed.append(path)
            } catch {
                undo()
                placed.forEach { unlink(target(of: $0)) }
                throw error
            }
        }
        for stream in streamed {
            if let why = writeAll(stream.data, to: stream.fd) { throw AtomicFileError(path: stream.path, reason: why) }
        }
    }

    /// Writes several files as one (see `writeAll`) under the first free name of a series the caller numbers:
    /// `files(1)` (`shot.png` and its sidecar `shot.json`), else `files(2)` (`shot-2.png`, `shot-2.json`), and so on.
    /// Each attempt links its files into place without replacing anything, so a name is taken atomically: when any
    /// of them exists (another window's or another process's, saved in the same second), what the attempt placed is
    /// removed and the next name is tried; the files stay a set under one name. Returns the attempt that was written
    /// (1-based); gives up after `attempts`.
    @discardableResult
    public static func writeAllUnderFreeName(attempts: Int = 10_000, _ files: (Int) -> [(path: String, data: Data)]) throws(AtomicFileError) -> Int {
        for n in 1...max(attempts, 1) {
            let batch = files(n)
            // A name seen taken is passed over without writing anything; the links decide between writers.
            if batch.contains(where: { exists($0.path) }) { continue }
            do throws(AtomicFileError) {
                try writeAll(batch, replacing: false)
                return n
            } catch {
                guard error.kind == .exists else { throw error }
            }
        }
        throw AtomicFileError(path: files(1).first?.path ?? "", reason: "it and the next \(attempts - 1) numbered names are taken")
    }

    /// Whether anything (a file, a folder, a dangling link) is at `path`.
    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    // MARK: Streams and links

    /// Whether `path` names a stream rather than a file: `-` (standard output), `/dev/stdout`, `/dev/stderr`,
    /// `/dev/fd/N` and `/proc/self/fd/N`, or (through any links) a character device, a FIFO or a socket.
    public static func isStream(_ path: String) -> Bool {
        if standardDescriptor(path) != nil { return true }
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind == S_IFCHR || kind == S_IFIFO || kind == S_IFSOCK
    }

    /// The descriptor a standard stream path writes to, without opening anything: 1 for `-` and `/dev/stdout`.
    private static func standardDescriptor(_ path: String) -> Int32? {
        switch path {
        case "-", "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) { return Int32(path.dropFirst(prefix.count)) }
            return nil
        }
    }

    /// A descriptor open for writing when `path` is a stream; nil when it is a file (or nothing yet).
    private static func streamDescriptor(_ path: String) -> Int32? {
        if let fd = standardDescriptor(path) { return fd }
        guard isStream(path) else { return nil }
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        return fd >= 0 ? fd : nil
    }

    /// `path` with every symbolic link at its end followed (a link to a link, relative or absolute): the file a
    /// write replaces. A dangling link gives its target (the write creates it); a link loop gives `path` itself
    /// (the write then fails as the system says).
    public static func target(of path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK,
                  let next = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = next.hasPrefix("/") ? next : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(next).path
        }
        return path
    }

    /// Writes every byte of `data` to `fd`, retrying interrupted writes; returns why it failed (`strerror`'s words:
    /// a full disk, a reader that went away).
    public static func writeAll(_ data: Data, to fd: Int32) -> String? {
        data.withUnsafeBytes { buffer -> String? in
            var done = 0
            while done < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + done, buffer.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return n < 0 ? AtomicFileError.lastReason : "nothing written" }
                done += n
            }
            return nil
        }
    }

    // MARK: Files

    /// Moves a finished temporary file (from `temporaryPath(beside:)` or `writeTemporary`) to `path` (a link's
    /// target when `path` is a symbolic link): renamed over it when `replacing`, else hard-linked (failing with
    /// `.exists` when `path` exists). The temporary file is gone afterwards, whatever happens.
    public static func commit(_ temp: String, to path: String, replacing: Bool = true) throws(AtomicFileError) {
        let destination = target(of: path)
        if replacing {
            guard rename(temp, destination) != 0 else { return }
            let why = AtomicFileError.lastReason
            unlink(temp)
            throw AtomicFileError(path: path, reason: why)
        }
        defer { unlink(temp) }
        guard link(temp, destination) != 0 else { return }
        if errno == EEXIST { throw AtomicFileError(path: path, reason: "already exists", kind: .exists) }
        throw AtomicFileError(path: path, reason: AtomicFileError.lastReason)
    }

    /// A new hidden, unique name beside `path` (beside a link's target) for a temporary file (for writers that
    /// produce the file themselves, such as an encoder): `.NAME.PID.RANDOM.tmp`. The first time in a process that a
    /// folder is written into, the temporary files there whose writer is gone are removed.
    public static func temporaryPath(beside path: String) -> String {
        let url = URL(fileURLWithPath: target(of: path))
        let dir = url.deletingLastPathComponent().path
        removeAbandonedTemporaries(in: dir)
        return "\(dir)/.\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    /// Whether `name` is a temporary file this type makes (a crash may leave them behind).
    public static func isTemporary(_ name: String) -> Bool { name.hasPrefix(".") && name.hasSuffix(".tmp") }

    /// The process that writes the temporary file `name` (`.NAME.PID.RANDOM.tmp`), if the name says.
    public static func temporaryWriter(_ name: String) -> pid_t? {
        let parts = name.split(separator: ".")
        guard isTemporary(name), parts.count >= 4, let pid = pid_t(parts[parts.count - 3]), pid > 0,
              UInt32(parts[parts.count - 2]) != nil else { return nil }
        return pid
    }

    /// Whether the temporary file `name` will never be finished: the process writing it is gone (`kill -9`, a
    /// crash). This process's own are never abandoned.
    public static func isAbandoned(_ name: String) -> Bool {
        guard let pid = temporaryWriter(name), pid != getpid() else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// The folders this process has already swept (`removeAbandonedTemporaries`).
    nonisolated(unsafe) private static var swept: Set<String> = []
    private static let sweptLock = NSLock()

    /// Removes the abandoned temporary files in `dir`, once per folder per process.
    public static func removeAbandonedTemporaries(in dir: String) {
        sweptLock.lock()
        let first = swept.insert(dir).inserted
        sweptLock.unlock()
        guard first, let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
        for name in names where isAbandoned(name) { unlink(dir + "/" + name) }
    }

    /// Throws when `path` (a link's target, when it is a symbolic link) exists and is not a regular file: a
    /// folder, a device or a FIFO is never replaced.
    public static func checkReplaceable(_ path: String) throws(AtomicFileError) {
        var existing = stat()
        if lstat(target(of: path), &existing) == 0, (existing.st_mode & S_IFMT) != S_IFREG {
            let what = (existing.st_mode & S_IFMT) == S_IFDIR ? "is a folder" : "exists and is not a regular file"
            throw AtomicFileError(path: path, reason: "\(what); not replaced")
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
        var failure = writeAll(data, to: fd)
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
        /// The caller's `interrupted` said to stop.
        case interrupted
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
