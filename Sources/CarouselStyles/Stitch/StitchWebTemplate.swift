/// The stitch style as a web page: a row of fitted images in a rounded clip; a pinch (Ctrl+wheel, a touch pinch,
/// Ctrl+minus / plus) toggles the gap and the corner radius with CSS transitions on the stitch and unstitch curves,
/// keeping the content under the pointer in place. Geometry as `StitchStyle` and `StitchRow`.
enum StitchWebTemplate {
    static let source = #"""
    {{> pageHead}}
    .strip {
      position: absolute;
      overflow: hidden;
      background: #202124;
    }
    .track {
      display: flex;
      height: 100%;
    }
    .slide {
      flex: none;
      display: flex;
      height: 100%;
    }
    .track img {
      height: 100%;
      object-fit: fill;
    }
    .cue {
      position: absolute;
      background: rgba(255, 255, 255, 0.9);
      opacity: 0;
      pointer-events: none;
    }
    </style>
    </head>
    <body>
    {{> carouselStart}}
      <div class="cue"></div>
      <div class="strip">
        <div class="track">
    {{#items}}
          <div class="slide ring-inside"><img src="{{src}}" alt="{{titleHTML}}" data-index="{{index}}" data-aspect="{{aspect}}"></div>
    {{/items}}
        </div>
      </div>
    {{> carouselEnd}}
    {{> scriptStart}}

    // ---- The stitch carousel ---------------------------------------------------------------------------------------

    const strip = $(".strip"), track = $(".track"), cue = $(".cue");
    const images = [...track.querySelectorAll("img")];
    const count = images.length;
    const CUE_WIDTH = 3;

    let seamless = false, height = 1, pointer = null;
    /** Width over height of each image: the deck's, else the loaded image's. */
    const aspects = images.map(img => Number(img.dataset.aspect) || 1);

    const spacing = () => seamless ? T.seamlessSpacing : T.normalSpacing;
    const radius = () => seamless ? T.seamlessRadius : T.normalRadius;
    /** Leading edge of image `i` along the strip, for spacing `s`. */
    const x = (i, s) => height * aspects.slice(0, i).reduce((a, b) => a + b, 0) + i * s;
    const stripWidth = s => count ? x(count - 1, s) + height * aspects[count - 1] : 0;
    /** The offsets the row may rest at: its start to its end, or one that centres a row narrower than the window. */
    function offsetRange(s) {
      const extra = stripWidth(s) + 2 * T.padding - innerWidth;
      return extra >= 0 ? [0, extra] : [extra / 2, extra / 2];
    }
    const clampToRange = (o, s) => { const [lo, hi] = offsetRange(s); return Math.min(Math.max(o, lo), hi); };
    /** The gap on screen now, and the offset on screen now. */
    const shownSpacing = () => parseFloat(getComputedStyle(track).columnGap) || 0;
    const shownOffset = () => T.padding - new DOMMatrixReadOnly(getComputedStyle(strip).transform).m41;

    /** How many gaps lie before strip coordinate `u`: `i` inside image `i`, fractional inside the gap after it. */
    function gapsBefore(u, s) {
      if (count < 2 || u <= 0) return 0;
      let i = 0;
      while (i + 1 < count && x(i + 1, s) <= u) i++;
      const end = x(i, s) + height * aspects[i];
      if (u <= end || i === count - 1 || s <= 0) return i;
      return i + Math.min((u - end) / s, 1);
    }

    const scroller = new Scroller({
      move(target, animation, velocity = 0) {
        const shown = shownOffset();
        const to = clampToRange(target, spacing());
        strip.style.transition = animation
          ? transition("transform", cssTiming(animation.curve, animation.duration, Math.abs(to - shown), velocity))
          : "none";
        strip.style.transform = `translateX(${T.padding - to}px)`;
      },
      presentation: () => shownOffset(),
      snapAnimation: SNAP_SPRING,
    });
    scroller.snapping = T.snapping;

    /** Measures the row for the window: its height, top, strip and image sizes, snap targets. */
    function layout() {
      height = Math.max(Math.min(T.maxHeight, innerHeight - 2 * T.padding), 1);
      const top = (innerHeight - height) / 2;
      Object.assign(strip.style, { left: "0px", top: `${top}px`, height: `${height}px`, borderRadius: `${T.outerRadius}px` });
      Object.assign(cue.style, { top: `${top - CUE_WIDTH}px`, height: `${height + 2 * CUE_WIDTH}px`,
                                 borderRadius: `${T.outerRadius + CUE_WIDTH}px` });
      images.forEach((img, i) => { img.style.width = `${height * aspects[i]}px`; });
      applyState(null);
      scroller.jump(scroller.offset);
    }

    /** Writes the spacing, radii, strip width and snap targets of the state, with `timing` or at once. */
    function applyState(timing) {
      const s = spacing();
      const properties = ["column-gap", "width"];
      const value = timing ? properties.map(p => transition(p, timing)).join(", ") : "none";
      track.style.transition = value;
      strip.style.transition = timing ? `${transition("width", timing)}, ${transition("transform", timing)}` : "none";
      track.style.columnGap = `${s}px`;
      strip.style.width = `${stripWidth(s)}px`;
      cue.style.width = `${stripWidth(s) + 2 * CUE_WIDTH}px`;
      for (const img of images) {
        img.style.transition = timing ? transition("border-radius", timing) : "none";
        img.style.borderRadius = `${radius()}px`;
      }
      scroller.maxOffset = Math.max(offsetRange(s)[1], 0);
      scroller.snapTargets = images.map((_, i) => x(i, s));
    }

    /**
     * Stitches (or separates) the row. The content under the pointer (or, with the pointer elsewhere, under the row's
     * centre) stays where it is while the gaps change: it moves by `gaps * Δspacing`, and the row's offset moves by
     * the same amount with the same timing. A row resting at its start or end keeps that edge.
     */
    function setSeamless(value) {
      if (value === seamless) return;
      const s0 = shownSpacing(), o0 = shownOffset();
      const [lo, hi] = offsetRange(s0);
      let gaps;
      if (o0 <= lo + 0.5) gaps = 0;
      else if (o0 >= hi - 0.5) gaps = Math.max(count - 1, 0);
      else {
        const frame = strip.getBoundingClientRect();
        const px = pointer && pointer.x >= frame.left && pointer.x <= frame.right ? pointer.x : Math.max(frame.left, 0) / 2 + Math.min(frame.right, innerWidth) / 2;
        gaps = gapsBefore(px - T.padding + o0, s0);
      }
      seamless = value;
      // Under reduced motion the spacing and corners change at once.
      const timing = reducedMotion() ? null : cssTiming(value ? T.stitchCurve : T.unstitchCurve, value ? T.stitchDuration : T.unstitchDuration,
                                                         Math.abs(T.seamlessSpacing - T.normalSpacing) * Math.max(count - 1, 1));
      applyState(timing);
      const target = clampToRange(o0 + gaps * (spacing() - s0), spacing());
      scroller.offset = Math.min(Math.max(target, 0), scroller.maxOffset);
      strip.style.transform = `translateX(${T.padding - target}px)`;
      giveCue();
      if (T.sound) click();
    }

    /** The desktop's stand-in for the phone's heavy haptic: a white ring around the row that fades out. */
    function giveCue() {
      if (!T.cue) return;
      // Around the strip where it is heading.
      cue.style.left = `${T.padding - clampToRange(scroller.offset, spacing()) - CUE_WIDTH}px`;
      cue.style.transition = "none";
      cue.style.opacity = "1";
      cue.getBoundingClientRect();
      cue.style.transition = `opacity ${T.cueDuration}s cubic-bezier(0, 0, 0.58, 1)`;
      cue.style.opacity = "0";
    }

    let audio = null;
    /** A short click (the `sound` option). */
    function click() {
      audio ??= new AudioContext();
      const gain = audio.createGain(), oscillator = audio.createOscillator();
      oscillator.frequency.value = 1800;
      gain.gain.setValueAtTime(0.3, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.03);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start();
      oscillator.stop(audio.currentTime + 0.03);
    }

    // ---- Magnification: the scale since a gesture began decides, at most once per gesture ---------------------------

    let gesture = null;
    function magnify(phase, scale) {
      if (phase === "begin") gesture = { decided: false };
      else if (phase === "change" && gesture && !gesture.decided) {
        if (!seamless && scale < T.pinchInThreshold) { gesture.decided = true; setSeamless(true); }
        else if (seamless && scale > T.pinchOutThreshold) { gesture.decided = true; setSeamless(false); }
      } else if (phase === "end") gesture = null;
      autoAdvance.setPaused("gesture", gesture !== null);
    }

    // Ctrl+wheel (a trackpad pinch arrives this way too): ticks multiply the scale; a quiet time ends the gesture.
    let wheelScale = null, cancelQuiet = null;
    carouselElement.addEventListener("wheel", event => {
      event.preventDefault();
      pointer = { x: event.clientX, y: event.clientY };
      if (!event.ctrlKey) return scroller.wheel(wheelDelta(event), clock.now());
      const ticks = -wheelDelta(event) / 100;
      if (wheelScale === null) { wheelScale = 1; magnify("begin", 1); }
      wheelScale *= T.wheelFactorPerTick ** ticks;
      magnify("change", wheelScale);
      cancelQuiet?.();
      cancelQuiet = clock.after(T.gestureQuietTime, () => { magnify("end", wheelScale); wheelScale = null; });
    }, { passive: false });

    // A two-finger touch pinch.
    let pinchStart = null;
    const distance = touches => Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
    carouselElement.addEventListener("touchstart", event => {
      if (event.touches.length !== 2) return;
      pinchStart = distance(event.touches);
      magnify("begin", 1);
    });
    carouselElement.addEventListener("touchmove", event => {
      if (pinchStart === null || event.touches.length !== 2) return;
      event.preventDefault();
      magnify("change", distance(event.touches) / pinchStart);
    }, { passive: false });
    carouselElement.addEventListener("touchend", () => {
      if (pinchStart === null) return;
      pinchStart = null;
      magnify("end", 1);
    });

    document.addEventListener("keydown", event => {
      if (event.ctrlKey && ["-", "+", "="].includes(event.key)) {
        // A whole gesture: two wheel ticks' worth.
        const scale = event.key === "-" ? 1 / T.wheelFactorPerTick ** 2 : T.wheelFactorPerTick ** 2;
        magnify("begin", 1); magnify("change", scale); magnify("end", scale);
      } else if (!event.ctrlKey && !event.altKey && !fromControl(event) && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
        scrollToImage(navigationIndex() + (event.key === "ArrowRight" ? 1 : -1));
      } else return;
      event.preventDefault();
    });

    // ---- Scrolling: wheel bursts, drags, Left / Right ---------------------------------------------------------------

    /** The image navigation starts from: the first one mostly past the leading padding at the scroll target. */
    function navigationIndex() {
      const s = spacing(), o = clampToRange(scroller.offset, s);
      const i = images.findIndex((_, k) => x(k, s) + height * aspects[k] / 2 >= o - 0.5);
      return i < 0 ? count - 1 : i;
    }

    function scrollToImage(i) {
      if (!count) return;
      scroller.scrollTo(x(Math.min(Math.max(i, 0), count - 1), spacing()), scroller.snapAnimation);
      a11y.update();
    }

    const isDragging = dragScroller(strip, scroller, dragging => autoAdvance.setPaused("drag", dragging));

    carouselElement.addEventListener("pointermove", event => {
      pointer = { x: event.clientX, y: event.clientY };
      const r = strip.getBoundingClientRect();
      autoAdvance.setPaused("pointer", pointer.x >= Math.max(r.left, 0) && pointer.x <= Math.min(r.right, innerWidth)
                                       && pointer.y >= r.top && pointer.y <= r.bottom);
    });
    carouselElement.addEventListener("pointerleave", () => { pointer = null; autoAdvance.setPaused("pointer", false); });

    // ---- Auto-advance: the next image; after the end of the row, back to the first ----------------------------------

    const autoAdvance = new AutoAdvance({
      enabled: T.autoAdvance && count >= 2,
      interval: T.autoAdvanceInterval,
      showsProgress: T.autoAdvanceProgress,
      advance() {
        const atEnd = scroller.offset >= offsetRange(spacing())[1] - 0.5;
        const next = navigationIndex() + 1;
        scrollToImage(atEnd || next >= count ? 0 : next);
      },
    });

    // An image whose size the deck did not give is measured once it has loaded: at once when it already has (its
    // load event can come before this script runs, from a cache or while the parser waits), else at its load event.
    const measure = (img, i) => {
      if (img.dataset.aspect !== "1" || !img.naturalHeight) return false;
      aspects[i] = img.naturalWidth / img.naturalHeight;
      return true;
    };
    images.forEach((img, i) => {
      measure(img, i);
      img.addEventListener("load", () => { if (measure(img, i)) layout(); });
    });

    const slides = images.map(img => img.parentElement);
    const a11y = new CarouselAccessibility({
      container: track,
      slides: () => slides.map((element, index) => ({ element, index })),
      current: () => slides[navigationIndex()],
      autoAdvance,
      // Enter and Space stitch or separate the row (the pinch's keyboard equivalent, as Ctrl+minus / plus).
      activate: () => setSeamless(!seamless),
    });

    addEventListener("resize", layout);
    layout();

    /** For scripts and tests: the images on screen, and the state. */
    const carousel = {
      items: () => images.map((element, index) => ({ index, element })).filter(({ element }) => {
        const r = element.getBoundingClientRect();
        return r.right > 0 && r.left < innerWidth;
      }),
      state: () => ({ seamless, spacing: shownSpacing(), scrollOffset: Math.max(shownOffset(), 0), dragging: isDragging() }),
      a11y,
    };

    {{> jsTestMode}}
    </script>
    </body>
    </html>
    """#
}
