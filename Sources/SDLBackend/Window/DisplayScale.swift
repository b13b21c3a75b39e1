import CX11
import Foundation

/// Device pixels per point for a window, found the way GTK and Qt find it on X11: `--scale` when given, else the
/// toolkits' overrides (`GDK_SCALE`, `QT_SCALE_FACTOR`), else the X resource database's `Xft.dpi` over 96 (what a
/// desktop's "display scale" setting writes), else 1. On Wayland SDL reports the output's scale itself (the
/// drawable is larger than the window), and this factor multiplies it.
public struct DisplayScale: Equatable, Sendable {
    /// Device pixels per point, 0.5 to 4.
    public var factor: Double
    /// Where it came from, for the F3 line and `--stats`: "--scale", "GDK_SCALE", "QT_SCALE_FACTOR", "Xft.dpi 192"
    /// or "default".
    public var source: String

    public init(factor: Double, source: String) { self.factor = factor; self.source = source }

    /// The range a scale may take.
    public static let range = 0.5...4.0

    /// The scale from `option` (`--scale`), else `environment`'s overrides, else `xftDpi` (read from the display
    /// only when needed), else 1.
    public static func resolve(option: Double?, environment: [String: String] = ProcessInfo.processInfo.environment,
                               xftDpi: () -> Double? = DisplayScale.readXftDpi) -> DisplayScale {
        if let option { return DisplayScale(factor: clamped(option), source: "--scale") }
        for name in ["GDK_SCALE", "QT_SCALE_FACTOR"] {
            if let text = environment[name], let v = Double(text.trimmingCharacters(in: .whitespaces)), v.isFinite, v > 0 {
                return DisplayScale(factor: clamped(v), source: name)
            }
        }
        if let dpi = xftDpi(), dpi.isFinite, dpi > 0 {
            // 96 dpi is 1x; a desktop at 144 or 192 asks for 1.5x or 2x. Quarter steps, as desktops offer.
            return DisplayScale(factor: clamped((dpi / 96 * 4).rounded() / 4), source: "Xft.dpi \(Int(dpi.rounded()))")
        }
        return DisplayScale(factor: 1, source: "default")
    }

    static func clamped(_ v: Double) -> Double { min(max(v, range.lowerBound), range.upperBound) }

    /// `Xft.dpi` in an X resource database's text (`Xft.dpi:\t192`), or nil when it has none.
    public static func xftDpi(inResources text: String) -> Double? {
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "Xft.dpi" else { continue }
            return Double(parts[1].trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// `Xft.dpi` from the X server's resource database (the root window's RESOURCE_MANAGER, which `xrdb` and the
    /// desktop's settings daemon write), or nil without an X display or the resource.
    public static func readXftDpi() -> Double? {
        guard let display = XOpenDisplay(nil) else { return nil }
        defer { XCloseDisplay(display) }
        guard let text = XResourceManagerString(display) else { return nil }
        return xftDpi(inResources: String(cString: text))
    }
}
