import CarouselCore
import CarouselSupport

/// What the command table's app rows do (`CommandTable.all`): the key press is looked up in the table, and the row's
/// action runs here, on the window's model. Playback (pause, step, slow motion), the style keys, auto-advance, the
/// status line and help card, recording, code export, pasting a deck and quitting are here; the panel's and the
/// panes' own actions are reached through `panel` and `paneSet`.
@MainActor
final class AppCommands {
    private unowned let preview: Preview

    init(preview: Preview) { self.preview = preview }

    /// Runs the command the key press names in `CommandTable`, if any; false when no app command answers (the key
    /// then goes to the panes).
    func run(_ key: Key, _ mods: Modifiers) -> Bool {
        guard let command = CommandTable.command(for: key, mods, in: self) else { return false }
        command.perform(self, key: key)
        return true
    }

    /// The tuning panel, for the rows it handles (Tab, undo, presets, copy).
    var panel: TuningPanel { preview.panel }
    /// The panes, for the comparison's rows (duplicate, close, focus).
    var paneSet: PaneSet { preview.paneSet }
    /// Whether the help card is shown (Escape hides it only then).
    var isHelpVisible: Bool { preview.isHelpVisible }

    /// Switches the focused pane to the style numbered `number` (1-5, as the keys are) and says so.
    func switchStyle(number: Int) {
        guard (1...StyleRegistry.all.count).contains(number) else { return }
        try? preview.switchStyle(to: StyleRegistry.all[number - 1].descriptor.name)
        preview.show(message: "Style \(preview.styleType.descriptor.name)")
    }

    /// `A`: turns auto-advance on or off in every pane (a playback control, like Space).
    func toggleAutoAdvance() {
        let on = !preview.currentParameters[StyleRegistry.SharedKey.autoAdvance]
        for pane in preview.panes { try? pane.setParameter("autoAdvance", .bool(on)) }
        let autoAdvance = preview.autoAdvance
        preview.show(message: "Auto-advance \(autoAdvance.isEnabled ? "on, every \(JSONValue.format(autoAdvance.interval)) s" : "off")")
    }

    /// Space: pauses or resumes every animation and timer.
    func togglePause() {
        preview.time.togglePause()
        timeControlChanged()
        preview.show(message: preview.time.isPaused ? "Paused (. steps a frame)" : "Playing at \(preview.time.speedText)")
    }

    /// `.`: the first press pauses on the current frame; each press while paused steps one 60 Hz frame.
    func stepFrame() {
        if preview.time.isPaused { preview.time.step() } else { preview.time.setPaused(true) }
        timeControlChanged()
    }

    /// `,`: cycles slow motion.
    func cycleSlowMotion() {
        preview.time.cycleSlowMotion()
        timeControlChanged()
        preview.show(message: "Speed \(preview.time.speedText)")
    }

    /// The speed badge and every pane's progress bar follow the time control.
    private func timeControlChanged() {
        preview.overlay.showBadge(preview.time.speedBadge)
        for pane in preview.panes { pane.setTimePaused(preview.time.isPaused) }
        preview.chrome.setNeedsDisplay()
    }

    /// F12, Ctrl+P: a screenshot of the next frame.
    func requestScreenshot() { preview.requestScreenshot() }

    /// F3: shows or hides the status line.
    func toggleStatus() { preview.statusLine.toggle(); preview.chrome.setNeedsDisplay() }

    /// F1: shows or hides the help card generated from the command table.
    func toggleHelp() { preview.overlay.toggleHelp(lines: CommandTable.helpLines) }

    /// Ctrl+R: starts or stops recording a clip.
    func toggleRecording() {
        guard let clips = preview.clips else {
            preview.show(message: "Recording needs a window (use carousel-lab record)", error: true)
            return
        }
        clips.toggle()
        preview.overlay.showRecording(clips.isRecording)
        preview.chrome.setNeedsDisplay()
    }

    /// Shift+F12: saves the last seconds as a clip.
    func saveReplay() {
        guard let clips = preview.clips else {
            preview.show(message: "Instant replay needs a window (use carousel-lab record)", error: true)
            return
        }
        clips.saveReplay()
    }

    /// Ctrl+E: writes the focused style as SwiftUI and as a web page (`CodeExportSession`).
    func exportCode() {
        guard let codeExports = preview.codeExports,
              let export = CodeExport(styleType: preview.styleType, parameters: preview.currentParameters, deck: preview.deck) else {
            return preview.show(message: "Export needs a window (use carousel-lab export)", error: true)
        }
        codeExports.start(export, style: preview.styleType.descriptor.name)
    }

    /// Ctrl+V: the clipboard's paths or URLs become the deck, as if dropped.
    func pasteDeck() {
        guard let deckDrops = preview.deckDrops, let text = preview.clipboard?.readText() else {
            return preview.show(message: "Nothing to paste: the clipboard holds no text", error: true)
        }
        deckDrops.paste(text, into: preview)
    }

    /// Ctrl+Q: asks the loop to end.
    func quit() { preview.wantsQuit = true }
}
