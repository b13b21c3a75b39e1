import Foundation

/// Items posted from background threads and taken on the main thread, which may also wait for the next one: how
/// decoded images, finished screenshot saves and rendered clips reach the loop.
public final class Mailbox<Item>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Item] = []

    public init() {}

    /// Adds `item` and wakes a waiting `wait`.
    public func post(_ item: Item) {
        condition.lock(); items.append(item); condition.signal(); condition.unlock()
    }

    /// Everything posted since the last drain, oldest first.
    public func drain() -> [Item] {
        condition.lock(); defer { condition.unlock() }
        let out = items
        items.removeAll()
        return out
    }

    /// Blocks until something is waiting or `seconds` passed.
    public func wait(seconds: Double) {
        condition.lock(); defer { condition.unlock() }
        if items.isEmpty { _ = condition.wait(until: Date(timeIntervalSinceNow: seconds)) }
    }

    /// Calls `pump` (which drains) until `done()` or `timeout` seconds passed, waiting for posts in between; returns
    /// whether it got done. For quitting and for headless runs that must see background work finish.
    public func pump(_ pump: () -> Void, until done: () -> Bool, timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            pump()
            if done() { return true }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return false }
            wait(seconds: min(left, 0.05))
        }
    }
}
