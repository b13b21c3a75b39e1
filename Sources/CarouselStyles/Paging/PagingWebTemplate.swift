/// The paging style as a web page: a strip of pages in one frame (`PagingFrame`'s: the window's width, below the
/// app's toolbar room and above the dots) moved by a CSS transform transition on the page
/// curve (a spring sampled into `linear()`); drags follow the pointer and settle with the settle curve, carrying the
/// fling's velocity; dots, keys, one page per wheel burst, and the auto-advance timer. Geometry as `PagingStyle`.
enum PagingWebTemplate {
    static let source = #"""
    {{> pageHead}}
    .strip {
      position: absolute;
      left: 0;
      top: 0;
      display: flex;
    }
    .page {
      flex: none;
      overflow: hidden;
      cursor: grab;
    }
    .page img {
      width: 100%;
      height: 100%;
    }
    .dots {
      position: absolute;
      display: flex;
      align-items: center;
      justify-content: center;
      background: rgba(0, 0, 0, 0.35);
      color: #fff;
      z-index: 1;
    }
    .dot {
      position: absolute;
      padding: 0;
      border: 0;
      border-radius: 50%;
      background: #fff;
      opacity: 0.4;
      transition: opacity 0.2s cubic-bezier(0, 0, 0.58, 1);
      cursor: pointer;
    }
    .dot.current {
      opacity: 1;
    }
    </style>
    </head>
    <body>
    {{> carouselStart}}
      <div class="strip">
    {{#items}}
        <div class="page ring-inside" data-index="{{index}}"><img src="{{src}}" alt="{{titleHTML}}"></div>
    {{/items}}
      </div>
      <div class="dots"></div>
    {{> carouselEnd}}
    {{> scriptStart}}

    // ---- The paging carousel ---------------------------------------------------------------------------------------

    const strip = $(".strip"), dotsBar = $(".dots");
    const realPages = [...strip.querySelectorAll(".page")];
    const count = realPages.length;
    const fits = { scaleDown: "scale-down", center: "none", fill: "cover", fit: "contain" };
    const backgrounds = { none: "transparent", black: "#000", white: "#fff", gray: "#303134" };
    const pageAnimation = { curve: T.pageCurve, duration: T.pageDuration };

    // With seamless wrapping the strip also holds a copy of the last page before the first and of the first after
    // the last; landing on a copy is followed by an invisible jump to the real page.
    const leadingCopies = T.wrap === "seamless" && count >= 2 ? 1 : 0;
    if (leadingCopies) {
      // The copies only stand in while the strip wraps: hidden from assistive technology and out of the tab order.
      for (const [copy, before] of [[realPages[count - 1].cloneNode(true), true], [realPages[0].cloneNode(true), false]]) {
        copy.setAttribute("aria-hidden", "true");
        if (before) strip.prepend(copy); else strip.append(copy);
      }
    }
    const slots = [...strip.querySelectorAll(".page")];
    let pitch = 1, cancelSettle = null;
    /** The carousel pattern (set once auto-advance exists; layout runs before). */
    let a11y = null;

    const scroller = new Scroller({
      move(target, animation, velocity = 0) {
        const timing = animation && cssTiming(animation.curve, animation.duration, Math.abs(target - this.presentation()), velocity);
        strip.style.transition = timing ? transition("transform", timing) : "none";
        strip.style.transform = `translateX(${-target}px)`;
        moved(timing ? timing.duration : 0);
      },
      presentation: () => -new DOMMatrixReadOnly(getComputedStyle(strip).transform).m41,
      snapAnimation: { curve: T.settleCurve, duration: T.pageDuration },
    });

    const deckIndex = slot => ((slot - leadingCopies) % count + count) % count;
    const targetSlot = () => Math.min(Math.max(Math.round(scroller.offset / pitch), 0), slots.length - 1);
    const isCopy = slot => leadingCopies > 0 && (slot === 0 || slot === count + 1);
    /** The page shown or being moved to. */
    const page = () => deckIndex(targetSlot());

    /** Every page's frame, as the app's (PagingFrame): the window's width, from 48 px below the top (the app's
     *  toolbar) to 8 px above the dots' pill, or 16 px above the bottom without dots. */
    function pageFrame() {
      const bottom = T.dots && count >= 2 ? T.dotsInset + 3 * T.dotSize + 8 : 16;
      return { top: 48, height: Math.max(innerHeight - 48 - bottom, 1) };
    }

    /** Pages in the page frame, the strip's snap targets, and the dots; keeps the page shown. */
    function layout() {
      const shown = scroller.presentation() / pitch;
      pitch = Math.max(innerWidth + T.pageSpacing, 1);
      strip.style.gap = `${T.pageSpacing}px`;
      const frame = pageFrame();
      strip.style.top = `${frame.top}px`;
      for (const slot of slots) {
        Object.assign(slot.style, { width: `${innerWidth}px`, height: `${frame.height}px`, background: backgrounds[T.background] });
        slot.querySelector("img").style.objectFit = fits[T.contentMode];
      }
      scroller.snapTargets = slots.map((_, i) => i * pitch);
      scroller.maxOffset = (slots.length - 1) * pitch;
      scroller.jump((Number.isFinite(shown) && shown > 0 ? Math.round(shown) : leadingCopies) * pitch);
      layoutDots();
    }

    // ---- Dots: a pill at the bottom, the current page's dot bright (or "page / count" when they do not fit) ---------

    const dotSize = T.dotSize;
    const dots = [];
    let usesLabel = false;

    function layoutDots() {
      dotsBar.hidden = !T.dots || count < 2;
      const height = 3 * dotSize;
      const dotsWidth = count * 2 * dotSize - dotSize + 2 * dotSize;
      usesLabel = dotsWidth > innerWidth - 32;
      const width = usesLabel ? `${count} / ${count}`.length * Math.max(dotSize * 1.5, 11) * 0.6 + 2 * height : dotsWidth;
      Object.assign(dotsBar.style, { left: `${(innerWidth - width) / 2}px`, top: `${innerHeight - T.dotsInset - height}px`,
                                     width: `${width}px`, height: `${height}px`, borderRadius: `${height / 2}px`,
                                     fontSize: `${Math.max(dotSize * 1.5, 11)}px` });
      dotsBar.textContent = "";
      dots.length = 0;
      if (!usesLabel) {
        for (let i = 0; i < count; i++) {
          // A button for the pointer and for a screen reader's activate; the arrow keys page, so it is out of the
          // tab order.
          const dot = document.createElement("button");
          dot.type = "button";
          dot.className = "dot";
          dot.tabIndex = -1;
          dot.setAttribute("aria-label", `Show page ${i + 1} of ${count}`);
          Object.assign(dot.style, { left: `${dotSize + i * 2 * dotSize}px`, top: `${dotSize}px`, width: `${dotSize}px`, height: `${dotSize}px` });
          dot.addEventListener("click", event => { event.stopPropagation(); select(i); });
          dotsBar.appendChild(dot);
          dots.push(dot);
        }
      }
      showPage();
    }

    function showPage() {
      const current = page();
      if (usesLabel) dotsBar.textContent = `${current + 1} / ${count}`;
      dots.forEach((dot, i) => {
        dot.classList.toggle("current", i === current);
        if (i === current) dot.setAttribute("aria-current", "true"); else dot.removeAttribute("aria-current");
      });
      a11y?.update();
    }

    dotsBar.addEventListener("click", event => {
      if (!usesLabel) return;
      const r = dotsBar.getBoundingClientRect();
      move(event.clientX < r.left + r.width / 2 ? -1 : 1);
    });

    // ---- Moves ------------------------------------------------------------------------------------------------------

    /** After every change of the target: the dots follow, and a move that ends on a copy jumps to the real page. */
    function moved(duration) {
      showPage();
      cancelSettle?.();
      cancelSettle = null;
      if (scroller.dragging) return;
      if (duration > 0) cancelSettle = clock.after(duration, () => { cancelSettle = null; unwrapCopy(); });
      else unwrapCopy();
    }

    /** On (or going to) a copy page: moves by a whole deck's length to the same picture on the real page. */
    function unwrapCopy() {
      const slot = targetSlot();
      if (!isCopy(slot)) return;
      const shift = (slot === 0 ? 1 : -1) * count * pitch;
      const shifted = scroller.presentation() + shift;
      if (shifted < 0 || shifted > scroller.maxOffset) return;
      const moving = cancelSettle !== null;
      scroller.jump(shifted);
      strip.getBoundingClientRect();
      if (moving) scroller.scrollTo(slot * pitch + shift, pageAnimation);
    }

    /** Moves to page `index` with the page animation: keys, wheel, dots and auto-advance. */
    function select(index) {
      if (scroller.dragging) return;
      unwrapCopy();
      scroller.scrollTo((Math.min(Math.max(index, 0), count - 1) + leadingCopies) * pitch, pageAnimation);
    }

    /** Moves `steps` pages on; at an end it stops (rewind) or goes on to a copy (seamless). */
    function move(steps) {
      if (scroller.dragging) return;
      unwrapCopy();
      scroller.scrollTo(Math.min(Math.max(targetSlot() + steps, 0), slots.length - 1) * pitch, pageAnimation);
    }

    // ---- Input ------------------------------------------------------------------------------------------------------

    document.addEventListener("keydown", event => {
      if (event.ctrlKey || event.altKey || event.metaKey || fromControl(event)) return;
      if (event.key === "ArrowLeft") move(-1);
      else if (event.key === "ArrowRight") move(1);
      else if (event.key === "Home") select(0);
      else if (event.key === "End") select(count - 1);
      else return;
      event.preventDefault();
    });

    onWheelSteps(carouselElement, move, () => scroller.dragging);

    const isDragging = dragScroller(strip, scroller, dragging => autoAdvance.setPaused("drag", dragging));

    // ---- Auto-advance: the article's timer; waits while the pointer is over the pages -------------------------------

    const autoAdvance = new AutoAdvance({
      enabled: T.autoAdvance && count >= 2,
      interval: T.autoAdvanceInterval,
      showsProgress: T.autoAdvanceProgress,
      advance() {
        if (scroller.dragging) return;
        if (T.wrap === "rewind" && page() === count - 1) select(0);
        else move(1);
      },
    });
    carouselElement.addEventListener("pointermove", event => { if (event.pointerType !== "touch") autoAdvance.setPaused("pointer", true); });
    carouselElement.addEventListener("pointerleave", () => autoAdvance.setPaused("pointer", false));

    a11y = new CarouselAccessibility({
      container: strip,
      slides: () => realPages.map((element, index) => ({ element, index })),
      current: () => realPages[page()],
      autoAdvance,
    });

    addEventListener("resize", layout);
    layout();

    /** For scripts and tests: the pages on screen (a copy reports the page it shows), and the state. */
    const carousel = {
      items: () => slots.map((element, slot) => ({ index: deckIndex(slot), element })).filter(({ element }) => {
        const r = element.getBoundingClientRect();
        return r.right > 1e-3 && r.left < innerWidth - 1e-3;
      }),
      state: () => ({ page: page(), scrollOffset: scroller.presentation() - leadingCopies * pitch, dragging: isDragging() }),
      a11y,
    };

    {{> jsTestMode}}
    </script>
    </body>
    </html>
    """#
}
