import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one response body, in one malloc'd block that never grows past `limit`: an append that would pass
/// it is refused, so a response's memory is bounded by its byte budget whatever the server sends. The block grows
/// by doubling (capped at the limit; glibc moves large blocks with mremap, without copying) and is handed to `Data`
/// without a copy.
final class BodyBuffer {
    /// The most bytes kept.
    let limit: Int
    /// The bytes kept so far.
    private(set) var count = 0
    private var capacity = 0
    private var storage: UnsafeMutableRawPointer?

    init(limit: Int) { self.limit = max(limit, 0) }

    deinit { free(storage) }

    /// Why an append was refused.
    enum Refusal: Error { case overLimit, outOfMemory }

    /// Makes room for `bytes` in all (at most the limit) in one step, e.g. for a declared Content-Length.
    func reserve(_ bytes: Int) throws(Refusal) {
        let wanted = min(bytes, limit)
        guard wanted > capacity else { return }
        guard let grown = realloc(storage, wanted) else { throw .outOfMemory }
        storage = grown
        capacity = wanted
    }

    /// Appends `bytes`, or throws without keeping any of them when they would pass the limit.
    func append(_ bytes: UnsafeRawBufferPointer) throws(Refusal) {
        guard !bytes.isEmpty else { return }
        guard bytes.count <= limit - count else { throw .overLimit }
        if count + bytes.count > capacity {
            try reserve(max(count + bytes.count, min(limit, max(capacity * 2, 64 << 10))))
        }
        storage!.advanced(by: count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        count += bytes.count
    }

    /// The first `n` bytes kept (fewer when fewer are kept).
    func prefix(_ n: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: storage, count: min(n, count))
    }

    /// The bytes as `Data`, without a copy; the buffer is empty afterwards.
    func take() -> Data {
        guard let block = storage, count > 0 else { return Data() }
        // Give back the unused tail of a block that grew by doubling.
        let exact = count < capacity ? realloc(block, count) ?? block : block
        let data = Data(bytesNoCopy: exact, count: count, deallocator: .free)
        storage = nil
        capacity = 0
        count = 0
        return data
    }
}
