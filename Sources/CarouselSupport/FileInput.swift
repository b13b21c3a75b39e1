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
            return errno == EACCES ? "permission denied (a folder on the path cannot be searched)" : "file not found"
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
        case S_IFREG: break
        case S_IFIFO where regularOnly: return "is a FIFO (named pipe), not a regular file"
        case S_IFCHR where regularOnly, S_IFBLK where regularOnly: return "is a device, not a regular file"
        case S_IFSOCK: return "is a socket, not a file"
        default: break
        }
        guard access(path, R_OK) == 0 else { return "permission denied" }
        return nil
    }

    // MARK: Reading

    /// Reads at most `limit` bytes of the file at `path`; `what` names the file's role in messages ("parameter
    /// file"). Throws a one-line message naming the path when the file cannot be read or is larger than `limit`.
    /// FIFOs are allowed (a shell's `<(...)` is one) and read until their writer closes them, up to `limit`.
    public static func read(_ path: String, limit: Int, what: String) throws(FileInputError) -> Data {
        if let problem = problem(at: path, regularOnly: false) { throw FileInputError("\(path): cannot read the \(what): \(problem)") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FileInputError("\(path): cannot read the \(what): \(String(cString: strerror(errno)))")
        }
        defer { try? handle.close() }
        var data = Data()
        do {
            while data.count <= limit, let chunk = try handle.read(upToCount: min(1 << 20, limit + 1 - data.count)), !chunk.isEmpty {
                data.append(chunk)
            }
        } catch {
            throw FileInputError("\(path): cannot read the \(what): \(error.localizedDescription)")
        }
        guard data.count <= limit else { throw FileInputError("\(path): the \(what) is larger than \(sizeText(limit)); not read") }
        return data
    }

    /// "1 MB", "8 MB", "512 KB".
    public static func sizeText(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : bytes >= 1024 ? "\(bytes >> 10) KB" : "\(bytes) bytes"
    }
}
