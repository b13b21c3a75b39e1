// PagingCarousel.swift
// Full-size pages paging horizontally on a timer, after an auto-advancing UICollectionView carousel.
//
// Exported by Carousel Lab (style "paging") with the values tuned there: drop this file into an Xcode
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

/// How an image sits in its page: the article's `.center` (natural size, centred), aspect-fill or aspect-fit.
enum PagingCarouselContentMode {
    case center, fill, fit
}

/// What happens after the last page: scroll back across every page (the article), or go on seamlessly.
enum PagingCarouselWrap {
    case rewind, seamless
}

/// The values tuned in Carousel Lab. Units: pt = points, s = seconds, × = a factor.
enum PagingCarouselTuning {

    // MARK: Page
    static let contentMode: PagingCarouselContentMode = .center // center (of center, fill, fit): How an image sits in its page: natural size centred (the article's .center), aspect-fill or aspect-fit
    static let pageSpacing: CGFloat = 0 // pt: Gap between neighbouring pages (the article's collection view uses 0)
    static let background: Color = Color.clear // none (of none, black, white, gray): Colour behind each page's image; none shows the window's background

    // MARK: Paging
    static let wrap: PagingCarouselWrap = .rewind // rewind (of rewind, seamless): rewind scrolls back across all pages to the first (the article); seamless continues to a copy of the first

    // MARK: Motion
    static let pageCurve: Animation = .easeInOut(duration: pageDuration) // curve: Timing curve of a page change by auto-advance, keys, wheel or a dot
    static let pageDuration: Double = 0.5 // s: Duration of a page change (a spring curve uses its own settling time)
    static let settleCurve: Animation = .spring(response: 0.4, dampingFraction: 1.0) // spring (settles in its own time): How a released drag settles on a page; a spring carries the fling's velocity on

    // MARK: Dots
    static let dots: Bool = true // on/off: Show the page indicator at the bottom, the current page's dot highlighted
    static let dotSize: CGFloat = 8 // pt: Diameter of a page dot; dots are one diameter apart
    static let dotsInset: CGFloat = 24 // pt: Distance from the bottom edge to the page dots

    // MARK: Auto-advance
    static let autoAdvance: Bool = true // on/off: Select the next item every interval, through the style's own selection path
    static let autoAdvanceInterval: Double = 3 // s: Seconds between automatic advances
    static let autoAdvanceProgress: Bool = true // on/off: Show a thin bar with the time left until the next advance
}

/// One image of the carousel, by its asset name, with the text shown beside it.
struct PagingCarouselItem: Identifiable, Hashable {
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

extension PagingCarouselItem {
    /// The deck the effect was tuned with.
    static let deck: [PagingCarouselItem] = [
        // astronaut.jpg (still: astronaut.jpg)
        PagingCarouselItem(id: 0, image: "astronaut", still: "astronaut", title: "Astronaut",
            meta: "Public domain · 512×512", byline: "By NASA", aspectRatio: 1),
        // cameraman.jpg (still: cameraman.jpg)
        PagingCarouselItem(id: 1, image: "cameraman", still: "cameraman", title: "Cameraman",
            meta: "CC0 1.0 · 512×512", byline: "By Lav Varshney", aspectRatio: 1),
        // coffee.jpg (still: coffee.jpg)
        PagingCarouselItem(id: 2, image: "coffee", still: "coffee", title: "Coffee",
            meta: "CC0 1.0 · 600×400", byline: "By Rachel Michetti", aspectRatio: 1.5),
        // deep-field.jpg (still: deep-field.jpg)
        PagingCarouselItem(id: 3, image: "deep-field", still: "deep-field", title: "Deep Field",
            meta: "2012 · Public domain · 581×872", byline: "By NASA / Hubble Space Telescope", aspectRatio: 0.6663),
        // grace-hopper.jpg (still: grace-hopper.jpg)
        PagingCarouselItem(id: 4, image: "grace-hopper", still: "grace-hopper", title: "Grace Hopper",
            meta: "Public domain · 512×600", byline: "By U.S. Navy", aspectRatio: 0.8533),
        // pagoda.jpg (still: pagoda.jpg)
        PagingCarouselItem(id: 5, image: "pagoda", still: "pagoda", title: "Pagoda",
            meta: "CC BY 2.0 · 640×427", byline: "By danielbuechele", aspectRatio: 1.4988),
        // dahlia.jpg (still: dahlia.jpg)
        PagingCarouselItem(id: 6, image: "dahlia", still: "dahlia", title: "Dahlia",
            meta: "CC BY 2.0 · 640×427", byline: "By vultilion", aspectRatio: 1.4988),
        // bridge-night.jpg (still: bridge-night.jpg)
        PagingCarouselItem(id: 7, image: "bridge-night", still: "bridge-night", title: "Bridge at Night",
            meta: "Public domain · 1302×953", byline: "By Derek Jensen", aspectRatio: 1.3662),
        // citrus.jpg (still: citrus.jpg)
        PagingCarouselItem(id: 8, image: "citrus", still: "citrus", title: "Citrus",
            meta: "Public domain · 1350×890", byline: "By US Department of Agriculture", aspectRatio: 1.5169),
        // honey-bee.jpg (still: honey-bee.jpg)
        PagingCarouselItem(id: 9, image: "honey-bee", still: "honey-bee", title: "Honey Bee",
            meta: "Public domain · 853×1280", byline: "By John Severns", aspectRatio: 0.6664),
        // cat.jpg (still: cat.jpg)
        PagingCarouselItem(id: 10, image: "cat", still: "cat", title: "Cat",
            meta: "CC0 1.0 · 1001×648", byline: "By Pexels contributor", aspectRatio: 1.5448),
        // tiger.jpg (still: tiger.jpg)
        PagingCarouselItem(id: 11, image: "tiger", still: "tiger", title: "Tiger",
            meta: "CC0 1.0 · 1001×648", byline: "By Pexels contributor", aspectRatio: 1.5448),
        // autumn-ridge.jpg (still: autumn-ridge.jpg)
        PagingCarouselItem(id: 12, image: "autumn-ridge", still: "autumn-ridge", title: "Autumn Ridge",
            meta: "2018 · CC BY 4.0 · 1600×669", byline: "By Aitzol Berasategi", aspectRatio: 2.3916),
        // creek.jpg (still: creek.jpg)
        PagingCarouselItem(id: 13, image: "creek", still: "creek", title: "Creek",
            meta: "2018 · CC BY 4.0 · 1600×1065", byline: "By Aitzol Berasategi", aspectRatio: 1.5023),
        // dogs.jpg (still: dogs.jpg)
        PagingCarouselItem(id: 14, image: "dogs", still: "dogs", title: "Dogs",
            meta: "2018 · CC BY 4.0 · 1065×1600", byline: "By Aitzol Berasategi", aspectRatio: 0.6656),
        // mountain-trail.jpg (still: mountain-trail.jpg)
        PagingCarouselItem(id: 15, image: "mountain-trail", still: "mountain-trail", title: "Mountain Trail",
            meta: "2018 · CC BY 4.0 · 1067×1600", byline: "By Aitzol Berasategi", aspectRatio: 0.6669),
        // sunset.jpg (still: sunset.jpg)
        PagingCarouselItem(id: 16, image: "sunset", still: "sunset", title: "Sunset",
            meta: "2018 · CC BY 4.0 · 1600×1067", byline: "By Aitzol Berasategi", aspectRatio: 1.4995),
        // fig.jpg (still: fig.jpg)
        PagingCarouselItem(id: 17, image: "fig", still: "fig", title: "Fig",
            meta: "2018 · CC BY 4.0 · 1600×1082", byline: "By Trevor \"Freespace\"", aspectRatio: 1.4787),
        // paintbrushes.jpg (still: paintbrushes.jpg)
        PagingCarouselItem(id: 18, image: "paintbrushes", still: "paintbrushes", title: "Paintbrushes",
            meta: "2018 · CC BY 4.0 · 1365×1074", byline: "By Trevor \"Freespace\"", aspectRatio: 1.2709),
        // wine.jpg (still: wine.jpg)
        PagingCarouselItem(id: 19, image: "wine", still: "wine", title: "Wine",
            meta: "2018 · CC BY 4.0 · 1068×1600", byline: "By Jakub Mede", aspectRatio: 0.6675),
        // dandelions.jpg (still: dandelions.jpg)
        PagingCarouselItem(id: 20, image: "dandelions", still: "dandelions", title: "Dandelions",
            meta: "2018 · CC0 1.0 · 1600×900", byline: "By Clemens Engelhardt", aspectRatio: 1.7778),
    ]
}

/// Full-size pages paging horizontally, after the article's auto-advancing `UICollectionView` carousel: a timer
/// selects the next page every interval (no timer with fewer than two images), after the last page it goes back
/// to the first, and it waits while the pointer is over the pages. Page dots show where you are; Left / Right move.
struct PagingCarousel: View {
    private typealias Tuning = PagingCarouselTuning
    var items: [PagingCarouselItem] = PagingCarouselItem.deck

    /// The page shown: an index into `pages`.
    @State private var position: Int? = 0
    @State private var isPointerOver = false

    /// The pages: the deck, plus a copy of the first page at the end when wrapping seamlessly.
    private var pages: [PagingCarouselItem] {
        Tuning.wrap == .seamless && items.count >= 2 ? items + [items[0]] : items
    }

    /// The deck index of the page shown.
    private var currentPage: Int { items.isEmpty ? 0 : (position ?? 0) % items.count }

    var body: some View {
        ScrollView(.horizontal) {
            LazyHStack(spacing: Tuning.pageSpacing) {
                ForEach(Array(pages.enumerated()), id: \.offset) { index, item in
                    page(item)
                        .containerRelativeFrame([.horizontal, .vertical])
                        .id(index)
                }
            }
            .scrollTargetLayout()
        }
        .scrollTargetBehavior(.viewAligned)
        .scrollPosition(id: $position)
        .scrollIndicators(.hidden)
        .overlay(alignment: .bottom) {
            if Tuning.dots && items.count >= 2 {
                dots
            }
        }
        .onHover { isPointerOver = $0 }
        .focusable()
        .onKeyPress(.leftArrow) { step(-1); return .handled }
        .onKeyPress(.rightArrow) { step(1); return .handled }
        .modifier(PagingCarouselAutoAdvance(isEnabled: Tuning.autoAdvance && items.count >= 2,
                                          interval: Tuning.autoAdvanceInterval, isPaused: isPointerOver,
                                          showsProgress: Tuning.autoAdvanceProgress) {
            advance()
        })
    }

    /// The arrow keys: the page `by` pages away (clamped).
    private func step(_ by: Int) { select(currentPage + by) }

    /// One page: the image placed by the content mode on the page's background, clipped to the page.
    @ViewBuilder private func page(_ item: PagingCarouselItem) -> some View {
        ZStack {
            Tuning.background
            switch Tuning.contentMode {
            case .center:
                Image(item.image)
            case .fill:
                Image(item.image).resizable().scaledToFill()
            case .fit:
                Image(item.image).resizable().scaledToFit()
            }
        }
        .clipped()
    }

    /// The page indicator: the current page's dot bright, the others dimmed, on a dark pill.
    private var dots: some View {
        HStack(spacing: Tuning.dotSize) {
            ForEach(items.indices, id: \.self) { index in
                Circle()
                    .fill(.white)
                    .frame(width: Tuning.dotSize, height: Tuning.dotSize)
                    .opacity(index == currentPage ? 1 : 0.4)
                    .onTapGesture { select(index) }
            }
        }
        .animation(.easeOut(duration: 0.2), value: currentPage)
        .padding(Tuning.dotSize)
        .background(Capsule().fill(.black.opacity(0.35)))
        .padding(.bottom, Tuning.dotsInset)
    }

    /// Moves to deck page `index` (clamped) with the page animation.
    private func select(_ index: Int) {
        guard !items.isEmpty else { return }
        withAnimation(Tuning.pageCurve) {
            position = min(max(index, 0), items.count - 1)
        }
    }

    /// The timer's step: the next page; after the last, back across every page to the first (rewind) or on to
    /// the copy of the first, then invisibly to the first itself (seamless).
    private func advance() {
        guard items.count >= 2 else { return }
        let next = (position ?? 0) + 1
        if next < items.count {
            withAnimation(Tuning.pageCurve) { position = next }
        } else if Tuning.wrap == .rewind {
            withAnimation(Tuning.pageCurve) { position = 0 }
        } else {
            withAnimation(Tuning.pageCurve) {
                position = items.count
            } completion: {
                var jump = Transaction()
                jump.disablesAnimations = true
                withTransaction(jump) { position = 0 }
            }
        }
    }
}

#Preview {
    PagingCarousel()
        .frame(height: 400)
}