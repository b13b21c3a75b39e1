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

    /// Whether `bytes` begin with the signature of an image format SDL_image decodes (`ImageSignature`).
    static func hasImageSignature(_ b: [UInt8]) -> Bool { ImageSignature.matches(b) }
}
