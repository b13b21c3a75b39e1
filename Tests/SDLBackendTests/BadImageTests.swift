import CSDL2
import CSDL2Image
import CarouselApp
import CarouselCore
import Foundation
import Testing
@testable import SDLBackend

/// Files with a header that claims `width` x `height` pixels followed by garbage: decoding them would fail as
/// corrupt, so a "too large" answer proves the size was read from the header before any decoding.
enum CraftedHeader {
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + be32(width) + be32(height)
            + [8, 6, 0, 0, 0] + [0xde, 0xad, 0xbe, 0xef] + garbage
    }

    /// SOI, an APP0 segment, then a baseline SOF0 with the size.
    static func jpeg(width: UInt16, height: UInt16) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
            + [0xFF, 0xC0, 0, 17, 8] + be16(height) + be16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1] + garbage
    }

    static func gif(width: UInt16, height: UInt16) -> [UInt8] {
        Array("GIF89a".utf8) + le16(width) + le16(height) + [0xF7, 0, 0] + garbage
    }

    static func bmp(width: Int32, height: Int32) -> [UInt8] {
        Array("BM".utf8) + le32(UInt32(1000)) + [0, 0, 0, 0] + le32(54) + le32(40)
            + le32(UInt32(bitPattern: width)) + le32(UInt32(bitPattern: height)) + [1, 0, 24, 0] + garbage
    }

    static let garbage: [UInt8] = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xff)] }
    static func be32(_ v: UInt32) -> [UInt8] { be16(UInt16(v >> 16)) + be16(UInt16(v & 0xffff)) }
    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xff), UInt8(v >> 8)] }
    static func le32(_ v: UInt32) -> [UInt8] { le16(UInt16(v & 0xffff)) + le16(UInt16(v >> 16)) }
}

@MainActor
@Suite("Bad image files: one clear line each, never a hang or a crash")
struct BadImageTests {
    let dir: URL
    let canvas: HeadlessCanvas
    /// A good 200x100 PNG in `dir`.
    let good: String

    init() throws {
        dir = try makeTempDir()
        canvas = try HeadlessCanvas(width: 64, height: 64)
        good = dir.appendingPathComponent("good.png").path
        writeStripedPNG(good, width: 200, height: 100, stripes: [(0.5, 0xff0000), (0.5, 0x0000ff)])
    }

    func write(_ name: String, _ bytes: [UInt8]) -> String {
        let path = dir.appendingPathComponent(name).path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    /// Loads every path in one store and returns each one's failure message (nil when it loaded).
    func load(_ paths: [String], timeout: Double = 10) -> [String?] {
        let store = canvas.images
        let handles = paths.map { store.handle(for: $0, maxPixelSize: nil) }
        #expect(store.waitUntilLoaded(timeout: timeout), "decoding did not finish in \(timeout) s")
        return handles.map { if case .failed(let m) = store.state(of: $0) { m } else { nil } }
    }

    func oneLine(_ m: String?) -> Bool { m.map { !$0.isEmpty && !$0.contains("\n") } ?? false }

    @Test("A zero-byte file, a truncated JPEG, text named .png and an unsupported format each fail with their own line")
    func brokenFiles() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = write("empty.jpg", [])
        let jpegPath = dir.appendingPathComponent("whole.jpg").path
        let loaded = IMG_Load(good)  // outside #require: the macro would let the C string die before the call
        let surface = try #require(loaded)
        #expect(IMG_SaveJPG(surface, jpegPath, 90) == 0)
        SDL_FreeSurface(surface)
        let jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: jpegPath)))
        let truncated = write("truncated.jpg", Array(jpeg.prefix(jpeg.count / 3)))
        let text = write("notes.png", Array("These are my notes, not an image.\n".utf8))
        let pdf = write("document.png", Array("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n".utf8))

        let m = load([good, empty, truncated, text, pdf])
        #expect(m[0] == nil)
        #expect(m[1] == "\(empty): empty file (0 bytes)")
        #expect(m[2]?.hasPrefix("\(truncated): corrupt or truncated JPEG image") == true, "\(m[2] ?? "loaded")")
        #expect(m[3]?.hasPrefix("\(text): not an image or an unsupported format") == true, "\(m[3] ?? "loaded")")
        #expect(m[4]?.hasPrefix("\(pdf): not an image or an unsupported format") == true, "\(m[4] ?? "loaded")")
        #expect(m.dropFirst().allSatisfy(oneLine))
    }

    @Test("A deck's check gives each broken file the reason its tile says (failureReason), and the deck message names them")
    func deckCheckAgreesWithTheTiles() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = write("empty.jpg", [])
        let jpegPath = dir.appendingPathComponent("whole.jpg").path
        let loaded = IMG_Load(good)
        let surface = try #require(loaded)
        #expect(IMG_SaveJPG(surface, jpegPath, 90) == 0)
        SDL_FreeSurface(surface)
        let jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: jpegPath)))
        let truncated = write("truncated.jpg", Array(jpeg.prefix(jpeg.count / 3)))
        let text = write("notes.png", Array("These are my notes, not an image.\n".utf8))
        let paths = [good, jpegPath, empty, truncated, text]
        let store = canvas.images
        let handles = paths.map { store.handle(for: $0, maxPixelSize: nil) }
        #expect(store.waitUntilLoaded(timeout: 10))
        for (path, h) in zip(paths, handles) {
            let checked = SDLImageStore.problem(of: path, pixelBudget: store.pixelBudget)
            let tile = store.failureReason(of: h)
            #expect(checked.map(UnreadableImages.gist) == tile.map(UnreadableImages.gist), "\(path): checked \(checked ?? "fine"), tile \(tile ?? "fine")")
        }
        #expect(store.failureReason(of: handles[2]) == "empty file (0 bytes)")
        // The folder dropped as a deck, checked with the store's words.
        let budget = store.pixelBudget
        let out = DeckDrop.build([.path(dir.path)], what: "drop", fetched: [:], check: { SDLImageStore.problem(of: $0, pixelBudget: budget) })
        #expect(out.message == "Deck: 5 images from \"\(dir.lastPathComponent)\", 3 could not be read: empty.jpg (empty file), notes.png (not an image or an unsupported format), truncated.jpg (corrupt or truncated JPEG image)", "\(out.message)")
    }

    @Test("Headers claiming 30000x30000 or more are refused before decoding, for PNG, JPEG, GIF and BMP",
          arguments: ["png", "jpeg", "gif", "bmp"])
    func hugeHeaders(format: String) throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes: [UInt8] = switch format {
        case "png": CraftedHeader.png(width: 30000, height: 30000)
        case "jpeg": CraftedHeader.jpeg(width: 30000, height: 30000)
        case "gif": CraftedHeader.gif(width: 30000, height: 30000)
        default: CraftedHeader.bmp(width: 30000, height: -30000)
        }
        let path = write("huge.\(format)", bytes)
        #expect(ImageHeader.size(ofFileAt: path).map { [$0.0, $0.1] } == [30000, 30000])
        let m = load([path, good])
        #expect(m[0] == "\(path): image too large (30000x30000, 900 megapixels; the limit is 100); not decoded")
        #expect(m[1] == nil, "the rest still loads")
    }

    @Test("A PNG header claiming 4294967295 x 4294967295 is refused, not an arithmetic overflow")
    func overflowingHeader() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = write("overflow.png", CraftedHeader.png(width: .max, height: .max))
        let m = load([path])
        #expect(m[0]?.hasPrefix("\(path): image too large (4294967295x4294967295") == true, "\(m[0] ?? "loaded")")
    }

    @Test("Header sizes are read for small GIF and BMP files too (a BMP stored top-down has a negative height)")
    func smallHeaders() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let loaded = IMG_Load(good)
        let s = try #require(loaded)
        defer { SDL_FreeSurface(s) }
        let bmp = dir.appendingPathComponent("real.bmp").path
        #expect(SDL_SaveBMP_RW(s, SDL_RWFromFile(bmp, "wb"), 1) == 0)
        #expect(ImageHeader.size(ofFileAt: bmp).map { [$0.0, $0.1] } == [200, 100])
        #expect(ImageHeader.size(ofFileAt: write("a.gif", CraftedHeader.gif(width: 640, height: 480))).map { [$0.0, $0.1] } == [640, 480])
        #expect(ImageHeader.size(ofFileAt: write("td.bmp", CraftedHeader.bmp(width: 30, height: -20))).map { [$0.0, $0.1] } == [30, 20])
        #expect(ImageHeader.size(ofFileAt: write("short.png", Array(CraftedHeader.png(width: 1, height: 1).prefix(12)))) == nil)
    }

    @Test("A FIFO, a broken symbolic link, a link loop and a folder named .jpg fail at once, without blocking a decoder")
    func notRegularFiles() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("pipe.jpg").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let fifo2 = dir.appendingPathComponent("pipe2.jpg").path
        #expect(mkfifo(fifo2, 0o644) == 0)
        let broken = dir.appendingPathComponent("broken.jpg").path
        try FileManager.default.createSymbolicLink(atPath: broken, withDestinationPath: "gone.jpg")
        let loop = dir.appendingPathComponent("loop.jpg").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "loop.jpg")
        let folder = dir.appendingPathComponent("folder.jpg").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let m = load([fifo, fifo2, broken, loop, folder, good])
        #expect(m[0] == "\(fifo): is a FIFO (named pipe), not a regular file")
        #expect(m[1] == "\(fifo2): is a FIFO (named pipe), not a regular file")
        #expect(m[2] == "\(broken): broken symbolic link (points to gone.jpg)")
        #expect(m[3] == "\(loop): symbolic link loop")
        #expect(m[4] == "\(folder): is a folder, not a file")
        #expect(m[5] == nil, "two FIFOs did not block both decoding threads: the good image still loaded")
    }

    @Test("Unreadable permissions fail as permission denied (needs a non-root user: root reads every file)",
          .enabled(if: getuid() != 0, "running as root, which can read a chmod 000 file; CommandLineTests covers it as nobody"))
    func unreadable() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let locked = write("locked.png", [UInt8](try Data(contentsOf: URL(fileURLWithPath: good))))
        chmod(locked, 0)
        #expect(load([locked])[0] == "\(locked): permission denied")
    }

    @Test("Each failure is reported once through onFailure; a good image is not reported")
    func failuresAreReportedOnce() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        var reported: [String] = []
        canvas.images.onFailure = { reported.append($0) }
        let empty = write("empty.png", [])
        _ = load([empty, good])
        _ = canvas.images.handle(for: empty, maxPixelSize: Size(10, 10))
        _ = canvas.images.waitUntilLoaded(timeout: 5)
        #expect(reported == ["\(empty): empty file (0 bytes)"])
    }

    @Test("A failed image is painted as the error placeholder and the good one as pixels")
    func placeholder() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = write("empty.png", [])
        let store = canvas.images
        let bad = store.handle(for: empty, maxPixelSize: nil), fine = store.handle(for: good, maxPixelSize: nil)
        #expect(store.waitUntilLoaded(timeout: 10))
        let scene = Scene(size: Size(64, 64))
        for (k, h) in [bad, fine].enumerated() {
            let node = Node(name: "item\(k)")
            node.frame = Rect(Double(k) * 32, 0, 32, 64)
            node.image = ImageContent(h, contentMode: .fill)
            scene.root.addChild(node)
        }
        scene.paint(into: canvas.renderer, images: store)
        #expect(near(rgb(canvas, 4, 4), [0x5c, 0x2b, 0x29], 8), "the error placeholder's colour, got \(rgb(canvas, 4, 4))")
        #expect(near(rgb(canvas, 40, 32), [255, 0, 0], 8), "\(rgb(canvas, 40, 32))")
    }
}
