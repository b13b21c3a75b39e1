@testable import SDLBackend
import Testing

/// The pixel memory a buffer gives back is taken by the next buffer of about its size, within the pool's limit, and
/// all of it goes back to the system once the pool is unused.
@Suite("Pixel memory pool")
struct PixelMemoryPoolTests {
    @Test("A block given back is taken again for a size it fits (at most twice as large); small blocks are not kept")
    func reuse() {
        let pool = PixelMemoryPool(limit: 4 << 20)
        let a = pool.take(300_000)
        #expect(a.bytes == 300_000)
        pool.give(a.pointer, bytes: a.bytes)
        #expect(pool.keptBytes == 300_000)
        #expect(pool.take(700_000).pointer != a.pointer, "more than the block holds")
        let b = pool.take(200_000)
        #expect(b.pointer == a.pointer && b.bytes == 300_000, "the kept block, whole")
        #expect(pool.keptBytes == 0)
        pool.give(b.pointer, bytes: b.bytes)
        let tiny = pool.take(100_000)
        #expect(tiny.pointer != a.pointer, "a block over twice the size asked for stays for a larger buffer")
        let small = pool.take(1_000)
        pool.give(small.pointer, bytes: small.bytes)
        #expect(pool.keptBytes == 300_000, "blocks under 64 KB go straight back to malloc")
        pool.give(tiny.pointer, bytes: tiny.bytes)
        #expect(pool.drain() == 400_000)
        #expect(pool.keptBytes == 0)
    }

    @Test("The pool keeps at most its limit (the oldest blocks are freed first) and drains once unused")
    func bounded() {
        let pool = PixelMemoryPool(limit: 1 << 20)
        let blocks = (0..<5).map { _ in pool.take(300_000) }
        for b in blocks { pool.give(b.pointer, bytes: b.bytes) }
        #expect(pool.keptBytes == 900_000)
        let again = pool.take(300_000)
        #expect(again.pointer == blocks[4].pointer || again.pointer == blocks[3].pointer || again.pointer == blocks[2].pointer,
                "the newest blocks were kept")
        pool.give(again.pointer, bytes: again.bytes)
        #expect(pool.drainIfUnused(for: 3600) != nil, "used a moment ago: kept, and the loop told when to look again")
        #expect(pool.keptBytes == 900_000)
        #expect(pool.drainIfUnused(for: 0) == nil)
        #expect(pool.keptBytes == 0)
    }
}
