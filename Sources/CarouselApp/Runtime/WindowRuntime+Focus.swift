import CarouselCore
import CarouselStyles

/// The window's keys and keyboard focus (see `FocusRouter`, `FocusRing`).
extension WindowRuntime {
    /// Where a key press goes, in order:
    /// 1. The tuning panel, when it has the keyboard focus (its rows, values and resets; typing into one of its fields
    ///    was taken before, by `TuningPanel.route`).
    /// 2. The rows that come before the focused carousel (`Command.precedesFocus`): the timeline's keys while it is
    ///    shown, Escape over the help card, and Tab / Shift+Tab, which move the focus.
    /// 3. The carousels, when one of them has the focus (every pane gets the key, as the pointer is mirrored): their
    ///    arrows, Enter and Space.
    /// 4. The app's other keys.
    /// 5. With no carousel focused, every pane, as before there was keyboard focus (scripts rely on it).
    func handleKey(_ event: InputEvent) {
        guard case .keyDown(let key, let mods, let isRepeat) = event else { return }
        let panelFocused = panelHasFocus
        if panelFocused, focus.route(event) == true { return }
        if let actions = CommandTable.actions(for: key, mods, isRepeat: isRepeat, in: context.state, beforeFocus: true) {
            actions.forEach(context.apply)
            return
        }
        if !panelFocused, focus.route(event) == true { return }
        if let actions = CommandTable.actions(for: key, mods, isRepeat: isRepeat, in: context.state) { actions.forEach(context.apply); return }
        if !carouselHasFocus { panes.deliverToAll(event) }
    }

    /// Whether one of the panes' carousels has the keyboard focus.
    public var carouselHasFocus: Bool { focus.isFocused(within: panes.target) }

    /// Whether the tuning panel has the keyboard focus.
    public var panelHasFocus: Bool { focus.isFocused(within: panel.root) }

    /// Tab: the next stop (Shift+Tab the previous), a message when the focus leaves.
    func moveFocus(forward: Bool) {
        if focus.move(forward: forward) == nil { context.apply(.chrome(.message(Message("No keyboard focus (Tab: the carousel)", seconds: 1.5)))) }
    }

    /// The focused pane's carousel gains (or loses) the keyboard focus, as a script's `focus in` asks.
    func focusCarousel(_ entered: Bool) {
        if entered {
            focus.focus(panes.focusStops[panes.focusedIndex])
        } else if carouselHasFocus {
            focus.focus(nil)
        }
    }

    /// The panel takes the keyboard focus when it opens (its keys work at once, as they always did), and gives it up
    /// when it closes.
    func focusPanel(_ shown: Bool) {
        if shown { focus.focus(panel.root) } else if panelHasFocus { focus.focus(nil) }
    }

    /// When the focused pane changes (Ctrl+1-4, a click, a pane closed or added) while the carousels have the focus,
    /// the focus goes to its stop, which tells no pane anything: the carousels keep it.
    func followFocusedPane() {
        guard carouselHasFocus, panes.focusStops.indices.contains(panes.focusedIndex) else { return }
        focus.focus(panes.focusStops[panes.focusedIndex])
    }

    /// A press in the window going to `targets`: one on the panel gives it the keyboard focus.
    func pressed(on targets: [Node]) {
        panel.pointerPressed(on: targets)
        if targets.contains(where: { $0 === panel.root }) && !panelHasFocus { focus.focus(panel.root) }
    }

    /// Puts the ring around what has the keyboard focus now (each carousel, or the panel's selected row), or hides it;
    /// none where the window's focus marks are off (a headless capture draws only the picture: `PaneSet.showsFocus`).
    func updateFocusRing() {
        focus.validate()
        if !panes.showsFocus {
            focusRing.show([])
        } else if panelHasFocus {
            focusRing.show([FocusRing.Ring(rect: panel.focusRingFrame, bounds: panel.frame, strong: true)])
        } else if carouselHasFocus {
            focusRing.show(panes.runtimes.enumerated().map { i, r in
                FocusRing.Ring(rect: r.style.carouselFrame.offsetBy(r.frame.x, r.frame.y), bounds: r.frame.intersection(overlay.pictureArea),
                               strong: i == panes.focusedIndex)
            })
        } else {
            focusRing.show([])
        }
    }
}
