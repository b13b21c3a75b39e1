import CSDL2
import CarouselCore
import CSDL2Image
import CarouselSupport

import Foundation

// MARK: Screenshots

/// Saves frames of an `SDLRenderer` as PNGs without stalling its frame loop (the app's `ScreenshotTaker`).
///
/// The pixels are read on the main thread right after the frame is drawn and before it would be presented (the
/// back buffer is undefined after a present), into a surface this type owns; encoding the PNG (longer than a frame)
/// and writing the files happen on a background queue. Finished saves are reported on the main thread by
/// `pump()`, which the window loop calls each iteration; the background queue wakes the loop when one finishes.
@MainActor
public final class Screenshotter: ScreenshotTaker {
    private let renderer: SDLRenderer
    private let wake: @Sendable () -> Void
    private let queue = DispatchQueue(label: "carousel-lab.screenshots", qos: .utility)
    private let mailbox = Mailbox<(Int, Result<String, SDLBackendError>)>()
    private var completions: [Int: @MainActor (Result<String, Error>) -> Void] = [:]
    private var nextID = 0

    /// Saves frames drawn by `renderer`; `wake` is called on the background queue after each save finishes.
    public init(renderer: SDLRenderer, wake: @escaping @Sendable () -> Void = {}) {
        self.renderer = renderer
        self.wake = wake
    }

    /// Whether saves are still being written.
    public var isSaving: Bool { !completions.isEmpty }

    public func captureNextFrame(naming files: @escaping @Sendable (Int) -> ScreenshotFiles,
                                 completion: @escaping @MainActor (Result<String, Error>) -> Void) {
        let id = nextID
        nextID += 1
        completions[id] = completion
        let mailbox = self.mailbox, wake = self.wake
        renderer.readBackNextFrame { [queue] result in
            switch result {
            case .failure(let error):
                mailbox.post((id, .failure(error)))
            case .success(let box):
                queue.async {
                    guard let surface = box.take() else { return }
                    SDLWorkerThread.run {
                        defer { SDL_FreeSurface(surface) }
                        do throws(SDLBackendError) {
                            mailbox.post((id, .success(try PNGWriter.save(surface, naming: files))))
                        } catch {
                            mailbox.post((id, .failure(error)))
                        }
                    }
                    wake()
                }
            }
        }
    }

    public func finishSaves() { pump() }

    /// Runs the completions of the saves that finished. Call on the main thread (the app does, each frame, through
    /// `finishSaves`). Returns whether any finished.
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
        mailbox.pump({ _ = pump() }, until: { !isSaving }, timeout: timeout)
    }
}
