import Testing

/// A suite that uses the test run's one X display (`DISPLAY`: its pointer, keyboard focus and screen) runs while no
/// other such suite does: `@Suite(.serialized, .sharedDisplay)`.
///
/// `.serialized` orders the tests inside one suite; suites still run beside each other under `swift test`, and two
/// windows driven by xdotool at once would move each other's pointer and take each other's focus. This trait holds
/// one first-come, first-served lock for the whole suite (nested suites included), so the window suites of every
/// test target take turns while every other suite runs in parallel with them. It waits without holding a thread
/// (suites waiting for the display do not starve the cooperative pool).
public struct SharedDisplay: SuiteTrait, TestScoping {
    /// Not inherited: the suite holds the lock for its nested suites and tests (taking it again there would wait
    /// for itself).
    public var isRecursive: Bool { false }

    public init() {}

    /// Scope for the suite as a whole, once.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite ? self : nil
    }

    /// Runs the suite holding the display.
    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        await DisplayLock.shared.acquire()
        do {
            try await function()
        } catch {
            await DisplayLock.shared.release()
            throw error
        }
        await DisplayLock.shared.release()
    }
}

extension Trait where Self == SharedDisplay {
    /// The suite uses the shared X display: see `SharedDisplay`.
    public static var sharedDisplay: Self { Self() }
}

/// A first-come, first-served lock that suspends its waiters instead of blocking their threads.
actor DisplayLock {
    static let shared = DisplayLock()
    private var held = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Takes the lock, waiting for it when it is held.
    func acquire() async {
        guard held else { held = true; return }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the lock to the first waiter, or frees it.
    func release() {
        if waiting.isEmpty { held = false } else { waiting.removeFirst().resume() }
    }
}
