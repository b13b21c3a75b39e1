import CarouselSupport
import Foundation
import Testing

/// Items posted from other threads reach the taker in order, and waiting for them ends when they arrive or at the
/// time-out.
@Suite("Mailbox")
struct MailboxTests {
    @Test("Posts from another thread are drained in order; pump(until:) returns once they are all taken")
    func postAndPump() {
        let box = Mailbox<Int>()
        DispatchQueue.global().async { for i in 1...5 { Thread.sleep(forTimeInterval: 0.01); box.post(i) } }
        var taken: [Int] = []
        let done = box.pump({ taken += box.drain() }, until: { taken.count == 5 }, timeout: 10)
        #expect(done)
        #expect(taken == [1, 2, 3, 4, 5])
        #expect(box.drain().isEmpty)
    }

    @Test("With nothing posted, pump(until:) gives up at its time-out")
    func timesOut() {
        let box = Mailbox<String>()
        let start = Date()
        #expect(!box.pump({ _ = box.drain() }, until: { false }, timeout: 0.2))
        #expect(Date().timeIntervalSince(start) >= 0.2)
    }
}
