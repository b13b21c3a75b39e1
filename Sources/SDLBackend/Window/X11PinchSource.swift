import CSDL2
import CX11
import CarouselCore
import Foundation

/// Touchpad pinch on X11, which SDL2 does not deliver: XInput 2.4 gesture events (`XI_GesturePinchBegin/Update/End`)
/// read through a second Xlib connection that selects them on the SDL window.
///
/// Waking: a small watcher thread `poll()`s the connection's file descriptor and calls `wake` (which pushes an SDL
/// event) when the server sent something, then waits until the main thread has drained the queue with `poll()`. So
/// an idle window still sleeps in `SDL_WaitEvent`, and a pinch is seen as soon as it arrives.
@MainActor
final class X11PinchSource {
    private let display: OpaquePointer
    private let opcode: Int32
    private let watcher: FDWatcher
    /// Device pixels per point, to report positions in points.
    var scale: Double = 1
    /// Whether a pinch began and has not ended.
    private(set) var inProgress = false

    /// Opens the connection and selects pinch events on `window`; nil (after one line on stderr) when the window is
    /// not an X11 window, the server lacks XInput 2.4, or selection fails.
    static func make(for window: OpaquePointer, wake: @escaping @Sendable () -> Void) -> X11PinchSource? {
        switch open(for: window) {
        case .success(let (display, opcode)):
            return X11PinchSource(display: display, opcode: opcode, wake: wake)
        case .failure(let why):
            printError("carousel-lab: touchpad pinch unavailable (\(why.message)); use Ctrl+wheel to zoom")
            return nil
        }
    }

    struct OpenError: Error { var message: String }

    /// The Xlib connection with pinch events selected on `window`, and the XInput opcode.
    static func open(for window: OpaquePointer) -> Result<(OpaquePointer, Int32), OpenError> {
        let xid = carousel_x11_window(window)
        guard xid != 0 else { return .failure(OpenError(message: "not an X11 window")) }
        guard let display = XOpenDisplay(nil) else { return .failure(OpenError(message: "cannot open the X display")) }
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0 else {
            XCloseDisplay(display)
            return .failure(OpenError(message: "no XInput extension"))
        }
        var major: Int32 = 2, minor: Int32 = 4
        guard XIQueryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 4) else {
            XCloseDisplay(display)
            return .failure(OpenError(message: "XInput \(major).\(minor), gestures need 2.4"))
        }
        guard carousel_xi_select_pinch(display, Window(xid)) == Success else {
            XCloseDisplay(display)
            return .failure(OpenError(message: "XISelectEvents failed"))
        }
        return .success((display, opcode))
    }

    private init(display: OpaquePointer, opcode: Int32, wake: @escaping @Sendable () -> Void) {
        self.display = display
        self.opcode = opcode
        watcher = FDWatcher(fd: XConnectionNumber(display), wake: wake)
    }

    isolated deinit {
        watcher.stop()
        XCloseDisplay(display)
    }

    /// Reads every queued X event without blocking and returns the pinch events as magnifications.
    func poll() -> [InputEvent] {
        var out: [InputEvent] = []
        while XPending(display) > 0 {
            var ev = XEvent()
            XNextEvent(display, &ev)
            guard ev.type == carousel_generic_event(), ev.xcookie.extension == opcode else { continue }
            var cookie = ev.xcookie
            guard XGetEventData(display, &cookie) != 0 else { continue }
            defer { XFreeEventData(display, &cookie) }
            guard let data = cookie.data else { continue }
            let evtype = cookie.evtype
            guard evtype == carousel_xi_pinch_begin() || evtype == carousel_xi_pinch_update() || evtype == carousel_xi_pinch_end() else { continue }
            let pinch = data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee
            if let e = X11PinchSource.translate(evtype: evtype, scale: pinch.scale,
                                                 at: Point(pinch.event_x / scale, pinch.event_y / scale)) {
                out.append(e)
                if case .magnify(let phase, _, _) = e { inProgress = phase != .end }
            }
        }
        watcher.acknowledge()
        return out
    }

    /// The magnification for one XI 2.4 pinch event (`evtype` one of `XI_GesturePinch*`), `scale` being the scale
    /// since the gesture began; nil for other event types.
    nonisolated static func translate(evtype: Int32, scale: Double, at point: Point) -> InputEvent? {
        let phase: GesturePhase
        switch evtype {
        case 27: phase = .begin  // XI_GesturePinchBegin
        case 28: phase = .change // XI_GesturePinchUpdate
        case 29: phase = .end    // XI_GesturePinchEnd
        default: return nil
        }
        let s = scale.isFinite && scale > 0 ? scale : 1
        return .magnify(phase, scale: phase == .begin ? 1 : s, at: point)
    }
}

/// Watches a file descriptor on its own thread: when it becomes readable, calls `wake` once and waits for
/// `acknowledge()` (the reader drained it) before watching again. It sleeps until then: `stop()` wakes it through a
/// pipe of its own, so an idle window's watcher costs nothing (a timeout to notice `stop()` woke it twice a second).
final class FDWatcher: @unchecked Sendable {
    private let fd: Int32
    private let wake: @Sendable () -> Void
    private let lock = NSLock()
    private var running = true
    private var waitingForAck = false
    private let ack = DispatchSemaphore(value: 0)
    /// A pipe `stop()` writes to, to end the thread's `poll` (read end, write end; -1 if none could be made).
    private let stopper: (read: Int32, write: Int32)

    init(fd: Int32, wake: @escaping @Sendable () -> Void) {
        self.fd = fd
        self.wake = wake
        var ends: [Int32] = [-1, -1]
        stopper = pipe(&ends) == 0 ? (ends[0], ends[1]) : (-1, -1)
        for end in ends where end >= 0 { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let thread = Thread { [self] in self.watch() }
        thread.name = "carousel-lab.x11-watch"
        thread.start()
    }

    deinit { if stopper.read >= 0 { close(stopper.read); close(stopper.write) } }

    private var isRunning: Bool { lock.withLock { running } }

    private func watch() {
        while isRunning {
            var p = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: stopper.read, events: Int16(POLLIN), revents: 0)]
            let r = Glibc.poll(&p, stopper.read >= 0 ? 2 : 1, stopper.read >= 0 ? -1 : 500)
            if r < 0 && errno != EINTR { return }
            guard r > 0, isRunning, p[0].revents != 0 else { continue }
            if p[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return }
            lock.withLock { waitingForAck = true }
            wake()
            ack.wait()
        }
    }

    /// Lets the watcher look at the descriptor again (call after draining it).
    func acknowledge() {
        lock.withLock {
            if waitingForAck { waitingForAck = false; ack.signal() }
        }
    }

    /// Ends the watcher thread.
    func stop() {
        lock.withLock {
            running = false
            if waitingForAck { waitingForAck = false; ack.signal() }
        }
        if stopper.write >= 0 { var byte: UInt8 = 1; _ = write(stopper.write, &byte, 1) }
    }
}
