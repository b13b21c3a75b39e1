import CarouselApp
import CarouselClips
import Foundation
import SDLBackend

/// A clip's frames drawn by the app's model on the software canvas: what `record` hands the clips module, which knows
/// neither.
@MainActor
struct HeadlessClipFrames: ClipFrames {
    let canvas: HeadlessCanvas
    let preview: Preview
    let run: CaptureRun
    /// PNG frames are encoded and written on background threads while the next ones render.
    let pngFrames = PNGFrameWriter()

    var pixelWidth: Int { canvas.pixelWidth }
    var pixelHeight: Int { canvas.pixelHeight }

    func render(times: [Double], drawn: (Double) throws -> Void) throws {
        try run.render(times: times, into: canvas.renderer, emit: drawn)
    }

    func copyBGRA(into buffer: inout Data) { canvas.bgraFrame(into: &buffer) }

    func writePNG(to path: String) throws {
        do throws(PNGFrameError) { try pngFrames.write(canvas, to: path) } catch { throw Failure(error.message) }
    }

    func finishWriting() throws {
        do throws(PNGFrameError) { try pngFrames.finish() } catch { throw Failure(error.message) }
    }

    func writeLayout(to path: String) throws { try carousel_lab.writeLayout(preview, to: path) }
}
