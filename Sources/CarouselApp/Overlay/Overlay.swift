import CarouselCore
import Foundation

/// The window's own layer above the panes: transient messages, a persistent problem line (a broken parameter file),
/// the speed badge, the F3 status line, and the help card. Built from nodes like everything else. (Each pane draws
/// its own auto-advance progress bar and label: `PaneChrome`.) Two layers: the dividers between compared panes are
/// part of the picture; everything else is under `windowOnly`, which a screenshot leaves out.
///
/// One rule for the chrome's layers: the tuning panel, the timeline strip with its graph, the checks panel and the
/// toolbar are surfaces, opaque, that never overlap one another (the strip and the toolbar keep to the picture area
/// left of an open panel); marks on the picture (a compared pane's outline, the mirrored pointer, the replay's
/// ghost pointer, the keyboard focus ring around a carousel) keep to the picture area (`pictureArea`), so nothing
/// crosses a surface; the help card lies over all of them; messages and the problem line lie over everything, in
/// the picture area, above the strip and graph.
@MainActor
final class Overlay {
    let root = Node(name: "overlay")
    /// What only the window shows (messages, problem, badges, status, help, focus ring, mirrored pointer): a
    /// screenshot draws the frame without this subtree (`Scene.paintLayer(skipping:)`).
    let windowOnly = Node(name: "overlay.window")
    private let message = Node(name: "message")
    private let status = Node(name: "status")
    /// The help card (F1).
    private(set) lazy var helpCard = HelpCard(scene: scene)
    private let problem = Node(name: "problem")
    private let badge = Node(name: "badge")
    /// The lines between the panes of a comparison (part of the picture: screenshots keep them).
    private let dividers = Node(name: "panes.dividers")
    /// The focused pane's outline in a comparison.
    private let focusRing = Node(name: "panes.focus")
    /// Where the pointer is mirrored onto the panes it is not over.
    private let markers = Node(name: "panes.markers")
    /// The recorded pointer while the timeline shows or replays a moment.
    private let ghost = Node(name: "timeline.ghost")
    /// How much of the window's bottom is taken when a message shows (the timeline strip, a style's page dots):
    /// messages sit above it.
    var bottomInset: () -> Double = { 0 }
    /// Where the picture shows, in window points: the window less an open panel on its right and the timeline strip
    /// and graph along its bottom. Messages, the problem line and marks on the picture keep inside it.
    var pictureArea = Rect(0, 0, 1, 1)
    /// Where the badge starts: right of the toolbar.
    var badgeLeft: () -> Double = { 10 }
    private unowned let scene: Scene

    static let messageFont = FontSpec(size: 14)
    static let statusFont = FontSpec(size: 13)
    static let badgeFont = FontSpec(size: 13, bold: true)

    init(scene: Scene) {
        self.scene = scene
        root.isHitTestable = false
        root.zIndex = 1000
        windowOnly.isHitTestable = false
        root.addChild(dividers)
        root.addChild(windowOnly)
        dividers.isHitTestable = false
        for n in [focusRing, markers, ghost, message, status, helpCard.root, problem, badge] { n.isHitTestable = false; windowOnly.addChild(n) }
        // Drawn last among the window's own nodes (the strip, graph, toolbar and checks come after these in the tree).
        helpCard.root.zIndex = 90
        message.zIndex = 100
        problem.zIndex = 100
        ghost.isHidden = true
        message.background = Color(0, 0, 0, 0.78)
        message.cornerRadius = 8
        message.isHidden = true
        status.background = Color(0, 0, 0, 0.6)
        status.cornerRadius = 6
        status.isHidden = true
        problem.background = Color(0.45, 0.08, 0.08, 0.92)
        problem.cornerRadius = 8
        problem.isHidden = true
        badge.background = Color(0.1, 0.1, 0.12, 0.8)
        badge.cornerRadius = 6
        badge.isHidden = true
    }

    func layout(size: Size) {
        root.frame = Rect(origin: .zero, size: size)
        windowOnly.frame = root.frame
        if let text = problemText { showProblem(text) }
        if let text = badgeText { showBadge(text) }
        helpCard.layout()
    }

    /// A one-line label for `text` in `font`, shortened with an ellipsis to fit `width` points.
    private func label(_ name: String, _ text: String, font: FontSpec, color: Color, frame: Rect) -> Node {
        let shown = scene.textMeasurer.fitted(text, width: frame.width, font: font)
        let n = Node(name: name, frame: frame)
        n.text = TextContent(shown, font: font, color: color)
        n.isHitTestable = false
        return n
    }

    /// The width a box needs for `text` in `font` plus `padding`, at most the window's width less a margin.
    private func boxWidth(_ text: String, font: FontSpec, padding: Double) -> Double {
        min(measure(text, font).rounded(.up) + padding, max(pictureArea.width - 40, 40))
    }

    // MARK: Panes

    static let dividerColor = Color(1, 1, 1, 0.28)
    static let focusColor = Color(hex: 0x8ab4f8)

    /// Draws the lines between `frames` (window points) and an outline around pane `focused`; nothing for none.
    func showPanes(frames: [Rect], focused: Int?) {
        dividers.removeAllChildren()
        focusRing.removeAllChildren()
        let window = scene.size
        for f in frames {
            if f.maxX < window.width { dividers.addChild(bar("divider", Rect(f.maxX - 0.5, f.y, 1, f.height), Overlay.dividerColor)) }
            if f.maxY < window.height { dividers.addChild(bar("divider", Rect(f.x, f.maxY - 0.5, f.width, 1), Overlay.dividerColor)) }
        }
        guard let focused, frames.indices.contains(focused) else { return }
        // The outline keeps to the picture: it never crosses the panel or the strip.
        let f = frames[focused].intersection(pictureArea), w = 2.0
        guard !f.isEmpty else { return }
        for r in [Rect(f.x, f.y, f.width, w), Rect(f.x, f.maxY - w, f.width, w), Rect(f.x, f.y, w, f.height), Rect(f.maxX - w, f.y, w, f.height)] {
            focusRing.addChild(bar("focus", r, Overlay.focusColor))
        }
    }

    /// Marks `local` (a point relative to a pane) in every pane of `frames` but `source`, where the pointer's input is
    /// mirrored; hides the marks when `source` is nil.
    func showMirroredPointer(source: Int?, local: Point, frames: [Rect]) {
        guard let source else {
            if !markers.children.isEmpty { markers.removeAllChildren() }
            return
        }
        let others = frames.indices.filter { $0 != source }.map { frames[$0] }.filter { pictureArea.contains(Point($0.x + local.x, $0.y + local.y)) }
        while markers.children.count > others.count { markers.children.last?.removeFromParent() }
        while markers.children.count < others.count {
            let ring = Node(name: "marker", frame: Rect(0, 0, 14, 14))
            ring.background = Color(1, 1, 1, 0.85)
            ring.cornerRadius = 7
            let dot = Node(name: "marker.dot", frame: Rect(3, 3, 8, 8))
            dot.background = Overlay.focusColor
            dot.cornerRadius = 4
            ring.addChild(dot)
            markers.addChild(ring)
        }
        for (ring, f) in zip(markers.children, others) {
            ring.frame = Rect(f.x + local.x - 7, f.y + local.y - 7, 14, 14)
        }
    }

    /// Shows the recorded pointer the timeline replays (a small ghost cursor at window point `p`), or hides it with nil.
    func showGhostPointer(_ p: Point?) {
        guard let p, pictureArea.contains(p) else { if !ghost.isHidden { ghost.isHidden = true }; return }
        if ghost.children.isEmpty {
            ghost.background = Color(1, 1, 1, 0.55)
            ghost.cornerRadius = 7
            let dot = Node(name: "ghost.dot", frame: Rect(4, 4, 6, 6))
            dot.background = Color(0.1, 0.1, 0.12, 0.85)
            dot.cornerRadius = 3
            dot.isHitTestable = false
            ghost.addChild(dot)
        }
        let frame = Rect(p.x - 7, p.y - 7, 14, 14)
        if ghost.frame != frame { ghost.frame = frame }
        if ghost.isHidden { ghost.isHidden = false }
    }

    private func bar(_ name: String, _ frame: Rect, _ color: Color) -> Node {
        let n = Node(name: name, frame: frame)
        n.background = color
        n.isHitTestable = false
        return n
    }

    // MARK: Messages

    /// Where the message, the problem line and the badge show, while they do (window coordinates).
    var messageFrame: Rect? { message.isHidden ? nil : message.frame }
    var problemFrame: Rect? { problem.isHidden ? nil : problem.frame }
    var badgeFrame: Rect? { badge.isHidden ? nil : badge.frame }

    /// Shows a one-line message near the bottom (how long is the state's: `ChromeState.messageDeadline`).
    func show(message text: String, error: Bool = false) {
        let font = Overlay.messageFont
        let width = boxWidth(text, font: font, padding: 24)
        let area = pictureArea
        message.frame = Rect(area.minX + (area.width - width) / 2, area.maxY - 56 - bottomInset(), width, 30)
        message.background = error ? Color(0.45, 0.08, 0.08, 0.92) : Color(0, 0, 0, 0.78)
        message.removeAllChildren()
        message.addChild(label("message.text", text, font: font, color: .white, frame: Rect(12, 7, width - 24, 18)))
        message.isHidden = false
    }

    /// Hides the message.
    func clearMessage() { message.isHidden = true }

    /// The message on screen, if any (for tests).
    var currentMessage: String? { message.isHidden ? nil : message.children.first?.text?.string }

    // MARK: Problem and badge

    /// The persistent problem on screen, if any.
    private(set) var problemText: String?

    /// Shows a problem at the top until it is replaced or cleared with nil (a broken parameter file).
    func showProblem(_ text: String?) {
        problemText = text
        problem.removeAllChildren()
        guard let text else { problem.isHidden = true; return }
        let font = Overlay.messageFont
        let width = boxWidth(text, font: font, padding: 24)
        problem.frame = Rect(pictureArea.minX + (pictureArea.width - width) / 2, 80, width, 30)
        problem.addChild(label("problem.text", text, font: font, color: .white, frame: Rect(12, 7, width - 24, 18)))
        problem.isHidden = false
    }

    /// The speed badge's text, when shown.
    private(set) var badgeText: String?

    /// Shows a small badge in the top-right corner (the playback speed when it is not normal), or hides it with nil.
    func showBadge(_ text: String?) {
        badgeText = text
        guard let text else { badge.isHidden = true; badge.removeAllChildren(); return }
        let font = Overlay.badgeFont
        let width = measure(text, font).rounded(.up) + 20
        badge.frame = Rect(badgeLeft(), 4, width, 24)
        if badge.children.first?.text?.string != text || badge.isHidden {
            badge.removeAllChildren()
            badge.addChild(label("badge.text", text, font: font, color: Color(1, 0.85, 0.4), frame: Rect(10, 4, width - 20, 16)))
        }
        badge.isHidden = false
    }

    // MARK: Status and help

    var isStatusVisible: Bool { !status.isHidden }
    /// The status line's text while shown.
    var statusText: String? { status.isHidden ? nil : status.children.first?.text?.string }
    /// Shows or hides the status line (F3).
    func setStatusShown(_ shown: Bool) { status.isHidden = !shown }

    /// Updates the status line's text (F3): frame rate, frame time, speed and the style's state.
    func setStatus(_ text: String) {
        guard !status.isHidden else { return }
        let font = Overlay.statusFont
        let width = min(measure(text, font).rounded(.up) + 20, max(scene.size.width - 20, 40))
        status.frame = Rect(10, 48, width, 24)
        if status.children.first?.text?.string == text { return }
        status.removeAllChildren()
        status.addChild(label("status.text", text, font: font, color: Color(0.9, 0.95, 1), frame: Rect(10, 4, width - 20, 16)))
    }

    var isHelpVisible: Bool { helpCard.isVisible }

    /// The width `text` takes in `font`.
    private func measure(_ text: String, _ font: FontSpec) -> Double { scene.textMeasurer.width(of: text, font: font) }
}
