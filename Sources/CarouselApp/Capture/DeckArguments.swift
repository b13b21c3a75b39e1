import CarouselSupport
import Foundation

extension AppContext {
    /// The `--images` arguments of a run of this program in the background (a clip's `record`, the checks' `check`)
    /// that shows the window's deck: a deck dropped or pasted since the window opened is written as a deck file
    /// beside `stem` (`STEM-deck-XXXXXXXX.json`, returned to be removed when the run ends); else `deckPath` (the
    /// window's `--images`), if any; else none (the bundled deck).
    func deckArguments(deckPath: String?, beside stem: String) throws(AtomicFileError) -> (arguments: [String], written: String?) {
        if deckReplaced {
            let path = stem + "-deck-\(UUID().uuidString.prefix(8)).json"
            try AtomicFile.write(deck.json.serialized() + "\n", to: path)
            return (["--images", path], path)
        }
        return (deckPath.map { ["--images", $0] } ?? [], nil)
    }
}
