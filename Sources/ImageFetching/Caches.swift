import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a lock, for the few pieces of shared mutable state of a `Sendable` fetcher.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

// MARK: - Memory cache

/// Recently fetched bytes by cache key, bounded by their total size; the least recently used go first.
struct MemoryCache {
    private var entries: [String: (data: Data, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0
    /// The most bytes kept.
    let byteLimit: Int
    /// The bytes kept now.
    private(set) var totalBytes = 0

    init(byteLimit: Int) { self.byteLimit = max(byteLimit, 0) }

    /// The bytes for `key`, marking them as just used.
    mutating func data(for key: String) -> Data? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.data, clock)
        return entry.data
    }

    /// Keeps `data` under `key`, dropping the least recently used entries beyond the limit. Data larger than the
    /// whole limit is not kept.
    mutating func insert(_ data: Data, for key: String) {
        if let old = entries.removeValue(forKey: key) { totalBytes -= old.data.count }
        guard data.count <= byteLimit else { return }
        clock += 1
        entries[key] = (data, clock)
        totalBytes += data.count
        while totalBytes > byteLimit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            totalBytes -= oldest.value.data.count
        }
    }

    /// Forgets the bytes for `key`.
    mutating func remove(_ key: String) {
        if let old = entries.removeValue(forKey: key) { totalBytes -= old.data.count }
    }

    mutating func removeAll() { entries.removeAll(); totalBytes = 0 }
}

// MARK: - Disk cache

/// Fetched bytes as files named by cache key in one folder, bounded in total size: the files used longest ago
/// (by modification time, refreshed on every read) are deleted first.
///
/// A file appears whole or not at all: bytes go to a hidden `.partial-*` file in the same folder, which is then
/// renamed over the final name (an atomic step on one file system). Partial files left by a crash are deleted by
/// the next eviction pass once they are a minute old.
final class DiskCache: Sendable {
    let directory: URL
    let byteLimit: Int
    /// Serialises writes and eviction, so two passes never count the same files.
    private let writeLock = NSLock()
    /// Prefix of in-progress files.
    static let partialPrefix = ".partial-"
    /// Age after which a partial file is a crash leftover.
    static let stalePartialAge: TimeInterval = 60

    init(directory: URL, byteLimit: Int) {
        self.directory = directory
        self.byteLimit = max(byteLimit, 0)
    }

    /// The file for `key`.
    func url(for key: String) -> URL { directory.appendingPathComponent(key) }

    /// The cached bytes for `key`, marking the file as just used; nil when absent or unreadable.
    func read(_ key: String) -> Data? {
        let file = url(for: key)
        guard let data = try? Data(contentsOf: file) else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return data
    }

    /// Stores `data` under `key` (replacing any older copy), then evicts beyond the limit. Failures (a read-only
    /// folder, a full disk) leave the cache as it was: caching is an optimisation, never an error.
    func write(_ data: Data, for key: String) {
        guard data.count <= byteLimit else { return }
        writeLock.lock()
        defer { writeLock.unlock() }
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch { return }
        let partial = directory.appendingPathComponent(Self.partialPrefix + UUID().uuidString)
        do {
            try data.write(to: partial)
            guard rename(partial.path, url(for: key).path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? fm.removeItem(at: partial)
            return
        }
        evict()
    }

    /// Deletes the file for `key`, if any.
    func remove(_ key: String) {
        writeLock.lock()
        defer { writeLock.unlock() }
        try? FileManager.default.removeItem(at: url(for: key))
    }

    /// Deletes the least recently used files until the total is within the limit, and stale partial files.
    private func evict() {
        let fm = FileManager.default
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        guard let urls = try? fm.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else { return }
        var files: [(url: URL, size: Int, date: Date)] = []
        let now = Date()
        for url in urls {
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
            let date = values.contentModificationDate ?? .distantPast
            if url.lastPathComponent.hasPrefix(Self.partialPrefix) {
                if now.timeIntervalSince(date) > Self.stalePartialAge { try? fm.removeItem(at: url) }
                continue
            }
            files.append((url, values.fileSize ?? 0, date))
        }
        var total = files.reduce(0) { $0 + $1.size }
        guard total > byteLimit else { return }
        files.sort { ($0.date, $0.url.lastPathComponent) < ($1.date, $1.url.lastPathComponent) }
        for file in files where total > byteLimit {
            if (try? fm.removeItem(at: file.url)) != nil { total -= file.size }
        }
    }

    /// The total size of the cached files, in bytes.
    func totalBytes() -> Int {
        let urls = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.fileSizeKey])) ?? []
        return urls.filter { !$0.lastPathComponent.hasPrefix(".") }
            .reduce(0) { $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
    }
}
