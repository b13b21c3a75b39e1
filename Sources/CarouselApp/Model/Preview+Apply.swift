import CarouselCore
import CarouselStyles
import CarouselSupport
import Foundation

/// The one place the window's state changes: each `AppAction` is applied here, and each change notice is sent once,
/// after it (`publish`): the tuning panel refreshes or rebuilds, the comparison's labels follow, the frame is owed
/// or redrawn whole.
extension Preview {
    /// What an action changed, for its notices.
    struct Change: OptionSet {
        let rawValue: Int
        /// The edited values of the focused pane (the panel refreshes; labels follow).
        static let values = Change(rawValue: 1)
        /// Some pane's values (labels follow).
        static let paneValues = Change(rawValue: 2)
        /// What the panel edits: the focused pane's style, or the focused pane (the panel rebuilds).
        static let edited = Change(rawValue: 4)
        /// The panes' picture changed in a way drawings do not show (the frame is redrawn whole).
        static let picture = Change(rawValue: 8)
        /// Only the chrome's look (the frame is owed).
        static let chrome = Change(rawValue: 16)
    }

    /// Applies `action` and sends its change notices.
    public func apply(_ action: AppAction) {
        publish(perform(action))
    }

    private func publish(_ change: Change) {
        if change.contains(.edited) { panel.styleChanged() } else if change.contains(.values) { panel.parametersChanged() }
        if !change.isDisjoint(with: [.values, .paneValues, .edited]) { paneSet.refresh() }
        if change.contains(.picture) { damage.invalidate() }
        if !change.isEmpty { chrome.setNeedsDisplay() }
    }

    private func perform(_ action: AppAction) -> Change {
        switch action {
        case .setValues(let p, let id, let undo):
            let pane = id.flatMap { id in panes.first { $0.id == id } } ?? focused
            let before = pane.currentParameters.values
            pane.setParameters(p)
            if let undo { pane.histories[pane.styleName, default: ParameterHistory()].record(undo.label, from: before, to: p.values, tag: undo.tag, merging: undo.merging) }
            return pane === focused ? .values : .paneValues
        case .recordUndo(let label, let before):
            focused.histories[focused.styleName, default: ParameterHistory()].record(label, from: before, to: currentParameters.values)
            return []
        case .undo, .redo:
            return undoOrRedo(action)
        case .switchStyle(let name, let announce):
            guard StyleRegistry.style(named: name) != nil else { return [] }
            // A recording ends where its style does: the input it replays starts when the style appeared.
            if name != focused.styleName { clips?.styleSwitched(from: styleTime) }
            try? focused.switchStyle(to: name)
            overlay.showRecording(clips?.isRecording ?? false)
            if announce { overlay.show(message: "Style \(name)") }
            return [.edited, .picture]
        case .replaceDeck(let newDeck, let source, let problems):
            guard !newDeck.items.isEmpty else { return [] }
            // A recording ends where its deck does, as at a style switch.
            clips?.styleSwitched(from: styleTime)
            deck = newDeck
            deckSource = source
            deckReplaced = true
            deckProblems = problems
            paneSet.replaceDeck(newDeck)
            pointer.reset()
            overlay.showRecording(clips?.isRecording ?? false)
            return [.edited, .picture]
        case .imagesChanged:
            for pane in panes { pane.imagesChanged() }
            // A texture's pixels changed under the same drawing (an image decoded at a new size).
            return .picture
        case .togglePause:
            time.togglePause()
            timeControlChanged()
            overlay.show(message: time.isPaused ? "Paused (. steps a frame)" : "Playing at \(time.speedText)")
            return .chrome
        case .stepFrame:
            if time.isPaused { time.step() } else { time.setPaused(true) }
            timeControlChanged()
            return .chrome
        case .cycleSlowMotion:
            time.cycleSlowMotion()
            timeControlChanged()
            overlay.show(message: "Speed \(time.speedText)")
            return .chrome
        case .toggleAutoAdvance:
            let on = !currentParameters[StyleRegistry.SharedKey.autoAdvance]
            for pane in panes { try? pane.setParameter("autoAdvance", .bool(on)) }
            overlay.show(message: "Auto-advance \(autoAdvance.isEnabled ? "on, every \(JSONValue.format(autoAdvance.interval)) s" : "off")")
            return [.values, .paneValues]
        case .message(let m):
            if m.isReported { report(m.text) }
            overlay.show(message: m.text, seconds: m.seconds ?? 3, sticky: m.seconds == nil, error: m.isError)
            return .chrome
        case .clearMessage:
            overlay.clearMessage()
            return .chrome
        case .report(let line):
            report(line)
            return []
        case .problem(let text):
            overlay.showProblem(text)
            return .chrome
        case .toggleStatus:
            statusLine.toggle()
            return .chrome
        case .toggleHelp:
            overlay.toggleHelp(lines: CommandTable.helpLines)
            return .chrome
        case .togglePanel:
            panel.toggle()
            return .chrome
        case .duplicatePane:
            if let copy = paneSet.duplicateFocused() { connect(copy) }
            return [.edited, .picture]
        case .closePane:
            paneSet.closeFocused()
            pointer.reset()
            return [.edited, .picture]
        case .focusPane(let index):
            guard paneSet.focus(index) else { return [] }
            return .edited
        case .requestScreenshot:
            screenshotSession.request()
            return .chrome
        case .toggleRecording:
            guard let clips else { return perform(.message(Message("Recording needs a window (use carousel-lab record)", error: true))) }
            clips.toggle()
            overlay.showRecording(clips.isRecording)
            return .chrome
        case .saveReplay:
            guard let clips else { return perform(.message(Message("Instant replay needs a window (use carousel-lab record)", error: true))) }
            clips.saveReplay()
            return .chrome
        case .exportCode:
            guard let codeExports, let export = CodeExport(styleType: styleType, parameters: currentParameters, deck: deck) else {
                return perform(.message(Message("Export needs a window (use carousel-lab export)", error: true)))
            }
            codeExports.start(export, style: styleType.descriptor.name)
            return []
        case .pasteDeck:
            guard let deckDrops, let text = clipboard?.readText() else {
                return perform(.message(Message("Nothing to paste: the clipboard holds no text", error: true)))
            }
            var change = Change()
            for action in deckDrops.paste(text) { change.formUnion(perform(action)) }
            return change
        case .savePreset:
            panel.beginSavingPreset()
            return .chrome
        case .copyValues:
            panel.copyToClipboard()
            return []
        case .quit:
            wantsQuit = true
            return []
        }
    }

    /// Undo or redo in the focused pane's active style, with its message.
    private func undoOrRedo(_ action: AppAction) -> Change {
        let redo: Bool
        if case .redo = action { redo = true } else { redo = false }
        var history = focused.histories[focused.styleName] ?? ParameterHistory()
        guard let step = redo ? history.redo() : history.undo() else {
            overlay.show(message: redo ? "Nothing to redo" : "Nothing to undo")
            return .chrome
        }
        focused.histories[focused.styleName] = history
        var p = currentParameters
        for (k, v) in redo ? step.after : step.before { try? p.set(k, v) }
        focused.setParameters(p)
        overlay.show(message: "\(redo ? "Redo" : "Undo"): \(step.label)")
        return .values
    }

    /// The speed badge and every pane's progress bar follow the time control.
    private func timeControlChanged() {
        overlay.showBadge(time.speedBadge)
        for pane in panes { pane.setTimePaused(time.isPaused) }
    }
}
