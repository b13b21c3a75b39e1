@testable import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselSupport
import Foundation
import Testing

/// The parts of the checks that need no canvas: contrast arithmetic, travel, targets, the report, the desktop's
/// setting, the checks panel's lines.
@Suite("Accessibility checks")
@MainActor
struct AccessibilityCheckTests {
    @Test("Contrast: WCAG's luminance and ratio; text over pixels blends its alpha and leaves out the lowest 5 %")
    func contrast() {
        #expect(abs(Contrast.ratio(Contrast.luminance((255, 255, 255)), Contrast.luminance((0, 0, 0))) - 21) < 1e-9)
        #expect(abs(Contrast.ratio(Contrast.luminance((118, 118, 118)), Contrast.luminance((255, 255, 255))) - 4.54) < 0.01)
        let white: (UInt8, UInt8, UInt8) = (255, 255, 255)
        #expect(Contrast.text(.white, over: [white]) == 1)
        // White text over a white photo behind a 50 % black scrim (expand's details): about 3.9:1, under 4.5.
        let scrimmed = Contrast.text(.white, over: [(128, 128, 128)])!
        #expect(scrimmed > 3.8 && scrimmed < 4.0)
        // Half-transparent white text over black: the blend, (128,128,128) against black.
        #expect(abs(Contrast.text(Color.white.withAlpha(0.5), over: [(0, 0, 0)])! - Contrast.ratio(Contrast.luminance((128, 128, 128)), 0)) < 0.05)
        // A few bright pixels (4 %) behind dark-backed white text do not decide; a tenth of them does.
        let dark = [(UInt8, UInt8, UInt8)](repeating: (0, 0, 0), count: 96)
        #expect(Contrast.text(.white, over: dark + Array(repeating: white, count: 4))! == 21)
        #expect(Contrast.text(.white, over: dark + Array(repeating: white, count: 10))! == 1)
        #expect(Contrast.isLarge(FontSpec(size: 20, bold: true)) && !Contrast.isLarge(FontSpec(size: 20)) && Contrast.isLarge(FontSpec(size: 24)))
    }

    @Test("Travel counts what moves over two or more frames in a row: a cut is not travel")
    func travel() {
        #expect(AccessibilityCheck.travel([0, 0, 100, 100, 100]) == 0, "a cut")
        #expect(AccessibilityCheck.travel([0, 30, 70, 100, 100]) == 100, "a slide")
        #expect(AccessibilityCheck.travel([0, 100, 100, 130, 160]) == 60, "a cut, then a slide to the end")
    }

    @Test("Targets: 24 x 24 passes; a smaller one passes only when its 24 pt circle touches no other target or small circle")
    func targets() {
        func dots(pitch: Double) -> [PointerTarget] { (0..<4).map { PointerTarget("dot \($0)", Rect(Double($0) * pitch, 0, 16, 16)) } }
        #expect(AccessibilityCheck.targetResult([PointerTarget("big", Rect(0, 0, 24, 24))]).passed)
        let crowded = AccessibilityCheck.targetResult(dots(pitch: 16))
        #expect(!crowded.passed && crowded.figures["failing"] == 4 && crowded.figures["smallestWidth"] == 16)
        #expect(crowded.fix?.contains("24 x 24") == true)
        let spaced = AccessibilityCheck.targetResult(dots(pitch: 24))
        #expect(spaced.passed, "\(spaced.measured)")
        #expect(spaced.measured.contains("spacing exception"))
        // A small target 10 pt from a big one is crowded by it.
        let near = AccessibilityCheck.targetResult([PointerTarget("small", Rect(0, 0, 10, 10)), PointerTarget("big", Rect(15, 0, 100, 100))])
        #expect(!near.passed)
        #expect(AccessibilityCheck.targetResult([PointerTarget("x", Rect(0, 0, 10, 10), fix: "Dot size 12")]).passed, "alone, it is clear")
    }

    @Test("A report prints each rule with its figure and its fix, and reads back from its JSON")
    func report() throws {
        let results = [CheckResult(rule: "2.2.2", title: "Pause, Stop, Hide", level: "A", passed: true, measured: "off", fix: "never shown"),
                       CheckResult(rule: "1.4.3", title: "Contrast (Minimum)", level: "AA", passed: false, measured: "3.9:1", fix: "darker", figures: ["lowest": 3.9])]
        let r = CheckReport(style: "expand", width: 1280, height: 720, results: results,
                            texts: [TextContrast(text: "A", contrast: 3.9, required: 4.5)], targets: [("item 0", 150, 200)])
        #expect(!r.passed)
        #expect(r.text == """
            expand, 1280x720 points
              pass  2.2.2 Pause, Stop, Hide (A): off
              FAIL  1.4.3 Contrast (Minimum) (AA): 3.9:1
                    fix: darker
            1 of 2 checks pass

            """)
        let back = try #require(CheckReport(json: try JSONParser.parse(Data(r.json.serialized().utf8))))
        #expect(back == r)
        #expect(back.results[0].fix == nil, "a passing rule has no fix")
        #expect(CheckReport(json: .object([])) == nil)
    }

    @Test("The desktop's setting: GNOME's gsettings, GTK's settings.ini, KDE's kdeglobals; any one turning animations off wins")
    func desktop() {
        func read(gsettings: String?, files: [String: String]) -> DesktopMotion? {
            DesktopMotion.read(DesktopMotion.Sources(run: { program, args, deadline in
                #expect(program == "/usr/bin/gsettings" && args == ["get", "org.gnome.desktop.interface", "enable-animations"] && deadline == 2)
                return gsettings
            }, readFile: { files[$0] }, configHome: "/c", home: "/h"))
        }
        #expect(read(gsettings: nil, files: [:]) == nil)
        #expect(read(gsettings: "false\n", files: [:]) == DesktopMotion(reduced: true, source: "GNOME enable-animations false"))
        #expect(read(gsettings: "true\n", files: [:])?.reduced == false)
        let gtk = "# comment\n[Other]\ngtk-enable-animations=1\n[Settings]\ngtk-enable-animations = 0\n"
        #expect(read(gsettings: "true\n", files: ["/c/gtk-3.0/settings.ini": gtk]) == DesktopMotion(reduced: true, source: "gtk-3.0/settings.ini gtk-enable-animations 0"))
        #expect(read(gsettings: nil, files: ["/c/kdeglobals": "[KDE]\nAnimationDurationFactor=0\n"])?.reduced == true)
        #expect(read(gsettings: nil, files: ["/c/kdeglobals": "[KDE]\nAnimationDurationFactor=0.5\n"])?.reduced == false)
        #expect(DesktopMotion.iniValue("[Settings]\nkey=a\nkey = b\n", section: "Settings", key: "key") == "b")
    }

    @Test("The checks panel: without a window it says how to run the checks; a report shows each rule, failures with their fix")
    func panel() throws {
        let (p, sim) = try makePreview(style: "paging")
        sim.key("c")
        #expect(p.checks.isVisible && p.checks.status?.contains("carousel-lab check --style paging") == true)
        p.checks.show(CheckReport(style: "paging", width: 1280, height: 720, results: [
            CheckResult(rule: "2.5.8", title: "Target Size (Minimum)", level: "AA", passed: false, measured: "16 x 32 pt", fix: "Dot size 12"),
        ]))
        sim.frame()
        #expect(p.checks.lines.map(\.text) == ["Checks · paging · 0 of 1 pass (WCAG 2.2; C hides)", "✗ 2.5.8 Target Size (Minimum) (AA)", "16 x 32 pt", "Fix: Dot size 12"])
        #expect(p.checks.lines[1].color == ChecksPanel.failColor)
        #expect(p.layoutJSON()["checks"]?["report"]?["passed"] == .bool(false))
        sim.key("c")
        #expect(p.layoutJSON()["checks"] == .null)
    }
}
