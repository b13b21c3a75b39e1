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
    /// The lock the suites take turns with: one for the whole test run, unless a test of the trait gives its own.
    let lock: AsyncLock

    public init(lock: AsyncLock = .display) { self.lock = lock }

    /// Scope for the suite as a whole, once.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite ? self : nil
    }

    /// Runs the suite holding the display.
    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        await lock.acquire()
        do {
            try await function()
        } catch {
            await lock.release()
            throw error
        }
        await lock.release()
    }
}

extension Trait where Self == SharedDisplay {
    /// The suite uses the shared X display: see `SharedDisplay`.
    public static var sharedDisplay: Self { Self() }
}

/// A first-come, first-served lock that suspends its waiters instead of blocking their threads.
public actor AsyncLock {
    /// The shared X display's.
    public static let display = AsyncLock()
    private var held = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init() {}

    /// Takes the lock, waiting for it when it is held.
    public func acquire() async {
        guard held else { held = true; return }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the lock to the first waiter, or frees it.
    public func release() {
        if waiting.isEmpty { held = false } else { waiting.removeFirst().resume() }
    }
}
