/// The loop style as a web page. A card's size depends on its distance from the strip position, which CSS cannot
/// animate as one value, so the strip position is an animated value on the page's clock (the selection curve,
/// a spring by default) and each display frame places the cards from it. Geometry and selection as `LoopStyle`.
enum LoopWebTemplate {
    static let source = #"""
    {{> pageHead}}
    .card {
      position: absolute;
      cursor: pointer;
    }
    .slides {
      position: absolute;
      inset: 0;
    }
    .card img {
      width: 100%;
      height: 100%;
      object-fit: cover;
    }
    .caption {
      position: absolute;
      left: 0;
      right: 0;
      height: 16px;
      font-size: 12px;
      line-height: 16px;
      text-align: center;
      white-space: nowrap;
      overflow: hidden;
    }
    </style>
    </head>
    <body>
    {{> carouselStart}}
      <div class="slides"></div>
    {{> carouselEnd}}
    {{> scriptStart}}

    // ---- The loop carousel -----------------------------------------------------------------------------------------

    const slidesElement = $(".slides");
    const count = DECK.length;
    const copies = Math.max(3, Math.round(T.copies));
    /** The distance between neighbouring slots: the article's `cardWidth = Card.normalWidth + spacing`. */
    const pitch = T.cardWidth + T.spacing;
    const extraWidth = T.selectedWidth - T.cardWidth;
    const captionBlock = T.caption ? 6 + 16 : 0;
    const selection = { curve: T.selectionCurve, duration: T.selectionDuration };
    const middleStart = count * Math.floor(copies / 2);
    const wrap = v => ((v % count) + count) % count;

    // The strip position `current` (the slot centred in the window) is `base + motion`: re-centring moves only the
    // whole number `base`, so a slide in flight is untouched and the frame after a jump equals the frame before it.
    let base = middleStart;
    /** The carousel pattern (set once auto-advance exists; render runs before). */
    let a11y = null;
    let motion = new AnimatedValue(0);

    const selectedSlot = () => base + Math.round(motion.model);

    /** The article's rule: a slot after the middle copy jumps back by whole copies, one before it forward. */
    function plan(current, slot) {
      const jump = Math.abs(current - slot), item = wrap(slot);
      if (slot >= middleStart + count) return { jumpTo: middleStart + item - jump, target: middleStart + item };
      if (slot < middleStart) return { jumpTo: middleStart + item + jump, target: middleStart + item };
      return { jumpTo: current, target: slot };
    }

    /** Selects strip slot `slot`: the one path for clicks, keys, wheel bursts and auto-advance. */
    function select(slot) {
      if (!count) return;
      const t = clock.now();
      if (!motion.isAnimating(t)) {
        base += Math.round(motion.model);
        motion = new AnimatedValue(0);
      }
      const current = selectedSlot();
      const { jumpTo, target } = plan(current, slot);
      base += jumpTo - current;
      // Many quick selections skip whole copies of identical cards instead of trailing further and further behind.
      const lag = target - base - motion.value(t), limit = count * Math.floor((copies - 1) / 2);
      if (Math.abs(lag) > limit + 1e-6) base += Math.sign(lag) * Math.ceil((Math.abs(lag) - limit) / count) * count;
      // Under reduced motion the strip snaps to the card at once.
      motion.set(target - base, unlessReduced(selection), t);
      requestFrame();
    }

    // ---- Layout: the cards that reach into the window, placed from the strip position on screen ---------------------

    const cards = new Map();
    const rowCentreY = () => innerHeight / 2 - captionBlock / 2;

    function cardElement(slot) {
      let card = cards.get(slot);
      if (card) return card;
      const item = DECK[wrap(slot)];
      card = document.createElement("div");
      card.className = "card";
      card.dataset.slot = slot;
      card.innerHTML = `<img alt=""><div class="caption"></div>`;
      card.querySelector("img").src = item.src;
      card.querySelector("img").alt = item.title;
      card.querySelector(".caption").textContent = item.title;
      card.querySelector(".caption").hidden = !T.caption;
      card.querySelector("img").style.borderRadius = `${T.cornerRadius}px`;
      slidesElement.appendChild(card);
      cards.set(slot, card);
      return card;
    }

    function render() {
      const relative = motion.value(clock.now());
      const reach = (innerWidth / 2 + Math.max(T.selectedWidth, T.cardWidth) / 2 + Math.abs(extraWidth) / 2) / pitch + 1;
      const shown = new Set();
      for (let r = Math.ceil(relative - reach); r <= Math.floor(relative + reach); r++) {
        const d = r - relative;
        const weight = Math.max(0, 1 - Math.abs(d));
        const width = T.cardWidth + extraWidth * weight, height = T.cardHeight * width / T.cardWidth;
        // The card's centre follows the article's offset, pushed out by half the selected card's extra width.
        const x = innerWidth / 2 + pitch * d + extraWidth / 2 * Math.min(Math.max(d, -1), 1) - width / 2;
        if (x + width <= 0 || x >= innerWidth) continue;
        const card = cardElement(base + r);
        shown.add(base + r);
        Object.assign(card.style, { left: `${x}px`, top: `${rowCentreY() - height / 2}px`, width: `${width}px`, height: `${height}px` });
        const caption = card.querySelector(".caption");
        caption.style.top = `${height + 6}px`;
        caption.style.opacity = 0.6 + 0.4 * weight;
      }
      for (const [slot, card] of cards) if (!shown.has(slot)) { card.remove(); cards.delete(slot); }
      a11y?.update();
    }

    const requestFrame = frameLoop(render, () => motion.isAnimating(clock.now()));

    // ---- Input ------------------------------------------------------------------------------------------------------

    carouselElement.addEventListener("click", event => {
      const card = event.target.closest(".card");
      if (card) select(Number(card.dataset.slot));
    });

    document.addEventListener("keydown", event => {
      if (event.ctrlKey || event.altKey || event.metaKey || event.shiftKey || fromControl(event)) return;
      if (event.key === "ArrowLeft") select(selectedSlot() - 1);
      else if (event.key === "ArrowRight") select(selectedSlot() + 1);
      else return;
      event.preventDefault();
    });

    onWheelSteps(carouselElement, step => select(selectedSlot() + step));

    // ---- Auto-advance: the next card; waits while the pointer is over the row ---------------------------------------

    const autoAdvance = new AutoAdvance({
      enabled: T.autoAdvance && count >= 2,
      interval: T.autoAdvanceInterval,
      showsProgress: T.autoAdvanceProgress,
      advance: () => select(selectedSlot() + 1),
    });
    carouselElement.addEventListener("pointermove", event => {
      const height = Math.max(T.cardHeight * T.selectedWidth / T.cardWidth, T.cardHeight);
      const top = rowCentreY() - height / 2;
      autoAdvance.setPaused("pointer", event.clientY >= top && event.clientY <= top + height + captionBlock);
    });
    carouselElement.addEventListener("pointerleave", () => autoAdvance.setPaused("pointer", false));

    // The slides are the cards on screen (copies of a picture say the same "N of M"); the current one is the centred.
    a11y = new CarouselAccessibility({
      container: slidesElement,
      slides: () => [...cards.entries()].map(([slot, element]) => ({ element, index: wrap(slot) })),
      current: () => cards.get(selectedSlot()) ?? null,
      autoAdvance,
    });

    addEventListener("resize", render);
    render();

    /** For scripts and tests: the cards on screen, left to right, and the state. */
    const carousel = {
      items: () => [...cards.entries()].sort((a, b) => a[0] - b[0])
        .map(([slot, card]) => ({ index: wrap(slot), element: card.querySelector("img") })),
      state: () => ({ current: wrap(selectedSlot()), slot: selectedSlot(), position: base + motion.value(clock.now()) }),
      render,
      a11y,
    };

    {{> jsTestMode}}
    </script>
    </body>
    </html>
    """#
}
