import CarouselCore
import Foundation

/// WCAG 2's colour arithmetic on sRGB pixels: relative luminance and contrast ratio, and the measures the checks take
/// of rendered pixels (text over what is behind it, a focus ring over what it covers).
public enum Contrast {
    /// The relative luminance of an sRGB colour with channels 0...1.
    public static func luminance(_ r: Double, _ g: Double, _ b: Double) -> Double {
        func linear(_ s: Double) -> Double { s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// The relative luminance of a pixel's 8-bit sRGB channels.
    public static func luminance(_ p: (UInt8, UInt8, UInt8)) -> Double {
        luminance(Double(p.0) / 255, Double(p.1) / 255, Double(p.2) / 255)
    }

    /// The contrast ratio of two luminances, 1...21.
    public static func ratio(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }

    /// Whether WCAG counts text of `font` as large (18 pt, or 14 pt bold; a CSS point is 4/3 of the app's points,
    /// which are CSS pixels): large text needs 3:1, other text 4.5:1 (1.4.3).
    public static func isLarge(_ font: FontSpec) -> Bool { font.size >= 24 || (font.bold && font.size >= 18.66) }

    /// The fraction of the lowest contrasts left out of a text's figure: a few pixels of a photo's highlights behind
    /// a line do not make it unreadable, a tenth of them does.
    public static let ignoredShare = 0.05

    /// The contrast of text in `color` (its alpha already multiplied by the drawing's opacity) over each of `behind`
    /// (RGB triples of the pixels behind it, 0...255), blended as it is drawn; the figure is the ratio that all but the
    /// lowest `ignoredShare` of them reach. Nil when there is nothing behind.
    public static func text(_ color: Color, over behind: [(UInt8, UInt8, UInt8)]) -> Double? {
        guard !behind.isEmpty else { return nil }
        let a = min(max(color.a, 0), 1)
        var ratios = behind.map { p -> Double in
            let r = Double(p.0) / 255, g = Double(p.1) / 255, b = Double(p.2) / 255
            let text = luminance(color.r * a + r * (1 - a), color.g * a + g * (1 - a), color.b * a + b * (1 - a))
            return ratio(text, luminance(r, g, b))
        }
        ratios.sort()
        return ratios[min(Int(Double(ratios.count) * ignoredShare), ratios.count - 1)]
    }
}

/// A frame's pixels as the checks read them: RGBA bytes, row by row, and how many device pixels a point is.
public struct CheckPixels: Sendable {
    public let width: Int
    public let height: Int
    public let scale: Double
    public let rgba: [UInt8]

    public init(width: Int, height: Int, scale: Double, rgba: [UInt8]) {
        self.width = width; self.height = height; self.scale = scale; self.rgba = rgba
    }

    /// The pixel at device pixel (x, y), clamped into the frame.
    public func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let cx = min(max(x, 0), width - 1), cy = min(max(y, 0), height - 1)
        let o = (cy * width + cx) * 4
        return (rgba[o], rgba[o + 1], rgba[o + 2])
    }

    /// The pixels whose centres lie in `rect` (window points).
    public func pixels(in rect: Rect) -> [(UInt8, UInt8, UInt8)] {
        let x0 = max(Int((rect.minX * scale).rounded()), 0), x1 = min(Int((rect.maxX * scale).rounded()), width)
        let y0 = max(Int((rect.minY * scale).rounded()), 0), y1 = min(Int((rect.maxY * scale).rounded()), height)
        guard x0 < x1, y0 < y1 else { return [] }
        var out: [(UInt8, UInt8, UInt8)] = []
        out.reserveCapacity((x1 - x0) * (y1 - y0))
        for y in y0..<y1 { for x in x0..<x1 { out.append(pixel(x, y)) } }
        return out
    }
}
