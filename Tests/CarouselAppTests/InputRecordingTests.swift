import CarouselSupport
@testable import CarouselApp
import Foundation
import CarouselCore
import Testing

/// The session recording carried by screenshot sidecars: every event kind it keeps survives the trip through the
/// `--input` script format.
@Suite("Input recording")
@MainActor
struct InputRecorderTests {
    let size = Size(1280, 720)

    @Test("Recorded events parse back as the same events at the same times")
    func roundTrip() throws {
        var r = InputRecording()
        let events: [(Double, InputEvent)] = [
            (0.1, .pointerMove(Point(10.5, 20.25))),
            (0.2, .pointerDown(Point(10.5, 20.25), .left)),
            (0.25, .pointerUp(Point(11, 21), .left)),
            (0.3, .wheel(dx: 0, dy: -1, precise: false, modifiers: [.ctrl, .shift], at: nil)),
            (0.4, .magnify(.begin, scale: 1, at: nil)),
            (0.41, .magnify(.change, scale: 0.75, at: nil)),
            (0.42, .magnify(.end, scale: 0.5, at: nil)),
            (0.5, .keyDown("left", .shift, isRepeat: false)),
            (1.0 / 3, .pointerLeave),
        ]
        for (t, e) in events { r.record(e, at: t, size: size) }
        let parsed = try ScriptedInput.parse(r.script, size: size)
        var got: [(Double, InputEvent)] = []
        for entry in parsed.entries { for e in entry.events { got.append((entry.time, e)) } }
        let expected: [(Double, InputEvent)] = [
            (0.1, .pointerMove(Point(10.5, 20.25))),
            (0.2, .pointerMove(Point(10.5, 20.25))), (0.2, .pointerDown(Point(10.5, 20.25), .left)),
            (0.25, .pointerMove(Point(11, 21))), (0.25, .pointerUp(Point(11, 21), .left)),
            (0.3, .wheel(dx: 0, dy: -1, precise: false, modifiers: [.ctrl, .shift], at: nil)),
            (1.0 / 3, .pointerLeave),
            (0.4, .magnify(.begin, scale: 1, at: nil)),
            (0.41, .magnify(.change, scale: 0.75, at: nil)),
            (0.42, .magnify(.end, scale: 0.5, at: nil)),
            (0.5, .keyDown("left", .shift, isRepeat: false)), (0.5, .keyUp("left", .shift)),
        ]
        #expect(got.count == expected.count)
        for (g, e) in zip(got, expected) {
            #expect(abs(g.0 - e.0) < 1e-6)
            #expect(g.1 == e.1)
        }
    }

    @Test("A recorded move's entry is what parsing its line gives, and its numbers are printf's rounding")
    func movesEqualTheirParsedLines() throws {
        var generator = SystemRandomNumberGenerator()
        var r = InputRecording()
        var time = 0.0
        for k in 0..<2_000 {
            time += Double.random(in: 0.000_000_1...0.05, using: &generator)
            // Inside, on the edges, outside, and numbers that sit on a rounding step.
            let p = k % 7 == 0 ? Point(Double(k % 1281), -0.2) : k % 5 == 0 ? Point(1279.9996, 719.0005)
                : Point(Double.random(in: -2...1282, using: &generator), Double.random(in: -2...722, using: &generator))
            r.record(.pointerMove(p), at: time, size: size)
        }
        let parsed = try ScriptedInput.parse(r.script, size: size)
        #expect(parsed.entries.count == r.entries.count)
        for (made, read) in zip(r.entries, parsed.entries) {
            #expect(made.time == read.time && made.events == read.events && made.text == read.text, "\(made.text)")
        }
        for v in [0, -0.0, 0.5, -0.0000004, 1.0 / 3, 2.0 / 3, 1279.9995, 0.1 + 0.2, 12345.678_912_3, -7.25, 86_400, 0.0625, 0.0005, 2.0000005, -0.000_062_5] {
            for d in [3, 4, 6] {
                var printf = String(format: "%.\(d)f", v)
                while printf.contains("."), printf.hasSuffix("0") { printf.removeLast() }
                if printf.hasSuffix(".") { printf.removeLast() }
                #expect(InputRecording.format(v, decimals: d) == (printf == "-0" ? "0" : printf), "\(v) to \(d) decimals")
            }
        }
    }

    @Test("Moves at the same time collapse into the last; presses outside the window are clamped into it")
    func collapseAndClamp() {
        var r = InputRecording()
        r.record(.pointerMove(Point(1, 1)), at: 0.5, size: size)
        r.record(.pointerMove(Point(2, 2)), at: 0.5, size: size)
        r.record(.pointerMove(Point(3, 3)), at: 0.6, size: size)
        r.record(.pointerUp(Point(1500, -20), .left), at: 0.7, size: size)
        #expect(r.script == "0.5 move 2 2\n0.6 move 3 3\n0.7 up 1279 0")
    }

    @Test("Releases, typed text, other buttons, resizes and visibility are not recorded; reset forgets")
    func skipped() {
        var r = InputRecording()
        for e: InputEvent in [.keyUp("a", []), .text("x"), .pointerDown(Point(1, 1), .right), .resize(Size(10, 10)), .visibility(false)] {
            r.record(e, at: 1, size: size)
        }
        #expect(r.count == 0)
        r.record(.keyDown("a", [], isRepeat: false), at: 1, size: size)
        #expect(r.count == 1)
        r.reset()
        #expect(r.script.isEmpty)
    }

    @Test("A sidecar's style, size, time and input are read back; wrong types are ignored")
    func sidecarDefaults() throws {
        let d = SidecarDefaults(json: try JSONParser.parse(#"{"style": "loop", "size": [800, 600], "time": 2.5, "input": ["0.1 move 1 1", "0.2 key left"]}"#))
        #expect(d == SidecarDefaults(json: try JSONParser.parse(#"{"style": "loop", "size": [800, 600], "time": 2.5, "input": ["0.1 move 1 1", "0.2 key left"]}"#)))
        #expect(d.style == "loop")
        #expect(d.size == Size(800, 600))
        #expect(d.time == 2.5)
        #expect(d.input == "0.1 move 1 1\n0.2 key left")
        let bad = SidecarDefaults(json: try JSONParser.parse(#"{"style": 3, "size": [0, 600], "time": -1, "input": [1]}"#))
        #expect(bad.style == nil && bad.size == nil && bad.time == nil && bad.input == nil)
    }
}
