import CSDL2

/// Background work that calls SDL.
///
/// SDL keeps per-thread state (the error message of `SDL_GetError`) in thread-local storage that it does not free
/// when a thread ends. Worker threads come and go for as long as the app runs (a decode, a screenshot save), so each
/// job frees that state when it is done; SDL makes it again on the next call that needs it.
enum SDLWorkerThread {
    /// Runs `job` and then frees this thread's SDL state. Call only on background threads.
    static func run<T>(_ job: () -> T) -> T {
        defer { SDL_TLSCleanup() }
        return job()
    }
}
