import CarouselCore
import CarouselStyles
import Foundation

/// The panel's presets: the list for the edited style (shipped and the user's), saving the values under a name,
/// loading one (one undo step), renaming and deleting the user's own (a first Delete asks, a second deletes).
@MainActor
final class PresetController {
    /// Where presets are listed from and saved to (tests point it at a temporary folder).
    var store = PresetStore.standard()
    /// The clock that names saved presets (the style and the local time).
    var date: () -> Date = { Date() }
    /// The presets listed for the edited style.
    private(set) var list: [Preset] = []
    /// The style `list` was read for.
    private(set) var listedFor: String?
    /// The user preset a first Delete asked about; a second Delete, with no other key or click between, deletes it.
    private(set) var pendingDelete: Preset?
    private unowned let model: PanelModel

    init(model: PanelModel) { self.model = model }


    /// Reads the list for the edited style again.
    func reload() {
        listedFor = model.styleName
        list = store.presets(for: model.styleName)
    }

    // MARK: Saving

    /// Opens the name field of "Save current values as a preset", filled with the style and the time; Enter saves.
    func beginSaving() {
        model.selection = .savePreset
        model.beginNameEntry(.savePreset, .presetName, text: PresetStore.timestampName(style: model.styleName, date: date()))
        model.view?.scrollIntoView(.savePreset)
    }

    func save(named name: String) {
        do {
            let preset = try store.save(model.current, style: model.styleName, name: name)
            listChanged()
            // The new row is selected and scrolled into view: the user sees where it went.
            if let i = list.firstIndex(of: preset) { model.selection = .preset(i); model.view?.scrollIntoView(.preset(i)) }
            model.say("Saved preset \(preset.name) to \(preset.path)")
        } catch {
            model.say(error.message, error: true)
        }
    }

    // MARK: Loading

    /// Loads preset `i` of the list.
    func load(at i: Int) { load(list[i]) }

    /// Loads a preset into the edited style: its valid values apply (one undo step); problems are reported by line.
    func load(_ preset: Preset) {
        var p = model.current
        let problems: [String]
        do { problems = try store.load(preset, style: model.styleName, into: &p) } catch {
            model.say(error.message, error: true)
            model.context.apply(.report(error.message))
            return
        }
        model.apply(p, label: "Preset \(preset.name)")
        problems.forEach { model.context.apply(.report($0)) }
        if let first = problems.first {
            let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
            model.say("Preset \(preset.name): \(first)\(more)", error: true)
        } else {
            model.say("Loaded preset \(preset.name)" + (preset.about.map { ": \($0)" } ?? ""))
        }
    }

    // MARK: Renaming

    /// F2 (or a double-click on its name): opens the name field of user preset `i`, filled with its name; Enter
    /// renames, Escape cancels. A shipped preset is refused in one line.
    func beginRenaming(at i: Int) {
        let preset = list[i]
        guard !preset.isShipped else {
            model.say(PresetError.shipped(preset, cannotBe: "renamed").message, error: true)
            return
        }
        model.beginNameEntry(.preset(i), .renamePreset(preset), text: preset.name)
    }

    func rename(_ preset: Preset, to name: String) {
        do {
            let renamed = try store.rename(preset, to: name)
            guard renamed != preset else { return }
            listChanged()
            if let i = list.firstIndex(of: renamed) { model.selection = .preset(i); model.view?.scrollIntoView(.preset(i)) }
            model.say("Renamed preset \(preset.name) to \(renamed.name)")
        } catch {
            model.say(error.message, error: true)
        }
    }

    // MARK: Deleting

    /// Delete or Backspace on preset `i`: the first press on a user preset asks, a second one (nothing else pressed
    /// or clicked, the preset still selected) deletes its file and selects a neighbour. Shipped presets are refused.
    func delete(at i: Int) {
        let preset = list[i]
        guard !preset.isShipped else {
            model.say(PresetError.shipped(preset, cannotBe: "deleted").message, error: true)
            return
        }
        guard pendingDelete == preset else {
            pendingDelete = preset
            model.say("Delete preset \(preset.name)? Press Delete again to confirm, Escape to keep it", sticky: true)
            return
        }
        pendingDelete = nil
        do { try store.delete(preset) } catch {
            model.say(error.message, error: true)
            return
        }
        let neighbour = i + 1 < list.count ? list[i + 1] : i > 0 ? list[i - 1] : nil
        listChanged()
        let next = neighbour.flatMap { list.firstIndex(of: $0) }.map(PanelItem.preset) ?? .savePreset
        model.selection = next
        model.view?.scrollIntoView(next)
        model.say("Deleted preset \(preset.name) (\(preset.path))")
    }

    /// The keys that delete the selected preset (Backspace only reaches here when no field is being typed into).
    static let deleteKeys: Set = ["delete", "backspace"]
    /// Keys that only modify others: pressing one between the two Deletes keeps the question open.
    static let modifierKeys: Set = ["left shift", "right shift", "left ctrl", "right ctrl", "left alt", "right alt",
                                    "left gui", "right gui", "capslock", "modeswitch"]

    /// A key pressed while a Delete waits for its confirmation: Escape keeps the preset (and is used: returns true),
    /// any other key but a modifier or a Delete forgets the question (and goes on to do what it does).
    func answerPendingDelete(_ key: Key, _ mods: Modifiers) -> Bool {
        guard let pending = pendingDelete, !Self.deleteKeys.contains(key.name), !Self.modifierKeys.contains(key.name) else { return false }
        cancelDelete()
        guard key.name == "escape" && mods.isEmpty else { return false }
        model.say("Kept preset \(pending.name)")
        return true
    }

    /// Forgets a Delete waiting for its confirmation, and takes its question off the screen.
    func cancelDelete() {
        guard pendingDelete != nil else { return }
        pendingDelete = nil
        model.context.apply(.chrome(.clearMessage))
    }

    /// The files changed: the list is read again and the rows follow.
    private func listChanged() {
        reload()
        model.updateItems()
        // Always laid out again: a renamed preset keeps the count but not its row's title.
        model.view?.itemsChanged()
    }
}
