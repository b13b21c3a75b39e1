import CarouselStyles

/// Undo and redo for parameter edits: one step per finished drag, typed value, reset, preset load or key press.
///
/// A step records only the keys it changed, each with its value before and after, so undoing it puts back exactly
/// those keys and leaves alone what changed elsewhere in between (a parameter file reloaded, the A key).
/// Pure: it never touches a style; the caller applies `Step.before` or `Step.after`.
public struct ParameterHistory: Sendable, Equatable {
    /// One parameter's value before and after a step.
    public struct Change: Equatable, Sendable {
        public let key: String
        public let old: ParameterValue
        public var new: ParameterValue
        public init(key: String, old: ParameterValue, new: ParameterValue) { self.key = key; self.old = old; self.new = new }
    }

    /// One undoable edit.
    public struct Step: Equatable, Sendable {
        /// What the edit was, for messages ("Item width", "Reset all", "Preset Glide").
        public let label: String
        /// The changed keys, in the order they were first changed.
        public internal(set) var changes: [Change]
        /// Tells steps apart for merging: a held arrow key's repeats merge into the step of its first press.
        let tag: String?

        /// The values to set to undo the step.
        public var before: [String: ParameterValue] { Dictionary(uniqueKeysWithValues: changes.map { ($0.key, $0.old) }) }
        /// The values to set to redo the step.
        public var after: [String: ParameterValue] { Dictionary(uniqueKeysWithValues: changes.map { ($0.key, $0.new) }) }
    }

    /// Steps that can be undone, oldest first.
    public private(set) var undoSteps: [Step] = []
    /// Steps that can be redone, the next one last.
    public private(set) var redoSteps: [Step] = []
    /// The most steps kept; the oldest go first.
    public let limit: Int

    public init(limit: Int = 200) { self.limit = max(limit, 1) }

    public var canUndo: Bool { !undoSteps.isEmpty }
    public var canRedo: Bool { !redoSteps.isEmpty }

    // MARK: Recording

    /// Records the edit that took the values from `old` to `new` (whole value sets; only differing keys are kept).
    /// Nothing is recorded when nothing changed. With `merging`, a step whose `tag` equals the last step's merges into
    /// it, keeping the earliest old values (and disappears if it ends where it began). Recording clears the redo
    /// steps. Returns whether the history changed.
    @discardableResult
    public mutating func record(_ label: String, from old: [String: ParameterValue], to new: [String: ParameterValue],
                                tag: String? = nil, merging: Bool = false) -> Bool {
        let keys = new.keys.filter { old[$0] != nil && old[$0] != new[$0] }.sorted()
        let changes = keys.map { Change(key: $0, old: old[$0]!, new: new[$0]!) }
        if merging, let tag, redoSteps.isEmpty, var last = undoSteps.last, last.tag == tag {
            for c in changes {
                if let i = last.changes.firstIndex(where: { $0.key == c.key }) { last.changes[i].new = c.new } else { last.changes.append(c) }
            }
            last.changes.removeAll { $0.old == $0.new }
            undoSteps.removeLast()
            if !last.changes.isEmpty { undoSteps.append(last) }
            return true
        }
        guard !changes.isEmpty else { return false }
        undoSteps.append(Step(label: label, changes: changes, tag: tag))
        if undoSteps.count > limit { undoSteps.removeFirst(undoSteps.count - limit) }
        redoSteps.removeAll()
        return true
    }

    // MARK: Undo and redo

    /// Takes the last step off the undo list (the caller sets its `before` values); nil when there is none.
    public mutating func undo() -> Step? {
        guard let step = undoSteps.popLast() else { return nil }
        redoSteps.append(step)
        return step
    }

    /// Takes the last undone step back (the caller sets its `after` values); nil when there is none.
    public mutating func redo() -> Step? {
        guard let step = redoSteps.popLast() else { return nil }
        undoSteps.append(Step(label: step.label, changes: step.changes, tag: nil))
        return step
    }
}
