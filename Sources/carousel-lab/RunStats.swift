import CarouselBench
import Foundation
import SDLBackend

/// `run --stats`: what a long session cost, printed as one line on stderr when the window closes, for soak runs and
/// anyone curious: frames drawn, the time the window was open, and the process's resident memory now and at its peak.
struct RunStats {
    private let started = Date()

    /// The line: "stats: 36012 frames in 600.0 s (60.0 fps), image textures 80.2 MB, text 2.1 MB (6 fonts), layers
    /// 71000 found / 1200 made, masks ..., repainted 18.2 % of the window a frame, heap in use 85.0 MB, pixel memory kept 4.0
    /// MB, resident memory
    /// 92.3 MB (peak 95.1 MB), renderer software (auto: no GPU device in /dev/dri)": the caches' finds and makes are
    /// `SDLRenderer.CacheCounts`.
    func line(frames: Int, textureBytes: Int, text cache: (bytes: Int, fonts: Int), caches: SDLRenderer.CacheCounts, lastTrim: Double,
              renderer: RendererChoice) -> String {
        let seconds = Date().timeIntervalSince(started)
        var text = String(format: "stats: %d frames in %.1f s (%.1f fps), image textures %.1f MB, text %.1f MB (%d fonts)",
                          frames, seconds, seconds > 0 ? Double(frames) / seconds : 0, Double(textureBytes) / 1_048_576,
                          Double(cache.bytes) / 1_048_576, cache.fonts)
        text += ", " + caches.summary
        text += String(format: ", heap in use %.1f MB (last trim %.1f ms), pixel memory kept %.1f MB", Double(MemoryPolicy.heapInUseBytes) / 1_048_576,
                       lastTrim * 1000, Double(MemoryPolicy.pixelMemoryKeptBytes) / 1_048_576)
        if let m = ProcessMetrics.memory() {
            text += String(format: ", resident memory %.1f MB (peak %.1f MB)", m.rss, m.peakRSS)
        }
        return text + ", renderer \(renderer)"
    }
}
