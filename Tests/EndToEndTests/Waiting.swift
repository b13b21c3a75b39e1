import CarouselSupport
import Foundation

/// Waiting on what a test means, never on the clock: a deadline only ends a wait that would otherwise hang (the
/// test then fails with a line naming what did not happen), and a duration is read off the app's own clock (the
/// layout's `time`), not the test's.
enum Waiting {
    /// Checks `condition` every `poll` seconds until it holds or `timeout` seconds pass; whether it held.
    @discardableResult
    static func until(timeout: Double, poll: Double = 0.02, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: poll)
        }
        return true
    }
}

extension JSONValue {
    /// Where the window's message shows in a window's layout file (`chrome.message`), nil while none does.
    var messageFrame: JSONValue? { self["chrome"]?["message"].flatMap { $0 == .null ? nil : $0 } }
    /// The focused style's time in a layout: the app's own clock (seconds since the style appeared).
    var appTime: Double? { self["time"]?.numberValue }
}

extension AppWindow {
    /// Waits until the window is idle: its layout file unchanged for `quiet` seconds. The app rewrites the file after
    /// every frame it draws and every update that moves its clock, so an unchanged file is a loop asleep. Whether it
    /// went idle within `timeout`.
    func waitUntilIdle(quiet: Double = 0.3, timeout: Double = 15) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var last = FileManager.default.contents(atPath: layoutPath)
        var since = Date()
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
            let now = FileManager.default.contents(atPath: layoutPath)
            if now != last { last = now; since = Date() } else if Date().timeIntervalSince(since) >= quiet { return true }
        }
        return false
    }

    /// Waits until nothing on screen moves: the layout's items, state and panes unchanged for `quiet` seconds (its
    /// time may still move: a watched file wakes the window four times a second). Whether that came within `timeout`.
    func waitUntilStill(quiet: Double = 0.3, timeout: Double = 15) -> Bool {
        func shown() -> [JSONValue?] { let l = layout(); return [l?["items"], l?["state"], l?["panes"]] }
        let deadline = Date().addingTimeInterval(timeout)
        var last = shown()
        var since = Date()
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
            let now = shown()
            if now != last { last = now; since = Date() } else if Date().timeIntervalSince(since) >= quiet { return true }
        }
        return false
    }

    /// Waits until the app's own clock (the layout's `time`) reaches `time`, moving the pointer back and forth by a
    /// point at (`x`, `y`) in the window meanwhile: an idle window draws nothing, and each move wakes it to write its
    /// time. Returns the first layout at or past `time`, or nil after `timeout` seconds.
    func waitForAppTime(_ time: Double, pointerAt x: Int, _ y: Int, timeout: Double = 30) -> JSONValue? {
        let deadline = Date().addingTimeInterval(timeout)
        guard let window = windowID() else { return nil }
        var nudge = 0
        while Date() < deadline {
            if let l = layout(), (l.appTime ?? 0) >= time { return l }
            xdotool("mousemove", "--window", window, "\(x + nudge)", "\(y)")
            nudge = 1 - nudge
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    /// Waits until a layout shows the message with `shown` holding, then until the message is gone: the first layout
    /// seen with it and the first without it, or nil (with what did not happen) when either wait ran out.
    func messageSpan(timeout: Double = 30, where shown: (JSONValue) -> Bool) -> (shown: JSONValue, gone: JSONValue)? {
        guard let on = wait(timeout: timeout, until: { $0.messageFrame != nil && shown($0) }), on.messageFrame != nil, shown(on) else { return nil }
        guard let off = wait(timeout: timeout, until: { $0.messageFrame == nil }), off.messageFrame == nil else { return nil }
        return (on, off)
    }
}

/// The processes running now, from /proc.
enum ProcessTable {
    /// Whether a process named `name` (its `comm`) runs as a child of `parent`.
    static func runs(_ name: String, childOf parent: pid_t) -> Bool {
        runs(name) { fields in fields.count > 1 && pid_t(fields[1]) == parent }
    }

    /// Whether a process named `name` runs in process group `group` (e.g. a `record` run's FFmpeg).
    static func runs(_ name: String, inGroup group: pid_t) -> Bool {
        runs(name) { fields in fields.count > 2 && pid_t(fields[2]) == group }
    }

    /// Whether a live (not zombie) process named `name` has the stat fields after its command ("state ppid pgrp
    /// ...") that `match` accepts.
    private static func runs(_ name: String, where match: ([Substring]) -> Bool) -> Bool {
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where pid_t(entry) != nil {
            // "pid (comm) state ppid pgrp ...": the command may hold spaces and parentheses, the fields after it not.
            let stat = String(decoding: FileManager.default.contents(atPath: "/proc/\(entry)/stat") ?? Data(), as: UTF8.self)
            guard let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if stat[stat.index(after: open)..<close] == name, fields.first != "Z", match(fields) { return true }
        }
        return false
    }
}
