import CSDL2
import CSDL2Image
import CarouselSupport
import Foundation

/// Writes PNG files (canvas saves, screenshots and their sidecars) so that a failure never leaves a partial file
/// behind.
///
/// SDL_image's `IMG_SavePNG` ignores failed writes: on a full disk it reports success and leaves a truncated PNG.
/// So the image is encoded into memory first (`IMG_SavePNG_RW` into a growing buffer), then written with every
/// `write(2)` and the final `close(2)` checked, through `AtomicFile`.
enum PNGWriter {
    // MARK: Encoding

    /// The PNG bytes of `surface`.
    static func encode(_ surface: UnsafeMutablePointer<SDL_Surface>) throws(PNGWriteError) -> [UInt8] {
        let sink = MemorySink()
        guard let rw = SDL_AllocRW() else { throw PNGWriteError("out of memory") }
        rw.pointee.type = UInt32(SDL_RWOPS_UNKNOWN)
        rw.pointee.hidden.unknown.data1 = Unmanaged.passUnretained(sink).toOpaque()
        rw.pointee.size = { ctx in Int64(MemorySink.of(ctx).bytes.count) }
        rw.pointee.seek = { ctx, offset, whence in MemorySink.of(ctx).seek(offset, whence) }
        rw.pointee.read = { _, _, _, _ in 0 }
        rw.pointee.write = { ctx, ptr, size, num in MemorySink.of(ctx).write(ptr, size * num) ? num : 0 }
        rw.pointee.close = { ctx in SDL_FreeRW(ctx); return 0 }
        let status = withExtendedLifetime(sink) { IMG_SavePNG_RW(surface, rw, 1) }
        guard status == 0 else { throw PNGWriteError("cannot encode the PNG: \(RendererContext.lastError())") }
        return sink.bytes
    }

    /// The growing buffer behind the memory `SDL_RWops`.
    private final class MemorySink {
        var bytes: [UInt8] = []
        var position = 0

        static func of(_ ctx: UnsafeMutablePointer<SDL_RWops>?) -> MemorySink {
            Unmanaged<MemorySink>.fromOpaque(ctx!.pointee.hidden.unknown.data1).takeUnretainedValue()
        }

        func write(_ ptr: UnsafeRawPointer?, _ count: Int) -> Bool {
            guard let ptr, count > 0 else { return count == 0 }
            let source = UnsafeRawBufferPointer(start: ptr, count: count)
            if position == bytes.count {
                bytes.append(contentsOf: source)
            } else {
                if position + count > bytes.count { bytes.append(contentsOf: repeatElement(0, count: position + count - bytes.count)) }
                bytes.replaceSubrange(position..<position + count, with: source)
            }
            position += count
            return true
        }

        func seek(_ offset: Int64, _ whence: Int32) -> Int64 {
            let base: Int
            switch whence {
            case RW_SEEK_SET: base = 0
            case RW_SEEK_CUR: base = position
            case RW_SEEK_END: base = bytes.count
            default: return -1
            }
            let target = base + Int(offset)
            guard target >= 0 else { return -1 }
            position = target
            return Int64(target)
        }
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

    /// Saves `surface` as a PNG at `path`. Throws `saveFailed` naming the path and the reason; leaves no file.
    static func save(_ surface: UnsafeMutablePointer<SDL_Surface>, to path: String) throws(SDLBackendError) {
        try save(surface, to: path, sidecar: nil)
    }

    /// Saves `surface` as a PNG at `path` and, when given, `sidecar.text` at `sidecar.path`, creating the folder
    /// if needed. Both are written checked under temporary names and renamed into place; on any failure neither
    /// file is left behind (nor any temporary file).
    static func save(_ surface: UnsafeMutablePointer<SDL_Surface>, to path: String,
                     sidecar: (path: String, text: String)?) throws(SDLBackendError) {
        let dir = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        func fail(_ reason: String) -> SDLBackendError { .saveFailed(path: path, reason: reason) }
        var isDir: ObjCBool = false
        if !FileManager.default.fileExists(atPath: dir, isDirectory: &isDir) {
            do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
                throw fail("cannot create the folder \(dir): \(Self.reason(error))")
            }
        } else if !isDir.boolValue {
            throw fail("\(dir) is not a folder")
        }
        var files: [(path: String, data: Data)] = []
        if let sidecar { files.append((sidecar.path, Data(sidecar.text.utf8))) }
        do throws(PNGWriteError) { files.append((path, Data(try encode(surface)))) } catch { throw fail(error.reason) }
        do { try AtomicFile.writeAll(files) } catch {
            throw fail(error.path == path ? error.reason : "cannot write \(error.path): \(error.reason)")
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
