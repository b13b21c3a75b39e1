import CarouselSupport
import CarouselCore
import Foundation
import Testing

/// Nested in `WindowTests` (serialized, enabled only with a display): one app window at a time shares the pointer.
extension WindowTests {
    @Suite("Expand window under Xvfb")
    struct Expand {
        @Test("A pointer resting over the item cut off at the right edge, then moving 1 px at a time (real X events), keeps that item expanded under it; the row settles once")
        func restingPointerAtTheRightEdge() throws {
            let app = try AppWindow(["--style", "expand", "--fresh"])
            // Below the row first: the pointer starts at the screen's centre, over an item.
            app.xdotool("mousemove", "640", "650")
            let first = try #require(app.wait { $0["state"]?["expanded"] == .null && $0.stateNumber("scrollOffset") == 0 })
            let width = try #require(first["size"]?.arrayValue?.first?.numberValue)
            // The item that runs past the right edge, and a resting point on its visible part.
            let cut = try #require(first.itemFrames.first { $0.frame.minX < width - 30 && $0.frame.maxX > width })
            let y = Int(cut.frame.midY), startX = Int(width) - 20
            app.xdotool("mousemove", "\(startX)", "\(y)")
            /// The expanded item's frame once it is whole and inside the window.
            func shown(_ l: JSONValue) -> Rect? {
                guard l["state"]?["expanded"] == .number(Double(cut.index)), let f = l.frame(of: cut.index), f.width == 250,
                      f.maxX <= width else { return nil }
                return f
            }
            /// The layout once `condition` holds and the row has stopped: the same layout for 0.3 s.
            func resting(_ condition: (JSONValue) -> Bool) -> JSONValue? {
                var since: (layout: JSONValue, at: Date)?
                let deadline = Date().addingTimeInterval(10)
                while Date() < deadline {
                    guard let l = app.layout(), condition(l) else { since = nil; Thread.sleep(forTimeInterval: 0.02); continue }
                    if since?.layout != l { since = (l, Date()) } else if Date().timeIntervalSince(since!.at) >= 0.3 { return l }
                    Thread.sleep(forTimeInterval: 0.02)
                }
                return nil
            }
            let settled = try #require(resting { shown($0) != nil }, "item \(cut.index) never came into view")
            let offset = try #require(settled.stateNumber("scrollOffset"))
            #expect(shown(settled).map { $0.minX <= Double(startX) && Double(startX) <= $0.maxX } == true,
                    "item \(cut.index) at \(String(describing: settled.frame(of: cut.index))), the pointer at \(startX)")

            // 40 moves of 1 px to the left, 25 ms apart, from one xdotool (one X client, events in order).
            let steps = 40
            var chain: [String] = []
            for k in 1...steps { chain += ["mousemove", "\(startX - k)", "\(y)", "sleep", "0.025"] }
            let mover = try app.start("/usr/bin/xdotool", chain)
            // Every layout the app writes while the pointer moves, and after it stops.
            var seen: [JSONValue] = []
            let deadline = Date().addingTimeInterval(15)
            while mover.isRunning && Date() < deadline {
                if let l = app.layout(), l != seen.last { seen.append(l) }
                Thread.sleep(forTimeInterval: 0.01)
            }
            mover.wait()
            let endX = Double(startX - steps)
            let last = try #require(resting { l in shown(l).map { $0.minX <= endX && endX <= $0.maxX } == true })
            seen.append(last)
            let expanded = Set(seen.compactMap { $0["state"]?["expanded"]?.numberValue })
            #expect(expanded == [Double(cut.index)], "the expansion went to items \(expanded.sorted())")
            let offsets = Set(seen.compactMap { $0.stateNumber("scrollOffset") })
            #expect(offsets == [offset], "the row moved under the pointer: offsets \(offsets.sorted())")
            #expect(shown(last).map { $0.minX <= endX && endX <= $0.maxX } == true,
                    "item \(cut.index) at \(String(describing: last.frame(of: cut.index))), the pointer at \(endX)")
        }
    }
}
