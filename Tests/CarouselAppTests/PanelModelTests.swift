@testable import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselSupport
import Foundation
import Testing

/// The tuning panel's model without a node: keys, typing, drags, undo and presets against a real window model
/// (headless), seen through a context that records the messages the model asks for.
@MainActor
final class RecordingContext: AppContext {
    let preview: Preview
    var messages: [(String, Bool)] = []
    init(_ preview: Preview) { self.preview = preview }
    func apply(_ action: AppAction) {
        if case .message(let m) = action { messages.append((m.text, m.isError)) }
        preview.apply(action)
    }
    var focusedPane: any PaneReading { preview.focusedPane }
    var isComparing: Bool { preview.isComparing }
    var deck: Deck { preview.deck }
    var deckReplaced: Bool { preview.deckReplaced }
    var wall: Double { preview.wall }
    var clipboard: Clipboard? { preview.clipboard }
    func sidecar(named name: String, kind: String) -> JSONValue { preview.sidecar(named: name, kind: kind) }
    /// The values the panel edits.
    var editedParameters: Parameters { preview.currentParameters }
    /// The edited style's history in the focused pane.
    var history: ParameterHistory { preview.focused.history(for: preview.focused.styleName) }
}

@Suite("Panel model")
@MainActor
struct PanelModelTests {
    func model() throws -> (PanelModel, RecordingContext) {
        let (preview, _) = try makePreview(style: "expand")
        let target = RecordingContext(preview)
        let model = PanelModel(context: target)
        model.presets.store = PresetStore(shippedRoot: nil, userRoot: NSTemporaryDirectory() + "panel-model-\(UUID().uuidString)")
        model.presets.reload()
        model.updateItems()
        return (model, target)
    }

    @Test("Rows come from the schema; Up/Down select, Right nudges by a step, a held key is one undo step")
    func keys() throws {
        let (m, t) = try model()
        #expect(m.items.first == .header("Layout"))
        #expect(m.selection == .parameter("itemWidth"))
        #expect(m.handleKey("right", [], isRepeat: false, panelShown: true))
        #expect(m.handleKey("right", [], isRepeat: true, panelShown: true))
        #expect(t.editedParameters.number("itemWidth") == 152)
        #expect(t.history.undoSteps.count == 1)
        #expect(m.handleKey("right", .shift, isRepeat: false, panelShown: true))
        #expect(abs(t.editedParameters.number("itemWidth") - 152.1) < 1e-9)
        #expect(m.handleKey("down", [], isRepeat: false, panelShown: true))
        #expect(m.selection == .parameter("expandedWidth"))
        m.undo(); m.undo()
        #expect(t.editedParameters.number("itemWidth") == 150)
        #expect(!m.handleKey("right", [], isRepeat: false, panelShown: false), "a hidden panel takes no keys")
        #expect(!m.handleKey("z", .ctrl, isRepeat: false, panelShown: true), "Ctrl keys are app commands")
    }

    @Test("Enter types a value: the first character replaces it, Enter applies, a bad value is one line and changes nothing")
    func typing() throws {
        let (m, t) = try model()
        #expect(m.handleKey("return", [], isRepeat: false, panelShown: true))
        #expect(m.entryText(for: .parameter("itemWidth")) == "150")
        m.type("2x7a5")
        #expect(m.entryText(for: .parameter("itemWidth")) == "275")
        #expect(m.handleKey("return", [], isRepeat: false, panelShown: true))
        #expect(t.editedParameters.number("itemWidth") == 275)
        #expect(m.handleKey("return", [], isRepeat: false, panelShown: true))
        m.type("9999")
        m.commitEntry()
        #expect(t.editedParameters.number("itemWidth") == 275)
        #expect(t.messages.last?.0 == "itemWidth: 9999 is out of range 40...600" && t.messages.last?.1 == true)
    }

    @Test("A text field takes only its characters, backspace clears the text it opened with, and stops at 64")
    func textField() {
        var f = TextField(.number, text: "0.4")
        f.backspace()
        #expect(f.text == "")
        f.type("1.5e-3x")
        #expect(f.text == "1.5-3")
        var name = TextField(.name, text: "expand")
        name.type(String(repeating: "a", count: 100))
        #expect(name.text.count == TextField.maxLength)
        var curve = TextField(.curve, text: "ease")
        curve.type("spring(0.5, 0.8)")
        #expect(curve.text == "spring(0.5,0.8)")
    }

    @Test("A drag is live at every move and one undo step when it ends; Shift re-anchors it at a tenth of the rate")
    func drags() throws {
        let (m, t) = try model()
        let c = try #require(NumberControl(t.editedParameters.spec("itemWidth")!))
        m.beginDrag(.slider(c), at: Point(100, 10), span: Size(56, 0), anchorValue: 150)
        m.continueDrag(to: Point(110, 10))
        #expect(t.editedParameters.number("itemWidth") == 250)
        m.setShift(true, pointer: Point(110, 10))
        m.continueDrag(to: Point(120, 10))
        #expect(t.editedParameters.number("itemWidth") == 260)
        m.finishDrag()
        #expect(t.history.undoSteps.count == 1)
        m.undo()
        #expect(t.editedParameters.number("itemWidth") == 150)
    }

    @Test("Presets: save under a name, the first Delete asks and Escape keeps it, two Deletes delete it")
    func presets() throws {
        let (m, t) = try model()
        m.presets.beginSaving()
        m.type("mine")
        #expect(m.handleKey("return", [], isRepeat: false, panelShown: true))
        #expect(m.presets.list.map(\.name) == ["mine"])
        m.selection = .preset(0)
        #expect(m.handleKey("delete", [], isRepeat: false, panelShown: true))
        #expect(m.presets.pendingDelete?.name == "mine")
        #expect(m.handleKey("escape", [], isRepeat: false, panelShown: true))
        #expect(m.presets.pendingDelete == nil && m.presets.list.count == 1)
        #expect(t.messages.last?.0 == "Kept preset mine")
        #expect(m.handleKey("delete", [], isRepeat: false, panelShown: true))
        #expect(m.handleKey("delete", [], isRepeat: false, panelShown: true))
        #expect(m.presets.list.isEmpty)
        #expect(m.selection == .savePreset)
    }
}
