import CarouselSupport
import Foundation

/// Tells an image response from one that is not, by the first bytes of the body and the Content-Type, so that an
/// HTML error page served with status 200 (a captive portal, a CDN's "not found" page) is reported as what it is
/// instead of reaching the decoder.
///
/// The bytes decide first: a known image signature is an image whatever the Content-Type says (servers mislabel),
/// and HTML is HTML even when labelled `image/png`. Bytes that match neither are accepted only with an `image/*`
/// Content-Type (formats without a signature, such as TGA, are left to the decoder).
enum ImageSniffer {
    /// How many leading bytes the verdict needs (fewer when the whole body is shorter).
    static let sniffLength = 512

    /// Why `prefix` (the body's first bytes, up to `sniffLength`) is not an image, as the problem text of a
    /// `FetchError` ("is an HTML page, not an image"), or nil when it is, or may be, one.
    static func problem(prefix: UnsafeRawBufferPointer, contentType: String?) -> String? {
        let bytes = Array(prefix.prefix(sniffLength))
        let type = mediaType(contentType)
        let labelledHTML = type == "text/html" || type == "application/xhtml+xml"
        if looksLikeHTML(bytes) || (labelledHTML && !hasImageSignature(bytes)) {
            return "is an HTML page, not an image"
        }
        if hasImageSignature(bytes) || type?.hasPrefix("image/") == true { return nil }
        if bytes.starts(with: [0x1F, 0x8B]) { return "is gzip-compressed data, not an image" }
        let label = type.map { "Content-Type \(MessageText.clean($0))" } ?? "no Content-Type"
        if type == "application/json" || type?.hasPrefix("text/") == true {
            return "is text, not an image (\(label))"
        }
        return "is not an image (\(label), and its first bytes match no image format)"
    }

    /// The media type of a Content-Type header value, lower-cased, without parameters.
    static func mediaType(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        let type = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let trimmed = type.trimmingCharacters(in: .whitespaces).lowercased()
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Whether `bytes` start like an HTML document (after a byte-order mark and white space).
    static func looksLikeHTML(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        rest = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let head = String(decoding: rest.prefix(16), as: UTF8.self).lowercased()
        return ["<!doctype html", "<html", "<head", "<body"].contains { head.hasPrefix($0) }
    }

    /// Whether `bytes` begin with the signature of an image format SDL_image decodes.
    static func hasImageSignature(_ b: [UInt8]) -> Bool {
        func at(_ offset: Int, _ s: [UInt8]) -> Bool { b.count >= offset + s.count && Array(b[offset..<offset + s.count]) == s }
        func at(_ offset: Int, _ s: String) -> Bool { at(offset, Array(s.utf8)) }
        if at(0, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return true }            // PNG
        if at(0, [0xFF, 0xD8, 0xFF]) { return true }                                          // JPEG
        if at(0, "GIF87a") || at(0, "GIF89a") { return true }                                 // GIF
        if at(0, "RIFF") && at(8, "WEBP") { return true }                                     // WebP
        if at(0, [0x49, 0x49, 0x2A, 0x00]) || at(0, [0x4D, 0x4D, 0x00, 0x2A]) { return true } // TIFF
        if at(0, "BM") && b.count >= 14 { return true }                                       // BMP
        if at(0, [0x00, 0x00, 0x01, 0x00]) || at(0, [0x00, 0x00, 0x02, 0x00]) { return true } // ICO, CUR
        if at(0, "qoif") || at(0, "gimp xcf") || at(0, "/* XPM */") { return true }           // QOI, XCF, XPM
        if at(0, "FORM") && (at(8, "ILBM") || at(8, "PBM ")) { return true }                  // IFF ILBM
        if at(4, "ftyp") && (at(8, "avif") || at(8, "avis") || at(8, "heic") || at(8, "mif1")) { return true } // AVIF
        if at(0, [0xFF, 0x0A]) || at(0, [0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { return true }    // JPEG XL
        if b.count >= 2, b[0] == 0x50, (0x31...0x37).contains(b[1]) { return true }           // PNM: P1 ... P7
        if b.count >= 3, b[0] == 0x0A, b[1] <= 5, b[2] == 1 { return true }                   // PCX
        let text = String(decoding: b.prefix(sniffLength), as: UTF8.self)
        if text.hasPrefix("<svg") || (text.hasPrefix("<?xml") && text.contains("<svg")) { return true } // SVG
        return false
    }
}
