import CarouselSupport

/// A non-default value for every parameter of every style (their own and the shared auto-advance ones), for the export
/// tests: each exported file must carry every one of them, and its web page must lay out as the app does with them.
public enum ExportTestValues {
    /// The values of each style as a parameter file.
    public static let json: [String: String] = [
        "expand": """
        {"itemWidth": 160, "expandedWidth": 300, "itemHeight": 240, "imageHeight": 180, "spacing": 14, "cornerRadius": 6,
         "padding": 30, "expandCurve": "cubic-bezier(0.3,0.1,0.2,1)", "expandDuration": 0.55, "posterScale": 1.35,
         "posterAnchor": "center", "scrollDelay": 0.15, "scrollDuration": 0.45, "scrollCurve": "ease", "scrollAnchor": "nearest",
         "hoverDelay": 0.05, "snapping": false, "autoAdvance": true, "autoAdvanceInterval": 4.5, "autoAdvanceProgress": false,
         "autoAdvancePauseButton": false}
        """,
        "stitch": """
        {"normalSpacing": 12, "normalRadius": 14, "seamlessSpacing": 2, "seamlessRadius": 3, "outerRadius": 18, "maxHeight": 260,
         "padding": 24, "pinchInThreshold": 0.9, "pinchOutThreshold": 1.1, "wheelFactorPerTick": 1.2, "gestureQuietTime": 0.3,
         "stitchCurve": "easeInOut", "stitchDuration": 0.3, "unstitchCurve": "linear", "unstitchDuration": 0.25, "cue": false,
         "cueDuration": 0.2, "sound": true, "snapping": false, "autoAdvance": true, "autoAdvanceInterval": 4.5,
         "autoAdvanceProgress": false,
         "autoAdvancePauseButton": false}
        """,
        "loop": """
        {"cardWidth": 110, "selectedWidth": 160, "cardHeight": 140, "spacing": 12, "cornerRadius": 14, "caption": false,
         "copies": 5, "selectionCurve": "spring(0.45,0.8)", "selectionDuration": 0.5, "autoAdvance": true,
         "autoAdvanceInterval": 4.5, "autoAdvanceProgress": false,
         "autoAdvancePauseButton": false}
        """,
        "circular": """
        {"imageSize": 80, "spacing": 30, "rowLift": 20, "growWithWindow": false, "offsetFactor": 25, "scaleOffset": 10, "scaleFactor": 0.6,
         "mode": "scaled", "modeCurve": "easeOut", "modeDuration": 0.5, "snapResponse": 0.5, "snapping": false, "shadow": false,
         "shadowOpacity": 0.25, "shadowRadius": 6, "shadowOffset": 4, "highlight": false, "highlightSize": 90,
         "highlightOffset": 12, "autoAdvance": true, "autoAdvanceInterval": 4.5, "autoAdvanceProgress": false,
         "autoAdvancePauseButton": false}
        """,
        "paging": """
        {"contentMode": "fill", "pageSpacing": 12, "background": "gray", "wrap": "seamless",
         "pageCurve": "fastOutSlowIn", "pageDuration": 0.6, "settleCurve": "spring(0.5,0.9)", "dots": false, "dotSize": 10,
         "dotsInset": 30, "autoAdvance": false, "autoAdvanceInterval": 4.5, "autoAdvanceProgress": false,
         "autoAdvancePauseButton": false}
        """,
    ]

    /// The values of `style` as JSON.
    public static func values(_ style: String) throws -> JSONValue { try JSONParser.parse(Data(json[style]!.utf8)) }
}

import Foundation
