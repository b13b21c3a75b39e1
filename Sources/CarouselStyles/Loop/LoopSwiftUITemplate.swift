/// The loop style as a SwiftUI file, after its article (seed 002): the deck taped into a strip of copies that an
/// offset slides; selecting a card first re-centres the strip without animation, then animates the rest.
enum LoopSwiftUITemplate {
    static let source = #"""
    {{> swiftPrelude}}

    /// The Loopy infinite carousel: the deck repeated into one strip of copies. Selecting a card re-centres the strip
    /// on the same picture in the middle copy without animation (nothing changes on screen), then animates the
    /// remaining distance, so the strip never runs out. Tap a card, or use Left / Right.
    {{> swiftViewHead}}

        /// The strip position: the card centred in the view.
        @State private var current: Int

        init(items: [Item] = Item.deck) {
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
                        Card(item: items[i % items.count], isSelected: current == i)
                            .onTapGesture { onSelect(i) }
                    }
                }
                .fixedSize()
                .offset(x: offset)
            }
            .frame(maxWidth: .infinity)
            .clipped()
            .contentShape(Rectangle())
            .modifier(Controls(label: {{deckNameSwift}}, items: items, current: items.isEmpty ? nil : current % items.count,
                               step: { step($0) }, advance: { advance() }))
        }

        /// The arrow keys: the card `by` slots away. Auto-advance: the next card.
        private func step(_ by: Int) { onSelect(current + by) }
        private func advance() { step(1) }

        /// The article's selection: a card in the last copies jumps back (a card in the first copies forward) onto the
        /// same picture in the middle copy, outside any animation, then slides the rest of the way (with Reduce Motion
        /// it snaps there at once).
        private func onSelect(_ index: Int) {
            guard !items.isEmpty else { return }
            let count = items.count
            let middle = count * (Tuning.copies / 2)
            let item = (index % count + count) % count
            let jump = abs(current - index)
            if index >= middle + count {
                current = middle + item - jump
                withAnimation(motion(Tuning.selectionCurve)) { current += jump }
            } else if index < middle {
                current = middle + item + jump
                withAnimation(motion(Tuning.selectionCurve)) { current -= jump }
            } else {
                withAnimation(motion(Tuning.selectionCurve)) { current = index }
            }
        }
    }

    extension {{typeName}} {
        /// One card: the image, wider (and taller in proportion) when selected, with its title beneath.
        struct Card: View {
            let item: Item
            let isSelected: Bool

            var body: some View {
                let width = isSelected ? Tuning.selectedWidth : Tuning.cardWidth
                VStack(spacing: 6) {
                    item.posterImage
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
                .accessibilityElement(children: .ignore)
                .accessibilityLabel(Text(item.title))
            }
        }
    }

    {{> swiftControls}}

    #Preview {
        {{typeName}}()
            .frame(height: 260)
    }
    {{> swiftImages}}
    """#
}
