import Foundation
import SDLBackend

/// A folder of generated photographs for the large-deck memory figure, written once and reused: `count` images of
/// varied sizes (the longer side up to `maxSide` pixels), nine JPEGs to one PNG.
enum BenchImageFolder {
    /// The folder for `count` images, generating what is missing; `onProgress` hears about a first generation.
    static func ensure(count: Int, maxSide: Int, onProgress: (String) -> Void) throws -> String {
        let folder = cacheRoot().appendingPathComponent("bench-images-\(count)-\(maxSide)").path
        let marker = folder + "/.complete"
        if FileManager.default.fileExists(atPath: marker) { return folder }
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw BenchError("\(folder): cannot create the image folder (\(error.localizedDescription))")
        }
        onProgress("generating \(count) images (up to \(maxSide) px) in \(folder), once")
        let failure = FailureBox()
        DispatchQueue.concurrentPerform(iterations: count) { i in
            var rng = UInt64(i) &* 0x9E37_79B9_7F4A_7C15 &+ 12345
            func next(_ range: ClosedRange<Int>) -> Int {
                rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17
                return range.lowerBound + Int(rng % UInt64(range.count))
            }
            let long = next(max(maxSide / 4, 16)...maxSide)
            let aspect = [0.5, 0.66, 0.75, 1.0, 1.33, 1.5, 2.0][next(0...6)]
            let (w, h) = aspect >= 1 ? (long, max(Int(Double(long) / aspect), 1)) : (max(Int(Double(long) * aspect), 1), long)
            let name = String(format: "img-%05d.%@", i, i % 10 == 9 ? "png" : "jpg")
            do { try BenchImages.write(path: folder + "/" + name, width: w, height: h, seed: UInt64(i)) } catch {
                failure.set("\(error)")
            }
        }
        if let message = failure.message { throw BenchError(message) }
        FileManager.default.createFile(atPath: marker, contents: Data())
        return folder
    }

    /// `$XDG_CACHE_HOME/carousel-lab`, else `~/.cache/carousel-lab`, else the temporary folder.
    static func cacheRoot() -> URL {
        let env = ProcessInfo.processInfo.environment
        if let x = env["XDG_CACHE_HOME"], !x.isEmpty { return URL(fileURLWithPath: x).appendingPathComponent("carousel-lab") }
        if let home = env["HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home).appendingPathComponent(".cache/carousel-lab")
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("carousel-lab")
    }
}

/// The first error from concurrent work.
private final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var message: String?
    func set(_ m: String) { lock.lock(); if message == nil { message = m }; lock.unlock() }
}
