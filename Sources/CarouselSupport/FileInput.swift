import Foundation

/// A file that cannot be read, as one line naming the file and the problem.
public struct FileInputError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Reading the files the app is given (deck, parameter and script files, images) without surprises: a size limit
/// checked before anything is read, so a huge file or an endless device never fills memory, and a short phrase for
/// every reason a path is not a readable file (missing, a broken symbolic link, a link loop, a folder, a FIFO,
/// permissions).
public enum FileInput {
    // MARK: Checking

    /// Why `path` cannot be opened as a file, as a short phrase ("file not found", "symbolic link loop", ...), or
    /// nil when it can. `regularOnly` also refuses FIFOs, devices and sockets: opening a FIFO blocks until a writer
    /// appears, which must never happen on a decoding thread.
    public static func problem(at path: String, regularOnly: Bool) -> String? {
        var link = stat()
        guard lstat(path, &link) == 0 else {
            if errno == EACCES { return "permission denied (a folder on the path cannot be searched)" }
            // A name that is not UTF-8 reaches Swift with U+FFFD in place of its bytes: no file has that name.
            if path.unicodeScalars.contains("\u{FFFD}") { return "file not found (its name is not valid UTF-8, which cannot be opened here: rename it)" }
            return "file not found"
        }
        var target = stat()
        if stat(path, &target) != 0 {
            let why = errno
            if (link.st_mode & S_IFMT) == S_IFLNK {
                if why == ELOOP { return "symbolic link loop" }
                let dest = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                return "broken symbolic link (points to \(dest))"
            }
            return String(cString: strerror(why))
        }
        switch target.st_mode & S_IFMT {
        case S_IFDIR: return "is a folder, not a file"
        case S_IFSOCK: return "is a socket, not a file"
        default: if regularOnly, let kind = nonRegularKind(target.st_mode) { return kind }
        }
        guard access(path, R_OK) == 0 else { return "permission denied" }
        return nil
    }

    /// What a file of `mode` is when it is not a regular file, as `problem` says it; nil for a regular file.
    public static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "is a folder, not a file"
        case S_IFIFO: "is a FIFO (named pipe), not a regular file"
        case S_IFCHR, S_IFBLK: "is a device, not a regular file"
        default: "is a socket, not a file"
        }
    }

    /// Whether `path` is a regular file (following links).
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    // MARK: Reading

    /// Reads at most `limit` bytes of the file at `path`; `what` names the file's role in messages ("parameter
    /// file"). Throws a one-line message naming the path when the file cannot be read or is larger than `limit`.
    /// With `streams` `.read` (the command line), FIFOs (a shell's `<(...)` is one) and devices are read until their
    /// writer closes them, up to `limit`; with `.refuse` (the window's thread) they are refused without waiting.
    public static func read(_ path: String, limit: Int, what: String, streams: SafeFileReader.Streams = .read) throws(FileInputError) -> Data {
        do { return try SafeFileReader.read(path, limit: limit, streams: streams) } catch {
            if error.tooLarge { throw FileInputError("\(path): the \(what) is larger than \(sizeText(limit)); not read") }
            throw FileInputError("\(path): cannot read the \(what): \(error.phrase)")
        }
    }

    /// "1 MB", "8 MB", "512 KB".
    public static func sizeText(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : bytes >= 1024 ? "\(bytes >> 10) KB" : "\(bytes) bytes"
    }
}
