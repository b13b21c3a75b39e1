import CSDL2
import Foundation

/// SDL's subsystems belong to the process, and starting one is not safe from two threads at once: a window opened
/// while another thread starts SDL (a headless canvas, a second window) can find SDL on its invisible off-screen
/// driver. Every start in this program goes through here, one at a time.
public enum SDLSubsystems {
    private static let lock = NSLock()

    /// Starts the subsystems in `flags` (`SDL_INIT_VIDEO`, ...; 0 starts SDL itself and none of them); returns SDL's
    /// status (0 when started).
    public static func start(_ flags: UInt32) -> Int32 {
        lock.withLock { flags == 0 ? SDL_Init(0) : SDL_InitSubSystem(flags) }
    }

    /// Starts the subsystems in `flags` with video on the named driver (SDL's `SDL_VIDEODRIVER` hint, reset after).
    public static func start(_ flags: UInt32, driver: String) -> Int32 {
        lock.withLock {
            _ = carousel_set_hint("SDL_VIDEODRIVER", driver)
            defer { _ = SDL_ResetHint("SDL_VIDEODRIVER") }
            return SDL_InitSubSystem(flags)
        }
    }

    /// Stops the subsystems in `flags` (each start is counted; the last stop ends it).
    public static func stop(_ flags: UInt32) {
        lock.withLock { SDL_QuitSubSystem(flags) }
    }

    /// Whether the subsystems in `flags` are started.
    public static func started(_ flags: UInt32) -> Bool { lock.withLock { SDL_WasInit(flags) == flags } }
}
