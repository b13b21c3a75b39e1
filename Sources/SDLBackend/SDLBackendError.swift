import CarouselSupport

/// An error from the SDL backend, with a one-line description fit for the terminal.
public enum SDLBackendError: Error, CustomStringConvertible, Equatable {
    /// SDL (or one of its libraries) could not be initialised.
    case initFailed(String)
    /// No display is available for a window.
    case noDisplay(String)
    /// The X display `DISPLAY` names (`:99`) did not answer.
    case displayUnreachable(String)
    /// A window, renderer or surface could not be created.
    case creationFailed(String)
    /// A PNG could not be written.
    case saveFailed(path: String, reason: String)

    /// The one-line message.
    public var description: String {
        switch self {
        case .initFailed(let why): "SDL initialisation failed: \(why)"
        case .noDisplay(let why):
            "no display available (\(why)); for headless use run `carousel-lab capture`"
        case .displayUnreachable(let name):
            "cannot open the X display \(MessageText.quote(name)) that DISPLAY names: check that an X server runs there (`xdpyinfo -display \(MessageText.clean(name))`), that this user may use it (XAUTHORITY, `xhost`) and that DISPLAY is the one you meant; for headless use run `carousel-lab capture`"
        case .creationFailed(let why): "could not create \(why)"
        case .saveFailed(let path, let reason): "could not write PNG \(path): \(reason)"
        }
    }
}
