import CarouselCore
import CarouselTesting
import Foundation
import ImageFetching
import Testing
@testable import SDLBackend

/// Asks for its images at the first update and draws them; notes each image's state as each frame was drawn.
@MainActor
final class FirstImagesDriver: FrameDriver {
    let store: SDLImageStore
    let sources: [String]
    var handles: [ImageHandle] = []
    /// The images' states when each frame was drawn.
    var statesAtFrames: [[ImageState]] = []
    var lastTime = 0.0
    let maxFrames: Int
    init(store: SDLImageStore, sources: [String], maxFrames: Int = 2) {
        self.store = store
        self.sources = sources
        self.maxFrames = maxFrames
    }
    func handle(_ event: InputEvent) {}
    func update(to time: Double) {
        lastTime = time
        // As the app does: the layout asks for the images, the driver drains the store.
        if handles.isEmpty { handles = sources.map { store.handle(for: $0, maxPixelSize: Size(200, 100)) } }
        store.pump()
    }
    var needsFrame: Bool { statesAtFrames.count < maxFrames }
    var nextWakeTime: Double? { needsFrame ? lastTime : lastTime + 0.05 }
    func draw(into renderer: Renderer) {
        statesAtFrames.append(handles.map { store.state(of: $0) })
        renderer.beginFrame(clearColor: .black)
        for (i, h) in handles.enumerated() {
            renderer.drawImage(h, in: Rect(Double(i) * 210, 0, 200, 100), cornerRadius: 0, contentMode: .fill, opacity: 1)
        }
        renderer.endFrame()
    }
    var wantsQuit: Bool { !needsFrame && lastTime > 0.1 }
}

@MainActor
@Suite("The window's first frame and its images (only with DISPLAY)", .serialized, .sharedDisplay, .enabled(if: hasDisplay))
struct FirstFrameImagesTests {
    @Test("The first frame waits for the images it shows: it has the photo, not its placeholder")
    func firstFrameWaitsForItsImages() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("stripes.png").path
        writeStripedPNG(path, width: 200, height: 100, stripes: [(0.5, 0x00ff00), (0.5, 0x0000ff)])
        let host = try SDLWindowHost(title: "carousel-lab first images", size: Size(420, 120))
        // Generous, so a busy machine's slow decode still comes within it; the wait ends at the decode.
        host.firstImagesWait = 10
        let driver = FirstImagesDriver(store: host.imageStore, sources: [path])
        host.run(driver: driver)
        #expect(driver.statesAtFrames.first == [.ready(Size(200, 100))])
        #expect(host.renderer.hasPresentedCompleteFrame)
    }

    @Test("A broken first image is waited for only until it fails: the first frame shows its placeholder and the one line says why")
    func brokenFirstImageFailsOnceAndIsNotWaitedFor() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The broken image alone: beside a good one the first frame may come when the good one is ready, before the
        // broken one has failed (the next test), and which comes first is the decoding threads' race.
        let broken = dir.appendingPathComponent("broken.png").path
        try "not pixels".write(toFile: broken, atomically: true, encoding: .utf8)
        let host = try SDLWindowHost(title: "carousel-lab broken first image", size: Size(420, 120))
        host.firstImagesWait = 10
        var failures: [String] = []
        host.imageStore.onFailure = { failures.append($0) }
        let driver = FirstImagesDriver(store: host.imageStore, sources: [broken])
        host.run(driver: driver)
        let first = try #require(driver.statesAtFrames.first)
        guard case .failed(let message) = first[0] else { Issue.record("the broken image is \(first[0]) in the first frame"); return }
        #expect(message.hasPrefix("\(broken): not an image"))
        #expect(failures == [message])
        // Drawn once both had settled, well before the wait's end.
        #expect(driver.lastTime < 10)
    }

    @Test("An image slower than the wait shows its placeholder in the first frame")
    func slowImageDoesNotHoldTheFirstFrame() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("stripes.png").path
        writeStripedPNG(path, width: 200, height: 100, stripes: [(1, 0x00ff00)])
        let server = try TestHTTPServer(routes: ["/slow.png": .init(body: Array(try Data(contentsOf: URL(fileURLWithPath: path))), delay: 0.5)])
        defer { server.stop() }
        let host = try SDLWindowHost(title: "carousel-lab slow first image", size: Size(420, 120))
        host.firstImagesWait = 0.05
        host.imageStore.fetchConfiguration = ImageFetcher.Configuration(timeout: 10, diskCacheDirectory: dir)
        let driver = FirstImagesDriver(store: host.imageStore, sources: [server.url("/slow.png")])
        host.run(driver: driver)
        #expect(driver.statesAtFrames.first == [.loading])
    }

    @Test("The first frame comes with the first picture ready, not after all of them: the others follow")
    func firstFrameComesWithTheFirstPicture() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("stripes.png").path
        writeStripedPNG(path, width: 200, height: 100, stripes: [(1, 0x00ff00)])
        let server = try TestHTTPServer(routes: ["/slow.png": .init(body: Array(try Data(contentsOf: URL(fileURLWithPath: path))), delay: 1)])
        defer { server.stop() }
        let host = try SDLWindowHost(title: "carousel-lab first picture", size: Size(420, 120))
        host.firstImagesWait = 10
        host.imageStore.fetchConfiguration = ImageFetcher.Configuration(timeout: 10, diskCacheDirectory: dir)
        let driver = FirstImagesDriver(store: host.imageStore, sources: [path, server.url("/slow.png")])
        host.run(driver: driver)
        #expect(driver.statesAtFrames.first == [.ready(Size(200, 100)), .loading])
    }
}
