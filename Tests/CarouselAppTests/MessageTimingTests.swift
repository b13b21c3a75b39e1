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

    @Test("A message sits above paging's page dots, and above the timeline strip while it shows; elsewhere at its place")
    func messageAbovePageDots() throws {
        let (paging, _) = try makePreview(style: "paging")
        paging.update(to: 0)
        paging.handle(.keyDown("a", [], isRepeat: false))
        paging.update(to: 0.1)
        let dots = try #require(paging.focused.style.bottomControls)
        let box = try #require(paging.overlay.messageFrame)
        #expect(box.maxY <= dots.minY - 6, "message \(box), dots \(dots)")
        paging.apply(.timeline(.toggleShown))
        paging.handle(.keyDown("a", [], isRepeat: false))
        paging.update(to: 0.2)
        let strip = paging.chrome.size.height - TimelineStrip.height
        #expect(try #require(paging.overlay.messageFrame).maxY <= min(strip, dots.minY - 6))
        let (expand, _) = try makePreview(style: "expand")
        expand.update(to: 0)
        expand.handle(.keyDown("a", [], isRepeat: false))
        expand.update(to: 0.1)
        #expect(expand.focused.style.bottomControls == nil)
        #expect(try #require(expand.overlay.messageFrame).maxY == expand.chrome.size.height - 26)
    }
}

/// Background work whose results a test hands in.
@MainActor
final class FinishedLater: BackgroundWork {
    var results: [AppAction] = []
    func takeResults() -> [AppAction] { defer { results = [] }; return results }
    var isIdle: Bool { results.isEmpty }
}
