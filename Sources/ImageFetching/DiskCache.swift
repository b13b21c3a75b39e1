import CarouselSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fetched bytes as files named by cache key in one folder, bounded in total size: the files used longest ago
/// (by modification time, refreshed on every read) are deleted first. Several processes may share the folder.
///
/// A file appears whole or not at all: it is written through `AtomicFile` (a hidden `.KEY.PID.RANDOM.tmp` file
/// beside it, every write and the fsync checked, then renamed over the final name, an atomic step on one file
/// system), so another process reads the old file, the new one or none, never half of one. A reader opens a file
/// once and reads the size it had when opened, so a rename or an eviction meanwhile does not cut it short.
///
/// A process killed mid-write leaves only its temporary file. Every cache sweeps such leftovers when it is first
/// used and after each write: a temporary file whose writer (the PID in its name) is no longer running is deleted
/// at once, any other after ten minutes (no write of one image takes that long).
final class DiskCache: Sendable {
    let directory: URL
    let byteLimit: Int
    /// Serialises this process's writes and eviction, so two passes never count the same files.
    private let writeLock = NSLock()
    private let swept = Locked(false)
    /// Age after which any temporary file is a leftover, whoever wrote it.
    static let abandonedAge: TimeInterval = 600
    /// Temporary files of versions before `AtomicFile`, deleted after a minute.
    static let legacyPartialPrefix = ".partial-"

    init(directory: URL, byteLimit: Int) {
        self.directory = directory
        self.byteLimit = max(byteLimit, 0)
    }

    /// The file for `key`.
    func url(for key: String) -> URL { directory.appendingPathComponent(key) }

    /// The cached bytes for `key`, marking the file as just used; nil when absent, unreadable, not a regular file,
    /// or larger than `maxBytes` (it is not read then).
    func read(_ key: String, maxBytes: Int) -> Data? {
        sweepOnce()
        let path = url(for: key).path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0, info.st_size <= maxBytes else {
            return nil
        }
        var data = Data(count: Int(info.st_size))
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            var done = 0
            while done < buffer.count {
                let n = Glibc.read(fd, buffer.baseAddress! + done, buffer.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
        guard complete else { return nil }
        // Just used: the eviction order is by modification time.
        futimens(fd, nil)
        return data
    }

    /// Stores `data` under `key` (replacing any older copy), then evicts beyond the limit. Failures (a read-only
    /// folder, a full disk) leave the cache as it was: caching is an optimisation, never an error.
    func write(_ data: Data, for key: String) {
        guard data.count <= byteLimit else { return }
        writeLock.lock()
        defer { writeLock.unlock() }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch { return }
        do throws(AtomicFileError) {
            try AtomicFile.write(data, to: url(for: key).path)
        } catch { return }
        evict()
    }

    /// Deletes the file for `key`, if any.
    func remove(_ key: String) {
        writeLock.lock()
        defer { writeLock.unlock() }
        unlink(url(for: key).path)
    }

    /// Deletes abandoned temporary files, the first time this cache is used.
    private func sweepOnce() {
        guard swept.withLock({ done in defer { done = true }; return !done }) else { return }
        writeLock.lock()
        defer { writeLock.unlock() }
        _ = scan()
    }

    /// Deletes the least recently used files until the total is within the limit, and abandoned temporary files.
    private func evict() {
        swept.withLock { $0 = true }
        var files = scan()
        var total = files.reduce(0) { $0 + $1.size }
        guard total > byteLimit else { return }
        files.sort { ($0.date, $0.url.lastPathComponent) < ($1.date, $1.url.lastPathComponent) }
        for file in files where total > byteLimit {
            if unlink(file.url.path) == 0 || errno == ENOENT { total -= file.size }
        }
    }

    /// The cached files with their sizes and last use, after deleting abandoned temporary files.
    private func scan() -> [(url: URL, size: Int, date: Date)] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        guard let urls = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else { return [] }
        var files: [(url: URL, size: Int, date: Date)] = []
        for url in urls {
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
            let name = url.lastPathComponent
            let date = values.contentModificationDate ?? .distantPast
            if name.hasPrefix(".") {
                if Self.isAbandoned(name, modified: date) { unlink(url.path) }
                continue
            }
            files.append((url, values.fileSize ?? 0, date))
        }
        return files
    }

    /// Whether the hidden file `name`, last modified at `modified`, is a temporary file nobody will finish: its
    /// writer is gone, or it is older than `abandonedAge`. Other hidden files are left alone.
    static func isAbandoned(_ name: String, modified: Date, now: Date = Date()) -> Bool {
        let age = now.timeIntervalSince(modified)
        if name.hasPrefix(legacyPartialPrefix) { return age > 60 }
        guard AtomicFile.isTemporary(name) else { return false }
        return age > abandonedAge || AtomicFile.isAbandoned(name)
    }

    /// The total size of the cached files, in bytes.
    func totalBytes() -> Int {
        let urls = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.fileSizeKey])) ?? []
        return urls.filter { !$0.lastPathComponent.hasPrefix(".") }
            .reduce(0) { $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
    }
}
