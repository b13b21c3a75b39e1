import CarouselApp
import CarouselCore
import CarouselStyles
import Foundation

/// The timeline's scrub at one style: after `seconds` of the style's bench interaction recorded live, the time from
/// asking for a random moment to having drawn it (the replay, the update and the paint pass into a recorder), and
/// the memory the timeline holds for it.
public struct ScrubResult: Sendable {
    public var style: String
    /// Seconds of recorded interaction scrubbed over.
    public var seconds: Double
    public var scrubs: Samples
    /// Bytes the timeline keeps for the recording and its snapshots.
    public var timelineBytes: Int
}

/// Measures scrubbing: `scrubs` random moments of a `seconds` long timeline per style, in a model with every image
/// ready (no decoding: the figure is the timeline's own cost, as the frames part measures drawing). The timeline is
/// shown, as in the window, and a quarter of a second of frames passes between two scrubs (a user clicking along the
/// strip), in which the window makes the checkpoints a scrub used up again, a few milliseconds a frame.
@MainActor
enum ScrubBench {
    static func run(style: String, deck: Deck, size: Size, seconds: Double, scrubs: Int) throws -> ScrubResult {
        let store = SyntheticImageStore(deck: deck)
        let preview = try Preview(deck: deck, images: store, size: size, style: style)
        preview.apply(.timeline(.setSpan(seconds)))
        let recorder = DrawListRecorder(size: size)
        // The interaction, live, as a window would get it.
        Replay.advance(preview, from: 0, to: seconds, player: ScriptPlayer(BenchScripts.script(for: style, size: size, seconds: seconds)))
        preview.draw(into: recorder)
        preview.apply(.timeline(.toggleShown))
        var generator = SystemRandomNumberGenerator()
        var samples = Samples()
        var wall = seconds
        for k in 0..<(scrubs + 1) {
            let t = Double.random(in: 0...seconds, using: &generator)
            let start = ProcessMetrics.monotonic()
            preview.apply(.timeline(.scrub(t)))
            wall += 1.0 / 60
            preview.update(to: wall)
            preview.draw(into: recorder)
            // The first scrub is not counted: it also marks the live end.
            if k > 0 { samples.append(ProcessMetrics.monotonic() - start) }
            for _ in 0..<15 {
                wall += 1.0 / 60
                preview.update(to: wall)
            }
        }
        return ScrubResult(style: style, seconds: seconds, scrubs: samples, timelineBytes: preview.timelineBytes)
    }
}
