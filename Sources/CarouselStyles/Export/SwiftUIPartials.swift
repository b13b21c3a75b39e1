/// The pieces every exported SwiftUI file shares, as template partials (`{{> swiftHeader}}`): the header naming
/// the images, the tuned constants, the deck, and the auto-advance modifier. Each style's own template
/// (`<Style>/<Style>SwiftUITemplate.swift`) holds the view, after its article.
enum SwiftUIPartials {
    static let all: [String: String] = [
        "swiftHeader": header, "swiftTuning": tuning, "swiftDeck": deck, "swiftAutoAdvance": autoAdvance,
        "swiftSnapping": snapping, "swiftPrelude": prelude, "swiftViewHead": viewHead, "swiftStepControls": stepControls,
    ]

    /// The controls of a view that steps through its items, after its content: the pointer over it pauses
    /// auto-advance, the arrow keys step back and on (the view's `step(_:)`), auto-advance calls its `advance()`.
    static let stepControls = #"""
    .onHover { isPointerOver = $0 }
    .focusable()
    .onKeyPress(.leftArrow) { step(-1); return .handled }
    .onKeyPress(.rightArrow) { step(1); return .handled }
    .modifier({{typeName}}AutoAdvance(isEnabled: Tuning.autoAdvance && items.count >= 2,
                                      interval: Tuning.autoAdvanceInterval, isPaused: isPointerOver,
                                      showsProgress: Tuning.autoAdvanceProgress) {
        advance()
    })
    """#

    /// The view's first lines: its declaration, the tuned constants' short name and the deck it shows.
    static let viewHead = #"""
    struct {{typeName}}: View {
        private typealias Tuning = {{typeName}}Tuning
        var items: [{{typeName}}Item] = {{typeName}}Item.deck
    """#

    /// A file's start when nothing comes between: the header, the tuned values and the deck.
    static let prelude = #"""
    {{> swiftHeader}}

    {{> swiftTuning}}

    {{> swiftDeck}}
    """#

    /// A modifier that turns view-aligned snapping on or off with the tuned `snapping`.
    static let snapping = #"""
    fileprivate extension View {
        /// View-aligned snapping (one item per swipe or wheel burst) when `on`, else free scrolling.
        @ViewBuilder func snapsToItems(_ on: Bool) -> some View {
            if on {
                scrollTargetBehavior(.viewAligned)
            } else {
                self
            }
        }
    }
    """#

    /// The file's opening comment: what it is, where it came from, and the images it needs.
    static let header = #"""
    // {{typeName}}.swift
    // {{summary}}.
    //
    // Exported by Carousel Lab (style "{{styleName}}") with the values tuned there: drop this file into an Xcode
    // project (iOS 17 / macOS 14) and add each image below to the asset catalog under its asset name.
    {{#items}}
    //   "{{asset}}": {{file}}
    {{/items}}

    import SwiftUI
    """#

    /// Every tuned value as a named constant with its unit, grouped as in the tuning panel.
    static let tuning = #"""
    /// The values tuned in Carousel Lab. Units: pt = points, s = seconds, × = a factor.
    enum {{typeName}}Tuning {
    {{#swiftConstants}}

        // MARK: {{group}}
    {{#lines}}
        {{line}}
    {{/lines}}
    {{/swiftConstants}}
    }
    """#

    /// The deck the effect was tuned with, by asset name.
    static let deck = #"""
    /// One image of the carousel, by its asset name, with the text shown beside it.
    struct {{typeName}}Item: Identifiable, Hashable {
        let id: Int
        /// Asset name of the image (the poster).
        let image: String
        /// Asset name of the image shown when the item expands (the image itself when the deck has no still).
        let still: String
        let title: String
        /// Year, licence and size, or what the deck says.
        let meta: String
        let byline: String
        /// Width over height of the image.
        let aspectRatio: CGFloat
    }

    extension {{typeName}}Item {
        /// The deck the effect was tuned with.
        static let deck: [{{typeName}}Item] = [
    {{#items}}
            // {{file}} (still: {{stillFile}})
            {{typeName}}Item(id: {{index}}, image: {{assetSwift}}, still: {{stillAssetSwift}}, title: {{titleSwift}},
                meta: {{metaSwift}}, byline: {{bylineSwift}}, aspectRatio: {{aspect}}),
    {{/items}}
        ]
    }
    """#

    /// Auto-advance as a view modifier: a timer that pauses with the time already waited kept.
    static let autoAdvance = #"""
    /// Auto-advance: calls `advance` every `interval` seconds while `isEnabled`, and waits (keeping the time already
    /// waited) while `isPaused` holds (the pointer over the carousel, a gesture) or the app is not active. With
    /// `showsProgress`, a thin bar along the bottom edge shows the time to the next advance.
    struct {{typeName}}AutoAdvance: ViewModifier {
        let isEnabled: Bool
        let interval: TimeInterval
        let isPaused: Bool
        let showsProgress: Bool
        let advance: () -> Void

        @Environment(\.scenePhase) private var scenePhase
        @State private var waited: TimeInterval = 0
        private let tick: TimeInterval = 0.05

        private var isRunning: Bool { isEnabled && !isPaused && scenePhase == .active }

        func body(content: Content) -> some View {
            content
                .overlay(alignment: .bottom) {
                    if isEnabled && showsProgress {
                        GeometryReader { proxy in
                            ZStack(alignment: .leading) {
                                Rectangle().fill(.white.opacity(0.12))
                                Rectangle().fill(Color(red: 0.54, green: 0.71, blue: 0.97))
                                    .frame(width: proxy.size.width * min(waited / interval, 1))
                            }
                        }
                        .frame(height: 3)
                        .allowsHitTesting(false)
                    }
                }
                .onChange(of: isEnabled) { waited = 0 }
                // Restarted whenever it pauses or resumes; `waited` survives, so a pause keeps the time waited.
                .task(id: isRunning) {
                    guard isRunning else { return }
                    while !Task.isCancelled {
                        do { try await Task.sleep(for: .seconds(tick)) } catch { return }
                        waited += tick
                        if waited >= interval {
                            waited = 0
                            advance()
                        }
                    }
                }
        }
    }
    """#
}
