import CarouselCore
import Foundation
import Testing
@testable import SDLBackend

/// The renderer's last guard (issue 34): the paint pass keeps geometry finite and within a few window sizes, but a
/// caller that hands the renderer coordinates beyond 32-bit pixels, or NaN, gets nothing worse than a clamped
/// drawing: no trap converting to `Int32` (`SDLRenderer.drawImage` died with SIGILL at 1e9).
@MainActor
@Suite("Renderer: coordinates beyond 32-bit pixels are clamped, never a trap")
struct ExtremeGeometryTests {
    @Test("Images, fills, shadows and clips at 1e12, -1e15 and NaN: the frame is drawn, what is on screen is right")
    func hugeCoordinates() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("striped.png").path
        writeStripedPNG(path, width: 200, height: 100, stripes: [(0.5, 0x00ff00), (0.5, 0xff0000)])
        let c = try HeadlessCanvas(width: 200, height: 100)
        let image = c.images.handle(for: path, maxPixelSize: nil)
        #expect(c.images.waitUntilLoaded(timeout: 10))
        let r = c.renderer
        for huge in [1e12, 3e9, -1e15, Double.nan] {
            r.beginFrame(clearColor: .black)
            r.fill(Rect(0, 0, 100, 100), cornerRadius: 0, color: Color(0, 0, 1))
            r.drawImage(image, in: Rect(huge, 0, abs(huge), 100), cornerRadius: 8, contentMode: .fill, opacity: 1)
            r.drawImage(image, in: Rect(150, 0, abs(huge), abs(huge)), cornerRadius: 0, contentMode: .stretch, opacity: 0.5)
            r.fill(Rect(120, huge, 10, abs(huge)), cornerRadius: 4, color: Color(1, 1, 1, 0.5))
            r.drawShadow(for: Rect(huge, huge, 50, 50), cornerRadius: 8, shadow: Shadow(color: Color(0, 0, 0, 0.5), radius: 12, offset: .zero))
            r.save()
            r.clip(to: Rect(-abs(huge), 0, 2 * abs(huge), 100), cornerRadius: 0)
            r.fill(Rect(40, 40, 20, 20), cornerRadius: 0, color: Color(1, 1, 0))
            r.restore()
            r.endFrame()
            #expect(rgb(c, 50, 50) == [255, 255, 0], "at \(huge): the frame is drawn")
            #expect(rgb(c, 10, 90) == [0, 0, 255], "at \(huge): what lies outside the huge shapes is untouched")
        }
    }
}
