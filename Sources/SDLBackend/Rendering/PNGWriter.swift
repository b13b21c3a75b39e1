import CSDL2
import CSDL2Image
import CZlib
import CarouselCore
import CarouselSupport
import Foundation

/// Writes PNG files (canvas saves, screenshots and their sidecars, clips' frames) so that a failure never leaves a
/// partial file behind.
///
/// The image is encoded into memory first (`encode`: our own encoder on zlib, since SDL_image's ignores failed
/// writes and has one fixed, slow compression level), then written with every `write(2)` and the final `close(2)`
/// checked, through `AtomicFile`.
enum PNGWriter {
    // MARK: Encoding

    /// The PNG bytes of `surface` (any pixel format SDL converts), deflated at `level` (see `encode(bgra:...)`).
    static func encode(_ surface: UnsafeMutablePointer<SDL_Surface>, level: Int32 = PNGWriter.defaultLevel) throws(PNGWriteError) -> [UInt8] {
        guard let argb = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0), let p = argb.pointee.pixels else {
            throw PNGWriteError("cannot encode the PNG: \(RendererContext.lastError())")
        }
        defer { SDL_FreeSurface(argb) }
        let buffer = UnsafeRawBufferPointer(start: p, count: Int(argb.pointee.pitch) * Int(argb.pointee.h))
        return try encode(bgra: buffer, width: Int(argb.pointee.w), height: Int(argb.pointee.h), pitch: Int(argb.pointee.pitch), level: level)
    }

    /// zlib's level for single images (screenshots, captures): small files.
    static let defaultLevel: Int32 = 6
    /// zlib's fastest level, for a clip's frames: still lossless, about 10 % larger than `defaultLevel` on this
    /// app's frames and 3-4 times faster.
    static let fastLevel: Int32 = 1

    /// The PNG bytes of `width` x `height` pixels stored as ARGB8888 words (bytes B, G, R, A), `pitch` bytes a row:
    /// 8-bit RGB when every pixel is opaque (a rendered frame), else RGBA; each row filtered with Sub (each byte
    /// minus the one a pixel to its left: flat areas become zeros) and deflated at `level` with zlib's run-length
    /// strategy, which on filtered rows compresses as well as the default and faster. Safe on any thread.
    static func encode(bgra: UnsafeRawBufferPointer, width: Int, height: Int, pitch: Int, level: Int32) throws(PNGWriteError) -> [UInt8] {
        guard width > 0, height > 0, pitch >= width * 4, bgra.count >= pitch * (height - 1) + width * 4 else {
            throw PNGWriteError("cannot encode a \(width)x\(height) PNG from \(bgra.count) bytes")
        }
        var opaque = true
        for y in 0..<height where opaque {
            let row = bgra.baseAddress!.advanced(by: y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where row[x] >> 24 != 0xff { opaque = false; break }
        }
        let channels = opaque ? 3 : 4, rowBytes = 1 + width * channels
        var raw = [UInt8](repeating: 0, count: rowBytes * height)
        raw.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let src = bgra.baseAddress!.advanced(by: y * pitch).assumingMemoryBound(to: UInt8.self)
                let dst = out.baseAddress! + y * rowBytes
                dst[0] = 1  // Sub
                var previous: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
                var o = 1
                for x in 0..<width {
                    let b = src[4 * x], g = src[4 * x + 1], r = src[4 * x + 2], a = src[4 * x + 3]
                    dst[o] = r &- previous.0; dst[o + 1] = g &- previous.1; dst[o + 2] = b &- previous.2
                    if channels == 4 { dst[o + 3] = a &- previous.3 }
                    previous = (r, g, b, a)
                    o += channels
                }
            }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = [UInt8]()
        for v in [UInt32(width), UInt32(height)] { header += bigEndian(v) }
        header += [8, opaque ? 2 : 6, 0, 0, 0]
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", try deflate(raw, level: level), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// `data` as one zlib stream.
    private static func deflate(_ data: [UInt8], level: Int32) throws(PNGWriteError) -> [UInt8] {
        var stream = z_stream()
        guard carousel_deflate_init(&stream, level, Z_RLE) == Z_OK else { throw PNGWriteError("cannot start zlib") }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))))
        let status = data.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                return zlib_deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw PNGWriteError("cannot compress the PNG (zlib status \(status))") }
        out.removeLast(out.count - Int(stream.total_out))
        return out
    }

    private static func zlib_deflate(_ stream: UnsafeMutablePointer<z_stream>, _ flush: Int32) -> Int32 { CZlib.deflate(stream, flush) }

    private static func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }

    /// Appends a chunk: its length, type, data and the CRC of type and data.
    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png += bigEndian(UInt32(data.count))
        let start = png.count
        png += typeBytes
        png += data
        let crc = png[start...].withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        png += bigEndian(crc)
    }

    // MARK: Writing

    /// Writes `bytes` to `path` whole or not at all (`AtomicFile`), through a symbolic link to its target; `-`,
    /// `/dev/stdout` and a character device or FIFO are written as streams (`capture --out`). Refuses to replace a
    /// folder. The folder must exist.
    static func write(_ bytes: [UInt8], to path: String) throws(PNGWriteError) {
        // (URL: NSString's deletingLastPathComponent traps on a one-character name such as `-` on Linux.)
        let dir = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard AtomicFile.isStream(path) || FileManager.default.fileExists(atPath: dir, isDirectory: &isDir) && isDir.boolValue else {
            throw PNGWriteError("folder \(dir) does not exist")
        }
        do { try AtomicFile.write(Data(bytes), to: path, streams: true) } catch { throw PNGWriteError(error.reason) }
    }

    // MARK: Saving surfaces

    /// Saves `surface` as a PNG at `path`, creating the folder if needed. Throws `saveFailed` naming the path and
    /// the reason; leaves no file.
    static func save(_ surface: UnsafeMutablePointer<SDL_Surface>, to path: String) throws(SDLBackendError) {
        try createFolder(of: path)
        do throws(PNGWriteError) {
            let png = Data(try encode(surface))
            do { try AtomicFile.write(png, to: path) } catch { throw PNGWriteError(error.reason) }
        } catch {
            throw .saveFailed(path: path, reason: error.reason)
        }
    }

    /// Saves `surface` as a PNG with its sidecar under the first names of `files(1)`, `files(2)`, ... that nothing
    /// holds (`AtomicFile.writeAllUnderFreeName`: taken atomically, the two files together), creating the folder if
    /// needed, and returns the PNG's path. On any failure neither file is left behind (nor any temporary file).
    static func save(_ surface: UnsafeMutablePointer<SDL_Surface>, naming files: (Int) -> ScreenshotFiles) throws(SDLBackendError) -> String {
        let first = files(1).png
        func fail(_ reason: String) -> SDLBackendError { .saveFailed(path: first, reason: reason) }
        try createFolder(of: first)
        let png: Data
        do throws(PNGWriteError) { png = Data(try encode(surface)) } catch { throw fail(error.reason) }
        do {
            let n = try AtomicFile.writeAllUnderFreeName { n in
                let f = files(n)
                return [(f.sidecarPath, Data(f.sidecar.utf8)), (f.png, png)]
            }
            return files(n).png
        } catch {
            throw fail(error.path == first ? error.reason : "cannot write \(error.path): \(error.reason)")
        }
    }

    /// Creates the folder `path` goes in when it does not exist; throws `saveFailed` when it cannot be made or is
    /// not a folder.
    private static func createFolder(of path: String) throws(SDLBackendError) {
        let dir = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        var isDir: ObjCBool = false
        if !FileManager.default.fileExists(atPath: dir, isDirectory: &isDir) {
            do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
                throw .saveFailed(path: path, reason: "cannot create the folder \(dir): \(Self.reason(error))")
            }
        } else if !isDir.boolValue {
            throw .saveFailed(path: path, reason: "\(dir) is not a folder")
        }
    }

    private static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let posix = (ns.userInfo[NSUnderlyingErrorKey] as? NSError), posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        return ns.localizedDescription
    }
}

/// Why a PNG could not be written, as a phrase.
struct PNGWriteError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
