/// The expand style as a SwiftUI file, after its article (seed 000): a `ScrollViewReader` around a horizontal
/// `ScrollView` and `HStack`; hover or tap expands an item, the poster grows from its anchor while it fades into the
/// still, and the item scrolls into view after the delay: a hovered one by the least scroll (`scrollTo` with no
/// anchor, which leaves it under the pointer), a tapped one to the scroll anchor, as the article's tap does. Hover
/// follows the pointer's own moves (`onContinuousHover` in the visible row's coordinates): the row moving under a
/// still pointer expands nothing. Unlike the app, the least scroll puts the item flush with the row's edge.
enum ExpandSwiftUITemplate {
    static let source = #"""
    {{> swiftPrelude}}

    /// Google's desktop movie carousel: a horizontal row of posters. Hovering an item (or tapping it) widens it, its
    /// poster grows from its anchor while it fades into a still with the details, and an item partly out of view
    /// smoothly expands into view shortly after, staying under the pointer. A tap (or Return) pins the expansion and
    /// scrolls the item to the scroll anchor; Left / Right move it.
    {{> swiftViewHead}}

        @State private var selectedItem: Item?
        /// The item a tap keeps expanded while the pointer moves on.
        @State private var pinnedItem: Item?
        @State private var hoveredItem: Item?
        /// Where the pointer is in the visible row, and where it was when the hovered item was last decided: the row
        /// moving under a still pointer changes neither, so it decides nothing.
        @State private var pointer: CGPoint?
        @State private var hoverDecidedAt: CGPoint?
        @State private var pendingHover: Task<Void, Never>?
        @State private var pendingScroll: Task<Void, Never>?

        var body: some View {
            VStack(alignment: .leading, spacing: 16) {
                Text({{deckNameSwift}})
                    .font(.title2.bold())
                    .padding(.horizontal, Tuning.padding)
                    .accessibilityAddTraits(.isHeader)
                ScrollViewReader { proxy in
                    ScrollView(.horizontal) {
                        HStack(spacing: Tuning.spacing) {
                            ForEach(items) { item in
                                ItemView(item: item, selectedItem: $selectedItem)
                                    .frame(width: selectedItem?.id == item.id ? Tuning.expandedWidth : Tuning.itemWidth,
                                           height: Tuning.itemHeight, alignment: .topLeading)
                                    .contentShape(Rectangle())
                                    .id(item.id)
                                    .onContinuousHover(coordinateSpace: .named(Self.visibleRow)) { phase in
                                        pointerMoved(phase, over: item, proxy)
                                    }
                                    .onTapGesture { togglePin(item, proxy) }
                            }
                        }
                        .padding(.horizontal, Tuning.padding)
                        .scrollTargetLayout()
                    }
                    .snapsToItems(Tuning.snapping)
                    .coordinateSpace(.named(Self.visibleRow))
                    .onContinuousHover(coordinateSpace: .named(Self.visibleRow)) { phase in
                        switch phase {
                        case .active(let location): pointer = location
                        case .ended: pointer = nil; hover(nil, at: nil, proxy)
                        }
                    }
                    .frame(height: Tuning.itemHeight)
                    .scrollIndicators(.hidden)
                    .modifier(Controls(label: {{deckNameSwift}}, items: items,
                                       current: selectedItem.flatMap { items.firstIndex(of: $0) },
                                       step: { move(by: $0, proxy) }, activate: { pinSelected() }, advance: { advance(proxy) }))
                    .onKeyPress(.escape) { unpin(proxy); return .handled }
                }
            }
        }

        /// The coordinate space of the row's visible part: scrolling does not move a point in it.
        private static let visibleRow = "visibleRow"

        /// Expands `item` (nil collapses), then scrolls it into view after the delay: the article found starting both
        /// together jerky. `anchor` nil is the least scroll that shows it whole (none when it shows), which keeps a
        /// hovered item under the pointer. With Reduce Motion the item still widens, but comes into view at once,
        /// without the glide.
        private func select(_ item: Item?, anchor: UnitPoint? = Tuning.scrollAnchor, _ proxy: ScrollViewProxy) {
            guard item != selectedItem else {
                // A tap on the expanded item pins it and, as the article's tap does, scrolls it to the anchor.
                if let id = item?.id, anchor != nil { scroll(to: id, anchor: anchor, proxy) }
                return
            }
            withAnimation(Tuning.expandCurve) {
                selectedItem = item
            }
            pendingScroll?.cancel()
            guard let id = item?.id else { return }
            scroll(to: id, anchor: anchor, proxy)
        }

        private func scroll(to id: Int, anchor: UnitPoint?, _ proxy: ScrollViewProxy) {
            pendingScroll?.cancel()
            if reduceMotion {
                proxy.scrollTo(id, anchor: anchor)
                return
            }
            pendingScroll = Task { @MainActor in
                try? await Task.sleep(for: .seconds(Tuning.scrollDelay))
                guard !Task.isCancelled else { return }
                withAnimation(Tuning.scrollCurve) {
                    proxy.scrollTo(id, anchor: anchor)
                }
            }
        }

        /// The pointer over `item`, in the visible row's coordinates. Only the pointer's own move hovers an item: an
        /// item that the row's scrolling carries under a still pointer reports the same point, and one that it
        /// carries away keeps the expansion until the pointer moves.
        private func pointerMoved(_ phase: HoverPhase, over item: Item, _ proxy: ScrollViewProxy) {
            switch phase {
            case .active(let location):
                guard location != hoverDecidedAt else { return }
                hover(item, at: location, proxy)
            case .ended:
                guard hoveredItem == item else { return }
                // Once this move's other hover events are in: the pointer moved off the item (into a gap) when the row
                // saw it move and no other item took it.
                Task { @MainActor in
                    await Task.yield()
                    if hoveredItem == item, pointer != hoverDecidedAt { hover(nil, at: pointer, proxy) }
                }
            }
        }

        /// The pointer, at `location`, rests on `item` (nil: on none): expand it (after the hover delay) unless one
        /// is pinned.
        private func hover(_ item: Item?, at location: CGPoint?, _ proxy: ScrollViewProxy) {
            hoverDecidedAt = location
            guard item != hoveredItem else { return }
            hoveredItem = item
            pendingHover?.cancel()
            guard pinnedItem == nil else { return }
            guard item != nil, Tuning.hoverDelay > 0 else { return select(item, anchor: nil, proxy) }
            pendingHover = Task { @MainActor in
                try? await Task.sleep(for: .seconds(Tuning.hoverDelay))
                if !Task.isCancelled { select(item, anchor: nil, proxy) }
            }
        }

        /// A tap pins `item` open, or unpins it when it was pinned.
        private func togglePin(_ item: Item, _ proxy: ScrollViewProxy) {
            if pinnedItem == item {
                unpin(proxy)
            } else {
                pinnedItem = item
                select(item, proxy)
            }
        }

        /// Return, Space or VoiceOver's activate: pins the expanded item, or unpins it.
        private func pinSelected() {
            guard let selectedItem else { return }
            pinnedItem = pinnedItem == selectedItem ? nil : selectedItem
        }

        private func unpin(_ proxy: ScrollViewProxy) {
            pinnedItem = nil
            select(hoveredItem, anchor: nil, proxy)
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

    extension {{typeName}} {
        /// One item, after the article: a `ZStack` of the poster (growing from its anchor while it fades out) and the
        /// still (fading in, with the details over its leading side), clipped to a rounded rectangle, and the title
        /// beneath.
        struct ItemView: View {
            let item: Item
            @Binding var selectedItem: Item?
            @Namespace private var namespace

            private var expanded: Bool { item.id == selectedItem?.id }
            private var width: CGFloat { expanded ? Tuning.expandedWidth : Tuning.itemWidth }

            var body: some View {
                VStack(alignment: .leading, spacing: 8) {
                    ZStack(alignment: .topLeading) {
                        item.posterImage
                            .resizable()
                            .scaledToFill()
                            .scaleEffect(expanded ? Tuning.posterScale : 1, anchor: Tuning.posterAnchor)
                            .frame(width: width, height: Tuning.imageHeight)
                            .matchedGeometryEffect(id: "image", in: namespace, anchor: .topLeading, isSource: true)
                            .opacity(expanded ? 0 : 1)

                        item.stillImage
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
                .accessibilityElement(children: .ignore)
                .accessibilityLabel(Text(item.title))
            }

            /// The title and the detail lines (year and licence, author, source): over the leading part of the still,
            /// fading into it.
            private var details: some View {
                VStack(alignment: .leading, spacing: 4) {
                    Text(item.title).font(.headline)
                    ForEach(item.details, id: \.self) { line in
                        Text(line).font(.caption)
                    }
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
    }

    {{> swiftControls}}

    {{> swiftSnapping}}

    #Preview {
        {{typeName}}()
            .padding(.vertical)
            .preferredColorScheme(.dark)
    }
    {{> swiftImages}}
    """#
}
