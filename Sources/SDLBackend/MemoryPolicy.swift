import CSDL2
import Dispatch

/// Process-wide memory settings for a long session.
public enum MemoryPolicy {
    /// Large allocations (256 KB and up: decode buffers, window-sized buffers of the renderer and driver) are
    /// returned to the system when freed, so resident memory follows what is in use instead of keeping the highest
    /// level a resize or a decode ever reached (glibc's adaptive mmap threshold does that otherwise).
    /// Two malloc arenas at most: the decoder and fetch threads otherwise get one each, and the free memory that a
    /// burst of decodes leaves in each stays resident.
    public static func returnLargeBlocksToTheSystem() {
        _ = carousel_malloc_fix_mmap_threshold()
        _ = carousel_malloc_limit_arenas()
    }

    private nonisolated(unsafe) static var lastTrim = 0.0
    /// How long the last trim took, in seconds (`run --stats`).
    public private(set) nonisolated(unsafe) static var lastTrimDuration = 0.0

    /// Returns the free memory the allocator holds to the system (`malloc_trim`), at most every `interval` seconds
    /// of `now` (wall time). The window loop calls it each iteration; it costs about a millisecond when it runs.
    @discardableResult
    public static func trimIfDue(now: Double, interval: Double = 10) -> Bool {
        guard now - lastTrim >= interval else { return false }
        lastTrim = now
        let start = DispatchTime.now().uptimeNanoseconds
        _ = carousel_malloc_trim()
        lastTrimDuration = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return true
    }

    /// Bytes in use from malloc (glibc's `mallinfo2`): what the process holds, unlike resident memory, which also
    /// counts freed memory the allocator keeps for reuse.
    public static var heapInUseBytes: Int { Int(carousel_heap_in_use()) }
}
