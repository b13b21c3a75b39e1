import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselSupport
import CarouselTesting
import Foundation
import SDLBackend
import Testing

/// Timing curves at the edge of what is accepted, swept through every style and drawn by the real renderers: the
/// software canvas `capture` and `record` use, and the window's (issue 34: `cubic-bezier(0.2,1e9,0.2,1)` killed the
/// renderer with SIGILL, from 1e5 with SIGSEGV inside SDL's geometry). A crash fails the run; every frame's
/// drawings are also checked finite and within the paint pass's reach.
@MainActor
@Suite("Extreme curves through every style and renderer", .serialized)
struct ExtremeCurveTests {
    nonisolated static let styles = ["expand", "stitch", "loop", "circular", "paging"]
    /// Accepted curves whose overshoot no screen can show: both ways, at the largest doubles, and one each way.
    static let curves = ["cubic-bezier(0.2,1e9,0.2,1)", "cubic-bezier(0.2,-1e9,0.2,1)", "cubic-bezier(0.2,1e5,0.2,1)",
                         "cubic-bezier(0.2,1e308,0.2,-1e308)", "cubic-bezier(0,-1e308,1,1e308)"]
    /// Hover, keys, a wheel, a click, a drag and a pinch: everything that starts an animation in some style.
    static let script = """
        0.1 move 270 350; 0.35 key right; 0.6 wheel 0 -3; 0.85 click 640 360; 1.1 down 700 360; 1.2 move 400 360
        1.3 up 400 360; 1.5 pinch 0.5; 1.8 key left; 2.0 move 900 300; 2.3 key end; 2.6 move 100 100
        """
    let size = Size(1280, 720)

    /// Every curve parameter of `style` set to `curve` on a preview drawn by `renderer` (images from `store`), the
    /// script played and a frame drawn every 1/20 s for 3 s; at every half second the drawings recorded and checked.
    func sweep(_ style: String, _ curve: String, renderer: SDLRenderer, store: SDLImageStore) throws -> [String] {
        let (deck, _) = try Deck.load(path: Golden.packageRoot.appendingPathComponent("Resources/deck.json").path)
        let preview = try Preview(deck: deck, images: store, size: size, style: style, textMeasurer: renderer)
        let curveKeys = preview.currentParameters.specs.filter { $0.kind == .curve }.map(\.key)
        #expect(!curveKeys.isEmpty, "\(style) has curve parameters")
        for key in curveKeys { try preview.setParameter(key, .text(curve)) }
        let run = CaptureRun(preview: preview, script: try ScriptedInput.parse(Self.script, size: size)) {
            _ = store.waitUntilLoaded(timeout: 30)
            return true
        }
        var problems: [String] = []
        let reach = Rect(origin: .zero, size: size).outset(4 * max(size.width, size.height))
        run.render(times: (1...60).map { Double($0) / 20 }, into: renderer) { t in
            // What the paint pass hands the renderer, at a few times: finite, and within the reach.
            guard Int((t * 20).rounded()) % 10 == 0 else { return }
            let recorder = DrawListRecorder(size: size)
            preview.scene.paint(into: recorder, images: store)
            for d in recorder.draws {
                let r = d.rect
                if ![r.x, r.y, r.width, r.height, d.cornerRadius, d.scale].allSatisfy(\.isFinite) {
                    problems.append("\(style) \(curve) at \(t): \(d.kind) not finite \(r)")
                } else if r.minX < reach.minX - 1 || r.maxX > reach.maxX + 1 || r.minY < reach.minY - 1 || r.maxY > reach.maxY + 1 {
                    problems.append("\(style) \(curve) at \(t): \(d.kind) at \(r), beyond \(reach)")
                }
            }
        }
        for item in preview.style.layoutItems() {
            let f = item.frame
            if ![f.x, f.y, f.width, f.height, item.scale, item.opacity].allSatisfy(\.isFinite) {
                problems.append("\(style) \(curve): item \(item.index) laid out at \(f)")
            }
        }
        return problems
    }

    @Test("The software canvas (capture, record), at 1x and 2x: no crash, every drawing finite and within reach",
          arguments: styles)
    func canvas(style: String) throws {
        for scale in [1.0, 2.0] {
            let curves = scale == 1 ? Self.curves : [Self.curves[0], Self.curves[3]]
            let canvas = try HeadlessCanvas(width: Int(size.width * scale), height: Int(size.height * scale), scale: scale,
                                            fontFolders: Golden.fontFolders)
            for curve in curves {
                #expect(try sweep(style, curve, renderer: canvas.renderer, store: canvas.images) == [], "\(scale)x")
            }
        }
    }

    @Test("The window's renderer: no crash, every drawing finite and within reach",
          .enabled(if: TestRequirement.met(ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false),
                   "needs DISPLAY (xvfb-run)"), .serialized, arguments: styles)
    func window(style: String) throws {
        // Never mapped: shown, it would lie over the window tests' windows on the same display and take their input.
        let host = try SDLWindowHost(title: "carousel-lab extreme curves", size: size, mapped: false)
        for curve in Self.curves {
            #expect(try sweep(style, curve, renderer: host.renderer, store: host.imageStore) == [])
        }
    }
}
