/// Tells image bytes from other bytes by their first bytes, as SDL_image would decode them: used for HTTP bodies
/// (`ImageSniffer`) and for files dropped onto the window. TGA has no signature and is not recognised.
public enum ImageSignature {
    /// How many leading bytes `matches` looks at (the SVG check reads this far).
    public static let length = 512

    /// Whether `b` begins with the signature of an image format SDL_image decodes.
    public static func matches(_ b: [UInt8]) -> Bool {
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
        let text = String(decoding: b.prefix(length), as: UTF8.self)
        if text.hasPrefix("<svg") || (text.hasPrefix("<?xml") && text.contains("<svg")) { return true } // SVG
        return false
    }
}
