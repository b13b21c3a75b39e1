// ExpandCarousel.swift
// Google's desktop movie carousel: hover expands an item and reveals a still and its details.
//
// Exported by Carousel Lab (style "expand") with the values tuned there: drop this file into an Xcode
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
enum ExpandCarouselTuning {

    // MARK: Layout
    static let itemWidth: CGFloat = 150 // pt: Width of a collapsed item
    static let expandedWidth: CGFloat = 250 // pt: Width of the expanded item
    static let itemHeight: CGFloat = 250 // pt: Height of an item: image plus title
    static let imageHeight: CGFloat = 200 // pt: Height of the image area
    static let spacing: CGFloat = 20 // pt: Gap between items
    static let cornerRadius: CGFloat = 10 // pt: Corner radius of the image area
    static let padding: CGFloat = 24 // pt: Space before the first and after the last item

    // MARK: Motion
    static let expandCurve: Animation = .easeInOut(duration: expandDuration) // curve: Timing curve of expanding and collapsing
    static let expandDuration: Double = 0.4 // s: Duration of expanding and collapsing
    static let posterScale: CGFloat = 1.5 // × (factor): How much the poster grows while it fades out
    static let posterAnchor: UnitPoint = .topLeading // topLeading (of topLeading, top, center, leading): The point of the poster that stays fixed while it grows
    static let scrollDelay: Double = 0.1 // s: Wait after an expansion starts before scrolling the item into view
    static let scrollDuration: Double = 0.4 // s: Duration of the scroll into view
    static let scrollCurve: Animation = .easeInOut(duration: scrollDuration) // curve: Timing curve of the scroll into view
    static let scrollAnchor: UnitPoint? = .center // center (of center, nearest, leading): Where an item partly outside the row is scrolled to

    // MARK: Input
    static let hoverDelay: Double = 0 // s: How long the pointer must rest on an item before it expands
    static let snapping: Bool = true // on/off: The wheel moves one item per burst and rests on an item edge

    // MARK: Auto-advance
    static let autoAdvance: Bool = false // on/off: Select the next item every interval, through the style's own selection path
    static let autoAdvanceInterval: Double = 3 // s: Seconds between automatic advances
    static let autoAdvanceProgress: Bool = true // on/off: Show a thin bar with the time left until the next advance
}

/// One image of the carousel, by its asset name, with the text shown beside it.
struct ExpandCarouselItem: Identifiable, Hashable {
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

extension ExpandCarouselItem {
    /// The deck the effect was tuned with.
    static let deck: [ExpandCarouselItem] = [
        // astronaut.jpg (still: astronaut.jpg)
        ExpandCarouselItem(id: 0, image: "astronaut", still: "astronaut", title: "Astronaut",
            meta: "Public domain · 512×512", byline: "By NASA", aspectRatio: 1),
        // cameraman.jpg (still: cameraman.jpg)
        ExpandCarouselItem(id: 1, image: "cameraman", still: "cameraman", title: "Cameraman",
            meta: "CC0 1.0 · 512×512", byline: "By Lav Varshney", aspectRatio: 1),
        // coffee.jpg (still: coffee.jpg)
        ExpandCarouselItem(id: 2, image: "coffee", still: "coffee", title: "Coffee",
            meta: "CC0 1.0 · 600×400", byline: "By Rachel Michetti", aspectRatio: 1.5),
        // deep-field.jpg (still: deep-field.jpg)
        ExpandCarouselItem(id: 3, image: "deep-field", still: "deep-field", title: "Deep Field",
            meta: "2012 · Public domain · 581×872", byline: "By NASA / Hubble Space Telescope", aspectRatio: 0.6663),
        // grace-hopper.jpg (still: grace-hopper.jpg)
        ExpandCarouselItem(id: 4, image: "grace-hopper", still: "grace-hopper", title: "Grace Hopper",
            meta: "Public domain · 512×600", byline: "By U.S. Navy", aspectRatio: 0.8533),
        // pagoda.jpg (still: pagoda.jpg)
        ExpandCarouselItem(id: 5, image: "pagoda", still: "pagoda", title: "Pagoda",
            meta: "CC BY 2.0 · 640×427", byline: "By danielbuechele", aspectRatio: 1.4988),
        // dahlia.jpg (still: dahlia.jpg)
        ExpandCarouselItem(id: 6, image: "dahlia", still: "dahlia", title: "Dahlia",
            meta: "CC BY 2.0 · 640×427", byline: "By vultilion", aspectRatio: 1.4988),
        // bridge-night.jpg (still: bridge-night.jpg)
        ExpandCarouselItem(id: 7, image: "bridge-night", still: "bridge-night", title: "Bridge at Night",
            meta: "Public domain · 1302×953", byline: "By Derek Jensen", aspectRatio: 1.3662),
        // citrus.jpg (still: citrus.jpg)
        ExpandCarouselItem(id: 8, image: "citrus", still: "citrus", title: "Citrus",
            meta: "Public domain · 1350×890", byline: "By US Department of Agriculture", aspectRatio: 1.5169),
        // honey-bee.jpg (still: honey-bee.jpg)
        ExpandCarouselItem(id: 9, image: "honey-bee", still: "honey-bee", title: "Honey Bee",
            meta: "Public domain · 853×1280", byline: "By John Severns", aspectRatio: 0.6664),
        // cat.jpg (still: cat.jpg)
        ExpandCarouselItem(id: 10, image: "cat", still: "cat", title: "Cat",
            meta: "CC0 1.0 · 1001×648", byline: "By Pexels contributor", aspectRatio: 1.5448),
        // tiger.jpg (still: tiger.jpg)
        ExpandCarouselItem(id: 11, image: "tiger", still: "tiger", title: "Tiger",
            meta: "CC0 1.0 · 1001×648", byline: "By Pexels contributor", aspectRatio: 1.5448),
        // autumn-ridge.jpg (still: autumn-ridge.jpg)
        ExpandCarouselItem(id: 12, image: "autumn-ridge", still: "autumn-ridge", title: "Autumn Ridge",
            meta: "2018 · CC BY 4.0 · 1600×669", byline: "By Aitzol Berasategi", aspectRatio: 2.3916),
        // creek.jpg (still: creek.jpg)
        ExpandCarouselItem(id: 13, image: "creek", still: "creek", title: "Creek",
            meta: "2018 · CC BY 4.0 · 1600×1065", byline: "By Aitzol Berasategi", aspectRatio: 1.5023),
        // dogs.jpg (still: dogs.jpg)
        ExpandCarouselItem(id: 14, image: "dogs", still: "dogs", title: "Dogs",
            meta: "2018 · CC BY 4.0 · 1065×1600", byline: "By Aitzol Berasategi", aspectRatio: 0.6656),
        // mountain-trail.jpg (still: mountain-trail.jpg)
        ExpandCarouselItem(id: 15, image: "mountain-trail", still: "mountain-trail", title: "Mountain Trail",
            meta: "2018 · CC BY 4.0 · 1067×1600", byline: "By Aitzol Berasategi", aspectRatio: 0.6669),
        // sunset.jpg (still: sunset.jpg)
        ExpandCarouselItem(id: 16, image: "sunset", still: "sunset", title: "Sunset",
            meta: "2018 · CC BY 4.0 · 1600×1067", byline: "By Aitzol Berasategi", aspectRatio: 1.4995),
        // fig.jpg (still: fig.jpg)
        ExpandCarouselItem(id: 17, image: "fig", still: "fig", title: "Fig",
            meta: "2018 · CC BY 4.0 · 1600×1082", byline: "By Trevor \"Freespace\"", aspectRatio: 1.4787),
        // paintbrushes.jpg (still: paintbrushes.jpg)
        ExpandCarouselItem(id: 18, image: "paintbrushes", still: "paintbrushes", title: "Paintbrushes",
            meta: "2018 · CC BY 4.0 · 1365×1074", byline: "By Trevor \"Freespace\"", aspectRatio: 1.2709),
        // wine.jpg (still: wine.jpg)
        ExpandCarouselItem(id: 19, image: "wine", still: "wine", title: "Wine",
            meta: "2018 · CC BY 4.0 · 1068×1600", byline: "By Jakub Mede", aspectRatio: 0.6675),
        // dandelions.jpg (still: dandelions.jpg)
        ExpandCarouselItem(id: 20, image: "dandelions", still: "dandelions", title: "Dandelions",
            meta: "2018 · CC0 1.0 · 1600×900", byline: "By Clemens Engelhardt", aspectRatio: 1.7778),
    ]
}

/// Google's desktop movie carousel: a horizontal row of posters. Hovering an item (or tapping it) widens it, its
/// poster grows from its anchor while it fades into a still with the details, and an item partly out of view
/// scrolls into view shortly after. A tap (or Return) pins the expansion; Left / Right move it.
struct ExpandCarousel: View {
    private typealias Tuning = ExpandCarouselTuning
    var items: [ExpandCarouselItem] = ExpandCarouselItem.deck

    @State private var selectedItem: ExpandCarouselItem?
    /// The item a tap keeps expanded while the pointer moves on.
    @State private var pinnedItem: ExpandCarouselItem?
    @State private var hoveredItem: ExpandCarouselItem?
    @State private var isPointerOver = false
    @State private var pendingHover: Task<Void, Never>?

    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text("Sample photographs")
                .font(.title2.bold())
                .padding(.horizontal, Tuning.padding)
            ScrollViewReader { proxy in
                ScrollView(.horizontal) {
                    HStack(spacing: Tuning.spacing) {
                        ForEach(items) { item in
                            ExpandCarouselItemView(item: item, selectedItem: $selectedItem)
                                .frame(width: selectedItem?.id == item.id ? Tuning.expandedWidth : Tuning.itemWidth,
                                       height: Tuning.itemHeight, alignment: .topLeading)
                                .contentShape(Rectangle())
                                .id(item.id)
                                .onHover { hovering in hover(item, hovering, proxy) }
                                .onTapGesture { togglePin(item, proxy) }
                        }
                    }
                    .padding(.horizontal, Tuning.padding)
                    .scrollTargetLayout()
                }
                .snapsToItems(Tuning.snapping)
                .frame(height: Tuning.itemHeight)
                .scrollIndicators(.hidden)
                .onHover { isPointerOver = $0 }
                .focusable()
                .onKeyPress(.leftArrow) { move(by: -1, proxy); return .handled }
                .onKeyPress(.rightArrow) { move(by: 1, proxy); return .handled }
                .onKeyPress(.return) {
                    if let selectedItem { pinnedItem = pinnedItem == selectedItem ? nil : selectedItem }
                    return .handled
                }
                .onKeyPress(.escape) { unpin(proxy); return .handled }
                .modifier(ExpandCarouselAutoAdvance(isEnabled: Tuning.autoAdvance, interval: Tuning.autoAdvanceInterval,
                                                  isPaused: isPointerOver, showsProgress: Tuning.autoAdvanceProgress) {
                    advance(proxy)
                })
            }
        }
    }

    /// Expands `item` (nil collapses), then scrolls it into view after the delay: the article found starting both
    /// together jerky.
    private func select(_ item: ExpandCarouselItem?, _ proxy: ScrollViewProxy) {
        guard item != selectedItem else { return }
        withAnimation(Tuning.expandCurve) {
            selectedItem = item
        }
        guard let id = item?.id else { return }
        DispatchQueue.main.asyncAfter(deadline: .now() + Tuning.scrollDelay) {
            withAnimation(Tuning.scrollCurve) {
                proxy.scrollTo(id, anchor: Tuning.scrollAnchor)
            }
        }
    }

    /// The pointer entered or left `item`: expand what it rests on (after the hover delay) unless one is pinned.
    private func hover(_ item: ExpandCarouselItem, _ hovering: Bool, _ proxy: ScrollViewProxy) {
        if hovering {
            hoveredItem = item
        } else if hoveredItem == item {
            hoveredItem = nil
        }
        pendingHover?.cancel()
        guard pinnedItem == nil else { return }
        let target = hoveredItem
        guard target != nil, Tuning.hoverDelay > 0 else { return select(target, proxy) }
        pendingHover = Task { @MainActor in
            try? await Task.sleep(for: .seconds(Tuning.hoverDelay))
            if !Task.isCancelled { select(target, proxy) }
        }
    }

    /// A tap pins `item` open, or unpins it when it was pinned.
    private func togglePin(_ item: ExpandCarouselItem, _ proxy: ScrollViewProxy) {
        if pinnedItem == item {
            unpin(proxy)
        } else {
            pinnedItem = item
            select(item, proxy)
        }
    }

    private func unpin(_ proxy: ScrollViewProxy) {
        pinnedItem = nil
        select(hoveredItem, proxy)
    }

    /// Moves the expansion `step` items (Left / Right).
    private func move(by step: Int, _ proxy: ScrollViewProxy) {
        guard !items.isEmpty else { return }
        let current = selectedItem.flatMap { items.firstIndex(of: $0) } ?? (step > 0 ? -1 : items.count)
        let next = items[min(max(current + step, 0), items.count - 1)]
        if pinnedItem != nil { pinnedItem = next }
        select(next, proxy)
    }

    /// Auto-advance: expands the next item, after the last the first.
    private func advance(_ proxy: ScrollViewProxy) {
        guard !items.isEmpty else { return }
        let current = selectedItem.flatMap { items.firstIndex(of: $0) } ?? -1
        let next = items[(current + 1) % items.count]
        if pinnedItem != nil { pinnedItem = next }
        select(next, proxy)
    }
}

/// One item, after the article: a `ZStack` of the poster (growing from its anchor while it fades out) and the still
/// (fading in, with the details over its leading side), clipped to a rounded rectangle, and the title beneath.
struct ExpandCarouselItemView: View {
    private typealias Tuning = ExpandCarouselTuning
    let item: ExpandCarouselItem
    @Binding var selectedItem: ExpandCarouselItem?
    @Namespace private var namespace

    private var expanded: Bool { item.id == selectedItem?.id }
    private var width: CGFloat { expanded ? Tuning.expandedWidth : Tuning.itemWidth }

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            ZStack(alignment: .topLeading) {
                Image(item.image)
                    .resizable()
                    .scaledToFill()
                    .scaleEffect(expanded ? Tuning.posterScale : 1, anchor: Tuning.posterAnchor)
                    .frame(width: width, height: Tuning.imageHeight)
                    .matchedGeometryEffect(id: "image", in: namespace, anchor: .topLeading, isSource: true)
                    .opacity(expanded ? 0 : 1)

                Image(item.still)
                    .resizable()
                    .scaledToFill()
                    .frame(width: width, height: Tuning.imageHeight)
                    .matchedGeometryEffect(id: "image", in: namespace, anchor: .topLeading, isSource: false)
                    .opacity(expanded ? 1 : 0)
                    .overlay(alignment: .leading) {
                        if expanded {
                            details
                        }
                    }
            }
            .frame(width: width, height: Tuning.imageHeight, alignment: .topLeading)
            .background(Color(white: 0.19))
            .clipShape(RoundedRectangle(cornerRadius: Tuning.cornerRadius))

            Text(item.title)
                .font(.footnote)
                .lineLimit(1)
                .padding(.horizontal, 2)
        }
    }

    /// Title, year and licence, author: over the leading part of the still, fading into it.
    private var details: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(item.title).font(.headline)
            if !item.meta.isEmpty { Text(item.meta).font(.caption) }
            if !item.byline.isEmpty { Text(item.byline).font(.caption) }
        }
        .foregroundStyle(.white)
        .lineLimit(1)
        .padding(10)
        .frame(width: Tuning.expandedWidth * 0.62, height: Tuning.imageHeight, alignment: .bottomLeading)
        .background(
            LinearGradient(stops: [.init(color: .black.opacity(0.5), location: 0.75), .init(color: .clear, location: 1)],
                           startPoint: .leading, endPoint: .trailing)
        )
        .transition(.opacity)
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
    ExpandCarousel()
        .padding(.vertical)
        .preferredColorScheme(.dark)
}