import CSDL2
import CarouselCore

/// The system clipboard through SDL (the window must be open: SDL's video subsystem owns the selection on X11).
@MainActor
public final class SDLClipboard: Clipboard {
    public init() {}

    /// Puts `text` on the clipboard; throws SDL's reason when it refuses.
    public func setText(_ text: String) throws(ClipboardError) {
        guard SDL_SetClipboardText(text) == 0 else { throw ClipboardError(RendererContext.lastError()) }
    }

    /// The clipboard's text, or nil when it holds none.
    public func readText() -> String? {
        guard SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { return nil }
        defer { SDL_free(raw) }
        return String(cString: raw)
    }
}
