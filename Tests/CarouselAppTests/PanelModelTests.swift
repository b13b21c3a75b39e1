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
        if case .chrome(.message(let m)) = action { messages.append((m.text, m.isError)) }
        preview.apply(action)
    }
    var state: WindowState { preview.state }
    var clipboard: Clipboard? { preview.clipboard }
    func sidecar(named name: String, kind: String) -> JSONValue { preview.sidecar(named: name, kind: kind) }
    /// The values the panel edits.
    var editedParameters: Parameters { preview.currentParameters }
    /// The edited style's history in the focused pane.
    var history: ParameterHistory { preview.focusedPane.history(for: preview.focusedPane.styleName) }
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
        // The slider runs 80...300 pt: 10 pt of a 56-pt track is 220 * 10 / 56 = 39.3 pt, rounded to the 1-pt step.
        m.beginDrag(.slider(c), at: Point(100, 10), span: Size(56, 0), anchorValue: 150)
        m.continueDrag(to: Point(110, 10))
        #expect(t.editedParameters.number("itemWidth") == 189)
        // Shift: a tenth of the rate from 189, in tenth steps.
        m.setShift(true, pointer: Point(110, 10))
        m.continueDrag(to: Point(120, 10))
        #expect(t.editedParameters.number("itemWidth") == 192.9)
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

/// The sliders the panel makes besides the styles' own parameters: the shared auto-advance interval and a spring
/// curve's response and damping.
@Suite("Panel sliders")
@MainActor
struct PanelSliderTests {
    @Test("The interval and a spring's response are on log sliders; every default of every style sits on its slider, off the far ends")
    func sharedAndSpringSliders() throws {
        let interval = try #require(NumberControl(StyleRegistry.SharedKey.autoAdvanceInterval.spec))
        #expect(interval.slider == SliderRange(min: 1, max: 15, scale: .log))
        #expect(interval.min == 0.5 && interval.max == 60, "the parameter still accepts 0.5...60 s")
        let response = NumberControl(spring: "settleCurve", .response), damping = NumberControl(spring: "settleCurve", .damping)
        #expect(response.slider.scale == .log && damping.slider.scale == .linear)
        // The springs the presets name: SwiftUI's spring() 0.5 / 0.825, its default 0.55 / 1, paging's 0.4 / 1.
        for (r, d) in [(0.5, 0.825), (0.55, 1.0), (0.4, 1.0), (0.15, 0.86)] {
            #expect((0.1...0.9).contains(response.fraction(r)) && (0.1...0.9).contains(damping.fraction(d)), "spring(\(r),\(d))")
        }
        for style in StyleRegistry.all {
            for spec in StyleRegistry.schema(of: style) {
                guard let c = NumberControl(spec), case .number(let n) = spec.defaultValue else { continue }
                #expect(c.fraction(n) <= 0.9 && (n == c.min || c.fraction(n) >= 0.1), "\(style.descriptor.name).\(spec.key): \(n) at \(c.fraction(n))")
            }
        }
    }

    @Test("A drag goes along the slider's scale and snaps to the step; on the track it never leaves the track, a scrub carries on")
    func draggedValues() throws {
        let c = NumberControl(spring: "settleCurve", .response)
        // Response: 0.1...2 s on the track, log; 0.05...3 accepted, in 0.01 steps.
        #expect(abs(c.dragged(from: 0.1, by: 0.5, onTrack: true) - (0.1 * 2).squareRoot()) < 1e-12)
        #expect(c.dragged(from: 1.5, by: 1, onTrack: true) == 2, "the track ends at its end")
        #expect(c.dragged(from: 1.5, by: 1, onTrack: false) == 3, "a scrub goes on to what the value accepts")
        #expect(c.dragged(from: 2.8, by: 0.01, onTrack: true) == 2.8, "a value past the end goes no further out on the track")
        #expect(c.dragged(from: 2.8, by: -0.01, onTrack: true) < 2.8, "and moves back from where it is")
        #expect(c.snapped(c.dragged(from: 0.4, by: 0.1, onTrack: true), fine: false) == 0.54)
        let d = NumberControl(spring: "settleCurve", .damping)
        #expect(abs(d.dragged(from: 1, by: 1 / 15, onTrack: true) - 1.1) < 1e-12)
    }
}
