/// The expand style as a web page: the row is a flex box whose items widen with a CSS transition on the tuned
/// curve; the poster, still and details fade with the same timing; the row scrolls (wheel bursts, the delayed
/// scroll into view) by a transform with its own transition. Geometry, hover and scrolling as `ExpandStyle` does
/// them: hover reads where the items come to rest and brings an item into view by the least scroll, a click scrolls
/// it to the anchor.
enum ExpandWebTemplate {
    static let source = #"""
    {{> pageHead}}
    .heading {
      position: absolute;
      margin: 0;
      font-size: 20px;
      font-weight: bold;
      line-height: 28px;
      white-space: nowrap;
      overflow: hidden;
    }
    .row {
      position: absolute;
      left: 0;
      display: flex;
      align-items: flex-start;
    }
    .item {
      flex: none;
      cursor: pointer;
    }
    .image {
      position: relative;
      overflow: hidden;
      background: #303134;
    }
    .poster, .still {
      position: absolute;
      left: 0;
      top: 0;
      height: 100%;
      object-fit: cover;
    }
    .still {
      width: 100%;
      opacity: 0;
    }
    .details {
      position: absolute;
      left: 0;
      top: 0;
      bottom: 0;
      background: rgba(0, 0, 0, 0.5);
      color: #fff;
      font-size: 11px;
      white-space: nowrap;
      opacity: 0;
    }
    /* Each line placed as the app places it (ExpandItemView): from the bottom up, 1.45 font sizes apart. */
    .details > * {
      position: absolute;
      left: 10px;
      display: block;
    }
    /* The panel's trailing edge fades into the still. */
    .details::after {
      content: "";
      position: absolute;
      left: 100%;
      top: 0;
      bottom: 0;
      width: var(--fade-width);
      background: linear-gradient(to right, rgba(0, 0, 0, 0.5), transparent);
    }
    .details strong {
      font-size: 15px;
    }
    .details span, .details strong, .title {
      overflow: hidden;
      text-overflow: ellipsis;
    }
    .item:focus-visible {
      outline-offset: 3px;
      border-radius: 4px;
    }
    .title {
      margin: 8px 2px 0;
      font-size: 13px;
      line-height: 18px;
      white-space: nowrap;
    }
    .expanded .poster {
      opacity: 0;
    }
    .expanded .still, .expanded .details {
      opacity: 1;
    }
    /* Transitions only once the page is laid out, so nothing animates on load. */
    .animated .item {
      transition: var(--expand-transition-width);
    }
    .animated .poster {
      transition: var(--expand-transition-transform), var(--expand-transition-opacity);
    }
    .animated .still, .animated .details {
      transition: var(--expand-transition-opacity);
    }
    </style>
    </head>
    <body>
    {{> carouselStart}}
      <h1 class="heading">{{deckNameHTML}}</h1>
      <div class="row">
    {{#items}}
        <div class="item" data-index="{{index}}">
          <div class="image">
            <img class="poster" src="{{src}}" alt="{{titleHTML}}">
            <img class="still" src="{{stillSrc}}" alt="">
            <div class="details"><strong>{{titleHTML}}</strong>{{#detailLines}}<span>{{html}}</span>{{/detailLines}}</div>
          </div>
          <div class="title">{{titleHTML}}</div>
        </div>
    {{/items}}
      </div>
    {{> carouselEnd}}
    {{> scriptStart}}

    // ---- The expand carousel ---------------------------------------------------------------------------------------

    const heading = $(".heading"), row = $(".row");
    const items = [...row.querySelectorAll(".item")];
    const expandedWidth = Math.max(T.expandedWidth, T.itemWidth);
    const imageHeight = Math.min(T.imageHeight, T.itemHeight);
    /** One collapsed item plus its gap. */
    const unit = T.itemWidth + T.spacing;
    const posterOrigins = { topLeading: "0 0", top: "50% 0", center: "50% 50%", leading: "0 50%" };

    let expanded = null, pinned = null, hovered = null, pointer = null, cancelHoverTimer = null;

    const scroller = new Scroller({
      move(target, animation) {
        const distance = Math.abs(target - this.presentation());
        row.style.transition = animation
          ? transition("transform", cssTiming(animation.curve, animation.duration, distance), animation.delay ?? 0)
          : "none";
        row.style.transform = `translateX(${-target}px)`;
      },
      presentation: () => -new DOMMatrixReadOnly(getComputedStyle(row).transform).m41,
      snapAnimation: { curve: T.scrollCurve, duration: T.scrollDuration },
      tickDistance: unit,
    });
    scroller.snapping = T.snapping;

    /** The top of the row: the row and its heading are centred vertically. */
    const rowTop = () => Math.max((innerHeight - T.itemHeight) / 2 + 16, 48);

    /** The content's width with item `i` (or none) expanded. */
    const contentWidth = i => 2 * T.padding + items.length * unit - T.spacing + (i === null ? 0 : expandedWidth - T.itemWidth);

    /** Sizes, positions and transitions from the tuned values and the window's size. */
    function layout() {
      const top = rowTop();
      Object.assign(heading.style, { left: `${T.padding}px`, top: `${top - 44}px`, width: `${Math.max(innerWidth - 2 * T.padding, 0)}px` });
      Object.assign(row.style, { top: `${top}px`, gap: `${T.spacing}px`, padding: `0 ${T.padding}px` });
      const expand = cssTiming(T.expandCurve, T.expandDuration, expandedWidth - T.itemWidth);
      const style = carouselElement.style;
      style.setProperty("--expand-transition-width", transition("width", expand));
      style.setProperty("--expand-transition-transform", transition("transform", expand));
      style.setProperty("--expand-transition-opacity", transition("opacity", expand));
      style.setProperty("--fade-width", `${expandedWidth * 0.38}px`);
      for (const item of items) {
        const isExpanded = item.classList.contains("expanded");
        item.style.width = `${isExpanded ? expandedWidth : T.itemWidth}px`;
        item.style.height = `${T.itemHeight}px`;
        const image = item.querySelector(".image");
        Object.assign(image.style, { height: `${imageHeight}px`, borderRadius: `${T.cornerRadius}px` });
        const poster = item.querySelector(".poster");
        Object.assign(poster.style, { width: `${T.itemWidth}px`, transformOrigin: posterOrigins[T.posterAnchor] ?? "0 0",
                                      transform: `scale(${isExpanded ? T.posterScale : 1})` });
        item.querySelector(".details").style.width = `${expandedWidth * 0.62}px`;
        layoutDetails(item);
      }
      updateScrollRange();
    }

    /**
     * The detail lines as the app places them: the first at `imageHeight - 16 - 17 * lines` (at least 8), each line
     * box 1.3 font sizes tall and 1.45 font sizes below the one before, shortened with an ellipsis to the panel.
     */
    function layoutDetails(item) {
      const lines = [...item.querySelector(".details").children];
      let y = Math.max(imageHeight - 16 - lines.length * 17, 8);
      for (const line of lines) {
        const size = line.tagName === "STRONG" ? 15 : 11;
        Object.assign(line.style, { top: `${y}px`, height: `${size * 1.3}px`, lineHeight: `${size * 1.3}px`,
                                    maxWidth: `${expandedWidth * 0.78 - 16}px` });
        y += size * 1.45;
      }
    }

    /** The scroll range and the snap targets (item leading edges) for the expansion that is the target. */
    function updateScrollRange() {
      scroller.maxOffset = Math.max(contentWidth(expanded) - innerWidth, 0);
      const extra = expandedWidth - T.itemWidth;
      scroller.snapTargets = items.map((_, i) => i * unit + (expanded !== null && expanded < i ? extra : 0));
      if (scroller.offset > scroller.maxOffset) scroller.jump(scroller.maxOffset);
    }

    /**
     * Expands item `i` (collapsing the one expanded before) and brings it into view as `reveal` says (see
     * `scrollIntoView`), or collapses everything with null.
     */
    function setExpanded(i, reveal = { anchor: "ifOutside" }) {
      if (i === expanded) {
        if (i !== null && reveal.anchor === "always") scrollIntoView(i, reveal);
        return;
      }
      if (expanded !== null) {
        items[expanded].classList.remove("expanded");
        items[expanded].style.width = `${T.itemWidth}px`;
        items[expanded].querySelector(".poster").style.transform = "scale(1)";
      }
      expanded = i;
      if (i !== null) {
        items[i].classList.add("expanded");
        items[i].style.width = `${expandedWidth}px`;
        items[i].querySelector(".poster").style.transform = `scale(${T.posterScale})`;
        scrollIntoView(i, reveal);
      }
      updateScrollRange();
      a11y.update();
    }

    /**
     * Scrolls item `i` into view, starting `scrollDelay` after the expansion; under reduced motion at once, without
     * the glide (the item still widens). `reveal.pointer` (hover): the least scroll that shows the item whole, none
     * when it shows, never one that takes it from under the pointer. `reveal.anchor` "always" (a click, the article's
     * tap) scrolls to the scroll anchor even when the item shows ("nearest" only when it does not); "ifOutside" (keys,
     * Enter, auto-advance) only when it is partly outside the row.
     */
    function scrollIntoView(i, reveal) {
      const x = T.padding + i * unit, w = expandedWidth, o = scroller.offset, width = innerWidth;
      const margin = Math.min(T.padding, 8);
      const outside = x < o + margin || x + w > o + width - margin;
      let target;
      if ("pointer" in reveal) {
        // Offsets that show the item whole lie between these two (an item wider than the row covers it there).
        const a = x + w - (width - margin), b = x - margin;
        target = Math.min(Math.max(o, Math.min(a, b)), Math.max(a, b));
        const p = reveal.pointer;
        if (p && x - o <= p.x && p.x <= x + w - o) target = Math.min(Math.max(target, x - p.x), x + w - p.x);
      } else {
        if (reveal.anchor === "ifOutside" && !outside) return;
        if (T.scrollAnchor === "leading") target = x - T.padding;
        else if (T.scrollAnchor === "nearest") {
          if (!outside) return;
          target = x < o + margin ? x - T.padding : x + w + T.padding - width;
        } else target = x + w / 2 - width / 2;
      }
      const maxOffset = Math.max(contentWidth(i) - width, 0);
      target = Math.min(Math.max(target, 0), maxOffset);
      if (Math.abs(target - o) < 1e-9) return;
      scroller.maxOffset = maxOffset;
      scroller.scrollTo(target, { curve: T.scrollCurve, duration: T.scrollDuration, delay: T.scrollDelay });
    }

    // ---- Hover: the hovered item changes only when the pointer moves, with a 6 px margin, and is read from where the
    // items come to rest (the target expansion at the target scroll offset), so the row's own motion never hands the
    // expansion to an item that only passes under the pointer. -------------------------------------------------------

    /** Item `i`'s frame in the page once every motion under way has ended. */
    function restingFrame(i) {
      const origin = carouselElement.getBoundingClientRect();
      const extra = expandedWidth - T.itemWidth;
      const left = origin.left + T.padding + i * unit + (expanded !== null && expanded < i ? extra : 0) - scroller.offset;
      const top = origin.top + rowTop();
      return { left, right: left + (expanded === i ? expandedWidth : T.itemWidth), top, bottom: top + T.itemHeight };
    }

    /** The item whose resting frame holds the point, or null. */
    function restingItem(x, y) {
      const index = items.findIndex((_, i) => {
        const r = restingFrame(i);
        return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
      });
      return index < 0 ? null : index;
    }

    function pointerMoved(x, y) {
      // A move that is no move (a browser's synthetic one after scrolling or layout) changes nothing.
      if (pointer && pointer.x === x && pointer.y === y) return;
      pointer = { x, y };
      if (hovered !== null) {
        const r = restingFrame(hovered);
        if (x >= r.left - 6 && x <= r.right + 6 && y >= r.top - 6 && y <= r.bottom + 6) return;
      }
      const next = restingItem(x, y);
      if (next === hovered) return;
      hovered = next;
      hoverChanged();
    }

    function hoverChanged() {
      cancelHoverTimer?.();
      cancelHoverTimer = null;
      if (pinned !== null) return;
      if (hovered === null) return setExpanded(null);
      const target = hovered;
      if (T.hoverDelay > 0) {
        cancelHoverTimer = clock.after(T.hoverDelay, () => { if (hovered === target && pinned === null) setExpanded(target, { pointer }); });
      } else {
        setExpanded(target, { pointer });
      }
    }

    carouselElement.addEventListener("pointermove", event => {
      if (event.pointerType === "touch") return;
      pointerMoved(event.clientX, event.clientY);
      autoAdvance.setPaused("pointer", isOverCarousel());
    });
    carouselElement.addEventListener("pointerleave", () => {
      pointer = null;
      autoAdvance.setPaused("pointer", false);
      if (hovered === null) return;
      hovered = null;
      hoverChanged();
    });

    /** A click pins an item open, or unpins it. */
    row.addEventListener("click", event => {
      const element = event.target.closest(".item");
      if (element) togglePin(Number(element.dataset.index));
    });

    function togglePin(i, reveal = { anchor: "always" }) {
      if (pinned === i) {
        pinned = null;
        setExpanded(hovered, { pointer });
      } else {
        pinned = i;
        setExpanded(i, reveal);
      }
    }

    carouselElement.addEventListener("wheel", event => {
      if (event.ctrlKey) return;
      event.preventDefault();
      scroller.wheel(wheelDelta(event), clock.now());
    }, { passive: false });

    /** The first item whose leading edge is inside the row. */
    function firstVisibleItem() {
      const extra = expandedWidth - T.itemWidth;
      const index = items.findIndex((_, i) => T.padding + i * unit + (expanded !== null && expanded < i ? extra : 0) >= scroller.offset);
      return index < 0 ? items.length - 1 : index;
    }

    function moveExpansion(step) {
      const base = expanded ?? (step > 0 ? firstVisibleItem() - 1 : firstVisibleItem() + 1);
      const next = Math.min(Math.max(base + step, 0), items.length - 1);
      if (pinned !== null) pinned = next;
      setExpanded(next);
    }

    document.addEventListener("keydown", event => {
      if (event.ctrlKey || event.altKey || event.metaKey || fromControl(event)) return;
      if (event.key === "ArrowLeft") moveExpansion(-1);
      else if (event.key === "ArrowRight") moveExpansion(1);
      else if (event.key === "Escape" && pinned !== null) { pinned = null; setExpanded(hovered, { pointer }); }
      else return;
      event.preventDefault();
    });

    /** Enter and Space (and a screen reader's activate): pin the expanded item, or unpin it; with none, expand and
     *  pin the current one. */
    function activate() {
      if (expanded === null) return togglePin(firstVisibleItem(), { anchor: "ifOutside" });
      pinned = pinned === expanded ? null : expanded;
    }

    // ---- Auto-advance: pauses while the pointer is over the row -----------------------------------------------------

    const isOverCarousel = () => pointer !== null && pointer.y >= rowTop() && pointer.y <= rowTop() + T.itemHeight;

    const autoAdvance = new AutoAdvance({
      enabled: T.autoAdvance && items.length >= 2,
      interval: T.autoAdvanceInterval,
      showsProgress: T.autoAdvanceProgress,
      advance() {
        const next = ((expanded ?? firstVisibleItem() - 1) + 1) % items.length;
        if (pinned !== null) pinned = next;
        setExpanded(next);
      },
    });

    const a11y = new CarouselAccessibility({
      container: row,
      slides: () => items.map((element, index) => ({ element, index })),
      current: () => items[expanded ?? firstVisibleItem()],
      autoAdvance,
      activate,
    });

    addEventListener("resize", layout);
    layout();
    scroller.jump(0);
    row.getBoundingClientRect();
    carouselElement.classList.add("animated");

    /** For scripts and tests: the image areas on screen, and the state. */
    const carousel = {
      items: () => items.map((item, index) => ({ index, element: item.querySelector(".image") })),
      state: () => ({ expanded, pinned, scrollOffset: scroller.presentation() }),
      a11y,
    };

    {{> jsTestMode}}
    </script>
    </body>
    </html>
    """#
}
