import CSDL2
import CSDL2Image
import CarouselApp
import Foundation

// MARK: Writing files

/// Writes PNGs (and text beside them) so that a reader never sees half a file: everything goes to temporary names in
/// the target folder first and is renamed into place only when all of it was written. Safe on any thread.
enum PNGWriter {
    /// Saves `surface` as a PNG at `path`. Throws `saveFailed` naming the path and the reason; leaves no file.
    static func save(_ surface: UnsafeMutablePointer<SDL_Surface>, to path: String) throws(SDLBackendError) {
        try save(surface, to: path, sidecar: nil)
    }

    /// Saves `surface` as a PNG at `path` and, when given, `sidecar.text` at `sidecar.path`, creating the folder
    /// if needed. On any failure neither file is left behind (nor any temporary file).
    static func save(_ surface: UnsafeMutablePointer<SDL_Surface>, to path: String,
                     sidecar: (path: String, text: String)?) throws(SDLBackendError) {
        let dir = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        func fail(_ reason: String) -> SDLBackendError { .saveFailed(path: path, reason: reason) }
        var isDir: ObjCBool = false
        if !FileManager.default.fileExists(atPath: dir, isDirectory: &isDir) {
            do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
                throw fail("cannot create the folder \(dir): \(Self.reason(error))")
            }
        } else if !isDir.boolValue {
            throw fail("\(dir) is not a folder")
        }
        let pngTemp = temporaryName(for: path)
        guard IMG_SavePNG(surface, pngTemp) == 0 else {
            let why = RendererContext.lastError()
            unlink(pngTemp)
            throw fail(why)
        }
        var written = [pngTemp]
        func undo() { written.forEach { unlink($0) } }
        if let sidecar {
            let textTemp = temporaryName(for: sidecar.path)
            written.append(textTemp)
            guard FileManager.default.createFile(atPath: textTemp, contents: Data(sidecar.text.utf8)) else {
                let why = String(cString: strerror(errno))
                undo()
                throw fail("cannot write \(sidecar.path): \(why)")
            }
            guard rename(textTemp, sidecar.path) == 0 else {
                let why = String(cString: strerror(errno))
                undo()
                throw fail("cannot write \(sidecar.path): \(why)")
            }
            written[1] = sidecar.path
        }
        guard rename(pngTemp, path) == 0 else {
            let why = String(cString: strerror(errno))
            undo()
            throw fail(why)
        }
    }

    /// A hidden, unique name beside `path`.
    private static func temporaryName(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp").path
    }

    private static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let posix = (ns.userInfo[NSUnderlyingErrorKey] as? NSError), posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        return ns.localizedDescription
    }
}

// MARK: Screenshots

/// Saves frames of an `SDLRenderer` as PNGs without stalling its frame loop (the app's `ScreenshotTaker`).
///
/// The pixels are read on the main thread right after the frame is drawn and before it would be presented (the
/// back buffer is undefined after a present), into a surface this type owns; encoding the PNG (about 100 ms at
/// 1280x720) and writing the files happen on a background queue. Finished saves are reported on the main thread by
/// `pump()`, which the window loop calls each iteration; the background queue wakes the loop when one finishes.
@MainActor
public final class Screenshotter: ScreenshotTaker {
    private let renderer: SDLRenderer
    private let wake: @Sendable () -> Void
    private let queue = DispatchQueue(label: "carousel-lab.screenshots", qos: .utility)
    private let mailbox = SaveMailbox()
    private var completions: [Int: @MainActor (Result<String, Error>) -> Void] = [:]
    private var nextID = 0

    /// Saves frames drawn by `renderer`; `wake` is called on the background queue after each save finishes.
    public init(renderer: SDLRenderer, wake: @escaping @Sendable () -> Void = {}) {
        self.renderer = renderer
        self.wake = wake
    }

    /// Whether saves are still being written.
    public var isSaving: Bool { !completions.isEmpty }

    public func captureNextFrame(to path: String, sidecar: String, sidecarPath: String,
                                 completion: @escaping @MainActor (Result<String, Error>) -> Void) {
        let id = nextID
        nextID += 1
        completions[id] = completion
        let mailbox = self.mailbox, wake = self.wake
        renderer.readBackNextFrame { [queue] result in
            switch result {
            case .failure(let error):
                mailbox.post(id, .failure(error))
            case .success(let box):
                queue.async {
                    guard let surface = box.take() else { return }
                    defer { SDL_FreeSurface(surface) }
                    do throws(SDLBackendError) {
                        try PNGWriter.save(surface, to: path, sidecar: (sidecarPath, sidecar))
                        mailbox.post(id, .success(path))
                    } catch {
                        mailbox.post(id, .failure(error))
                    }
                    wake()
                }
            }
        }
    }

    /// Runs the completions of the saves that finished. Call on the main thread (the window loop does, each
    /// iteration). Returns whether any finished.
    @discardableResult
    public func pump() -> Bool {
        let done = mailbox.drain()
        for (id, result) in done {
            completions.removeValue(forKey: id)?(result.mapError { $0 as Error })
        }
        return !done.isEmpty
    }

    /// Blocks until every save finished (or `timeout` seconds passed), running their completions. Returns whether
    /// all finished. For quitting and for headless use.
    @discardableResult
    public func waitUntilIdle(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            pump()
            if !isSaving { return true }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return false }
            mailbox.wait(seconds: min(left, 0.05))
        }
    }
}

/// Finished saves, posted from the background queue and drained on the main thread.
private final class SaveMailbox: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [(Int, Result<String, SDLBackendError>)] = []

    func post(_ id: Int, _ result: Result<String, SDLBackendError>) {
        condition.lock(); items.append((id, result)); condition.signal(); condition.unlock()
    }

    func drain() -> [(Int, Result<String, SDLBackendError>)] {
        condition.lock(); defer { condition.unlock() }
        let out = items
        items.removeAll()
        return out
    }

    func wait(seconds: Double) {
        condition.lock()
        if items.isEmpty { _ = condition.wait(until: Date(timeIntervalSinceNow: seconds)) }
        condition.unlock()
    }
}
