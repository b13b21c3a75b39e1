import CarouselSupport
import CJPEG
import CSDL2
import CSDL2Image
import CarouselCore
import Foundation

/// Owns a decoded `SDL_Surface` while it travels from a decoding thread to the main thread. Surfaces are plain
/// memory, not tied to a renderer, so moving one between threads is safe as long as one side uses it at a time:
/// the box is handed over once and `take()`n once. An untaken surface is freed with the box.
final class SurfaceBox: @unchecked Sendable {
    private var surface: UnsafeMutablePointer<SDL_Surface>?

    init(_ surface: UnsafeMutablePointer<SDL_Surface>) { self.surface = surface }

    /// Hands the surface over; the caller frees it.
    func take() -> UnsafeMutablePointer<SDL_Surface>? {
        defer { surface = nil }
        return surface
    }

    deinit { if let surface { SDL_FreeSurface(surface) } }
}

/// The outcome of one decode.
enum DecodeResult: Sendable {
    /// Decoded and possibly downscaled to `surface`; `natural` is the original size in pixels; `opaque` when every
    /// pixel has full alpha (the image can be copied without blending).
    case decoded(SurfaceBox, natural: Size, opaque: Bool)
    /// Decoded for the software renderer: premultiplied pixels and their mip levels, made on the decoding thread.
    case pixels(MipChain, natural: Size, opaque: Bool)
    case failed(String)

    /// With `mips`, a decoded surface made into its `MipChain` (on the calling thread, a decoding one), with its
    /// smaller levels when `levels` (the image was decoded for a size it is scaled to); else itself.
    func withMips(_ mips: Bool, levels: Bool) -> DecodeResult {
        guard mips, case .decoded(let box, let natural, let opaque) = self, let surface = box.take() else { return self }
        guard let chain = MipChain.make(adopting: surface, opaque: opaque, levels: levels) else {
            return .failed("cannot keep the decoded pixels (out of memory)")
        }
        return .pixels(chain, natural: natural, opaque: opaque)
    }
}

/// Decoding and downscaling, safe to run on any thread: it touches only files, bytes and surfaces, never a renderer.
enum ImageDecoder {
    // MARK: Decoding

    /// Decodes the image at `path` into an ARGB8888 surface that fits in `maxPixelSize` (aspect kept, never enlarged).
    /// `name` is how messages name the file. Images over `pixelBudget` pixels are refused, before decoding when the
    /// header tells the size (PNG, JPEG), else right after.
    static func decode(path: String, name: String, maxPixelSize: Size?, pixelBudget: Int) -> DecodeResult {
        if let problem = problemBeforeDecoding(path: path, pixelBudget: pixelBudget) { return .failed("\(name): \(problem)") }
        let head = ImageHeader.head(ofFileAt: path)
        if head.withUnsafeBytes(PNGDecoder.isPNG) {
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
                return .failed("\(name): cannot read the file")
            }
            return decodePNG(data, name: name, maxPixelSize: maxPixelSize, pixelBudget: pixelBudget)
        }
        if let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped),
           let decoded = data.withUnsafeBytes({ decodeJPEG($0, name: name, maxPixelSize: maxPixelSize, pixelBudget: pixelBudget) }) {
            return decoded
        }
        guard let loaded = IMG_Load(path) else {
            let error = RendererContext.lastError("no details")
            let format = SDL_RWFromFile(path, "rb").flatMap { rw in
                defer { SDL_RWclose(rw) }
                return ImageHeader.recognisedFormat(rw)
            }
            return .failed(undecodable(name, error: error, format: format))
        }
        return finish(loaded, name: name, maxPixelSize: maxPixelSize, pixelBudget: pixelBudget)
    }

    /// Why the file at `path` cannot be shown, as far as its kind, size, header and structure tell without decoding
    /// it (nil when they show nothing wrong): what `decode(path:...)` checks first, so a deck's check
    /// (`SDLImageStore.problem(of:pixelBudget:)`) and the tiles give the same reasons. Fast: a `stat`, the first and
    /// last bytes, and a JPEG's marker walk only when its last bytes are not its end-of-image marker.
    static func problemBeforeDecoding(path: String, pixelBudget: Int) -> String? {
        // Only regular files are opened: a FIFO would block this thread, a device could be endless.
        if let problem = FileInput.problem(at: path, regularOnly: true) { return problem }
        // stat(2), not FileManager's attributes: those also look up the owner's and group's names (two files read
        // for every image, on the decoding threads while the first frame waits).
        var info = stat()
        if stat(path, &info) == 0 && info.st_size == 0 { return "empty file (0 bytes)" }
        if let (w, h) = ImageHeader.size(ofFileAt: path), exceeds(w, h, pixelBudget) { return tooLarge(w, h, pixelBudget) }
        // libjpeg decodes a truncated JPEG "successfully", greying out what is missing: catch it from the structure.
        if ImageHeader.jpegIsTruncated(path) { return "corrupt or truncated JPEG image (it ends before its end-of-image marker)" }
        return ImageHeader.unsupported(ImageHeader.head(ofFileAt: path))
    }

    /// Decodes an image held in memory (fetched bytes) exactly as `decode(path:...)` decodes a file: the same pixel
    /// budget (checked from the header first), downscale and messages. `name` is how messages name the source (its
    /// URL); its extension is a type hint for formats without a signature (TGA).
    static func decode(data: Data, name: String, maxPixelSize: Size?, pixelBudget: Int) -> DecodeResult {
        guard !data.isEmpty else { return .failed("\(name): empty response (0 bytes)") }
        if let (w, h) = ImageHeader.size(of: data), exceeds(w, h, pixelBudget) {
            return .failed("\(name): \(tooLarge(w, h, pixelBudget))")
        }
        if let why = ImageHeader.unsupported([UInt8](data.prefix(32))) { return .failed("\(name): \(why)") }
        if data.prefix(8).withUnsafeBytes(PNGDecoder.isPNG) {
            return decodePNG(data, name: name, maxPixelSize: maxPixelSize, pixelBudget: pixelBudget)
        }
        let hint = (URL(string: name)?.pathExtension).flatMap { $0.isEmpty ? nil : $0 }
        return data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> DecodeResult in
            if let decoded = decodeJPEG(buffer, name: name, maxPixelSize: maxPixelSize, pixelBudget: pixelBudget) { return decoded }
            guard let rw = SDL_RWFromConstMem(buffer.baseAddress, Int32(buffer.count)) else {
                return .failed("\(name): cannot read the bytes (\(RendererContext.lastError()))")
            }
            defer { SDL_RWclose(rw) }
            guard let loaded = IMG_LoadTyped_RW(rw, 0, hint) else {
                let error = RendererContext.lastError("no details")
                SDL_RWseek(rw, 0, RW_SEEK_SET)
                return .failed(undecodable(name, error: error, format: ImageHeader.recognisedFormat(rw)))
            }
            return finish(loaded, name: name, maxPixelSize: maxPixelSize, pixelBudget: pixelBudget)
        }
    }

    /// What the tile says over the image in `bytes` once it is shown: an animation is shown as its first frame
    /// ("GIF: first frame of 12", "APNG: first frame of 3"); nil for a still. Reads the block structure only.
    static func note(_ bytes: UnsafeRawBufferPointer) -> String? {
        let gif = ImageHeader.gifFrameCount(bytes)
        if gif > 1 { return "GIF: first frame of \(gif)" }
        let apng = ImageHeader.apngFrameCount(bytes)
        if apng > 1 { return "APNG: first frame of \(apng)" }
        return nil
    }

    /// `note(_:)` of the file at `path` (nil when it cannot be read).
    static func note(path: String) -> String? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return nil }
        return data.withUnsafeBytes(note)
    }

    /// A PNG's bytes decoded by libpng without a word on stderr (`PNGDecoder`), then as every image, turned upright
    /// by its eXIf chunk.
    private static func decodePNG(_ data: Data, name: String, maxPixelSize: Size?, pixelBudget: Int) -> DecodeResult {
        switch data.withUnsafeBytes(PNGDecoder.decode) {
        case .success(let loaded):
            return finish(loaded, name: name, maxPixelSize: maxPixelSize, pixelBudget: pixelBudget,
                          orientation: data.withUnsafeBytes(ImageOrientation.ofPNG))
        case .failure(let error): return .failed(undecodable(name, error: error.reason, format: "PNG"))
        }
    }

    /// A JPEG decoded by libjpeg-turbo (`carousel_jpeg_decode`): reduced in the DCT to at least the size it is kept
    /// at (decoding a 1600-pixel photograph for a 520-pixel budget reads half its pixels' worth, not all), straight
    /// into BGRA (CMYK and YCCK converted as browsers do), downscaled as every image is, then turned upright by its
    /// EXIF orientation: the natural size is the upright picture's. Nil when `bytes` are not a JPEG or libjpeg cannot
    /// decode them (a corrupt one): SDL_image then decodes them, or names what is wrong.
    static func decodeJPEG(_ bytes: UnsafeRawBufferPointer, name: String, maxPixelSize: Size?, pixelBudget: Int) -> DecodeResult? {
        guard bytes.count > 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF, let base = bytes.baseAddress else { return nil }
        var pixels: UnsafeMutablePointer<UInt8>?
        var w: Int32 = 0, h: Int32 = 0, nw: Int32 = 0, nh: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let orientation = ImageOrientation.ofJPEG(bytes)
        // The stored pixels are reduced to fit the limit turned as they are.
        let limit = maxPixelSize.map { orientation.swapsAxes ? Size($0.height, $0.width) : $0 }
        // Decoded into SDL's own allocator's memory, which the surface then owns: the pixels are written once.
        let status = carousel_jpeg_decode(base.assumingMemoryBound(to: UInt8.self), UInt(bytes.count), limit?.width ?? 0,
                                          limit?.height ?? 0, SDL_malloc, SDL_free, &pixels, &w, &h, &nw, &nh, &message, Int32(message.count))
        guard status == 0, let pixels else { return nil }
        if exceeds(Int(nw), Int(nh), pixelBudget) {
            SDL_free(pixels)
            return .failed("\(name): \(tooLarge(Int(nw), Int(nh), pixelBudget))")
        }
        guard let surface = adoptingSurface(pixels, width: w, height: h) else {
            SDL_free(pixels)
            return .failed("\(name): cannot keep the decoded pixels (\(RendererContext.lastError()))")
        }
        let natural = orientation.upright(Int(nw), Int(nh))
        guard let result = downscale(surface, to: storedTarget(natural: natural, max: maxPixelSize, orientation: orientation))
                .flatMap(orientation.apply) else {
            return .failed("\(name): cannot downscale (\(RendererContext.lastError()))")
        }
        if natural.w * natural.h >= 2_000_000 { MemoryPolicy.trim() }
        return .decoded(SurfaceBox(result), natural: Size(Double(natural.w), Double(natural.h)), opaque: true)
    }

    /// An ARGB8888 surface over `pixels` (`width` x `height`, rows packed, from `SDL_malloc`) that owns them:
    /// `SDL_FreeSurface` frees them with `SDL_free`, as it frees the pixels of a surface it allocated itself. Nil (the
    /// pixels still the caller's) when SDL cannot make the surface.
    static func adoptingSurface(_ pixels: UnsafeMutablePointer<UInt8>, width: Int32, height: Int32) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(pixels, width, height, 32, width * 4, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            return nil
        }
        // Made over memory it was given, the surface is marked preallocated (not freed with it); the memory is
        // SDL_malloc'd, so handing it over is clearing that mark.
        surface.pointee.flags &= ~UInt32(SDL_PREALLOC)
        return surface
    }

    /// Checks a freshly loaded surface against the pixel budget, converts it to ARGB8888, downscales it to fit
    /// `maxPixelSize` and turns it upright by `orientation` (the natural size is the upright picture's). Consumes
    /// `loaded`.
    private static func finish(_ loaded: UnsafeMutablePointer<SDL_Surface>, name: String, maxPixelSize: Size?,
                               pixelBudget: Int, orientation: ImageOrientation = .up) -> DecodeResult {
        let natural = orientation.upright(Int(loaded.pointee.w), Int(loaded.pointee.h))
        if exceeds(natural.w, natural.h, pixelBudget) {
            SDL_FreeSurface(loaded)
            return .failed("\(name): \(tooLarge(natural.w, natural.h, pixelBudget))")
        }
        var colorKey: UInt32 = 0
        let mayHaveAlpha = loaded.pointee.format.pointee.Amask != 0 || SDL_GetColorKey(loaded, &colorKey) == 0
            || loaded.pointee.format.pointee.palette != nil
        let converted = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
        SDL_FreeSurface(loaded)
        guard let converted else { return .failed("\(name): cannot convert pixels (\(RendererContext.lastError()))") }

        let result = downscale(converted, to: storedTarget(natural: natural, max: maxPixelSize, orientation: orientation))
            .flatMap(orientation.apply)
        // Large decode buffers otherwise stay on the heap after they are freed.
        if natural.w * natural.h >= 2_000_000 { MemoryPolicy.trim() }
        guard let result else { return .failed("\(name): cannot downscale (\(RendererContext.lastError()))") }
        let opaque = !mayHaveAlpha || isOpaque(result)
        return .decoded(SurfaceBox(result), natural: Size(Double(natural.w), Double(natural.h)), opaque: opaque)
    }

    /// Whether every pixel of an ARGB8888 surface has alpha 255.
    static func isOpaque(_ s: UnsafeMutablePointer<SDL_Surface>) -> Bool {
        guard let p = s.pointee.pixels else { return false }
        let w = Int(s.pointee.w), pitch = Int(s.pointee.pitch)
        for y in 0..<Int(s.pointee.h) {
            let row = (p + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w where row[x] >> 24 != 0xff { return false }
        }
        return true
    }

    /// Why SDL_image refused the bytes, given SDL's `error` and the format their signature shows (if any).
    private static func undecodable(_ name: String, error: String, format: String?) -> String {
        if let format { return "\(name): corrupt or truncated \(format) image (\(error))" }
        return "\(name): not an image or an unsupported format (\(error))"
    }

    /// Whether `w` x `h` pixels are more than `budget` (sizes whose product overflows are).
    static func exceeds(_ w: Int, _ h: Int, _ budget: Int) -> Bool {
        let (pixels, overflow) = w.multipliedReportingOverflow(by: h)
        return overflow || pixels > budget
    }

    private static func tooLarge(_ w: Int, _ h: Int, _ budget: Int) -> String {
        let megapixels = (Double(w) * Double(h) / 1e5).rounded() / 10
        return "image too large (\(w)x\(h), \(JSONValue.format(megapixels)) megapixels; the limit is \(budget / 1_000_000)); not decoded"
    }

    /// The size to keep: `natural` shrunk to fit `max` (aspect kept), never enlarged, at least 1x1.
    static func targetSize(natural: (w: Int, h: Int), max limit: Size?) -> (w: Int, h: Int) {
        guard let limit, limit.width > 0, limit.height > 0 else { return natural }
        let k = min(1, limit.width / Double(natural.w), limit.height / Double(natural.h))
        guard k < 1 else { return natural }
        return (max(1, Int((Double(natural.w) * k).rounded())), max(1, Int((Double(natural.h) * k).rounded())))
    }

    /// The size to downscale the stored pixels to, before they are turned upright: `targetSize` of the upright
    /// `natural` size, turned back as stored.
    static func storedTarget(natural: (w: Int, h: Int), max limit: Size?, orientation: ImageOrientation) -> (w: Int, h: Int) {
        let t = targetSize(natural: natural, max: limit)
        return orientation.swapsAxes ? (t.h, t.w) : t
    }

    /// Shrinks an ARGB8888 surface to `target`: 2x2 box-filter halvings while the image is at least twice the
    /// target, then one bilinear step (`SDL_SoftStretchLinear`), so big reductions do not alias. Consumes `surface`.
    static func downscale(_ surface: UnsafeMutablePointer<SDL_Surface>, to target: (w: Int, h: Int)) -> UnsafeMutablePointer<SDL_Surface>? {
        var current = surface
        while Int(current.pointee.w) >= 2 * target.w && Int(current.pointee.h) >= 2 * target.h {
            guard let half = halve(current) else { SDL_FreeSurface(current); return nil }
            SDL_FreeSurface(current)
            current = half
        }
        if Int(current.pointee.w) == target.w && Int(current.pointee.h) == target.h { return current }
        guard let out = SDL_CreateRGBSurfaceWithFormat(0, Int32(target.w), Int32(target.h), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            SDL_FreeSurface(current); return nil
        }
        let ok = SDL_SoftStretchLinear(current, nil, out, nil) == 0
        SDL_FreeSurface(current)
        if !ok { SDL_FreeSurface(out); return nil }
        return out
    }

    /// A new ARGB8888 surface of half the size, each pixel the mean of a 2x2 block (`BoxFilter`).
    static func halve(_ src: UnsafeMutablePointer<SDL_Surface>) -> UnsafeMutablePointer<SDL_Surface>? {
        let w = Int(src.pointee.w) / 2, h = Int(src.pointee.h) / 2
        guard w > 0, h > 0, let dst = SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, SDL_PIXELFORMAT_ARGB8888.rawValue),
              let sp = src.pointee.pixels, let dp = dst.pointee.pixels else { return nil }
        BoxFilter.halve(from: sp, stride: Int(src.pointee.pitch), into: dp, stride: Int(dst.pointee.pitch), width: w, height: h)
        return dst
    }
}

/// Reads image sizes and formats from headers without decoding.
enum ImageHeader {
    /// Width and height from the header of the file at `path` (see `size(read:)`).
    static func size(ofFileAt path: String) -> (Int, Int)? {
        guard let fh = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? fh.close() }
        return size { offset, count in
            guard (try? fh.seek(toOffset: UInt64(offset))) != nil, let d = try? fh.read(upToCount: count) else { return nil }
            return [UInt8](d)
        }
    }

    /// The first 32 bytes of the file at `path` (fewer for a shorter file, none when unreadable).
    static func head(ofFileAt path: String) -> [UInt8] {
        guard let fh = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? fh.close() }
        return [UInt8]((try? fh.read(upToCount: 32)) ?? Data())
    }

    /// Why an image of a format SDL_image reads cannot be shown, from its first bytes, when a kind of it is not
    /// supported: an animated WebP (its VP8X header's animation flag), which SDL_image 2.6 reports as a failed
    /// decode ("corrupt"). Nil otherwise.
    static func unsupported(_ head: [UInt8]) -> String? {
        guard head.count >= 21, head[0..<4].elementsEqual("RIFF".utf8), head[8..<12].elementsEqual("WEBP".utf8),
              head[12..<16].elementsEqual("VP8X".utf8), head[20] & 0x02 != 0 else { return nil }
        return "an animated WebP, which cannot be shown (only still images; save one frame as a still)"
    }

    /// Width and height from the header of an image held in memory (see `size(read:)`).
    static func size(of data: Data) -> (Int, Int)? {
        size { offset, count in
            guard offset >= 0, offset < data.count else { return nil }
            let start = data.startIndex + offset
            return [UInt8](data[start..<min(start + count, data.endIndex)])
        }
    }

    /// Width and height as the header claims them, read without decoding: a PNG's IHDR, a JPEG's SOF marker, a
    /// GIF's logical screen, a BMP's info header. Nil for other formats or unreadable headers.
    /// `read(offset, count)` returns up to `count` bytes from `offset`, or nil past the end.
    static func size(read: (Int, Int) -> [UInt8]?) -> (Int, Int)? {
        guard let b = read(0, 32), b.count >= 10 else { return nil }
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            guard b.count >= 24, b[12...15].elementsEqual("IHDR".utf8) else { return nil }
            return (be32(b, 16), be32(b, 20))
        }
        if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) {
            return (le16(b, 6), le16(b, 8))
        }
        if b.starts(with: Array("BM".utf8)), b.count >= 26 {
            // BITMAPCOREHEADER (12 bytes) has 16-bit sizes; the later headers 32-bit signed ones (negative height:
            // top-down rows).
            if le32(b, 14) == 12 { return (le16(b, 18), le16(b, 20)) }
            return (abs(Int(Int32(bitPattern: UInt32(le32(b, 18))))), abs(Int(Int32(bitPattern: UInt32(le32(b, 22))))))
        }
        guard b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        // JPEG: walk the marker segments until a start-of-frame.
        var offset = 2
        for _ in 0..<512 {
            guard let s = read(offset, 9), s.count >= 4 else { return nil }
            guard s[0] == 0xFF else { return nil }
            let marker = s[1]
            if marker == 0xFF { offset += 1; continue }
            let length = Int(s[2]) << 8 | Int(s[3])
            let isSOF = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isSOF {
                guard s.count >= 9 else { return nil }
                return (Int(s[7]) << 8 | Int(s[8]), Int(s[5]) << 8 | Int(s[6]))
            }
            if marker == 0xD9 || marker == 0xDA { return nil }
            offset += 2 + length
        }
        return nil
    }

    /// Whether the file is a JPEG whose marker structure ends before the end-of-image marker: it walks the
    /// segments by their lengths and the entropy-coded data of each scan (where 0xFF is always stuffed or a restart
    /// marker) without decoding. False for other formats and for complete JPEGs (trailing data after EOI is fine).
    static func jpegIsTruncated(_ path: String) -> Bool {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped), data.count >= 2,
              data[data.startIndex] == 0xFF, data[data.startIndex + 1] == 0xD8 else { return false }
        // Ending in its end-of-image marker, it is whole (the walk would stop there: 0xFF 0xD9 is never stuffed
        // data); only the mapped last page is read. A file with data after the marker is walked.
        if data[data.endIndex - 2] == 0xFF && data[data.endIndex - 1] == 0xD9 { return false }
        return data.withUnsafeBytes { (b: UnsafeRawBufferPointer) -> Bool in
            let n = b.count
            var i = 2
            while true {
                while i < n && b[i] != 0xFF { i += 1 }   // tolerate stray bytes between segments
                while i < n && b[i] == 0xFF { i += 1 }   // fill bytes
                guard i < n else { return true }
                let marker = b[i]
                i += 1
                if marker == 0xD9 { return false }
                if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
                guard i + 2 <= n else { return true }
                let length = Int(b[i]) << 8 | Int(b[i + 1])
                guard length >= 2 else { return true }
                i += length
                guard marker == 0xDA else { continue }
                // Entropy-coded data runs to the next marker that is neither stuffing (FF 00) nor a restart.
                while i + 1 < n && !(b[i] == 0xFF && b[i + 1] != 0 && !(0xD0...0xD7).contains(b[i + 1])) { i += 1 }
                guard i + 1 < n else { return true }
            }
        }
    }

    /// The number of frames (image descriptors) of a GIF, counted by walking its blocks without decoding; 0 for
    /// other bytes. A GIF cut short counts the frames before the cut.
    static func gifFrameCount(_ b: UnsafeRawBufferPointer) -> Int {
        guard b.count >= 13, b.prefix(6).elementsEqual("GIF87a".utf8) || b.prefix(6).elementsEqual("GIF89a".utf8) else { return 0 }
        // The global colour table follows the logical screen descriptor when its flag is set.
        var i = 13 + (b[10] & 0x80 != 0 ? 3 << (Int(b[10] & 0x07) + 1) : 0)
        var frames = 0
        /// Skips data sub-blocks (each a length byte and that many bytes) up to the zero-length terminator.
        func skipSubBlocks() {
            while i < b.count, b[i] != 0 { i += 1 + Int(b[i]) }
            i += 1
        }
        while i < b.count {
            switch b[i] {
            case 0x21:   // extension: label, sub-blocks
                i += 2
                skipSubBlocks()
            case 0x2C:   // image: descriptor, local colour table, LZW code size, sub-blocks
                guard i + 10 <= b.count else { return frames }
                frames += 1
                let flags = b[i + 9]
                i += 10 + (flags & 0x80 != 0 ? 3 << (Int(flags & 0x07) + 1) : 0) + 1
                skipSubBlocks()
            default:     // 0x3B, the trailer, or anything unknown
                return frames
            }
        }
        return frames
    }

    /// The number of frames an animated PNG's acTL chunk (before its first IDAT) declares; 0 for other bytes.
    static func apngFrameCount(_ b: UnsafeRawBufferPointer) -> Int {
        guard PNGDecoder.isPNG(b) else { return 0 }
        var i = 8
        while i + 12 <= b.count {
            let length = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
            let type = (b[i + 4], b[i + 5], b[i + 6], b[i + 7])
            if type == (0x49, 0x44, 0x41, 0x54) { return 0 }   // IDAT
            if type == (0x61, 0x63, 0x54, 0x4C), length >= 8, i + 12 <= b.count {   // acTL: num_frames first
                return Int(b[i + 8]) << 24 | Int(b[i + 9]) << 16 | Int(b[i + 10]) << 8 | Int(b[i + 11])
            }
            i += 12 + length
        }
        return 0
    }

    private static func le16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    private static func le32(_ b: [UInt8], _ i: Int) -> Int { le16(b, i) | le16(b, i + 2) << 16 }

    private static func be32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }

    /// Whether the file at `path` has the signature of a format SDL_image reads (every one it can tell by its
    /// bytes), or is named `.tga` (TGA has no signature: SDL_image takes the extension as its type). What is neither
    /// fails to decode as "not an image or an unsupported format".
    static func isKnownImage(path: String) -> Bool {
        if (path as NSString).pathExtension.lowercased() == "tga" { return true }
        guard let rw = SDL_RWFromFile(path, "rb") else { return false }
        defer { SDL_RWclose(rw) }
        let checks: [(UnsafeMutablePointer<SDL_RWops>?) -> Int32] = [
            IMG_isPNG, IMG_isJPG, IMG_isGIF, IMG_isBMP, IMG_isWEBP, IMG_isTIF, IMG_isAVIF, IMG_isJXL, IMG_isQOI, IMG_isSVG,
            IMG_isICO, IMG_isCUR, IMG_isPCX, IMG_isPNM, IMG_isXCF, IMG_isXPM, IMG_isXV, IMG_isLBM,
        ]
        return checks.contains { $0(rw) != 0 }
    }

    /// The format SDL_image recognises from the signature at the stream's current position ("PNG", "JPEG", ...),
    /// or nil. The checks leave the position where it was.
    static func recognisedFormat(_ rw: UnsafeMutablePointer<SDL_RWops>) -> String? {
        let checks: [(String, (UnsafeMutablePointer<SDL_RWops>?) -> Int32)] = [
            ("PNG", IMG_isPNG), ("JPEG", IMG_isJPG), ("GIF", IMG_isGIF), ("BMP", IMG_isBMP), ("WebP", IMG_isWEBP),
            ("TIFF", IMG_isTIF), ("AVIF", IMG_isAVIF), ("JPEG XL", IMG_isJXL), ("QOI", IMG_isQOI), ("SVG", IMG_isSVG),
        ]
        for (name, check) in checks where check(rw) != 0 { return name }
        return nil
    }
}
