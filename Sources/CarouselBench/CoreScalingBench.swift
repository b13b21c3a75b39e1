import CarouselApp
import CarouselCore
import CarouselStyles
import Foundation

/// The core's per-frame cost at one deck size: input, timers, animation, layout and the paint pass into a
/// `DrawListRecorder`, with no decoding and no SDL.
public struct CoreScalingResult: Sendable {
    public var style: String
    public var items: Int
    /// Frames the script spans (every one updated; drawn when needed).
    public var frames: Int
    /// Per frame: script delivery, update (and layout) and, when needed, the paint pass.
    public var perFrame: Samples
}

/// Measures how the core's frame cost grows with the deck: the same scripted interaction on decks of 100, 10,000
/// and 100,000 synthetic items.
@MainActor
enum CoreScalingBench {
    static let counts = [100, 10_000, 100_000]
    static let styles = ["expand", "stitch"]

    static func run(style: String, items: Int, size: Size, frames: Int) throws -> CoreScalingResult {
        let deck = syntheticDeck(count: items)
        let store = SyntheticImageStore(deck: deck)
        let preview = try Preview(deck: deck, images: store, size: size, style: style)
        let player = ScriptPlayer(BenchScripts.script(for: style, size: size, seconds: Double(frames) / 60))
        let recorder = DrawListRecorder(size: size)
        // One untimed frame builds the first nodes.
        preview.update(to: 0)
        preview.draw(into: recorder)
        var perFrame = Samples()
        for k in 1...frames {
            let t = Double(k) / 60
            let start = ProcessMetrics.monotonic()
            player.deliver(upTo: t, into: preview)
            preview.update(to: t)
            if preview.needsFrame { preview.draw(into: recorder) }
            perFrame.append(ProcessMetrics.monotonic() - start)
        }
        return CoreScalingResult(style: style, items: items, frames: frames, perFrame: perFrame)
    }

    /// `count` items with portrait, landscape and square sizes in turn, none decoded.
    static func syntheticDeck(count: Int) -> Deck {
        let sizes = [Size(400, 600), Size(600, 400), Size(500, 500)]
        return Deck(name: "Synthetic \(count)", items: (0..<count).map { i in
            DeckItem(image: "/synthetic/\(i).jpg", title: "Item \(i)", details: [("year", "\(1900 + i % 120)")],
                     size: sizes[i % sizes.count])
        })
    }
}

/// An image store whose every image is ready at once, at the size its deck item gives (no files, no decoding).
@MainActor
final class SyntheticImageStore: ImageStore {
    private let sizes: [String: Size]
    private var handles: [String: ImageHandle] = [:]
    private var sources: [String] = []

    init(deck: Deck) {
        sizes = Dictionary(deck.items.map { ($0.image, $0.size ?? Size(400, 600)) }, uniquingKeysWith: { a, _ in a })
    }

    func handle(for source: String, maxPixelSize: Size?) -> ImageHandle {
        if let h = handles[source] { return h }
        let h = ImageHandle(sources.count)
        handles[source] = h
        sources.append(source)
        return h
    }

    func state(of handle: ImageHandle) -> ImageState {
        guard sources.indices.contains(handle.raw) else { return .failed("unknown image handle \(handle.raw)") }
        return .ready(sizes[sources[handle.raw]] ?? Size(400, 600))
    }

    func source(of handle: ImageHandle) -> String? { sources.indices.contains(handle.raw) ? sources[handle.raw] : nil }
    func failureReason(of handle: ImageHandle) -> String? { sources.indices.contains(handle.raw) ? nil : "unknown image handle \(handle.raw)" }
    func note(of handle: ImageHandle) -> String? { nil }
}
