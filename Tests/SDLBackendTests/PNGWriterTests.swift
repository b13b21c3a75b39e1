import CSDL2
import CSDL2Image
import Foundation
import Testing
@testable import SDLBackend

@MainActor
@Suite("PNG writing that never leaves a partial file")
struct PNGWriterTests {
    @Test("The PNG encoded in memory decodes to the same pixels")
    func roundTrip() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("stripes.png").path
        writeStripedPNG(source, width: 300, height: 40, stripes: [(0.3, 0x336699), (0.4, 0xffcc00), (0.3, 0x00ff00)])
        let loaded = IMG_Load(source)  // outside #require: the macro would let the C string die before the call
        let surface = try #require(loaded)
        defer { SDL_FreeSurface(surface) }
        let bytes = try PNGWriter.encode(surface)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let out = dir.appendingPathComponent("copy.png").path
        try PNGWriter.write(bytes, to: out)
        let a = try PixelImage.load(source), b = try PixelImage.load(out)
        #expect(a.width == 300 && b == a)
    }

    @Test("An existing file is replaced whole, a folder is refused, a symbolic link is written through to its target; no temporary file stays")
    func targets() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out.png").path
        try Data(repeating: 7, count: 100_000).write(to: URL(fileURLWithPath: out))
        try PNGWriter.write([1, 2, 3], to: out)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data([1, 2, 3]))
        let folder = dir.appendingPathComponent("folder.png")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        #expect(throws: PNGWriteError.self) { try PNGWriter.write([1, 2, 3], to: folder.path) }
        let target = dir.appendingPathComponent("target.png").path
        FileManager.default.createFile(atPath: target, contents: Data([9]))
        let link = dir.appendingPathComponent("link.png").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.png")
        try PNGWriter.write([4, 5], to: link)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data([4, 5]), "the link's target is written (issue 34)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "target.png", "the link stays a link")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") } == [])
    }

    @Test("A folder that is missing is one clear reason")
    func missingFolder() throws {
        do { try PNGWriter.write([1], to: "/nonexistent-folder/x.png"); Issue.record("wrote into a missing folder") } catch {
            #expect(error.reason == "folder /nonexistent-folder does not exist")
        }
    }
}
