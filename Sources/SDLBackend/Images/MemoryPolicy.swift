import CSDL2
import Dispatch
import Foundation

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

    /// Returns the free memory the allocator holds to the system (`malloc_trim`); returns how long that took, in
    /// seconds.
    @discardableResult
    public static func trim() -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = carousel_malloc_trim()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Unmaps the pages of the executable's own code that are resident (`madvise(MADV_DONTNEED)` on its text), once
    /// the window shows its first complete frame (issue 41). The binary carries the Swift runtime and Foundation
    /// (static, 17 MB of code), and starting up touches most of it: argument parsing, the runtime's conformance
    /// scans, ICU's setup. Those pages stay in the page cache, clean, and come back as code runs (a minor fault, 64 KB
    /// at a time): the frames that follow need about a third of them. Returns the bytes that were resident, or nil
    /// when the mapping was not found.
    @discardableResult
    public static func releaseCodePages() -> Int? {
        guard let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
              let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return nil }
        var released: Int?
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[1] == "r-xp", fields[5...].joined(separator: " ") == exe else { continue }
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16), end > start,
                  let address = UnsafeMutableRawPointer(bitPattern: start) else { continue }
            if madvise(address, Int(end - start), MADV_DONTNEED) == 0 { released = (released ?? 0) + Int(end - start) }
        }
        return released
    }

    /// Bytes in use from malloc (glibc's `mallinfo2`): what the process holds, unlike resident memory, which also
    /// counts freed memory the allocator keeps for reuse.
    public static var heapInUseBytes: Int { Int(carousel_heap_in_use()) }

    /// Bytes of pixel memory kept for the next layers (`PixelMemoryPool`): a bounded cache, none once the window has
    /// been idle for a second.
    public static var pixelMemoryKeptBytes: Int { PixelMemoryPool.shared.keptBytes }
}

/// `MemoryPolicy.trim` at most every `interval` seconds: the window loop calls `runIfDue` each iteration; a trim
/// costs about a millisecond when it runs.
struct PeriodicTrim {
    let interval: Double
    private var last = 0.0
    /// How long the last trim took, in seconds (`run --stats`).
    private(set) var lastDuration = 0.0

    init(interval: Double) { self.interval = interval }

    /// Trims when `interval` seconds of `now` (wall time) have passed since the last trim.
    mutating func runIfDue(now: Double) {
        guard now - last >= interval else { return }
        last = now
        lastDuration = MemoryPolicy.trim()
    }
}
