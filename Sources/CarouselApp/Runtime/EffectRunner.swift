import CarouselCore
import CarouselStyles
import CarouselSupport

/// Performs the reducers' effects: against the window's runtime (replays, the keyboard focus, the help card,
/// screenshots) and the window's collaborators, which own the background work (clips, code exports, drops and
/// pastes, the last file handed on). What the work returns later comes back as actions (`BackgroundWork`).
@MainActor
final class EffectRunner {
    private unowned let runtime: WindowRuntime
    /// Prints a line on stderr (the CLI's; tests collect them).
    var report: (String) -> Void = { _ in }
    /// Clips re-rendered from the recorded input (Ctrl+R, Shift+F12); nil where there is no window.
    var clips: ClipRecorder?
    /// Ctrl+E's code export into the screenshots folder; nil where there is none.
    var codeExports: CodeExportSession?
    /// Drops and pastes onto the window; nil where there is no window.
    var deckDrops: DeckDrop?
    /// The last file saved, handed on to the clipboard or the file manager.
    let handoff = FileHandoff()
    /// The system clipboard; nil where there is none.
    var clipboard: Clipboard?

    init(runtime: WindowRuntime) { self.runtime = runtime }

    /// Performs `effects` for `state` in order; returns the actions they give at once (a paste's deck, a message).
    func perform(_ effects: [Effect], _ state: WindowState) -> [AppAction] {
        effects.flatMap { perform($0, state) }
    }

    private func perform(_ effect: Effect, _ state: WindowState) -> [AppAction] {
        switch effect {
        case .replay(let t):
            runtime.replay(toStyleTime: t, state)
        case .startReplay:
            runtime.startReplay(state)
        case .imagesChanged:
            runtime.imagesChanged()
        case .moveFocus(let forward):
            runtime.moveFocus(forward: forward)
            runtime.chrome.setNeedsDisplay()
        case .focusCarousel(let entered):
            runtime.focusCarousel(entered)
            runtime.chrome.setNeedsDisplay()
        case .focusPanel(let shown):
            runtime.focusPanel(shown)
            runtime.chrome.setNeedsDisplay()
        case .scrollHelp(let points):
            runtime.overlay.helpCard.scroll(by: points)
        case .saveClip(let from, let to, let label):
            return clips?.save(from: from, to: to, what: label, style: state.focused.styleName) ?? []
        case .saveReplay(let end):
            return clips?.saveReplay(end: end, style: state.focused.styleName) ?? []
        case .screenshot:
            runtime.screenshots.request()
            // The frame it reads back is owed now.
            runtime.chrome.setNeedsDisplay()
        case .exportCode:
            guard let codeExports, let export = CodeExport(definition: state.focused.style, parameters: state.focused.currentParameters,
                                                           deck: state.deck.deck) else { return [] }
            codeExports.start(export, style: state.focused.styleName)
        case .pasteDeck:
            guard let deckDrops, let text = clipboard?.readText() else {
                return [.message(Message("Nothing to paste: the clipboard holds no text", error: true))]
            }
            return deckDrops.paste(text)
        case .beginSavingPreset:
            runtime.panel.beginSavingPreset()
        case .copyValues:
            runtime.panel.copyToClipboard()
        case .copyFile(let path):
            return handoff.copy(path).map { [$0] } ?? []
        case .revealFile(let path):
            return handoff.reveal(path).map { [$0] } ?? []
        case .report(let line):
            report(line)
        }
        return []
    }

    /// Everything whose results come back to the main thread, drained at one point of the frame.
    var backgroundWork: [BackgroundWork] {
        let optional: [BackgroundWork?] = [clips, codeExports, deckDrops]
        return [runtime.screenshots, handoff, runtime.checks] + optional.compactMap { $0 } + extraWork
    }

    /// Background work the executable adds (the image store's decodes, the desktop's reduced-motion setting).
    var extraWork: [BackgroundWork] = []
}
