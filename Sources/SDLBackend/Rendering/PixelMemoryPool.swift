import Dispatch
import Synchronization

/// Pixel memory a buffer gave back, kept for the next buffer of about its size (issue 41). Layers that change size
/// every frame (a poster zooming while it fades, a gradient that widens with its card) and the first layers of each
/// card a sweep passes over would otherwise each take fresh pages from the system (blocks of 256 KB and up are
/// mapped anew, see `MemoryPolicy`), and the page faults of filling them were 3 % of a pointer sweep's CPU. At most
/// `limit` bytes are kept, and all of them go back to the system once the pool has not been used for a second
/// (the window loop calls `drainIfUnused`), so an idle window holds none.
final class PixelMemoryPool: Sendable {
    /// The pool every `PixelBuffer` allocates from.
    static let shared = PixelMemoryPool(limit: 16 << 20)
    /// Blocks smaller than this come from malloc's heap, where they are reused anyway: not kept.
    static let smallest = 64 << 10

    private struct Block { var address: UInt; var bytes: Int }
    private let blocks = Mutex<[Block]>([])
    /// When a block was last taken or given (`DispatchTime` nanoseconds).
    private let lastUse = Atomic<UInt64>(0)
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Memory for at least `bytes` (64-byte aligned) and how much it holds: a kept block no more than twice that
    /// size, else a new one.
    func take(_ bytes: Int) -> (pointer: UnsafeMutableRawPointer, bytes: Int) {
        lastUse.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
        if bytes >= PixelMemoryPool.smallest, let found = blocks.withLock({ blocks -> Block? in
            guard let i = blocks.indices.filter({ blocks[$0].bytes >= bytes && blocks[$0].bytes <= 2 * bytes })
                .min(by: { blocks[$0].bytes < blocks[$1].bytes }) else { return nil }
            return blocks.remove(at: i)
        }), let pointer = UnsafeMutableRawPointer(bitPattern: found.address) {
            return (pointer, found.bytes)
        }
        return (UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64), bytes)
    }

    /// Takes back memory from `take`: kept while the pool has room (the oldest blocks leave first), else freed.
    func give(_ pointer: UnsafeMutableRawPointer, bytes: Int) {
        guard bytes >= PixelMemoryPool.smallest, bytes <= limit else { pointer.deallocate(); return }
        lastUse.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
        let freed = blocks.withLock { blocks -> [UInt] in
            var freed: [UInt] = []
            var held = blocks.reduce(0) { $0 + $1.bytes }
            while held + bytes > limit, !blocks.isEmpty {
                let oldest = blocks.removeFirst()
                held -= oldest.bytes
                freed.append(oldest.address)
            }
            blocks.append(Block(address: UInt(bitPattern: pointer), bytes: bytes))
            return freed
        }
        for address in freed { UnsafeMutableRawPointer(bitPattern: address)?.deallocate() }
    }

    /// Frees every kept block; returns the bytes freed.
    @discardableResult
    func drain() -> Int {
        let kept = blocks.withLock { blocks -> [Block] in defer { blocks.removeAll() }; return blocks }
        for block in kept { UnsafeMutableRawPointer(bitPattern: block.address)?.deallocate() }
        return kept.reduce(0) { $0 + $1.bytes }
    }

    /// Frees every kept block when the pool has not been used for `seconds`; returns how long until it will have
    /// been, when blocks are kept (the loop then wakes that much later at most), else nil.
    func drainIfUnused(for seconds: Double) -> Double? {
        guard keptBytes > 0 else { return nil }
        let unused = Double(DispatchTime.now().uptimeNanoseconds &- lastUse.load(ordering: .relaxed)) / 1e9
        if unused >= seconds { drain(); return nil }
        return seconds - unused
    }

    /// Bytes kept now.
    var keptBytes: Int { blocks.withLock { $0.reduce(0) { $0 + $1.bytes } } }
}
