import CarouselTesting
import Foundation
import Testing

/// The trait the window suites take turns with: two scopes started together never overlap, and the second starts
/// when the first ends, also when the first throws.
@Suite("Shared display")
struct SharedDisplayTests {
    /// Entries and exits of the scopes, in order.
    actor Log {
        var events: [String] = []
        func add(_ e: String) { events.append(e) }
    }

    struct Failure: Error {}

    @Test("Suites holding the shared display run one at a time, and a failing one hands it on")
    func oneAtATime() async throws {
        let test = try #require(Test.current)
        let log = Log()
        // A lock of its own: the run's display lock is held by the window suites meanwhile.
        let trait = SharedDisplay(lock: AsyncLock())
        #expect(trait.scopeProvider(for: test, testCase: nil) == nil, "a test function is not scoped: its suite is")
        await withTaskGroup(of: Void.self) { group in
            for name in ["a", "b", "c"] {
                group.addTask {
                    try? await trait.provideScope(for: test, testCase: nil) {
                        await log.add(name + "+")
                        try await Task.sleep(for: .milliseconds(100))
                        await log.add(name + "-")
                        if name != "c" { throw Failure() }
                    }
                }
            }
        }
        let events = await log.events
        #expect(events.count == 6)
        // Each entry is followed by its own exit.
        for i in stride(from: 0, to: events.count - 1, by: 2) {
            #expect(events[i].dropLast() == events[i + 1].dropLast() && events[i].hasSuffix("+"), "\(events)")
        }
    }
}
