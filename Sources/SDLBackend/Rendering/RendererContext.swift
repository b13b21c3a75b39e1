import CSDL2
import Foundation

/// Owns an `SDL_Renderer` (and the window or surface it draws into) and destroys them last: the renderer, image
/// store and text cache all hold this context, so their textures are destroyed while the renderer still exists.
@MainActor
final class RendererContext {
    let renderer: OpaquePointer
    /// The window drawn into, destroyed after the renderer (nil when headless).
    let window: OpaquePointer?
    /// The surface a headless renderer draws into, freed after the renderer.
    let surface: UnsafeMutablePointer<SDL_Surface>?
    /// Whether this is SDL's software renderer: the `Compositor` then draws into the target's pixels (the canvas's
    /// surface or the window's), images and text are kept as pixels rather than textures, and SDL draws nothing.
    let software: Bool

    init(renderer: OpaquePointer, window: OpaquePointer?, surface: UnsafeMutablePointer<SDL_Surface>?) {
        self.renderer = renderer
        self.window = window
        self.surface = surface
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        software = info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
    }

    /// The surface software drawing goes into: the canvas's, or the window's current one (SDL makes a new one
    /// after a resize).
    var targetSurface: UnsafeMutablePointer<SDL_Surface>? {
        if let surface { return surface }
        return window.flatMap { SDL_GetWindowSurface($0) }
    }

    isolated deinit {
        SDL_DestroyRenderer(renderer)
        if let window { SDL_DestroyWindow(window) }
        if let surface { SDL_FreeSurface(surface) }
    }

    /// SDL's last error message on this thread, or a fallback.
    nonisolated static func lastError(_ fallback: String = "unknown SDL error") -> String {
        guard let e = SDL_GetError() else { return fallback }
        let s = String(cString: e)
        return s.isEmpty ? fallback : s
    }
}

/// Writes one line to standard error (Swift 6 forbids the Glibc `stderr` global outside the main actor).
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
