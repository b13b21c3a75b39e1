import CSDL2
import CX11
import CarouselCore
import Foundation
import Testing
@testable import SDLBackend

@Suite("Event translation")
struct EventTests {
    func event(_ type: SDL_EventType, _ fill: (inout SDL_Event) -> Void = { _ in }) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        fill(&e)
        return e
    }

    @Test func wheelTicksAreNotPreciseAndCarryModifiersAndPosition() {
        var t = EventTranslator(windowSize: Size(800, 600))
        let e = event(SDL_MOUSEWHEEL) { $0.wheel.preciseX = 0; $0.wheel.preciseY = -1; $0.wheel.y = -1 }
        let out = t.translate(e, modState: KMOD_LCTRL.rawValue, mouse: Point(10, 20), now: 0)
        #expect(out == [.wheel(dx: 0, dy: -1, precise: false, modifiers: .ctrl, at: Point(10, 20))])
    }

    @Test("A drop is begin, one file or text per item in order, complete")
    func dropEvents() {
        var t = EventTranslator(windowSize: Size(800, 600))
        let path = strdup("/photos/cat.jpg"), url = strdup("https://example.com/a.png")
        defer { free(path); free(url) }
        let steps = [event(SDL_DROPBEGIN), event(SDL_DROPFILE) { $0.drop.file = path }, event(SDL_DROPTEXT) { $0.drop.file = url },
                     event(SDL_DROPFILE), event(SDL_DROPCOMPLETE)]
        let out = steps.flatMap { t.translate($0, modState: 0, mouse: nil, now: 0) }
        #expect(out == [.drop(.begin), .drop(.file("/photos/cat.jpg")), .drop(.text("https://example.com/a.png")), .drop(.complete)])
    }

    @Test func preciseWheelAndFlippedDirection() {
        var t = EventTranslator(windowSize: Size(800, 600))
        let e = event(SDL_MOUSEWHEEL) {
            $0.wheel.preciseX = 2.5; $0.wheel.preciseY = 0.25; $0.wheel.direction = SDL_MOUSEWHEEL_FLIPPED.rawValue
        }
        #expect(t.translate(e, modState: 0, mouse: nil, now: 0) == [.wheel(dx: -2.5, dy: -0.25, precise: true, modifiers: [], at: nil)])
    }

    @Test func touchSynthesisedMouseEventsAreDropped() {
        var t = EventTranslator(windowSize: Size(800, 600))
        let move = event(SDL_MOUSEMOTION) { $0.motion.which = carousel_touch_mouseid(); $0.motion.x = 5 }
        #expect(t.translate(move, modState: 0, mouse: nil, now: 0).isEmpty)
        let real = event(SDL_MOUSEMOTION) { $0.motion.x = 5; $0.motion.y = 6 }
        #expect(t.translate(real, modState: 0, mouse: nil, now: 0) == [.pointerMove(Point(5, 6))])
    }

    @Test("A motion before any enter or leave is a hover only if the pointer really is in the window (issue 21.1)")
    func launchMotionIsChecked() {
        var outside = true
        var t = EventTranslator(windowSize: Size(800, 600))
        t.pointerIsOutside = { outside }
        let move = event(SDL_MOUSEMOTION) { $0.motion.x = 400; $0.motion.y = 300 }
        #expect(t.translate(move, modState: 0, mouse: nil, now: 0).isEmpty, "the pointer is elsewhere: nothing is hovered")
        outside = false
        #expect(t.translate(move, modState: 0, mouse: nil, now: 0) == [.pointerMove(Point(400, 300))])
        // Once the window system has spoken (a motion confirmed, an enter, a leave), motions are trusted without asking.
        outside = true
        #expect(t.translate(move, modState: 0, mouse: nil, now: 0) == [.pointerMove(Point(400, 300))])
        var u = EventTranslator(windowSize: Size(800, 600))
        u.pointerIsOutside = { true }
        let leave = event(SDL_WINDOWEVENT) { $0.window.event = UInt8(SDL_WINDOWEVENT_LEAVE.rawValue) }
        #expect(u.translate(leave, modState: 0, mouse: nil, now: 0) == [.pointerLeave])
        #expect(u.translate(move, modState: 0, mouse: nil, now: 0) == [.pointerMove(Point(400, 300))])
    }

    @Test("At a display scale of 2 (X11, where SDL gives device pixels) pointer positions and sizes arrive in points")
    func scaledWindowGivesPoints() {
        var t = EventTranslator(windowSize: Size(800, 600), windowUnitsPerPoint: 2)
        let move = event(SDL_MOUSEMOTION) { $0.motion.x = 400; $0.motion.y = 300 }
        #expect(t.translate(move, modState: 0, mouse: nil, now: 0) == [.pointerMove(Point(200, 150))])
        let down = event(SDL_MOUSEBUTTONDOWN) { $0.button.button = UInt8(SDL_BUTTON_LEFT); $0.button.x = 101; $0.button.y = 51 }
        #expect(t.translate(down, modState: 0, mouse: nil, now: 0) == [.pointerDown(Point(50.5, 25.5), .left)])
        let resize = event(SDL_WINDOWEVENT) {
            $0.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue); $0.window.data1 = 1800; $0.window.data2 = 1000
        }
        #expect(t.translate(resize, modState: 0, mouse: nil, now: 0) == [.resize(Size(900, 500))])
    }

    @Test func buttons() {
        var t = EventTranslator(windowSize: Size(800, 600))
        let down = event(SDL_MOUSEBUTTONDOWN) { $0.button.button = UInt8(SDL_BUTTON_LEFT); $0.button.x = 3; $0.button.y = 4 }
        let up = event(SDL_MOUSEBUTTONUP) { $0.button.button = UInt8(SDL_BUTTON_RIGHT); $0.button.x = 3; $0.button.y = 4 }
        #expect(t.translate(down, modState: 0, mouse: nil, now: 0) == [.pointerDown(Point(3, 4), .left)])
        #expect(t.translate(up, modState: 0, mouse: nil, now: 0) == [.pointerUp(Point(3, 4), .right)])
    }

    @Test func keyNames() {
        #expect(EventTranslator.key(Int32(SDLK_a.rawValue), shift: false) == "a")
        #expect(EventTranslator.key(Int32(SDLK_7.rawValue), shift: false) == "7")
        #expect(EventTranslator.key(Int32(SDLK_F5.rawValue), shift: false) == "f5")
        #expect(EventTranslator.key(Int32(SDLK_F12.rawValue), shift: false) == "f12")
        #expect(EventTranslator.key(Int32(SDLK_LEFT.rawValue), shift: false) == "left")
        #expect(EventTranslator.key(Int32(SDLK_ESCAPE.rawValue), shift: false) == "escape")
        #expect(EventTranslator.key(Int32(SDLK_RETURN.rawValue), shift: false) == "return")
        #expect(EventTranslator.key(Int32(SDLK_SPACE.rawValue), shift: false) == "space")
        #expect(EventTranslator.key(Int32(SDLK_EQUALS.rawValue), shift: false) == "equals")
        #expect(EventTranslator.key(Int32(SDLK_KP_PLUS.rawValue), shift: false) == "plus")
        #expect(EventTranslator.key(Int32(SDLK_PERIOD.rawValue), shift: false) == "period")
        #expect(EventTranslator.key(Int32(SDLK_SLASH.rawValue), shift: true) == "question")
        #expect(EventTranslator.key(Int32(SDLK_SLASH.rawValue), shift: false) == "slash")
    }

    @Test func keyEventsCarryModifiersAndRepeat() {
        var t = EventTranslator(windowSize: Size(800, 600))
        let down = event(SDL_KEYDOWN) {
            $0.key.keysym.sym = Int32(SDLK_z.rawValue); $0.key.keysym.mod = UInt16(KMOD_LCTRL.rawValue | KMOD_LSHIFT.rawValue); $0.key.repeat = 1
        }
        #expect(t.translate(down, modState: 0, mouse: nil, now: 0) == [.keyDown("z", [.ctrl, .shift], isRepeat: true)])
        let up = event(SDL_KEYUP) { $0.key.keysym.sym = Int32(SDLK_RIGHT.rawValue) }
        #expect(t.translate(up, modState: 0, mouse: nil, now: 0) == [.keyUp("right", [])])
    }

    @Test func textInput() {
        var t = EventTranslator(windowSize: Size(800, 600))
        var e = event(SDL_TEXTINPUT)
        withUnsafeMutableBytes(of: &e.text.text) { raw in
            for (i, b) in "é!".utf8.enumerated() { raw[i] = b }
        }
        #expect(t.translate(e, modState: 0, mouse: nil, now: 0) == [.text("é!")])
    }

    @Test func windowEvents() {
        var t = EventTranslator(windowSize: Size(800, 600))
        func window(_ id: SDL_WindowEventID, _ w: Int32 = 0, _ h: Int32 = 0) -> SDL_Event {
            event(SDL_WINDOWEVENT) { $0.window.event = UInt8(id.rawValue); $0.window.data1 = w; $0.window.data2 = h }
        }
        #expect(t.translate(window(SDL_WINDOWEVENT_SIZE_CHANGED, 640, 480), modState: 0, mouse: nil, now: 0) == [.resize(Size(640, 480))])
        #expect(t.translate(window(SDL_WINDOWEVENT_RESIZED, 640, 480), modState: 0, mouse: nil, now: 0).isEmpty)
        #expect(t.translate(window(SDL_WINDOWEVENT_LEAVE), modState: 0, mouse: nil, now: 0) == [.pointerLeave])
        #expect(t.translate(window(SDL_WINDOWEVENT_MINIMIZED), modState: 0, mouse: nil, now: 0) == [.visibility(false)])
        #expect(t.translate(window(SDL_WINDOWEVENT_RESTORED), modState: 0, mouse: nil, now: 0) == [.visibility(true)])
    }

    @Test func multigestureBecomesMagnificationThatEndsAfterAPause() {
        var t = EventTranslator(windowSize: Size(800, 600))
        let g = event(SDL_MULTIGESTURE) { $0.mgesture.dDist = 0.1; $0.mgesture.x = 0.5; $0.mgesture.y = 0.5 }
        let first = t.translate(g, modState: 0, mouse: nil, now: 1.0)
        #expect(first.count == 2)
        #expect(first[0] == .magnify(.begin, scale: 1, at: Point(400, 300)))
        guard case .magnify(.change, let s1, _) = first[1] else { Issue.record("no change"); return }
        #expect(abs(s1 - 1.1) < 1e-6)
        let second = t.translate(g, modState: 0, mouse: nil, now: 1.05)
        guard case .magnify(.change, let s2, _) = second.first else { Issue.record("no change"); return }
        #expect(abs(s2 - 1.21) < 1e-6)
        #expect(t.expireMagnify(now: 1.1) == nil)
        #expect(t.magnifyDeadline == 1.2)
        guard case .magnify(.end, let s3, _) = t.expireMagnify(now: 1.25) else { Issue.record("no end"); return }
        #expect(abs(s3 - 1.21) < 1e-6)
        #expect(t.expireMagnify(now: 2) == nil)
    }

    @Test func pinchGestureEventsTranslatePurely() {
        #expect(X11PinchSource.translate(evtype: 27, scale: 1, at: Point(1, 2)) == .magnify(.begin, scale: 1, at: Point(1, 2)))
        #expect(X11PinchSource.translate(evtype: 28, scale: 1.5, at: Point(1, 2)) == .magnify(.change, scale: 1.5, at: Point(1, 2)))
        #expect(X11PinchSource.translate(evtype: 29, scale: 0.8, at: Point(1, 2)) == .magnify(.end, scale: 0.8, at: Point(1, 2)))
        #expect(X11PinchSource.translate(evtype: 28, scale: .nan, at: .zero) == .magnify(.change, scale: 1, at: .zero))
        #expect(X11PinchSource.translate(evtype: 30, scale: 1, at: .zero) == nil)
        #expect(carousel_xi_pinch_begin() == 27 && carousel_xi_pinch_update() == 28 && carousel_xi_pinch_end() == 29)
    }
}
