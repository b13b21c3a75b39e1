import CarouselCore

/// Screenshots, clips, code exports, the deck from the clipboard, presets and the values on the clipboard, and the
/// last file saved.
@MainActor
enum CaptureReducer {
    static func reduce(_ state: inout WindowState, _ action: CaptureAction) -> [Effect] {
        switch action {
        case .requestScreenshot:
            guard state.services.contains(.screenshots) else { return needsWindow(&state, "Screenshots need a window (use carousel-lab capture)") }
            return [.screenshot]
        case .toggleRecording:
            guard state.services.contains(.clips) else { return needsWindow(&state, "Recording needs a window (use carousel-lab record)") }
            // With the timeline shown and a loop marked, the loop is the clip.
            if state.capture.clipStart == nil, state.timeline.isShown, let range = state.timeline.range {
                return [.saveClip(from: range.lowerBound, to: range.upperBound, label: "Loop")]
            }
            if let start = state.capture.clipStart {
                state.capture.clipStart = nil
                return [.saveClip(from: start, to: state.focusedStyleTime, label: "Clip")]
            }
            state.capture.clipStart = state.focusedStyleTime
            return ChromeReducer.reduce(&state, .message(Message("Recording (Ctrl+R stops)")))
        case .saveReplay:
            guard state.services.contains(.clips) else { return needsWindow(&state, "Instant replay needs a window (use carousel-lab record)") }
            return [.saveReplay(end: state.focusedStyleTime)]
        case .exportCode:
            guard state.services.contains(.exports), state.focused.style.export != nil else {
                return needsWindow(&state, state.services.contains(.exports) ? "\(state.focused.styleName) has no export" : "Export needs a window (use carousel-lab export)")
            }
            return [.exportCode]
        case .pasteDeck:
            return [.pasteDeck]
        case .savePreset:
            state.chrome.panelOpen = true
            return [.beginSavingPreset, .focusPanel(true)]
        case .copyValues:
            return [.copyValues]
        case .saved(let path):
            state.capture.lastSaved = path
            return []
        case .copySaved, .revealSaved:
            let copy: Bool
            if case .copySaved = action { copy = true } else { copy = false }
            guard let path = state.capture.lastSaved else {
                let text = "Nothing to \(copy ? "copy" : "show") yet: take a screenshot (F12), a clip or an export first"
                return ChromeReducer.reduce(&state, .message(Message(text, error: true)))
            }
            return [copy ? .copyFile(path) : .revealFile(path)]
        }
    }

    /// A recording under way ends where its style or deck does (its input started with them): the clip is saved.
    static func endClip(_ state: inout WindowState) -> [Effect] {
        guard let start = state.capture.clipStart else { return [] }
        state.capture.clipStart = nil
        return [.saveClip(from: start, to: state.focusedStyleTime, label: "Clip")]
    }

    private static func needsWindow(_ state: inout WindowState, _ text: String) -> [Effect] {
        ChromeReducer.reduce(&state, .message(Message(text, error: true)))
    }
}
