// StitchCarousel.swift
// Threads' pinch-to-stitch carousel: pinch in (Ctrl+wheel down) to join the photos into one strip, out to separate them.
//
// Exported by Carousel Lab (style "stitch") with the values tuned there: drop this file into an Xcode
// project (iOS 17 / macOS 14) and add each image below to the asset catalog under its asset name.
//   "astronaut": astronaut.jpg
//   "cameraman": cameraman.jpg
//   "coffee": coffee.jpg
//   "deep-field": deep-field.jpg
//   "grace-hopper": grace-hopper.jpg
//   "pagoda": pagoda.jpg
//   "dahlia": dahlia.jpg
//   "bridge-night": bridge-night.jpg
//   "citrus": citrus.jpg
//   "honey-bee": honey-bee.jpg
//   "cat": cat.jpg
//   "tiger": tiger.jpg
//   "autumn-ridge": autumn-ridge.jpg
//   "creek": creek.jpg
//   "dogs": dogs.jpg
//   "mountain-trail": mountain-trail.jpg
//   "sunset": sunset.jpg
//   "fig": fig.jpg
//   "paintbrushes": paintbrushes.jpg
//   "wine": wine.jpg
//   "dandelions": dandelions.jpg

import SwiftUI

/// The values tuned in Carousel Lab. Units: pt = points, s = seconds, × = a factor.
enum StitchCarouselTuning {

    // MARK: Layout
    static let normalSpacing: CGFloat = 8 // pt: Gap between images in the normal state
    static let normalRadius: CGFloat = 8 // pt: Corner radius of each image in the normal state
    static let seamlessSpacing: CGFloat = 0 // pt: Gap between images when stitched
    static let seamlessRadius: CGFloat = 0 // pt: Corner radius of each image when stitched
    static let outerRadius: CGFloat = 8 // pt: Corner radius of the rounded clip around the whole row, in both states
    static let maxHeight: CGFloat = 300 // pt: Largest row height; the row shrinks to fit the window
    static let padding: CGFloat = 16 // pt: Space around the row

    // MARK: Gesture
    static let pinchInThreshold: CGFloat = 0.95 // × (factor): Magnification below which the row stitches
    static let pinchOutThreshold: CGFloat = 1.05 // × (factor): Magnification above which the row separates
    static let wheelFactorPerTick: CGFloat = 1.1 // × (factor): Magnification of one Ctrl+wheel tick (rolling towards you divides by it)
    static let gestureQuietTime: Double = 0.25 // s: Seconds without a Ctrl+wheel tick that end the gesture

    // MARK: Motion
    static let stitchCurve: Animation = .easeIn(duration: stitchDuration) // curve: Timing curve of stitching (normal to seamless)
    static let stitchDuration: Double = 0.2 // s: Duration of stitching
    static let unstitchCurve: Animation = .easeOut(duration: unstitchDuration) // curve: Timing curve of separating (seamless to normal)
    static let unstitchDuration: Double = 0.2 // s: Duration of separating

    // MARK: Feedback
    static let cue: Bool = true // on/off: A short white pulse around the row on each state change (the phone's haptic)
    static let cueDuration: Double = 0.15 // s: How long the pulse takes to fade
    static let sound: Bool = false // on/off: An audible click on each state change

    // MARK: Scrolling
    static let snapping: Bool = true // on/off: Wheel bursts move one image and rest with an image edge on the leading padding

    // MARK: Auto-advance
    static let autoAdvance: Bool = false // on/off: Select the next item every interval, through the style's own selection path
    static let autoAdvanceInterval: Double = 3 // s: Seconds between automatic advances
    static let autoAdvanceProgress: Bool = true // on/off: Show a thin bar with the time left until the next advance
}

/// One image of the carousel, by its asset name, with the text shown beside it.
struct StitchCarouselItem: Identifiable, Hashable {
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

extension StitchCarouselItem {
    /// The deck the effect was tuned with.
    static let deck: [StitchCarouselItem] = [
        // astronaut.jpg (still: astronaut.jpg)
        StitchCarouselItem(id: 0, image: "astronaut", still: "astronaut", title: "Astronaut",
            meta: "Public domain · 512×512", byline: "By NASA", aspectRatio: 1),
        // cameraman.jpg (still: cameraman.jpg)
        StitchCarouselItem(id: 1, image: "cameraman", still: "cameraman", title: "Cameraman",
            meta: "CC0 1.0 · 512×512", byline: "By Lav Varshney", aspectRatio: 1),
        // coffee.jpg (still: coffee.jpg)
        StitchCarouselItem(id: 2, image: "coffee", still: "coffee", title: "Coffee",
            meta: "CC0 1.0 · 600×400", byline: "By Rachel Michetti", aspectRatio: 1.5),
        // deep-field.jpg (still: deep-field.jpg)
        StitchCarouselItem(id: 3, image: "deep-field", still: "deep-field", title: "Deep Field",
            meta: "2012 · Public domain · 581×872", byline: "By NASA / Hubble Space Telescope", aspectRatio: 0.6663),
        // grace-hopper.jpg (still: grace-hopper.jpg)
        StitchCarouselItem(id: 4, image: "grace-hopper", still: "grace-hopper", title: "Grace Hopper",
            meta: "Public domain · 512×600", byline: "By U.S. Navy", aspectRatio: 0.8533),
        // pagoda.jpg (still: pagoda.jpg)
        StitchCarouselItem(id: 5, image: "pagoda", still: "pagoda", title: "Pagoda",
            meta: "CC BY 2.0 · 640×427", byline: "By danielbuechele", aspectRatio: 1.4988),
        // dahlia.jpg (still: dahlia.jpg)
        StitchCarouselItem(id: 6, image: "dahlia", still: "dahlia", title: "Dahlia",
            meta: "CC BY 2.0 · 640×427", byline: "By vultilion", aspectRatio: 1.4988),
        // bridge-night.jpg (still: bridge-night.jpg)
        StitchCarouselItem(id: 7, image: "bridge-night", still: "bridge-night", title: "Bridge at Night",
            meta: "Public domain · 1302×953", byline: "By Derek Jensen", aspectRatio: 1.3662),
        // citrus.jpg (still: citrus.jpg)
        StitchCarouselItem(id: 8, image: "citrus", still: "citrus", title: "Citrus",
            meta: "Public domain · 1350×890", byline: "By US Department of Agriculture", aspectRatio: 1.5169),
        // honey-bee.jpg (still: honey-bee.jpg)
        StitchCarouselItem(id: 9, image: "honey-bee", still: "honey-bee", title: "Honey Bee",
            meta: "Public domain · 853×1280", byline: "By John Severns", aspectRatio: 0.6664),
        // cat.jpg (still: cat.jpg)
        StitchCarouselItem(id: 10, image: "cat", still: "cat", title: "Cat",
            meta: "CC0 1.0 · 1001×648", byline: "By Pexels contributor", aspectRatio: 1.5448),
        // tiger.jpg (still: tiger.jpg)
        StitchCarouselItem(id: 11, image: "tiger", still: "tiger", title: "Tiger",
            meta: "CC0 1.0 · 1001×648", byline: "By Pexels contributor", aspectRatio: 1.5448),
        // autumn-ridge.jpg (still: autumn-ridge.jpg)
        StitchCarouselItem(id: 12, image: "autumn-ridge", still: "autumn-ridge", title: "Autumn Ridge",
            meta: "2018 · CC BY 4.0 · 1600×669", byline: "By Aitzol Berasategi", aspectRatio: 2.3916),
        // creek.jpg (still: creek.jpg)
        StitchCarouselItem(id: 13, image: "creek", still: "creek", title: "Creek",
            meta: "2018 · CC BY 4.0 · 1600×1065", byline: "By Aitzol Berasategi", aspectRatio: 1.5023),
        // dogs.jpg (still: dogs.jpg)
        StitchCarouselItem(id: 14, image: "dogs", still: "dogs", title: "Dogs",
            meta: "2018 · CC BY 4.0 · 1065×1600", byline: "By Aitzol Berasategi", aspectRatio: 0.6656),
        // mountain-trail.jpg (still: mountain-trail.jpg)
        StitchCarouselItem(id: 15, image: "mountain-trail", still: "mountain-trail", title: "Mountain Trail",
            meta: "2018 · CC BY 4.0 · 1067×1600", byline: "By Aitzol Berasategi", aspectRatio: 0.6669),
        // sunset.jpg (still: sunset.jpg)
        StitchCarouselItem(id: 16, image: "sunset", still: "sunset", title: "Sunset",
            meta: "2018 · CC BY 4.0 · 1600×1067", byline: "By Aitzol Berasategi", aspectRatio: 1.4995),
        // fig.jpg (still: fig.jpg)
        StitchCarouselItem(id: 17, image: "fig", still: "fig", title: "Fig",
            meta: "2018 · CC BY 4.0 · 1600×1082", byline: "By Trevor \"Freespace\"", aspectRatio: 1.4787),
        // paintbrushes.jpg (still: paintbrushes.jpg)
        StitchCarouselItem(id: 18, image: "paintbrushes", still: "paintbrushes", title: "Paintbrushes",
            meta: "2018 · CC BY 4.0 · 1365×1074", byline: "By Trevor \"Freespace\"", aspectRatio: 1.2709),
        // wine.jpg (still: wine.jpg)
        StitchCarouselItem(id: 19, image: "wine", still: "wine", title: "Wine",
            meta: "2018 · CC BY 4.0 · 1068×1600", byline: "By Jakub Mede", aspectRatio: 0.6675),
        // dandelions.jpg (still: dandelions.jpg)
        StitchCarouselItem(id: 20, image: "dandelions", still: "dandelions", title: "Dandelions",
            meta: "2018 · CC0 1.0 · 1600×900", byline: "By Clemens Engelhardt", aspectRatio: 1.7778),
    ]
}

/// Threads' pinch-to-stitch carousel: pinch in (below the pinch-in threshold) and the photos join into one
/// seamless strip; pinch out (above the pinch-out threshold) and they separate. The row is always clipped to one
/// rounded rectangle, so its outer corners stay round in both states. At most one change per gesture.
struct StitchCarousel: View {
    private typealias Tuning = StitchCarouselTuning
    var items: [StitchCarouselItem] = StitchCarouselItem.deck

    @State private var seamless = false
    /// Whether the gesture in progress already changed the state.
    @State private var decided = false
    @State private var isPinching = false
    @State private var isPointerOver = false
    @State private var cueOpacity = 0.0
    @State private var position: Int?

    @ViewBuilder
    func image(_ item: StitchCarouselItem) -> some View {
        Image(item.image)
            .resizable(resizingMode: .stretch)
            .aspectRatio(item.aspectRatio, contentMode: .fit)
            .clipShape(.rect(cornerRadius: seamless ? Tuning.seamlessRadius : Tuning.normalRadius))
    }

    var body: some View {
        ScrollView(.horizontal) {
            HStack(spacing: seamless ? Tuning.seamlessSpacing : Tuning.normalSpacing) {
                ForEach(items) { item in
                    image(item)
                        .id(item.id)
                }
            }
            .scrollTargetLayout()
            .gesture(
                MagnifyGesture()
                    .onChanged { value in
                        isPinching = true
                        guard !decided else { return }
                        if !seamless, value.magnification < Tuning.pinchInThreshold {
                            decided = true
                            withAnimation(Tuning.stitchCurve) {
                                seamless = true
                            }
                        } else if seamless, value.magnification > Tuning.pinchOutThreshold {
                            decided = true
                            withAnimation(Tuning.unstitchCurve) {
                                seamless = false
                            }
                        }
                    }
                    .onEnded { _ in
                        decided = false
                        isPinching = false
                    }
            )
            .clipShape(.rect(cornerRadius: Tuning.outerRadius))
            .background {
                // The desktop's stand-in for the phone's haptic: a white ring around the row that fades out.
                RoundedRectangle(cornerRadius: Tuning.outerRadius + 3)
                    .fill(.white.opacity(0.9))
                    .padding(-3)
                    .opacity(cueOpacity)
            }
            .frame(maxHeight: Tuning.maxHeight)
            .padding(Tuning.padding)
        }
        .snapsToItems(Tuning.snapping)
        .scrollPosition(id: $position, anchor: .leading)
        .scrollIndicators(.hidden)
        .sensoryFeedback(.impact(weight: .heavy), trigger: seamless)
        .onChange(of: seamless) { giveCue() }
        .onHover { isPointerOver = $0 }
        .focusable()
        .onKeyPress(.leftArrow) { scroll(by: -1); return .handled }
        .onKeyPress(.rightArrow) { scroll(by: 1); return .handled }
        .modifier(StitchCarouselAutoAdvance(isEnabled: Tuning.autoAdvance && items.count >= 2,
                                          interval: Tuning.autoAdvanceInterval, isPaused: isPointerOver || isPinching,
                                          showsProgress: Tuning.autoAdvanceProgress) {
            scroll(by: 1, wrapping: true)
        })
    }

    /// A short white pulse around the row on each state change (`Tuning.cue`).
    private func giveCue() {
        guard Tuning.cue else { return }
        cueOpacity = 1
        withAnimation(.easeOut(duration: Tuning.cueDuration)) {
            cueOpacity = 0
        }
    }

    /// Scrolls `step` images on, resting with an image's leading edge at the start; with `wrapping`, after the
    /// last image back to the first.
    private func scroll(by step: Int, wrapping: Bool = false) {
        guard !items.isEmpty else { return }
        let next = (position ?? 0) + step
        let index = wrapping && next >= items.count ? 0 : min(max(next, 0), items.count - 1)
        withAnimation(.spring(response: 0.4, dampingFraction: 1)) {
            position = index
        }
    }
}

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

#Preview {
    StitchCarousel()
}