// CircularCarousel.swift
// Round images on an arc with view-aligned snapping and a Normal / Scaled switch (SwiftUI circular slider).
//
// Exported by Carousel Lab (style "circular") with the values tuned there: drop this file into an Xcode
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

/// The slider's two looks (the article's `TripPicker`).
enum CircularCarouselTripPicker: String, CaseIterable {
    case normal = "Normal"
    case scaled = "Scaled"
}

/// The values tuned in Carousel Lab. Units: pt = points, s = seconds, × = a factor.
enum CircularCarouselTuning {

    // MARK: Layout
    static let imageSize: CGFloat = 70 // pt: Diameter of each round image; also the unit of an image's progress p
    static let spacing: CGFloat = 35 // pt: Gap between neighbouring images in the row
    static let rowLift: CGFloat = 30 // pt: How far the row's line sits above the window's vertical centre (the public code's offset(y: -30))

    // MARK: Arc
    static let offsetFactor: CGFloat = 30 // pt: Downward shift per unit of |p|: offset(p) = offsetFactor * |p|
    static let scaleOffset: CGFloat = 15 // pt: Extra downward shift of the centred image: scaleOffset * s, s = 1 - min(|p|, 1)
    static let scaleFactor: CGFloat = 0.5 // × (factor): Scaled mode: an image is scaled by 1 + scaleFactor * s about its layout centre
    static let mode: CircularCarouselTripPicker = .normal // normal (of normal, scaled): Normal (highlight circle behind the centre) or Scaled (images grow towards the centre); key M

    // MARK: Motion
    static let modeCurve: Animation = .easeInOut(duration: modeDuration) // curve: Timing curve of the Normal / Scaled transition
    static let modeDuration: Double = 0.35 // s: Duration of the Normal / Scaled transition (springs ignore it)
    static let snapResponse: Double = 0.4 // s: Response of the critically damped spring that settles the row on an image
    static let snapping: Bool = true // on/off: View-aligned snapping: when input stops the row settles with one image centred

    // MARK: Shadow
    static let shadow: Bool = true // on/off: Drop shadow under each image
    static let shadowOpacity: CGFloat = 0.15 // 0...1: Opacity of the black image shadow
    static let shadowRadius: CGFloat = 5 // pt: Blur radius of the image shadow
    static let shadowOffset: CGFloat = 5 // pt: Offset of the image shadow, right and down

    // MARK: Highlight
    static let highlight: Bool = true // on/off: Normal mode: a white circle with a soft shadow behind the centre slot
    static let highlightSize: CGFloat = 85 // pt: Diameter of the highlight circle
    static let highlightOffset: CGFloat = 15 // pt: How far the highlight's centre sits above the window's vertical centre

    // MARK: Auto-advance
    static let autoAdvance: Bool = false // on/off: Select the next item every interval, through the style's own selection path
    static let autoAdvanceInterval: Double = 3 // s: Seconds between automatic advances
    static let autoAdvanceProgress: Bool = true // on/off: Show a thin bar with the time left until the next advance
}

/// One image of the carousel, by its asset name, with the text shown beside it.
struct CircularCarouselItem: Identifiable, Hashable {
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

extension CircularCarouselItem {
    /// The deck the effect was tuned with.
    static let deck: [CircularCarouselItem] = [
        // astronaut.jpg (still: astronaut.jpg)
        CircularCarouselItem(id: 0, image: "astronaut", still: "astronaut", title: "Astronaut",
            meta: "Public domain · 512×512", byline: "By NASA", aspectRatio: 1),
        // cameraman.jpg (still: cameraman.jpg)
        CircularCarouselItem(id: 1, image: "cameraman", still: "cameraman", title: "Cameraman",
            meta: "CC0 1.0 · 512×512", byline: "By Lav Varshney", aspectRatio: 1),
        // coffee.jpg (still: coffee.jpg)
        CircularCarouselItem(id: 2, image: "coffee", still: "coffee", title: "Coffee",
            meta: "CC0 1.0 · 600×400", byline: "By Rachel Michetti", aspectRatio: 1.5),
        // deep-field.jpg (still: deep-field.jpg)
        CircularCarouselItem(id: 3, image: "deep-field", still: "deep-field", title: "Deep Field",
            meta: "2012 · Public domain · 581×872", byline: "By NASA / Hubble Space Telescope", aspectRatio: 0.6663),
        // grace-hopper.jpg (still: grace-hopper.jpg)
        CircularCarouselItem(id: 4, image: "grace-hopper", still: "grace-hopper", title: "Grace Hopper",
            meta: "Public domain · 512×600", byline: "By U.S. Navy", aspectRatio: 0.8533),
        // pagoda.jpg (still: pagoda.jpg)
        CircularCarouselItem(id: 5, image: "pagoda", still: "pagoda", title: "Pagoda",
            meta: "CC BY 2.0 · 640×427", byline: "By danielbuechele", aspectRatio: 1.4988),
        // dahlia.jpg (still: dahlia.jpg)
        CircularCarouselItem(id: 6, image: "dahlia", still: "dahlia", title: "Dahlia",
            meta: "CC BY 2.0 · 640×427", byline: "By vultilion", aspectRatio: 1.4988),
        // bridge-night.jpg (still: bridge-night.jpg)
        CircularCarouselItem(id: 7, image: "bridge-night", still: "bridge-night", title: "Bridge at Night",
            meta: "Public domain · 1302×953", byline: "By Derek Jensen", aspectRatio: 1.3662),
        // citrus.jpg (still: citrus.jpg)
        CircularCarouselItem(id: 8, image: "citrus", still: "citrus", title: "Citrus",
            meta: "Public domain · 1350×890", byline: "By US Department of Agriculture", aspectRatio: 1.5169),
        // honey-bee.jpg (still: honey-bee.jpg)
        CircularCarouselItem(id: 9, image: "honey-bee", still: "honey-bee", title: "Honey Bee",
            meta: "Public domain · 853×1280", byline: "By John Severns", aspectRatio: 0.6664),
        // cat.jpg (still: cat.jpg)
        CircularCarouselItem(id: 10, image: "cat", still: "cat", title: "Cat",
            meta: "CC0 1.0 · 1001×648", byline: "By Pexels contributor", aspectRatio: 1.5448),
        // tiger.jpg (still: tiger.jpg)
        CircularCarouselItem(id: 11, image: "tiger", still: "tiger", title: "Tiger",
            meta: "CC0 1.0 · 1001×648", byline: "By Pexels contributor", aspectRatio: 1.5448),
        // autumn-ridge.jpg (still: autumn-ridge.jpg)
        CircularCarouselItem(id: 12, image: "autumn-ridge", still: "autumn-ridge", title: "Autumn Ridge",
            meta: "2018 · CC BY 4.0 · 1600×669", byline: "By Aitzol Berasategi", aspectRatio: 2.3916),
        // creek.jpg (still: creek.jpg)
        CircularCarouselItem(id: 13, image: "creek", still: "creek", title: "Creek",
            meta: "2018 · CC BY 4.0 · 1600×1065", byline: "By Aitzol Berasategi", aspectRatio: 1.5023),
        // dogs.jpg (still: dogs.jpg)
        CircularCarouselItem(id: 14, image: "dogs", still: "dogs", title: "Dogs",
            meta: "2018 · CC BY 4.0 · 1065×1600", byline: "By Aitzol Berasategi", aspectRatio: 0.6656),
        // mountain-trail.jpg (still: mountain-trail.jpg)
        CircularCarouselItem(id: 15, image: "mountain-trail", still: "mountain-trail", title: "Mountain Trail",
            meta: "2018 · CC BY 4.0 · 1067×1600", byline: "By Aitzol Berasategi", aspectRatio: 0.6669),
        // sunset.jpg (still: sunset.jpg)
        CircularCarouselItem(id: 16, image: "sunset", still: "sunset", title: "Sunset",
            meta: "2018 · CC BY 4.0 · 1600×1067", byline: "By Aitzol Berasategi", aspectRatio: 1.4995),
        // fig.jpg (still: fig.jpg)
        CircularCarouselItem(id: 17, image: "fig", still: "fig", title: "Fig",
            meta: "2018 · CC BY 4.0 · 1600×1082", byline: "By Trevor \"Freespace\"", aspectRatio: 1.4787),
        // paintbrushes.jpg (still: paintbrushes.jpg)
        CircularCarouselItem(id: 18, image: "paintbrushes", still: "paintbrushes", title: "Paintbrushes",
            meta: "2018 · CC BY 4.0 · 1365×1074", byline: "By Trevor \"Freespace\"", aspectRatio: 1.2709),
        // wine.jpg (still: wine.jpg)
        CircularCarouselItem(id: 19, image: "wine", still: "wine", title: "Wine",
            meta: "2018 · CC BY 4.0 · 1068×1600", byline: "By Jakub Mede", aspectRatio: 0.6675),
        // dandelions.jpg (still: dandelions.jpg)
        CircularCarouselItem(id: 20, image: "dandelions", still: "dandelions", title: "Dandelions",
            meta: "2018 · CC0 1.0 · 1600×900", byline: "By Clemens Engelhardt", aspectRatio: 1.7778),
    ]
}

/// The circular slider: round images on an arc that bends around the centred one; scrolling snaps so that one
/// image is centred. Normal mode draws a white circle behind the centre; Scaled mode grows the images near it.
struct CircularCarousel: View {
    private typealias Tuning = CircularCarouselTuning
    private typealias TripPicker = CircularCarouselTripPicker
    var items: [CircularCarouselItem] = CircularCarouselItem.deck

    @State private var pickerType: TripPicker = Tuning.mode
    @State private var activeID: Int?
    @State private var isPointerOver = false

    var body: some View {
        VStack {
            Picker("", selection: $pickerType.animation(Tuning.modeCurve)) {
                ForEach(TripPicker.allCases, id: \.self) { mode in
                    Text(mode.rawValue).tag(mode)
                }
            }
            .pickerStyle(.segmented)
            .frame(width: 180)
            .padding(.top, 24)

            Spacer(minLength: 0)

            GeometryReader { geometry in
                let size = geometry.size
                let padding = (size.width - Tuning.imageSize) / 2
                let scaled = pickerType == .scaled
                ScrollView(.horizontal) {
                    HStack(spacing: Tuning.spacing) {
                        ForEach(items) { item in
                            Image(item.image)
                                .resizable()
                                .aspectRatio(contentMode: .fill)
                                .frame(width: Tuning.imageSize, height: Tuning.imageSize)
                                .clipShape(.circle)
                                .shadow(color: .black.opacity(Tuning.shadow ? Tuning.shadowOpacity : 0), radius: Tuning.shadowRadius,
                                        x: Tuning.shadowOffset, y: Tuning.shadowOffset)
                                .visualEffect { view, proxy in
                                    view
                                        .offset(y: Self.offset(proxy))
                                        .scaleEffect(1 + (scaled ? Tuning.scaleFactor * Self.scale(proxy) : 0))
                                        .offset(y: Tuning.scaleOffset * Self.scale(proxy))
                                }
                                .onTapGesture { select(item.id) }
                        }
                    }
                    .frame(height: size.height)
                    .scrollTargetLayout()
                }
                .background {
                    if Tuning.highlight && !scaled {
                        Circle()
                            .fill(.white.shadow(.drop(color: .black.opacity(0.2), radius: 5)))
                            .frame(width: Tuning.highlightSize, height: Tuning.highlightSize)
                            .offset(y: Tuning.rowLift - Tuning.highlightOffset)
                    }
                }
                .safeAreaPadding(.horizontal, padding)
                .scrollIndicators(.hidden)
                .snapsToItems(Tuning.snapping)
                .scrollPosition(id: $activeID)
                .frame(height: size.height)
            }
            .frame(height: 200)
            .offset(y: -Tuning.rowLift)

            Spacer(minLength: 0)
        }
        .onHover { isPointerOver = $0 }
        .focusable()
        .onKeyPress(.leftArrow) { select((activeID ?? 0) - 1); return .handled }
        .onKeyPress(.rightArrow) { select((activeID ?? 0) + 1); return .handled }
        .onKeyPress("m") {
            withAnimation(Tuning.modeCurve) { pickerType = pickerType == .normal ? .scaled : .normal }
            return .handled
        }
        .modifier(CircularCarouselAutoAdvance(isEnabled: Tuning.autoAdvance && items.count >= 2,
                                          interval: Tuning.autoAdvanceInterval, isPaused: isPointerOver,
                                          showsProgress: Tuning.autoAdvanceProgress) {
            let next = (activeID ?? 0) + 1
            select(next < items.count ? next : 0)
        })
    }

    /// Centres image `id` (clamped) with the snapping spring.
    private func select(_ id: Int) {
        guard !items.isEmpty else { return }
        withAnimation(.spring(response: Tuning.snapResponse, dampingFraction: 1)) {
            activeID = min(max(id, 0), items.count - 1)
        }
    }

    /// The article's progress: how many image widths the image's centre is from the scroll view's centre
    /// (positive left of it, negative right of it).
    nonisolated static func progress(_ proxy: GeometryProxy) -> CGFloat {
        let viewWidth = proxy.size.width
        guard viewWidth > 0, let bounds = proxy.bounds(of: .scrollView) else { return 0 }
        return (bounds.midX - viewWidth / 2) / viewWidth
    }

    /// The downward shift that bends the row into an arc: `offsetFactor * |progress|`.
    nonisolated static func offset(_ proxy: GeometryProxy) -> CGFloat {
        let progress = progress(proxy)
        return progress < 0 ? progress * -Tuning.offsetFactor : progress * Tuning.offsetFactor
    }

    /// 1 for the centred image, falling to 0 one image width away.
    nonisolated static func scale(_ proxy: GeometryProxy) -> CGFloat {
        let progress = min(max(progress(proxy), -1), 1)
        return progress < 0 ? 1 + progress : 1 - progress
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
    CircularCarousel()
        .frame(height: 400)
        .preferredColorScheme(.dark)
}