import CarouselCore
import Foundation
import Testing
@testable import SDLBackend

/// Draws 12 overlapping 300x450 rounded image cards with labels inside a rounded clip for `frames` frames, then idles.
@MainActor
final class BenchDriver: FrameDriver {
    let image: ImageHandle
    var frames = 0
    let maxFrames: Int
    var lastTime = 0.0
    var drawStart = 0.0
    var idleUntil: Double
    var frameTimes: [Double] = []
    init(image: ImageHandle, frames: Int, idleSeconds: Double) { self.image = image; maxFrames = frames; idleUntil = idleSeconds }
    func handle(_ event: InputEvent) {}
    func update(to time: Double) { lastTime = time }
    var needsFrame: Bool { frames < maxFrames }
    var nextWakeTime: Double? { nil }
    func draw(into renderer: Renderer) {
        let t0 = Date()
        renderer.beginFrame(clearColor: Color(hex: 0x202124))
        renderer.save()
        renderer.clip(to: Rect(10, 10, 1260, 700), cornerRadius: 12)
        for i in 0..<12 {
            let x = Double(i) * 90 + Double(frames % 10)
            renderer.drawShadow(for: Rect(x, 60, 300, 450), cornerRadius: 16, shadow: Shadow(color: Color(0, 0, 0, 0.3), radius: 12, offset: Point(0, 6)))
            renderer.drawImage(image, in: Rect(x, 60, 300, 450), cornerRadius: 16, contentMode: .fill, opacity: 1)
            renderer.drawText("Poster number \(i)", at: Point(x + 10, 520), font: FontSpec(size: 16), color: .white)
        }
        renderer.restore()
        renderer.endFrame()
        frameTimes.append(Date().timeIntervalSince(t0))
        frames += 1
    }
    var wantsQuit: Bool { frames >= maxFrames && lastTime > idleUntil }
}

/// A 1280x720 window and a 1000x1500 striped poster in `dir`, decoded at 300x450, for the benchmarks.
@MainActor
func benchWindow(posterIn dir: URL) throws -> (SDLWindowHost, ImageHandle) {
    let path = dir.appendingPathComponent("poster.png").path
    writeStripedPNG(path, width: 1000, height: 1500, stripes: [(0.3, 0x336699), (0.4, 0xcc8844), (0.3, 0x88aa22)])
    let host = try SDLWindowHost(title: "bench", size: Size(1280, 720))
    let h = host.imageStore.handle(for: path, maxPixelSize: Size(300, 450))
    #expect(host.imageStore.waitUntilLoaded(timeout: 10))
    return (host, h)
}

@MainActor
@Suite("Benchmarks (CAROUSEL_BENCH=1 under xvfb-run)", .serialized,
       .enabled(if: hasDisplay && ProcessInfo.processInfo.environment["CAROUSEL_BENCH"] == "1"))
struct BenchTests {
    @Test func frameTimeAndIdleCPU() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (host, h) = try benchWindow(posterIn: dir)
        let idle = 3.0
        let driver = BenchDriver(image: h, frames: 60, idleSeconds: 0)
        host.run(driver: driver)
        let sorted = driver.frameTimes.dropFirst(5).sorted()
        print("bench: renderer \(host.rendererName), frame median \(String(format: "%.2f", sorted[sorted.count / 2] * 1000)) ms, p90 \(String(format: "%.2f", sorted[sorted.count * 9 / 10] * 1000)) ms, triangles \(host.renderer.stats.triangles), draw calls \(host.renderer.stats.drawCalls)")
        // Idle: no frames needed, no wake time; the loop must sleep. Quit comes from a timer thread pushing SDL_QUIT.
        let idler = BenchDriver(image: h, frames: 0, idleSeconds: .infinity)
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: idle)
            pushQuit()
        }
        var before = rusage(), after = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &before)
        let start = Date()
        host.run(driver: idler)
        getrusage(Int32(RUSAGE_SELF.rawValue), &after)
        let cpu = (Double(after.ru_utime.tv_sec - before.ru_utime.tv_sec) + Double(after.ru_utime.tv_usec - before.ru_utime.tv_usec) / 1e6)
            + (Double(after.ru_stime.tv_sec - before.ru_stime.tv_sec) + Double(after.ru_stime.tv_usec - before.ru_stime.tv_usec) / 1e6)
        let wall = Date().timeIntervalSince(start)
        print("bench: idle \(String(format: "%.2f", wall)) s wall, \(String(format: "%.1f", cpu * 1000)) ms CPU (\(String(format: "%.2f", cpu / wall * 100)) %)")
        #expect(cpu / wall < 0.05)
    }
}

@MainActor
@Suite("Screenshot benchmark (CAROUSEL_BENCH=1 under xvfb-run)", .serialized,
       .enabled(if: hasDisplay && ProcessInfo.processInfo.environment["CAROUSEL_BENCH"] == "1"))
struct ScreenshotBenchTests {
    /// What a screenshot costs the frame loop on the window's renderer: the main-thread time of a frame whose pixels
    /// are read back (the app draws that frame once more to show it) against a plain frame, and the background time
    /// to encode and write the PNG.
    @Test func screenshotCost() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (host, h) = try benchWindow(posterIn: dir)
        let driver = BenchDriver(image: h, frames: .max, idleSeconds: 0)
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] * 1000 }
        var plain: [Double] = [], readBack: [Double] = [], saves: [Double] = []
        for i in 0..<40 {
            let t0 = Date()
            if i % 2 == 1 {
                host.screenshotter.captureNextFrame(naming: screenshotNames(dir.appendingPathComponent("s\(i).png").path, sidecar: "{}", at: dir.appendingPathComponent("s\(i).json").path)) { _ in }
                driver.draw(into: host.renderer)
                readBack.append(Date().timeIntervalSince(t0))
                let s0 = Date()
                #expect(host.screenshotter.waitUntilIdle(timeout: 10))
                saves.append(Date().timeIntervalSince(s0))
            } else {
                driver.draw(into: host.renderer)
                plain.append(Date().timeIntervalSince(t0))
            }
        }
        print("bench: screenshot on \(host.rendererName) 1280x720: plain frame median \(String(format: "%.2f", median(plain))) ms, "
              + "frame read back median \(String(format: "%.2f", median(readBack))) ms (main thread; the frame is then drawn again), "
              + "PNG encode + write in the background median \(String(format: "%.0f", median(saves))) ms")
    }
}
