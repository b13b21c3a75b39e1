import CSDL2
import CSDL2Image
import CarouselCore
import Foundation

/// Whether an image file can be shown, decided as the window and `capture` decide (`ImageDecoder`: the file checks,
/// the pixel budget from the header, truncated JPEGs, the decoders' own reasons), for `export`, which copies or
/// embeds images without drawing them.
public enum ImageCheck {
    /// Why the image at `path` cannot be shown, in the words `capture` prints (`FILE: empty file (0 bytes)`), or nil
    /// when it decodes. It is decoded small (a JPEG reduced in the DCT) and thrown away; safe on any thread.
    public static func problem(ofFileAt path: String, pixelBudget: Int = 100_000_000) -> String? {
        initialise
        return SDLWorkerThread.run {
            switch ImageDecoder.decode(path: path, name: path, maxPixelSize: Size(64, 64), pixelBudget: pixelBudget) {
            case .failed(let message): return message
            case .decoded, .pixels: return nil
            }
        }
    }

    /// SDL_image's decoders, loaded once.
    private static let initialise: Void = {
        _ = IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue | IMG_INIT_WEBP.rawValue | IMG_INIT_TIF.rawValue))
    }()
}
