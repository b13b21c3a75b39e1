import CSDL2

/// How a picture's stored pixels are turned to show it upright: the EXIF Orientation tag (0x0112, values 1 to 8).
/// A phone stores a portrait photograph as landscape pixels tagged 6 (turn a quarter clockwise).
///
/// Read where Chromium reads it, so the window, `capture`, `record` and the exported pages (which Chromium shows with
/// CSS `image-orientation: from-image`, its default) agree: a JPEG's APP1 "Exif" segment and a PNG's eXIf chunk
/// before its pixel data. A WebP's EXIF chunk is not read: Chromium ignores it too.
enum ImageOrientation: Int, Sendable, CaseIterable {
    /// As stored.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Turned a half turn.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored across the top-left to bottom-right diagonal (transposed).
    case leftMirrored = 5
    /// Turned a quarter clockwise.
    case right = 6
    /// Mirrored across the top-right to bottom-left diagonal (transversed).
    case rightMirrored = 7
    /// Turned a quarter counter-clockwise.
    case left = 8

    /// Whether the upright picture's width is the stored height (5 to 8).
    var swapsAxes: Bool { rawValue >= 5 }

    /// The upright size of a picture stored as `w` x `h`.
    func upright(_ w: Int, _ h: Int) -> (w: Int, h: Int) { swapsAxes ? (h, w) : (w, h) }

    // MARK: Reading

    /// The orientation a JPEG's first APP1 "Exif" segment gives (`.up` when there is none or it is unreadable).
    static func ofJPEG(_ b: UnsafeRawBufferPointer) -> ImageOrientation {
        guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8 else { return .up }
        var i = 2
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { return .up }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            // The segments that can hold the tag come before the first scan.
            if marker == 0xDA || marker == 0xD9 { return .up }
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { i += 2; continue }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2, i + 2 + length <= b.count else { return .up }
            let body = UnsafeRawBufferPointer(rebasing: b[(i + 4)..<(i + 2 + length)])
            if marker == 0xE1, body.count > 6, body.prefix(6).elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) {
                return ofTIFF(UnsafeRawBufferPointer(rebasing: body[(body.startIndex + 6)...]))
            }
            i += 2 + length
        }
        return .up
    }

    /// The orientation a PNG's eXIf chunk gives when it comes before the first IDAT (`.up` otherwise).
    static func ofPNG(_ b: UnsafeRawBufferPointer) -> ImageOrientation {
        var i = 8
        while i + 8 <= b.count {
            let length = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
            let type = (b[i + 4], b[i + 5], b[i + 6], b[i + 7])
            if type == (0x49, 0x44, 0x41, 0x54) || type == (0x49, 0x45, 0x4E, 0x44) { return .up }   // IDAT, IEND
            guard length >= 0, i + 8 + length <= b.count else { return .up }
            if type == (0x65, 0x58, 0x49, 0x66) {   // eXIf
                return ofTIFF(UnsafeRawBufferPointer(rebasing: b[(i + 8)..<(i + 8 + length)]))
            }
            i += 12 + length
        }
        return .up
    }

    /// The Orientation entry of the first image directory of EXIF data (a TIFF structure, either byte order).
    static func ofTIFF(_ t: UnsafeRawBufferPointer) -> ImageOrientation {
        guard t.count >= 8 else { return .up }
        let little: Bool
        switch (t[t.startIndex], t[t.startIndex + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return .up
        }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o + 2 <= t.count else { return nil }
            let a = Int(t[t.startIndex + o]), b = Int(t[t.startIndex + o + 1])
            return little ? a | b << 8 : a << 8 | b
        }
        func u32(_ o: Int) -> Int? {
            guard let hi = u16(little ? o + 2 : o), let lo = u16(little ? o : o + 2) else { return nil }
            return hi << 16 | lo
        }
        guard u16(2) == 42, let ifd = u32(4), let entries = u16(ifd) else { return .up }
        for e in 0..<min(entries, 512) {
            let entry = ifd + 2 + 12 * e
            guard let tag = u16(entry) else { return .up }
            // SHORT (3), count 1: the value sits in the entry's first two bytes.
            guard tag == 0x0112 else { continue }
            guard u16(entry + 2) == 3, let value = u16(entry + 8) else { return .up }
            return ImageOrientation(rawValue: value) ?? .up
        }
        return .up
    }

    // MARK: Applying

    /// `surface` (ARGB8888, stored pixels) turned upright: a new surface, or `surface` itself for `.up`. Consumes
    /// `surface`; nil when memory runs out.
    func apply(to surface: UnsafeMutablePointer<SDL_Surface>) -> UnsafeMutablePointer<SDL_Surface>? {
        guard self != .up else { return surface }
        defer { SDL_FreeSurface(surface) }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h)
        let size = upright(w, h)
        guard let out = SDL_CreateRGBSurfaceWithFormat(0, Int32(size.w), Int32(size.h), 32, SDL_PIXELFORMAT_ARGB8888.rawValue),
              let sp = surface.pointee.pixels, let dp = out.pointee.pixels else { return nil }
        let sPitch = Int(surface.pointee.pitch) / 4, dPitch = Int(out.pointee.pitch) / 4
        let src = sp.assumingMemoryBound(to: UInt32.self), dst = dp.assumingMemoryBound(to: UInt32.self)
        // The stored pixel's index is affine in the upright pixel's x and y: a start and a step along each.
        func index(_ p: (Int, Int)) -> Int { p.1 * sPitch + p.0 }
        let origin = index(source(0, 0, w, h))
        let stepX = index(source(1, 0, w, h)) - origin, stepY = index(source(0, 1, w, h)) - origin
        for y in 0..<size.h {
            let row = dst + y * dPitch
            var i = origin + y * stepY
            for x in 0..<size.w {
                row[x] = src[i]
                i += stepX
            }
        }
        return out
    }

    /// The stored pixel shown at upright pixel (`x`, `y`) of a picture stored as `w` x `h`.
    func source(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> (Int, Int) {
        switch self {
        case .up: (x, y)
        case .upMirrored: (w - 1 - x, y)
        case .down: (w - 1 - x, h - 1 - y)
        case .downMirrored: (x, h - 1 - y)
        case .leftMirrored: (y, x)
        case .right: (y, h - 1 - x)
        case .rightMirrored: (w - 1 - y, h - 1 - x)
        case .left: (w - 1 - y, x)
        }
    }
}
