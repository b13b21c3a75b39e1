import CPNG
import CSDL2
import Foundation

/// Decodes PNGs with libpng's simplified API into ARGB8888 surfaces. SDL_image decodes them with libpng too, but
/// leaves libpng's default handlers in place, which print their own lines on stderr ("libpng error: IDAT: CRC
/// error", "libpng warning: iCCP: too short") beside the app's one line per image; the simplified API keeps every
/// error and warning in its `message`, so a broken PNG is one line naming it and libpng's reason, and a PNG that
/// decodes with a warning says nothing.
enum PNGDecoder {
    /// Whether `bytes` start with the PNG signature.
    static func isPNG(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 8 && bytes.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    /// The decoded surface, or libpng's reason it cannot be decoded ("IDAT: CRC error").
    static func decode(_ bytes: UnsafeRawBufferPointer) -> Result<UnsafeMutablePointer<SDL_Surface>, PNGDecodeError> {
        var image = png_image()
        image.version = png_uint_32(carousel_png_image_version)
        guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else { return .failure(PNGDecodeError(&image)) }
        defer { png_image_free(&image) }
        image.format = png_uint_32(carousel_png_format_bgra)
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(image.width), Int32(image.height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            return .failure(PNGDecodeError("cannot allocate \(image.width)x\(image.height) pixels"))
        }
        guard png_image_finish_read(&image, nil, surface.pointee.pixels, png_int_32(surface.pointee.pitch), nil) != 0 else {
            SDL_FreeSurface(surface)
            return .failure(PNGDecodeError(&image))
        }
        return .success(surface)
    }
}

/// libpng's reason a PNG could not be decoded.
struct PNGDecodeError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
    init(_ image: inout png_image) {
        reason = withUnsafeBytes(of: &image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
