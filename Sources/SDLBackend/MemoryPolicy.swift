import CSDL2

/// Process-wide memory settings for a long session.
public enum MemoryPolicy {
    /// Large allocations (256 KB and up: decode buffers, window-sized buffers of the renderer and driver) are
    /// returned to the system when freed, so resident memory follows what is in use instead of keeping the highest
    /// level a resize or a decode ever reached (glibc's adaptive mmap threshold does that otherwise).
    public static func returnLargeBlocksToTheSystem() {
        _ = carousel_malloc_fix_mmap_threshold()
    }
}
