import CarouselSupport
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
    private var entries: LRUCache<String, Data>
    /// The most bytes kept.
    var byteLimit: Int { entries.costLimit }
    /// The bytes kept now.
    var totalBytes: Int { entries.totalCost }

    init(byteLimit: Int) { entries = LRUCache(costLimit: byteLimit) }

    /// The bytes for `key`, marking them as just used.
    mutating func data(for key: String) -> Data? { entries.value(for: key) }

    /// Keeps `data` under `key`, dropping the least recently used entries beyond the limit. Data larger than the
    /// whole limit is not kept.
    mutating func insert(_ data: Data, for key: String) { entries.insert(data, for: key, cost: data.count) }

    /// Forgets the bytes for `key`.
    mutating func remove(_ key: String) { entries.remove(key) }

    mutating func removeAll() { entries.removeAll() }
}
