import CarouselSupport
import Foundation

/// The window's clips being rendered: each a run of this program's `record` on the clip's sidecar, as a job that runs
/// while the window waits (`BackgroundRender`), whose end is posted for the window to take (`takeFinished`) and wakes
/// it. Used on the main thread.
public final class ClipJobs: @unchecked Sendable {
    /// A clip render that ended.
    public struct Finished: Sendable, Equatable {
        /// The clip's path.
        public let out: String
        /// What the clip was, as the window names it ("Clip", "Replay", "Loop").
        public let label: String
        /// Why no clip was written (`record`'s last line without the program's name), or nil when it was.
        public let failure: String?
    }

    /// Where the renders run: jobs the window's loop holds while it works.
    public let jobs: BackgroundJobs
    /// Wakes the window's loop from another thread (a clip finished).
    public var wake: @Sendable () -> Void = {}
    private let finished = Mailbox<Finished>()
    /// Renders started and not yet taken.
    public private(set) var running = 0

    /// Clip renders run as `jobs`.
    public init(jobs: BackgroundJobs) { self.jobs = jobs }

    /// Writes a clip's sidecar at `path`: the window's `state` (style, values, variants, the input delivered) and the
    /// clip's `from`, `to` and `fps`, which `record --params` reads.
    public static func writeSidecar(_ state: [JSONMember], from: Double, to: Double, fps: Int, at path: String) throws(AtomicFileError) {
        let members = state + [JSONMember("from", .number(from)), JSONMember("to", .number(to)), JSONMember("fps", .number(Double(fps)))]
        try AtomicFile.write(JSONValue.object(members).serialized() + "\n", to: path)
    }

    /// Starts `executable record` of `sidecar` into `out`, labelled `label`. With `ownsSidecar`, the run removes the
    /// sidecar when it writes no clip (even when the window died meanwhile). `deckArguments` are its `--images`;
    /// `deckFile`, a deck written for this run, is removed when it ends (by the run itself too, should the window go).
    public func start(executable: String, sidecar: String, out: String, label: String, ownsSidecar: Bool,
                      deckArguments: [String], deckFile: String?) throws(ClipError) {
        let command = [executable, "record", "--params", sidecar, "--out", out] + (ownsSidecar ? ["--discard-params-on-failure"] : [])
            + deckArguments + (deckFile != nil ? ["--remove-images-after"] : [])
        let finished = self.finished, wake = self.wake
        try BackgroundRender.start(command, jobs: jobs, removing: deckFile) { ok, lastLine in
            let why = lastLine.replacingOccurrences(of: "carousel-lab: ", with: "").replacingOccurrences(of: "Error: ", with: "")
            finished.post(Finished(out: out, label: label, failure: ok ? nil : why))
            wake()
        }
        running += 1
    }

    /// The renders that ended since the last call, in order.
    public func takeFinished() -> [Finished] {
        let done = finished.drain()
        running -= done.count
        return done
    }
}
