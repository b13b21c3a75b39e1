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
        // Only the next undo can bring a closed variant back; any other change of the variants ends that.
        switch action {
        case .closePane, .undo, .message, .report, .clearMessage, .problem, .imagesChanged, .toggleStatus, .toggleHelp, .scrollHelp, .saved: break
        default: lastClosed = nil
        }
        publish(perform(action))
    }

    private func publish(_ change: Change) {
        // Values changed while a moment is shown: the same input is played again with them.
        if timeline.isScrubbed, !change.isDisjoint(with: [.values, .paneValues]), let t = timeline.playhead { replayPanes(toStyleTime: t) }
        if change.contains(.edited) { panel.styleChanged() } else if change.contains(.values) { panel.parametersChanged() }
        if !change.isDisjoint(with: [.values, .paneValues, .edited]) { paneSet.refresh() }
        if change.contains(.picture) { damage.invalidate() }
        if !change.isDisjoint(with: [.values, .edited]) { checks.invalidate() }
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
            // Ctrl+Z just after Ctrl+W brings the variant back (a tuned variant is not lost by one key).
            if case .undo = action, let (closed, index) = lastClosed {
                lastClosed = nil
                connect(paneSet.reopen(closed, at: index))
                return [.edited, .picture]
            }
            return undoOrRedo(action)
        case .switchStyle(let name, let announce):
            guard StyleRegistry.style(named: name) != nil else { return [] }
            // A recording ends where its style does: the input it replays starts when the style appeared.
            if name != focused.styleName { clips?.styleSwitched(from: styleTime) }
            try? focused.switchStyle(to: name)
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
        case .toggleTimeline:
            timeline.isShown.toggle()
            if !timeline.isShown { leaveTimeline() }
            timelineStrip.setShown(timeline.isShown)
            channelGraph.show(timeline.isShown && timeline.graphChannel != nil)
            return .chrome
        case .scrub(let t):
            scrub(to: t)
            return [.picture, .chrome]
        case .stepPlayhead(let seconds):
            scrub(to: (timeline.playhead ?? focused.styleTime) + seconds)
            return [.picture, .chrome]
        case .playheadToStart:
            scrub(to: timeline.start(end: timeline.isLive ? focused.styleTime : timeline.end))
            return [.picture, .chrome]
        case .playheadToEnd:
            scrub(to: timeline.isLive ? focused.styleTime : timeline.end)
            return [.picture, .chrome]
        case .togglePlayback:
            if timeline.isReplaying {
                scrub(to: focused.styleTime)
            } else if timeline.isScrubbed {
                startReplay()
            } else {
                return perform(.togglePause)
            }
            return .chrome
        case .markRangeStart, .markRangeEnd:
            let t = timeline.playhead ?? focused.styleTime
            let other = timeline.range.map { action.isRangeStart ? $0.upperBound : $0.lowerBound } ?? (action.isRangeStart ? (timeline.isLive ? focused.styleTime : timeline.end) : timeline.start(end: timeline.end))
            timeline.range = min(t, other)...max(t, other)
            overlay.show(message: "Loop \(JSONValue.format(Timeline.round3(timeline.range!.lowerBound))) s to \(JSONValue.format(Timeline.round3(timeline.range!.upperBound))) s")
            return .chrome
        case .clearRange:
            timeline.range = nil
            return .chrome
        case .nextGraphChannel:
            let count = definition.channels.count
            timeline.graphChannel = timeline.graphChannel.map { $0 + 1 < count ? $0 + 1 : nil } ?? (count > 0 ? 0 : nil)
            channelGraph.show(timeline.graphChannel != nil && timeline.isShown)
            return .chrome
        case .script(let command):
            switch command {
            case .scrub(let t): return perform(.scrub(t))
            case .play:
                if timeline.isScrubbed { startReplay() } else if time.isPaused { time.setPaused(false); timeControlChanged() }
                return .chrome
            case .set(let key, let value):
                var p = currentParameters
                do { try p.set(key, value) } catch { return perform(.message(.problem("set: \(error.message)"))) }
                return perform(.setValues(p, undo: UndoLabel(p.spec(key)?.label ?? key)))
            }
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
            overlay.helpCard.toggle()
            return .chrome
        case .scrollHelp(let points):
            overlay.helpCard.scroll(by: points)
            return .chrome
        case .togglePanel:
            panel.toggle()
            paneSet.refresh()
            focusPanel(panel.isVisible)
            return .chrome
        case .moveFocus(let forward):
            moveFocus(forward: forward)
            return .chrome
        case .toggleReducedMotion:
            setReducedMotion(!reducesMotion, source: .key)
            overlay.show(message: reducesMotion ? "Reduced motion on: cuts and cross-fades, auto-advance waits for its play button" : "Reduced motion off")
            return [.picture, .chrome]
        case .setReducedMotion(let reduced, let source):
            // The desktop's answer comes late: it does not undo what the command line or the key chose.
            if case .desktop = source, !motionSource.yieldsToDesktop { return [] }
            setReducedMotion(reduced, source: source)
            return [.picture, .chrome]
        case .toggleChecks:
            checks.toggle()
            return .chrome
        case .duplicatePane:
            if let copy = paneSet.duplicateFocused() { connect(copy) }
            followFocusedPane()
            return [.edited, .picture]
        case .closePane:
            lastClosed = paneSet.closeFocused()
            pointer.reset()
            followFocusedPane()
            return [.edited, .picture]
        case .focusPane(let index):
            guard paneSet.focus(index) else { return [] }
            followFocusedPane()
            return .edited
        case .requestScreenshot:
            screenshotSession.request()
            return .chrome
        case .toggleRecording:
            guard let clips else { return perform(.message(Message("Recording needs a window (use carousel-lab record)", error: true))) }
            // With the timeline shown and a loop marked, the loop is the clip.
            if timeline.isShown, let range = timeline.range, !clips.isRecording {
                clips.save(range: range)
                return .chrome
            }
            clips.toggle()
            return .chrome
        case .saveReplay:
            guard let clips else { return perform(.message(Message("Instant replay needs a window (use carousel-lab record)", error: true))) }
            clips.saveReplay()
            return .chrome
        case .exportCode:
            guard let codeExports, let export = CodeExport(definition: definition, parameters: currentParameters, deck: deck) else {
                return perform(.message(Message("Export needs a window (use carousel-lab export)", error: true)))
            }
            codeExports.start(export, style: definition.name)
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
            focusPanel(true)
            return .chrome
        case .copyValues:
            panel.copyToClipboard()
            return []
        case .saved(let path):
            handoff.saved(path)
            return []
        case .copySaved:
            return handoff.copy().map(perform) ?? []
        case .revealSaved:
            return handoff.reveal().map(perform) ?? []
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
    func timeControlChanged() {
        // While paused, the badge reads the moment shown too: "Paused · 1.23 s".
        overlay.showBadge(time.speedBadge.map { time.isPaused ? "\($0) · \(String(format: "%.2f", focused.styleTime)) s" : $0 })
        for pane in panes { pane.setTimePaused(time.isPaused) }
    }
}
