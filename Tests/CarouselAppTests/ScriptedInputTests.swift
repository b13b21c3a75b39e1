import CarouselApp
import CarouselCore
import Testing

@Suite("Scripted input")
struct ScriptedInputTests {
    let size = Size(1280, 720)

    @Test("Entries parse into timed events, sorted by time")
    func parse() throws {
        let s = try ScriptedInput.parse("0.5 click 10 20; 0.1 move 5 5\n0.2 wheel 0 -1 ctrl\n0.3 key left shift; 0.4 pinch 0.8; 0.6 resize 640 480", size: size)
        #expect(s.entries.map(\.time) == [0.1, 0.2, 0.3, 0.4, 0.5, 0.6])
        #expect(s.entries[0].events == [.pointerMove(Point(5, 5))])
        #expect(s.entries[1].events == [.wheel(dx: 0, dy: -1, precise: false, modifiers: .ctrl, at: nil)])
        #expect(s.entries[2].events == [.keyDown("left", .shift, isRepeat: false), .keyUp("left", .shift)])
        #expect(s.entries[3].events.first == .magnify(.begin, scale: 1, at: nil))
        #expect(s.entries[3].events.last == .magnify(.end, scale: 0.8, at: nil))
        #expect(s.entries[4].events == [.pointerMove(Point(10, 20)), .pointerDown(Point(10, 20), .left), .pointerUp(Point(10, 20), .left)])
        #expect(s.entries[5].events == [.resize(Size(640, 480))])
    }

    @Test("A move outside the window is the pointer leaving")
    func leave() throws {
        let s = try ScriptedInput.parse("1 move -1 10", size: size)
        #expect(s.entries[0].events == [.pointerLeave])
    }

    @Test("A bad entry is an error naming its position and text", arguments: [
        ("0.1 move 1 2; 0.2 jump 3", 2, "unknown action"),
        ("x move 1 2", 1, "time"),
        ("-1 move 1 2", 1, "negative"),
        ("0.1 wheel 1", 1, "2 numbers"),
        ("0.1 key left hyper", 1, "modifier"),
        ("0.1 resize 0 10", 1, "1...16384"),
        ("0.1 pinch -2", 1, "pinch scale"),
        ("0.1 click 5000 5", 1, "outside"),
    ])
    func errors(script: String, position: Int, words: String) {
        do {
            _ = try ScriptedInput.parse(script, size: size)
            Issue.record("accepted \(script)")
        } catch {
            #expect(error.position == position)
            #expect(error.description.contains(words), "\(error)")
            #expect(error.description.hasPrefix("input entry \(position) \""))
        }
    }
}
