import CarouselCore

/// The values an effect's states give its names now: which triggers are set (for the whole carousel, and which
/// slot is hovered, pressed, selected), and each changed name's animated value, for the carousel or for one slot.
/// A name takes the value of the last state in the file that is set and gives it one; when none is, it goes back to
/// its base value (the parameter's, or the derived value's) and is dropped once there.
@MainActor
final class EffectStates {
    private let states: [EffectState]
    private unowned let scene: Scene
    /// Triggers set for the whole carousel.
    private(set) var global: Set<EffectTrigger> = []
    /// The slot each per-item trigger is on.
    private(set) var slots: [EffectTrigger: Int] = [:]
    private var globalValues: [String: AnimatedValue<Double>] = [:]
    private var itemValues: [Int: [String: AnimatedValue<Double>]] = [:]
    /// What set each name's current target (nil: its base value), for choosing the animation of the next change.
    private var globalSource: [String: Int] = [:]
    private var itemSource: [Int: [String: Int]] = [:]

    init(_ states: [EffectState], scene: Scene) {
        self.states = states
        self.scene = scene
    }

    /// Whether any state changes anything.
    var isEmpty: Bool { states.isEmpty }

    /// Sets or clears a carousel trigger; returns whether it changed.
    @discardableResult
    func set(_ trigger: EffectTrigger, _ on: Bool) -> Bool {
        guard on != global.contains(trigger) else { return false }
        if on { global.insert(trigger) } else { global.remove(trigger) }
        return true
    }

    /// Puts a per-item trigger on `slot` (nil: on none); returns whether it changed.
    @discardableResult
    func set(_ trigger: EffectTrigger, slot: Int?) -> Bool {
        guard slots[trigger] != slot else { return false }
        slots[trigger] = slot
        return true
    }

    /// Retargets every name after triggers changed: `base` gives a name's value with no state, `value` evaluates a
    /// state's expression. Per-item names follow the slots their triggers are on.
    func update(base: (String) -> Double, value: (EffectExpression) -> Double) {
        let now = scene.now
        // The carousel's names.
        let globalNames = Set(states.filter { !$0.trigger.isPerItem }.flatMap { $0.values.map(\.name) })
        for name in globalNames {
            let source = states.indices.last { i in !states[i].trigger.isPerItem && global.contains(states[i].trigger) && states[i].values.contains { $0.name == name } }
            retarget(&globalValues, &globalSource, name: name, source: source, base: base, value: value, now: now)
        }
        // Each slot's names: the slots a trigger is on now, and those still moving back.
        let itemNames = Set(states.filter(\.trigger.isPerItem).flatMap { $0.values.map(\.name) })
        let touched = Set(slots.values).union(itemValues.keys)
        for slot in touched {
            var values = itemValues[slot] ?? [:], sources = itemSource[slot] ?? [:]
            for name in itemNames {
                let source = states.indices.last { i in states[i].trigger.isPerItem && slots[states[i].trigger] == slot && states[i].values.contains { $0.name == name } }
                retarget(&values, &sources, name: name, source: source, base: base, value: value, now: now)
            }
            itemValues[slot] = values
            itemSource[slot] = sources
        }
    }

    private func retarget(_ values: inout [String: AnimatedValue<Double>], _ sources: inout [String: Int], name: String, source: Int?,
                          base: (String) -> Double, value: (EffectExpression) -> Double, now: Double) {
        let target = source.map { i in value(states[i].values.last { $0.name == name }!.value) } ?? base(name)
        let previous = sources[name]
        if values[name] == nil {
            guard source != nil else { return }
            values[name] = AnimatedValue(base(name))
        }
        // Entering a state: its animation; leaving one: its exit (else its animation).
        let animation = source.map { states[$0].enter } ?? previous.map { states[$0].exit ?? states[$0].enter } ?? nil
        guard values[name]!.model != target || source != previous else { return }
        values[name]!.set(target, animation: animation.map(scene.shortMotion), at: now)
        scene.noteChange(animationEnd: values[name]!.endTime)
        sources[name] = source
    }

    /// The carousel's changed names and their values now (dropping those back at their base value).
    func globalOverrides(base: (String) -> Double) -> [String: Double] { overrides(&globalValues, &globalSource, base: base) }

    /// The changed names of `slot` and their values now.
    func overrides(slot: Int, base: (String) -> Double) -> [String: Double] {
        guard var values = itemValues[slot], var sources = itemSource[slot] else { return [:] }
        let out = overrides(&values, &sources, base: base)
        itemValues[slot] = values.isEmpty ? nil : values
        itemSource[slot] = values.isEmpty ? nil : sources
        return out
    }

    /// The slots that have values of their own.
    var slotsWithValues: [Int] { Array(itemValues.keys) }

    private func overrides(_ values: inout [String: AnimatedValue<Double>], _ sources: inout [String: Int], base: (String) -> Double) -> [String: Double] {
        let now = scene.now
        var out: [String: Double] = [:]
        for (name, v) in values {
            if sources[name] == nil, !v.isAnimating(at: now), v.model == base(name) {
                values[name] = nil
                sources[name] = nil
                continue
            }
            out[name] = v.value(at: now)
        }
        return out
    }
}
