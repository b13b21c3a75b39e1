import CarouselStyles

/// The window's panel edits the focused pane's active style.
extension Preview: PanelTarget {
    public var styleName: String { focused.styleName }
    public var editedParameters: Parameters { currentParameters }

    public var history: ParameterHistory {
        get { focused.histories[styleName] ?? ParameterHistory() }
        set { focused.histories[styleName] = newValue }
    }

    public func reportProblem(_ line: String) { report(line) }
}
