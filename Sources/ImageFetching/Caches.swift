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
