import CarouselCore
import Foundation
import Testing
@testable import SDLBackend

/// The image store's budget holds also when it is the layers at drawn size (made while painting, with no decode
/// finishing) that go over it; the soak once found textures at 83 MB against a 64 MB budget.
@MainActor
@Suite("Texture budget")
struct TextureBudgetTests {
    @Test("Layers made while drawing are evicted on the next pump; what the last frame drew stays")
    func layersCountAgainstTheBudget() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let canvas = try HeadlessCanvas(width: 400, height: 400)
        let store = canvas.images
        let handles = (0..<4).map { i -> ImageHandle in
            let path = dir.appendingPathComponent("i\(i).png").path
            writeStripedPNG(path, width: 200, height: 200, stripes: [(1, 0x336699)])
            return store.handle(for: path, maxPixelSize: nil)
        }
        #expect(store.waitUntilLoaded(timeout: 10))
        store.pump()
        let decoded = store.textureBytes                       // four 200x200 images and their mip levels
        store.textureBudget = decoded + 2 * 150 * 150 * 4      // room for two layers at drawn size, not four
        // Frame 1: every image drawn, a layer of each at 150x150.
        store.beginFrame()
        for h in handles {
            _ = store.pixels(for: h)
            _ = store.layer(for: h, width: 150, height: 150)
        }
        #expect(store.textureBytes == decoded + 4 * 150 * 150 * 4)
        store.pump()                                           // nothing decoded: drawn last frame, all kept
        #expect(store.textureBytes == decoded + 4 * 150 * 150 * 4)
        // Frame 2 draws only the first image: the others go until the budget holds.
        store.beginFrame()
        _ = store.pixels(for: handles[0])
        store.pump()
        #expect(store.textureBytes <= store.textureBudget)
        #expect(store.layerSizes(of: handles[0]) == [Size(150, 150)])
    }
}
