import CarouselClips
import CarouselSupport
import Foundation
import SDLBackend
import Testing

/// Captures at `--scale 2`: twice the pixels, the same layout in points, drawn at device pixels (text rasterised at
/// the device size, images decoded for it), not a 1x frame stretched.
@Suite("HiDPI captures", .serialized, .enabled(if: CLI.available))
struct ScaleTests {
    static let styles = ["expand", "stitch", "loop", "circular", "paging"]

    /// The luminance of `image`, as doubles, row by row.
    static func luma(_ image: PixelImage) -> [Double] {
        stride(from: 0, to: image.rgba.count, by: 4).map { (i: Int) -> Double in
            let r = 0.299 * Double(image.rgba[i]), g = 0.587 * Double(image.rgba[i + 1]), b = 0.114 * Double(image.rgba[i + 2])
            return r + g + b
        }
    }

    /// `image` halved by averaging each 2x2 block, as luminance.
    static func halved(_ image: PixelImage) -> [Double] {
        let l = luma(image), w = image.width / 2, h = image.height / 2
        var out = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let a = (2 * y) * image.width + 2 * x
                out[y * w + x] = (l[a] + l[a + 1] + l[a + image.width] + l[a + image.width + 1]) / 4
            }
        }
        return out
    }

    static func psnr(_ a: [Double], _ b: [Double]) -> Double {
        let mse = zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) } / Double(a.count)
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }

    /// How abruptly luminance changes across the edges in the rectangle (x, y, w, h) of `l`, an image `width` wide:
    /// the sum of squared steps between neighbouring pixels over the sum of steps, which for an edge of height H
    /// spread over k pixels is H / k. Crisp text takes each edge in a pixel or two; stretched text spreads it.
    static func edgeSharpness(_ l: [Double], width: Int, _ r: (x: Int, y: Int, w: Int, h: Int)) -> Double {
        var squares = 0.0, steps = 0.0
        for y in r.y..<(r.y + r.h) {
            for x in r.x..<(r.x + r.w - 1) {
                let d = abs(l[y * width + x + 1] - l[y * width + x])
                squares += d * d
                steps += d
            }
        }
        return steps > 0 ? squares / steps : 0
    }

    @Test("Every style at --scale 2: twice the pixels, the same layout, close to the 1x frame when halved")
    func everyStyle() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for style in Self.styles {
            var layouts: [JSONValue] = [], images: [PixelImage] = []
            for scale in ["1", "2"] {
                let png = dir.appendingPathComponent("\(style)-\(scale).png").path, layout = dir.appendingPathComponent("\(style)-\(scale).json").path
                let r = try CLI.run(["capture", "--style", style, "--size", "640x400", "--scale", scale, "--at", "1.5",
                                     "--input", "0.1 move 200 200; 0.3 wheel 0 -1", "--out", png, "--layout", layout])
                #expect(r.status == 0, "\(style) at \(scale)x: \(r.stderr)")
                images.append(try PixelImage.load(png))
                layouts.append(try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: layout))))
            }
            #expect(images[0].width == 640 && images[0].height == 400, "\(style)")
            #expect(images[1].width == 1280 && images[1].height == 800, "\(style): twice the pixels")
            #expect(layouts[0] == layouts[1], "\(style): the same layout in points")
            let db = Self.psnr(Self.halved(images[1]), Self.luma(images[0]))
            #expect(db >= 24, "\(style): the 2x frame halved is the 1x frame (\(db) dB)")
        }
    }

    @Test("Text at --scale 2 is drawn at the device size: its edges are as crisp per device pixel as at 1x, unlike a stretched 1x frame")
    func textIsSharp() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        var images: [PixelImage] = []
        for scale in ["1", "2"] {
            let png = dir.appendingPathComponent("text-\(scale).png").path
            let r = try CLI.run(["capture", "--style", "expand", "--size", "640x400", "--scale", scale, "--at", "0.5", "--out", png])
            #expect(r.status == 0, "\(r.stderr)")
            images.append(try PixelImage.load(png))
        }
        // The deck's heading ("Sample photographs") at the top left of the row, in points: (20, 60) to (270, 90).
        let one = Self.luma(images[0]), two = Self.luma(images[1])
        let crisp1x = Self.edgeSharpness(one, width: 640, (20, 60, 250, 30))
        let crisp2x = Self.edgeSharpness(two, width: 1280, (40, 120, 500, 60))
        // The 1x frame stretched to 2x (each pixel doubled, then the pairs blended as a scaler does).
        var stretched = [Double](repeating: 0, count: 1280 * 800)
        for y in 0..<800 { for x in 0..<1280 {
            let sx = Double(x) / 2 - 0.25, x0 = max(0, min(639, Int(sx.rounded(.down)))), x1 = min(639, x0 + 1), f = max(0, sx - Double(x0))
            stretched[y * 1280 + x] = one[(y / 2) * 640 + x0] * (1 - f) + one[(y / 2) * 640 + x1] * f
        } }
        let soft = Self.edgeSharpness(stretched, width: 1280, (40, 120, 500, 60))
        #expect(crisp1x > 40, "the region holds text (\(crisp1x))")
        #expect(crisp2x > soft * 1.4, "2x text \(crisp2x) per device pixel against a stretched 1x frame's \(soft)")
        #expect(crisp2x > crisp1x * 0.7, "2x text nearly as crisp per device pixel as 1x (\(crisp2x) against \(crisp1x))")
    }

    @Test("A bad --scale is one line")
    func badScale() throws {
        let r = try CLI.run(["capture", "--scale", "9", "--out", "/tmp/never.png"])
        #expect(r.status == 64)
        #expect(r.lines == ["Error: --scale must be between 0.5 and 4, got 9"])
    }
}

/// The real window on a HiDPI X display: the desktop's Xft.dpi of 192 makes it draw at 2x.
@Suite("HiDPI window under Xvfb", .serialized,
       .enabled(if: AppWindow.available && PrivateDisplay.available, "needs Xvfb, xdotool and a built carousel-lab"))
struct ScaleWindowTests {
    @Test("Xft.dpi 192: the window has twice the pixels, lays out in points, the pointer hovers the item under it, F12 saves 2x pixels")
    func xftDpiScalesTheWindow() throws {
        let display = try PrivateDisplay()
        // A client that stays connected, so the server keeps the resource database set below (it resets when its
        // last client leaves); it also rests the pointer outside where the window opens.
        let holder = try ChildProcess(program: "/usr/bin/xdotool", arguments: ["mousemove", "1910", "1070", "sleep", "60"],
                                      environment: ["DISPLAY": display.name], group: .thisInterruptible)
        defer { holder.terminate() }
        Thread.sleep(forTimeInterval: 0.3)
        try ChildProcess(program: "/usr/bin/xprop", arguments: ["-root", "-f", "RESOURCE_MANAGER", "8s", "-set", "RESOURCE_MANAGER", "Xft.dpi:\t192\n"],
                         environment: ["DISPLAY": display.name], group: .thisInterruptible).wait()
        let shots = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: shots) }
        let app = try AppWindow(["--size", "800x500", "--style", "expand", "--screenshots", shots.path], environment: ["DISPLAY": display.name])
        defer { withExtendedLifetime((display, app)) {} }
        let id = try #require(app.windowID())
        let geometry = app.xdotoolOutput("getwindowgeometry", id)
        #expect(geometry.contains("Geometry: 1600x1000"), "\(geometry)")
        let first = try #require(app.layout())
        #expect(first["size"] == .array([800, 500]), "the layout stays in points")
        // The window's top-left corner on the screen, then item 2's centre in device pixels.
        let numbers = geometry.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        let (wx, wy) = (numbers[1], numbers[2])
        let item = try #require(AppWindow.frame(first, 2))
        app.xdotool("mousemove", "\(wx + Int(item.midX * 2))", "\(wy + Int(item.midY * 2))")
        #expect(app.wait { $0["state"]?["expanded"] == .number(2) } != nil, "the item under the pointer expands")
        app.xdotool("key", "--window", id, "F12")
        let deadline = Date().addingTimeInterval(10)
        var png: String?
        while png == nil && Date() < deadline {
            png = (try? FileManager.default.contentsOfDirectory(atPath: shots.path))?.first { $0.hasSuffix(".png") }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let shot = try #require(png.map { try PixelImage.load(shots.appendingPathComponent($0).path) })
        #expect(shot.width == 1600 && shot.height == 1000, "F12 saves the device pixels")
    }
}
