@testable import CarouselApp
import CarouselCore
import CarouselTesting
import Foundation
import Testing

/// A message lasts its seconds from the frame it first shows in, however long the window was idle before.
@Suite("Message timing")
@MainActor
struct MessageTimingTests {
    @Test("After a long idle spell, a key's message and a finished job's message each show for their seconds")
    func idleThenMessage() throws {
        let (preview, _) = try makePreview(style: "expand")
        preview.update(to: 0)
        // Ten minutes with nothing to draw: the loop sleeps and `update` is not called.
        preview.handle(.keyDown("a", [], isRepeat: false))
        preview.update(to: 600)
        #expect(preview.currentMessage?.hasPrefix("Auto-advance on") == true)
        preview.update(to: 602.5)
        #expect(preview.currentMessage?.hasPrefix("Auto-advance on") == true, "still there 2.5 s later")
        preview.update(to: 603.1)
        #expect(preview.currentMessage == nil, "gone after its 3 s")
        // A background job's result, taken at the next frame after a long wait.
        let job = FinishedLater()
        preview.addBackgroundWork(job)
        job.results = [.message(Message("Saved ~/clip.mp4"))]
        preview.update(to: 1200)
        #expect(preview.currentMessage == "Saved ~/clip.mp4")
        preview.update(to: 1202)
        #expect(preview.currentMessage == "Saved ~/clip.mp4")
    }
}

/// Background work whose results a test hands in.
@MainActor
final class FinishedLater: BackgroundWork {
    var results: [AppAction] = []
    func takeResults() -> [AppAction] { defer { results = [] }; return results }
    var isIdle: Bool { results.isEmpty }
}
