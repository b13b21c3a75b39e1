/// The pieces every exported SwiftUI file shares, as template partials (`{{> swiftHeader}}`): the header naming the
/// file and the images, the tuned constants, the deck, and the carousel's controls (keys, accessibility, auto-advance
/// with its pause button). Each style's own template (`<Style>/<Style>SwiftUITemplate.swift`) holds the view, after
/// its article.
///
/// A file declares one top-level type, the view (`{{typeName}}`, from the file's name); everything else is nested in
/// it (`extension {{typeName}} { enum Tuning ... }`), so two exports in one project never clash. Text from outside
/// (file and asset names, titles) comes only through `*Comment` and `*Swift` values, written for their place.
enum SwiftUIPartials {
    static let all: [String: String] = [
        "swiftHeader": header, "swiftTuning": tuning, "swiftDeck": deck, "swiftControls": controls,
        "swiftSnapping": snapping, "swiftPrelude": prelude, "swiftViewHead": viewHead, "swiftImages": images,
    ]

    /// The view's first lines: its declaration, the deck it shows and the user's Reduce Motion setting, with
    /// `motion(_:)`, which every animation the view starts goes through.
    static let viewHead = #"""
    struct {{typeName}}: View {
        var items: [Item] = Item.deck
        /// Reduce Motion (Settings > Accessibility): the view then moves without its long animations.
        @Environment(\.accessibilityReduceMotion) private var reduceMotion

        /// `animation`, or none (the change happens at once) with Reduce Motion on.
        private func motion(_ animation: Animation) -> Animation? {
            reduceMotion ? nil : animation
        }
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

    /// The file's opening comment: its name, what it is, where it came from, and the images it needs.
    static let header = #"""
    // {{fileNameComment}}
    // {{summary}}.
    //
    // Exported by Carousel Lab (style "{{styleName}}") with the values tuned there. Add this file to an Xcode project
    // (iOS 17 / macOS 14): it declares one type, `{{typeName}}`, and nests everything else in it.
    {{^embedsImages}}
    // Add each image below to the asset catalog under its asset name ("asset name": the file it came from):
    {{/embedsImages}}
    {{#embedsImages}}
    // The images marked "embedded" are in this file ({{typeName}}.Images) and need no asset catalog; add any other to
    // the asset catalog under its asset name ("asset name": the file it came from):
    {{/embedsImages}}
    {{#images}}
    //   "{{assetComment}}": {{fileComment}}{{#embedded}} (embedded){{/embedded}}
    {{/images}}

    import SwiftUI
    {{#embedsImages}}
    #if canImport(UIKit)
    import UIKit
    #elseif canImport(AppKit)
    import AppKit
    #endif
    {{/embedsImages}}
    """#

    /// Every tuned value as a named constant with its unit, grouped as in the tuning panel.
    static let tuning = #"""
    extension {{typeName}} {
        /// The values tuned in Carousel Lab. Units: pt = points, s = seconds, × = a factor.
        enum Tuning {
    {{#swiftConstants}}

            // MARK: {{group}}
    {{#lines}}
            {{line}}
    {{/lines}}
    {{/swiftConstants}}
        }
    }
    """#

    /// The deck the effect was tuned with, by asset name (or embedded), and the images as views.
    static let deck = #"""
    extension {{typeName}} {
        /// One image of the carousel, by its asset name, with the text shown beside it.
        struct Item: Identifiable, Hashable, Sendable {
            let id: Int
            /// Asset name of the image (the poster).
            let image: String
            /// Asset name of the image shown when the item expands (the image itself when the deck has no still).
            let still: String
            let title: String
            /// The lines under the title when the item expands: year, licence and size; author; source.
            let details: [String]
            /// Width over height of the image.
            let aspectRatio: CGFloat

            /// The poster, as an image view.
            var posterImage: Image { Self.picture(image) }
            /// The still, as an image view.
            var stillImage: Image { Self.picture(still) }

            /// The image named `asset`: {{^embedsImages}}from the asset catalog{{/embedsImages}}{{#embedsImages}}decoded from the bytes embedded in this file{{/embedsImages}}.
            static func picture(_ asset: String) -> Image {
    {{^embedsImages}}
                Image(asset)
    {{/embedsImages}}
    {{#embedsImages}}
                Images.image(named: asset)
    {{/embedsImages}}
            }

            /// The deck the effect was tuned with.
            static let deck: [Item] = [
    {{#items}}
                // {{fileComment}} (still: {{stillFileComment}})
                Item(id: {{index}}, image: {{assetSwift}}, still: {{stillAssetSwift}}, title: {{titleSwift}},
                     details: {{detailsSwift}}, aspectRatio: {{aspect}}),
    {{/items}}
            ]
        }
    }
    """#

    /// The images' bytes, for a file exported with `--embed-images` (nothing otherwise).
    static let images = #"""
    {{#embedsImages}}

    extension {{typeName}} {
        /// The deck's images, embedded as Base64 so the file needs no asset catalog.
        enum Images {
            /// The image with asset name `name`: decoded from its embedded bytes, else from the asset catalog; a
            /// placeholder when its bytes cannot be decoded.
            static func image(named name: String) -> Image {
                guard let text = base64[name] else { return Image(name) }
                guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                    return Image(systemName: "photo")
                }
                #if canImport(UIKit)
                guard let image = UIImage(data: data) else { return Image(systemName: "photo") }
                return Image(uiImage: image)
                #elseif canImport(AppKit)
                guard let image = NSImage(data: data) else { return Image(systemName: "photo") }
                return Image(nsImage: image)
                #else
                return Image(systemName: "photo")
                #endif
            }

            /// Each embedded image's file, by asset name.
            static let base64: [String: String] = [
    {{#images}}
    {{#embedded}}
                // {{fileComment}}
                {{assetSwift}}: """
    {{#base64}}
                {{.}}
    {{/base64}}
                """,
    {{/embedded}}
    {{/images}}
            ]
        }
    }
    {{/embedsImages}}
    """#

    /// The controls every carousel has, as one modifier on its scrolling content: the pointer over it pauses
    /// auto-advance; Left / Right step, Return / Space act (`activate`, or stop and start auto-advance when the style
    /// has no action of its own); for VoiceOver the carousel is one adjustable element (swipe up or down to step)
    /// whose value is the current item; and auto-advance, with a pause / play button (WCAG 2.2.2) that starts stopped
    /// under Reduce Motion.
    static let controls = #"""
    extension {{typeName}} {
        /// The carousel's keys, accessibility and auto-advance, around its scrolling content.
        ///
        /// Auto-advance calls `advance` every `Tuning.autoAdvanceInterval` seconds while it is on, waiting (keeping the
        /// time already waited) while `isPaused` holds (a gesture), the pointer is over the carousel or the app is not
        /// active. The button in the top trailing corner stops and restarts it; with Reduce Motion on it starts stopped.
        /// With `Tuning.autoAdvanceProgress`, a thin bar along the bottom edge shows the time to the next advance.
        struct Controls: ViewModifier {
            /// What VoiceOver calls the carousel.
            let label: String
            let items: [Item]
            /// The index of the item shown, selected or expanded, if any.
            let current: Int?
            var isPaused = false
            /// Moves `by` items (Left / Right, VoiceOver's adjust).
            let step: (_ by: Int) -> Void
            /// Return / Space and VoiceOver's activate; nil stops or starts auto-advance instead.
            var activate: (() -> Void)? = nil
            /// Auto-advance's step.
            let advance: () -> Void

            @Environment(\.scenePhase) private var scenePhase
            @Environment(\.accessibilityReduceMotion) private var reduceMotion
            @State private var isPointerOver = false
            /// Stopped or started with the button; nil until then (stopped with Reduce Motion on, else running).
            @State private var stoppedByUser: Bool?
            @State private var waited: TimeInterval = 0
            private let tick: TimeInterval = 0.05

            private var isEnabled: Bool { Tuning.autoAdvance && items.count >= 2 }
            private var isStopped: Bool { stoppedByUser ?? reduceMotion }
            private var isRunning: Bool { isEnabled && !isStopped && !isPaused && !isPointerOver && scenePhase == .active }
            private var interval: TimeInterval { Tuning.autoAdvanceInterval }

            /// The current item for VoiceOver: "Title, 2 of 9".
            private var value: String {
                guard let current, items.indices.contains(current) else { return "\(items.count) items" }
                return "\(items[current].title), \(current + 1) of \(items.count)"
            }

            func body(content: Content) -> some View {
                content
                    .onHover { isPointerOver = $0 }
                    .focusable()
                    .onKeyPress(.leftArrow) { step(-1); return .handled }
                    .onKeyPress(.rightArrow) { step(1); return .handled }
                    .onKeyPress(.return) { act(); return .handled }
                    .onKeyPress(.space) { act(); return .handled }
                    .accessibilityElement(children: .ignore)
                    .accessibilityLabel(Text(label))
                    .accessibilityValue(Text(value))
                    .accessibilityHint(Text("Swipe up or down to move between items."))
                    .accessibilityAdjustableAction { direction in
                        switch direction {
                        case .increment: step(1)
                        case .decrement: step(-1)
                        @unknown default: break
                        }
                    }
                    .accessibilityAction { act() }
                    .overlay(alignment: .bottom) {
                        if isEnabled && Tuning.autoAdvanceProgress {
                            GeometryReader { proxy in
                                ZStack(alignment: .leading) {
                                    Rectangle().fill(.white.opacity(0.12))
                                    Rectangle().fill(Color(red: 0.54, green: 0.71, blue: 0.97))
                                        .frame(width: proxy.size.width * min(waited / interval, 1))
                                }
                            }
                            .frame(height: 3)
                            .allowsHitTesting(false)
                            .accessibilityHidden(true)
                        }
                    }
                    .overlay(alignment: .topTrailing) {
                        if isEnabled {
                            Button {
                                stoppedByUser = !isStopped
                            } label: {
                                Image(systemName: isStopped ? "play.fill" : "pause.fill")
                                    .padding(8)
                                    .background(Circle().fill(.black.opacity(0.5)))
                                    .foregroundStyle(.white)
                            }
                            .buttonStyle(.plain)
                            .frame(minWidth: 44, minHeight: 44)
                            .accessibilityLabel(Text(isStopped ? "Start automatic slide show" : "Stop automatic slide show"))
                            .padding(8)
                        }
                    }
                    .onChange(of: isEnabled) { waited = 0 }
                    // Restarted whenever it pauses or resumes; `waited` survives, so a pause keeps the time waited.
                    .task(id: isRunning) { @MainActor in
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

            /// Return, Space or VoiceOver's activate: the style's action, else stop or start auto-advance.
            private func act() {
                if let activate {
                    activate()
                } else if isEnabled {
                    stoppedByUser = !isStopped
                }
            }
        }
    }
    """#
}
