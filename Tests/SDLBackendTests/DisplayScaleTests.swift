import Testing
@testable import SDLBackend

@Suite("Display scale")
struct DisplayScaleTests {
    @Test("--scale wins, then GDK_SCALE, then QT_SCALE_FACTOR, then Xft.dpi / 96 in quarter steps, else 1")
    func precedence() {
        #expect(DisplayScale.resolve(option: 1.5, environment: ["GDK_SCALE": "2"], xftDpi: { 192 }) == DisplayScale(factor: 1.5, source: "--scale"))
        #expect(DisplayScale.resolve(option: nil, environment: ["GDK_SCALE": "2", "QT_SCALE_FACTOR": "3"], xftDpi: { 96 })
                == DisplayScale(factor: 2, source: "GDK_SCALE"))
        #expect(DisplayScale.resolve(option: nil, environment: ["QT_SCALE_FACTOR": "1.25"], xftDpi: { 96 })
                == DisplayScale(factor: 1.25, source: "QT_SCALE_FACTOR"))
        #expect(DisplayScale.resolve(option: nil, environment: [:], xftDpi: { 192 }) == DisplayScale(factor: 2, source: "Xft.dpi 192"))
        #expect(DisplayScale.resolve(option: nil, environment: [:], xftDpi: { 144 }).factor == 1.5)
        #expect(DisplayScale.resolve(option: nil, environment: [:], xftDpi: { 100 }).factor == 1, "100 dpi rounds to 1x")
        #expect(DisplayScale.resolve(option: nil, environment: [:], xftDpi: { nil }) == DisplayScale(factor: 1, source: "default"))
    }

    @Test("Nonsense overrides are skipped and extremes clamped to 0.5...4")
    func badValues() {
        #expect(DisplayScale.resolve(option: nil, environment: ["GDK_SCALE": "big", "QT_SCALE_FACTOR": "-2"], xftDpi: { nil }).source == "default")
        #expect(DisplayScale.resolve(option: nil, environment: ["GDK_SCALE": "9"], xftDpi: { nil }).factor == 4)
        #expect(DisplayScale.resolve(option: nil, environment: [:], xftDpi: { 20 }).factor == 0.5)
    }

    @Test("Xft.dpi is read from the resource database's text, as xrdb writes it")
    func resources() {
        #expect(DisplayScale.xftDpi(inResources: "Xft.antialias:\t1\nXft.dpi:\t192\nXft.hinting:\t1\n") == 192)
        #expect(DisplayScale.xftDpi(inResources: "Xft.dpi: 120.5") == 120.5)
        #expect(DisplayScale.xftDpi(inResources: "Xcursor.size: 24\n") == nil)
        #expect(DisplayScale.xftDpi(inResources: "") == nil)
    }
}
