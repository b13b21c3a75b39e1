// LoopCarousel.swift
// Loopy infinite carousel: the deck repeated into one strip, re-centred invisibly before each animated move.
//
// Exported by Carousel Lab (style "loop") with the values tuned there: drop this file into an Xcode
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
enum LoopCarouselTuning {

    // MARK: Layout
    static let cardWidth: CGFloat = 100 // pt: Width of an unselected card (the article's Card.normalWidth)
    static let selectedWidth: CGFloat = 140 // pt: Width of the selected card; its height grows in the same proportion
    static let cardHeight: CGFloat = 130 // pt: Height of an unselected card
    static let spacing: CGFloat = 8 // pt: Gap between neighbouring cards
    static let cornerRadius: CGFloat = 10 // pt: Rounding of the card corners
    static let caption: Bool = true // on/off: Show each card's title beneath it

    // MARK: Loop
    static let copies: Int = 3 // × (factor): How many times the deck is repeated into the strip (the article uses 3)

    // MARK: Motion
    static let selectionCurve: Animation = .spring(response: 0.55, dampingFraction: 1.0) // spring (settles in its own time): Curve of the slide to the selected card (SwiftUI's default animation: a spring, response 0.55, damping 1)
    static let selectionDuration: Double = 0.35 // s: Duration of the slide for non-spring curves (SwiftUI's easeInOut lasted 0.35 s)

    // MARK: Auto-advance
    static let autoAdvance: Bool = false // on/off: Select the next item every interval, through the style's own selection path
    static let autoAdvanceInterval: Double = 3 // s: Seconds between automatic advances
    static let autoAdvanceProgress: Bool = true // on/off: Show a thin bar with the time left until the next advance
}

/// One image of the carousel, by its asset name, with the text shown beside it.
struct LoopCarouselItem: Identifiable, Hashable {
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

extension LoopCarouselItem {
    /// The deck the effect was tuned with.
    static let deck: [LoopCarouselItem] = [
        // astronaut.jpg (still: astronaut.jpg)
        LoopCarouselItem(id: 0, image: "astronaut", still: "astronaut", title: "Astronaut",
            meta: "Public domain · 512×512", byline: "By NASA", aspectRatio: 1),
        // cameraman.jpg (still: cameraman.jpg)
        LoopCarouselItem(id: 1, image: "cameraman", still: "cameraman", title: "Cameraman",
            meta: "CC0 1.0 · 512×512", byline: "By Lav Varshney", aspectRatio: 1),
        // coffee.jpg (still: coffee.jpg)
        LoopCarouselItem(id: 2, image: "coffee", still: "coffee", title: "Coffee",
            meta: "CC0 1.0 · 600×400", byline: "By Rachel Michetti", aspectRatio: 1.5),
        // deep-field.jpg (still: deep-field.jpg)
        LoopCarouselItem(id: 3, image: "deep-field", still: "deep-field", title: "Deep Field",
            meta: "2012 · Public domain · 581×872", byline: "By NASA / Hubble Space Telescope", aspectRatio: 0.6663),
        // grace-hopper.jpg (still: grace-hopper.jpg)
        LoopCarouselItem(id: 4, image: "grace-hopper", still: "grace-hopper", title: "Grace Hopper",
            meta: "Public domain · 512×600", byline: "By U.S. Navy", aspectRatio: 0.8533),
        // pagoda.jpg (still: pagoda.jpg)
        LoopCarouselItem(id: 5, image: "pagoda", still: "pagoda", title: "Pagoda",
            meta: "CC BY 2.0 · 640×427", byline: "By danielbuechele", aspectRatio: 1.4988),
        // dahlia.jpg (still: dahlia.jpg)
        LoopCarouselItem(id: 6, image: "dahlia", still: "dahlia", title: "Dahlia",
            meta: "CC BY 2.0 · 640×427", byline: "By vultilion", aspectRatio: 1.4988),
        // bridge-night.jpg (still: bridge-night.jpg)
        LoopCarouselItem(id: 7, image: "bridge-night", still: "bridge-night", title: "Bridge at Night",
            meta: "Public domain · 1302×953", byline: "By Derek Jensen", aspectRatio: 1.3662),
        // citrus.jpg (still: citrus.jpg)
        LoopCarouselItem(id: 8, image: "citrus", still: "citrus", title: "Citrus",
            meta: "Public domain · 1350×890", byline: "By US Department of Agriculture", aspectRatio: 1.5169),
        // honey-bee.jpg (still: honey-bee.jpg)
        LoopCarouselItem(id: 9, image: "honey-bee", still: "honey-bee", title: "Honey Bee",
            meta: "Public domain · 853×1280", byline: "By John Severns", aspectRatio: 0.6664),
        // cat.jpg (still: cat.jpg)
        LoopCarouselItem(id: 10, image: "cat", still: "cat", title: "Cat",
            meta: "CC0 1.0 · 1001×648", byline: "By Pexels contributor", aspectRatio: 1.5448),
        // tiger.jpg (still: tiger.jpg)
        LoopCarouselItem(id: 11, image: "tiger", still: "tiger", title: "Tiger",
            meta: "CC0 1.0 · 1001×648", byline: "By Pexels contributor", aspectRatio: 1.5448),
        // autumn-ridge.jpg (still: autumn-ridge.jpg)
        LoopCarouselItem(id: 12, image: "autumn-ridge", still: "autumn-ridge", title: "Autumn Ridge",
            meta: "2018 · CC BY 4.0 · 1600×669", byline: "By Aitzol Berasategi", aspectRatio: 2.3916),
        // creek.jpg (still: creek.jpg)
        LoopCarouselItem(id: 13, image: "creek", still: "creek", title: "Creek",
            meta: "2018 · CC BY 4.0 · 1600×1065", byline: "By Aitzol Berasategi", aspectRatio: 1.5023),
        // dogs.jpg (still: dogs.jpg)
        LoopCarouselItem(id: 14, image: "dogs", still: "dogs", title: "Dogs",
            meta: "2018 · CC BY 4.0 · 1065×1600", byline: "By Aitzol Berasategi", aspectRatio: 0.6656),
        // mountain-trail.jpg (still: mountain-trail.jpg)
        LoopCarouselItem(id: 15, image: "mountain-trail", still: "mountain-trail", title: "Mountain Trail",
            meta: "2018 · CC BY 4.0 · 1067×1600", byline: "By Aitzol Berasategi", aspectRatio: 0.6669),
        // sunset.jpg (still: sunset.jpg)
        LoopCarouselItem(id: 16, image: "sunset", still: "sunset", title: "Sunset",
            meta: "2018 · CC BY 4.0 · 1600×1067", byline: "By Aitzol Berasategi", aspectRatio: 1.4995),
        // fig.jpg (still: fig.jpg)
        LoopCarouselItem(id: 17, image: "fig", still: "fig", title: "Fig",
            meta: "2018 · CC BY 4.0 · 1600×1082", byline: "By Trevor \"Freespace\"", aspectRatio: 1.4787),
        // paintbrushes.jpg (still: paintbrushes.jpg)
        LoopCarouselItem(id: 18, image: "paintbrushes", still: "paintbrushes", title: "Paintbrushes",
            meta: "2018 · CC BY 4.0 · 1365×1074", byline: "By Trevor \"Freespace\"", aspectRatio: 1.2709),
        // wine.jpg (still: wine.jpg)
        LoopCarouselItem(id: 19, image: "wine", still: "wine", title: "Wine",
            meta: "2018 · CC BY 4.0 · 1068×1600", byline: "By Jakub Mede", aspectRatio: 0.6675),
        // dandelions.jpg (still: dandelions.jpg)
        LoopCarouselItem(id: 20, image: "dandelions", still: "dandelions", title: "Dandelions",
            meta: "2018 · CC0 1.0 · 1600×900", byline: "By Clemens Engelhardt", aspectRatio: 1.7778),
    ]
}

/// The Loopy infinite carousel: the deck repeated into one strip of copies. Selecting a card re-centres the strip
/// on the same picture in the middle copy without animation (nothing changes on screen), then animates the
/// remaining distance, so the strip never runs out. Tap a card, or use Left / Right.
struct LoopCarousel: View {
    private typealias Tuning = LoopCarouselTuning
    var items: [LoopCarouselItem] = LoopCarouselItem.deck

    /// The strip position: the card centred in the view.
    @State private var current: Int
    @State private var isPointerOver = false

    init(items: [LoopCarouselItem] = LoopCarouselItem.deck) {
        self.items = items
        _current = State(initialValue: items.count * (Tuning.copies / 2))
    }

    private var loopCount: Int { items.count * Tuning.copies }

    private var cardWidth: CGFloat { Tuning.cardWidth + Tuning.spacing }

    private var evenShift: CGFloat {
        loopCount.isMultiple(of: 2) ? -cardWidth / 2 : 0
    }

    private var offset: CGFloat {
        cardWidth * CGFloat(loopCount / 2 - current) + evenShift
    }

    var body: some View {
        HStack(spacing: 0) {
            HStack(spacing: Tuning.spacing) {
                ForEach(0 ..< loopCount, id: \.self) { i in
                    LoopCarouselCard(item: items[i % items.count], isSelected: current == i)
                        .onTapGesture { onSelect(i) }
                }
            }
            .fixedSize()
            .offset(x: offset)
        }
        .frame(maxWidth: .infinity)
        .clipped()
        .contentShape(Rectangle())
        .onHover { isPointerOver = $0 }
        .focusable()
        .onKeyPress(.leftArrow) { step(-1); return .handled }
        .onKeyPress(.rightArrow) { step(1); return .handled }
        .modifier(LoopCarouselAutoAdvance(isEnabled: Tuning.autoAdvance && items.count >= 2,
                                          interval: Tuning.autoAdvanceInterval, isPaused: isPointerOver,
                                          showsProgress: Tuning.autoAdvanceProgress) {
            advance()
        })
    }

    /// The arrow keys: the card `by` slots away. Auto-advance: the next card.
    private func step(_ by: Int) { onSelect(current + by) }
    private func advance() { step(1) }

    /// The article's selection: a card in the last copies jumps back (a card in the first copies forward) onto the
    /// same picture in the middle copy, outside any animation, then slides the rest of the way.
    private func onSelect(_ index: Int) {
        guard !items.isEmpty else { return }
        let count = items.count
        let middle = count * (Tuning.copies / 2)
        let item = (index % count + count) % count
        let jump = abs(current - index)
        if index >= middle + count {
            current = middle + item - jump
            withAnimation(Tuning.selectionCurve) { current += jump }
        } else if index < middle {
            current = middle + item + jump
            withAnimation(Tuning.selectionCurve) { current -= jump }
        } else {
            withAnimation(Tuning.selectionCurve) { current = index }
        }
    }
}

/// One card: the image, wider (and taller in proportion) when selected, with its title beneath.
struct LoopCarouselCard: View {
    private typealias Tuning = LoopCarouselTuning
    let item: LoopCarouselItem
    let isSelected: Bool

    var body: some View {
        let width = isSelected ? Tuning.selectedWidth : Tuning.cardWidth
        VStack(spacing: 6) {
            Image(item.image)
                .resizable()
                .scaledToFill()
                .frame(width: width, height: Tuning.cardHeight * width / Tuning.cardWidth)
                .clipShape(RoundedRectangle(cornerRadius: Tuning.cornerRadius))
            if Tuning.caption {
                Text(item.title)
                    .font(.caption)
                    .lineLimit(1)
                    .frame(width: width)
                    .opacity(isSelected ? 1 : 0.6)
            }
        }
    }
}

#Preview {
    LoopCarousel()
        .frame(height: 260)
}