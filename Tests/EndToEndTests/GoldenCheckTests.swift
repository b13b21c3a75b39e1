import Foundation
import SDLBackend
import Testing

/// The golden check itself (issue 22): a missing element must fail it, however small a share of the window it is.
@Suite("Golden check")
struct GoldenCheckTests {
    /// `image` with the disc of `radius` about `x, y` painted in the background colour (the top-left pixel's).
    func erasing(_ image: PixelImage, x: Int, y: Int, radius: Int) -> PixelImage {
        var rgba = image.rgba
        for row in (y - radius)...(y + radius) {
            for col in (x - radius)...(x + radius) where (row - y) * (row - y) + (col - x) * (col - x) <= radius * radius {
                let i = (row * image.width + col) * 4
                for c in 0..<4 { rgba[i + c] = image.rgba[c] }
            }
        }
        return PixelImage(width: image.width, height: image.height, rgba: rgba)
    }

    @Test("Erasing the centred 70x70 circular image fails the check (the old area allowance passed it) and writes a diff")
    func erasedImageFails() throws {
        let path = Golden.folder.appendingPathComponent("circular-normal.png").path
        let golden = try PixelImage.load(path)
        #expect(try Golden.compare(golden, withGolden: path, name: "golden-itself") == nil)
        // The first image is centred on the highlight at (640, 345), 70 points across.
        let erased = erasing(golden, x: 640, y: 345, radius: 35)
        let old = erased.difference(to: golden)
        #expect(old.meanAbs < 1.5 && old.fractionOver < 0.005, "the old check (mean < 1.5, < 0.5 % of pixels) let it pass: \(old)")
        let failure = try #require(try Golden.compare(erased, withGolden: path, name: "golden-erased"))
        #expect(failure.contains("pixels differ"))
        let diffPath = FileManager.default.temporaryDirectory.appendingPathComponent("golden-erased-diff.png").path
        let diff = try PixelImage.load(diffPath)
        let red = stride(from: 0, to: diff.rgba.count, by: 4).filter { (i: Int) -> Bool in
            diff.rgba[i] == 255 && diff.rgba[i + 1] == 0 && diff.rgba[i + 2] == 0
        }
        #expect(red.count > 2000, "the erased image is red in the diff (\(red.count) pixels)")
        #expect(red.allSatisfy { i in let x = i / 4 % diff.width, y = i / 4 / diff.width; return abs(x - 640) <= 35 && abs(y - 345) <= 35 },
                "nothing outside the erased disc is red")
    }

    @Test("Noise within the tolerance passes: every channel of every pixel moved by the tolerance")
    func noisePasses() throws {
        let path = Golden.folder.appendingPathComponent("circular-normal.png").path
        let golden = try PixelImage.load(path)
        let tol = UInt8(Golden.tolerance)
        var moved = golden.rgba
        moved.withUnsafeMutableBufferPointer { p in
            for i in p.indices where i % 4 != 3 { p[i] = p[i] > 127 ? p[i] - tol : p[i] + tol }
        }
        let noisy = PixelImage(width: golden.width, height: golden.height, rgba: moved)
        #expect(try Golden.compare(noisy, withGolden: path, name: "golden-noisy") == nil)
        var one = golden.rgba
        one[4 * 1000] = one[4 * 1000] > 127 ? one[4 * 1000] - tol - 1 : one[4 * 1000] + tol + 1
        let over = PixelImage(width: golden.width, height: golden.height, rgba: one)
        #expect(try Golden.compare(over, withGolden: path, name: "golden-one-pixel") != nil, "one pixel past the tolerance fails")
    }
}
