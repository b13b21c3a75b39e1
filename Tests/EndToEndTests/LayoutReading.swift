import CarouselSupport
import CarouselCore
import CarouselStyles
import Foundation

/// One laid-out item: its deck index and its on-screen frame.
typealias LaidOutItem = (index: Int, frame: Rect)

/// Reading the layout JSON (`capture --layout`, `run --layout`, `Preview.layoutJSON()`) in end-to-end tests: the
/// items' on-screen frames by deck index, the style's state, and the geometry the tests compare.
extension JSONValue {
    // MARK: Items

    /// The laid-out items as (deck index, on-screen frame), left to right.
    var itemFrames: [LaidOutItem] {
        (self["items"]?.arrayValue ?? []).compactMap { item in
            guard let index = item["index"]?.numberValue,
                  let f = item["frame"]?.arrayValue?.compactMap(\.numberValue), f.count == 4 else { return nil }
            return (Int(index), Rect(f[0], f[1], f[2], f[3]))
        }.sorted { $0.frame.minX < $1.frame.minX }
    }

    /// The frame of deck item `index` (the leftmost one if several cards show it).
    func frame(of index: Int) -> Rect? { itemFrames.first { $0.index == index }?.frame }

    /// The horizontal gaps between neighbouring item frames, left to right (negative where they overlap).
    var gaps: [Double] {
        let frames = itemFrames.map(\.frame)
        return zip(frames, frames.dropFirst()).map { $1.minX - $0.maxX }
    }

    /// Whether at least three items are laid out and every gap between neighbours is `value` (within 0.01).
    func hasGaps(_ value: Double) -> Bool {
        let g = gaps
        return g.count >= 2 && g.allSatisfy { abs($0 - value) < 0.01 }
    }

    /// The deck index of the item whose frame is horizontally centred on `x` within `tolerance`, if any.
    func itemCentred(at x: Double, tolerance: Double = 0.5) -> Int? {
        itemFrames.first { abs($0.frame.midX - x) <= tolerance }?.index
    }

    // MARK: State and parameters

    /// A number in `state`.
    func stateNumber(_ key: String) -> Double? { self["state"]?[key]?.numberValue }
    /// A boolean in `state`.
    func stateBool(_ key: String) -> Bool? { self["state"]?[key]?.boolValue }
    /// A string in `state`.
    func stateString(_ key: String) -> String? { self["state"]?[key]?.stringValue }
    /// A number in `parameters`.
    func parameter(_ key: String) -> Double? { self["parameters"]?[key]?.numberValue }
}

/// The bundled deck the app opens by default, for expected values that depend on its size.
enum BundledDeck {
    /// The number of items in Resources/deck.json.
    static var count: Int {
        get throws { try Deck.load(path: Golden.packageRoot.appendingPathComponent("Resources/deck.json").path).deck.items.count }
    }
}

extension AppWindow {
    /// Every distinct layout the app writes until `condition` holds on one (or `timeout` passes), in order: the
    /// frames a user saw along the way, for checks on the motion and not only on where it ends.
    func layouts(timeout: Double = 5, until condition: (JSONValue) -> Bool) -> [JSONValue] {
        let deadline = Date().addingTimeInterval(timeout)
        var seen: [JSONValue] = []
        while Date() < deadline {
            if let l = layout(), l != seen.last {
                seen.append(l)
                if condition(l) { break }
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return seen
    }
}
