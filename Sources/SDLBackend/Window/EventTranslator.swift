import CSDL2
import CarouselCore

/// Turns SDL events into the core's `InputEvent`s. Pure apart from its own gesture bookkeeping: the keyboard
/// modifier state and the mouse position are passed in, so tests can feed it hand-made `SDL_Event`s.
struct EventTranslator {
    /// The window size in points, for placing touch gestures (SDL gives them normalised).
    var windowSize: Size
    /// How long without an `SDL_MULTIGESTURE` ends a touch magnification.
    static let magnifyEndDelay = 0.15

    private(set) var magnifyScale = 1.0
    private(set) var magnifyActive = false
    private(set) var lastMagnifyTime = 0.0
    private var magnifyPoint: Point?
    /// Whether the pointer's presence is known from the window system: set by an enter or leave, or by a motion
    /// `pointerIsOutside` confirmed. Until then a motion is checked: SDL on X11 reports a motion to the window's
    /// centre when the window first shows, with the pointer nowhere near it; taken as a hover, that pointer would "rest"
    /// over the carousel and hold auto-advance at launch.
    private(set) var pointerKnown = false
    /// Whether the pointer is really outside the window now (the host asks the window system); nil: trust motions.
    var pointerIsOutside: (() -> Bool)?

    /// SDL's window units per point: the display scale on X11, where SDL's coordinates are device pixels; 1 where
    /// SDL gives points (Wayland).
    let windowUnitsPerPoint: Double

    init(windowSize: Size, windowUnitsPerPoint: Double = 1) {
        self.windowSize = windowSize
        self.windowUnitsPerPoint = windowUnitsPerPoint
    }

    /// SDL's window coordinates in points.
    private func points(_ x: Double, _ y: Double) -> Point { Point(x / windowUnitsPerPoint, y / windowUnitsPerPoint) }

    /// The events for `e`. `modState` is `SDL_GetModState()`, `mouse` the pointer position in points, `now` seconds.
    mutating func translate(_ e: SDL_Event, modState: UInt32, mouse: Point?, now: Double) -> [InputEvent] {
        let touchMouse = carousel_touch_mouseid()
        switch SDL_EventType(rawValue: e.type) {
        case SDL_MOUSEMOTION:
            guard e.motion.which != touchMouse else { return [] }
            if !pointerKnown {
                // A motion with no button held before any enter or leave: real only if the pointer is in the window.
                if e.motion.state == 0, pointerIsOutside?() == true { return [] }
                pointerKnown = true
            }
            return [.pointerMove(points(Double(e.motion.x), Double(e.motion.y)))]
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            guard e.button.which != touchMouse, let button = EventTranslator.button(e.button.button) else { return [] }
            let p = points(Double(e.button.x), Double(e.button.y))
            return [e.type == SDL_MOUSEBUTTONDOWN.rawValue ? .pointerDown(p, button) : .pointerUp(p, button)]
        case SDL_MOUSEWHEEL:
            guard e.wheel.which != touchMouse else { return [] }
            let flip: Double = e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            let dx = Double(e.wheel.preciseX) * flip, dy = Double(e.wheel.preciseY) * flip
            let precise = dx != dx.rounded() || dy != dy.rounded()
            return [.wheel(dx: dx, dy: dy, precise: precise, modifiers: EventTranslator.modifiers(modState), at: mouse)]
        case SDL_KEYDOWN, SDL_KEYUP:
            let mods = EventTranslator.modifiers(UInt32(e.key.keysym.mod))
            guard let key = EventTranslator.key(e.key.keysym.sym, shift: mods.contains(.shift)) else { return [] }
            return [e.type == SDL_KEYDOWN.rawValue ? .keyDown(key, mods, isRepeat: e.key.repeat != 0) : .keyUp(key, mods)]
        case SDL_TEXTINPUT:
            let text = withUnsafeBytes(of: e.text.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return text.isEmpty ? [] : [.text(text)]
        case SDL_WINDOWEVENT:
            return translateWindow(e.window)
        case SDL_MULTIGESTURE:
            return translateMultigesture(e.mgesture, now: now)
        case SDL_DROPBEGIN:
            return [.drop(.begin)]
        case SDL_DROPCOMPLETE:
            return [.drop(.complete)]
        case SDL_DROPFILE, SDL_DROPTEXT:
            // SDL allocates the text; `deliver` frees it after translating.
            guard let raw = e.drop.file else { return [] }
            let text = String(cString: raw)
            return [.drop(e.type == SDL_DROPFILE.rawValue ? .file(text) : .text(text))]
        default:
            return []
        }
    }

    private mutating func translateWindow(_ w: SDL_WindowEvent) -> [InputEvent] {
        switch SDL_WindowEventID(rawValue: UInt32(w.event)) {
        case SDL_WINDOWEVENT_LEAVE:
            pointerKnown = true
            return [.pointerLeave]
        case SDL_WINDOWEVENT_ENTER:
            pointerKnown = true
            return []
        case SDL_WINDOWEVENT_SIZE_CHANGED:
            windowSize = Size(Double(w.data1) / windowUnitsPerPoint, Double(w.data2) / windowUnitsPerPoint)
            return [.resize(windowSize)]
        case SDL_WINDOWEVENT_HIDDEN, SDL_WINDOWEVENT_MINIMIZED: return [.visibility(false)]
        case SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED: return [.visibility(true)]
        default: return []
        }
    }

    private mutating func translateMultigesture(_ g: SDL_MultiGestureEvent, now: Double) -> [InputEvent] {
        let at = Point(Double(g.x) * windowSize.width, Double(g.y) * windowSize.height)
        var out: [InputEvent] = []
        if !magnifyActive {
            magnifyActive = true
            magnifyScale = 1
            out.append(.magnify(.begin, scale: 1, at: at))
        }
        magnifyScale *= max(0.01, 1 + Double(g.dDist))
        magnifyPoint = at
        lastMagnifyTime = now
        out.append(.magnify(.change, scale: magnifyScale, at: at))
        return out
    }

    /// Ends a touch magnification once no `SDL_MULTIGESTURE` came for `magnifyEndDelay`.
    mutating func expireMagnify(now: Double) -> InputEvent? {
        guard magnifyActive, now - lastMagnifyTime >= EventTranslator.magnifyEndDelay else { return nil }
        magnifyActive = false
        return .magnify(.end, scale: magnifyScale, at: magnifyPoint)
    }

    /// When `expireMagnify` next has something to do, or nil.
    var magnifyDeadline: Double? { magnifyActive ? lastMagnifyTime + EventTranslator.magnifyEndDelay : nil }

    static func button(_ b: UInt8) -> PointerButton? {
        switch Int32(b) {
        case SDL_BUTTON_LEFT: .left
        case SDL_BUTTON_MIDDLE: .middle
        case SDL_BUTTON_RIGHT: .right
        default: nil
        }
    }

    /// The core's modifiers for an SDL modifier state.
    static func modifiers(_ mod: UInt32) -> Modifiers {
        var m: Modifiers = []
        if mod & KMOD_SHIFT.rawValue != 0 { m.insert(.shift) }
        if mod & KMOD_CTRL.rawValue != 0 { m.insert(.ctrl) }
        if mod & KMOD_ALT.rawValue != 0 { m.insert(.alt) }
        if mod & KMOD_GUI.rawValue != 0 { m.insert(.meta) }
        return m
    }

    private static let named: [Int32: String] = {
        var t: [Int32: String] = [
            Int32(SDLK_LEFT.rawValue): "left", Int32(SDLK_RIGHT.rawValue): "right", Int32(SDLK_UP.rawValue): "up",
            Int32(SDLK_DOWN.rawValue): "down", Int32(SDLK_RETURN.rawValue): "return", Int32(SDLK_KP_ENTER.rawValue): "return",
            Int32(SDLK_ESCAPE.rawValue): "escape", Int32(SDLK_TAB.rawValue): "tab", Int32(SDLK_SPACE.rawValue): "space",
            Int32(SDLK_BACKSPACE.rawValue): "backspace", Int32(SDLK_DELETE.rawValue): "delete",
            Int32(SDLK_HOME.rawValue): "home", Int32(SDLK_END.rawValue): "end",
            Int32(SDLK_PAGEUP.rawValue): "pageup", Int32(SDLK_PAGEDOWN.rawValue): "pagedown",
            Int32(SDLK_MINUS.rawValue): "minus", Int32(SDLK_KP_MINUS.rawValue): "minus",
            Int32(SDLK_PLUS.rawValue): "plus", Int32(SDLK_KP_PLUS.rawValue): "plus",
            Int32(SDLK_EQUALS.rawValue): "equals", Int32(SDLK_KP_EQUALS.rawValue): "equals",
            Int32(SDLK_PERIOD.rawValue): "period", Int32(SDLK_KP_PERIOD.rawValue): "period",
            Int32(SDLK_COMMA.rawValue): "comma", Int32(SDLK_SLASH.rawValue): "slash", Int32(SDLK_KP_DIVIDE.rawValue): "slash",
            Int32(SDLK_QUESTION.rawValue): "question",
        ]
        let fkeys = [SDLK_F1, SDLK_F2, SDLK_F3, SDLK_F4, SDLK_F5, SDLK_F6, SDLK_F7, SDLK_F8, SDLK_F9, SDLK_F10, SDLK_F11, SDLK_F12]
        for (i, k) in fkeys.enumerated() { t[Int32(k.rawValue)] = "f\(i + 1)" }
        let keypad = [SDLK_KP_0, SDLK_KP_1, SDLK_KP_2, SDLK_KP_3, SDLK_KP_4, SDLK_KP_5, SDLK_KP_6, SDLK_KP_7, SDLK_KP_8, SDLK_KP_9]
        for (i, k) in keypad.enumerated() { t[Int32(k.rawValue)] = "\(i)" }
        return t
    }()

    /// The core's key name for an SDL keycode: letters and digits as themselves, named keys per `Key`'s doc.
    /// Shift+slash (the "?" key on US layouts) is "question". Other keys use SDL's name, lower-cased; nil when
    /// SDL has none.
    static func key(_ sym: Int32, shift: Bool) -> Key? {
        if sym == Int32(SDLK_SLASH.rawValue) && shift { return Key("question") }
        if let name = named[sym] { return Key(name) }
        if (0x61...0x7a).contains(sym) || (0x30...0x39).contains(sym), let u = Unicode.Scalar(UInt32(sym)) {
            return Key(String(Character(u)))
        }
        guard let cName = SDL_GetKeyName(sym) else { return nil }
        let name = String(cString: cName)
        return name.isEmpty ? nil : Key(name)
    }
}
