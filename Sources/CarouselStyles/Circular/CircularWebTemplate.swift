/// The circular style as a web page. Each image's shift and scale follow from its distance to the centre, which
/// changes continuously while the row scrolls, so the scroll offset and the Normal / Scaled blend are animated values
/// on the page's clock and each display frame places the images from them. Geometry as `CircularStyle`.
enum CircularWebTemplate {
    static let source = #"""
    {{> pageHead}}
    .slides {
      position: absolute;
      inset: 0;
    }
    .photo {
      position: absolute;
      border-radius: 50%;
      transform-origin: 50% 50%;
      cursor: pointer;
    }
    .photo img {
      width: 100%;
      height: 100%;
      border-radius: 50%;
      object-fit: cover;
    }
    .highlight {
      position: absolute;
      border-radius: 50%;
      background: #fff;
      box-shadow: 0 0 5px rgba(0, 0, 0, 0.2);
    }
    .picker {
      position: absolute;
      width: 180px;
      height: 30px;
      top: 24px;
      border-radius: 15px;
      background: rgba(255, 255, 255, 0.14);
      font-size: 14px;
      font-weight: bold;
      cursor: pointer;
    }
    .picker .thumb {
      position: absolute;
      top: 2px;
      width: 88px;
      height: 26px;
      border-radius: 13px;
      background: rgba(255, 255, 255, 0.92);
    }
    .picker button {
      padding: 0;
      border: 0;
      background: none;
      font: inherit;
      cursor: pointer;
    }
    .picker span, .picker button {
      position: absolute;
      top: 2px;
      width: 88px;
      line-height: 26px;
      text-align: center;
      color: rgba(255, 255, 255, 0.85);
    }
    .picker .selected {
      color: #202124;
    }
    </style>
    </head>
    <body>
    {{> carouselStart}}
      <div class="highlight"></div>
      <div class="picker" role="group" aria-label="Look"><div class="thumb"></div><button type="button" style="left: 2px">Normal</button><button type="button" style="left: 90px">Scaled</button></div>
      <div class="slides"></div>
    {{> carouselEnd}}
    {{> scriptStart}}

    // ---- The circular slider ---------------------------------------------------------------------------------------

    const highlight = $(".highlight"), picker = $(".picker"), slidesElement = $(".slides");
    const count = DECK.length;
    /** Distance between the centres of neighbouring images. */
    const pitch = T.imageSize + T.spacing;
    const snapAnimation = { curve: { type: "spring", response: T.snapResponse, dampingFraction: 1 }, duration: 0 };

    const offset = new AnimatedValue(0);
    /** The carousel pattern (set once auto-advance exists; render runs before). */
    let a11y = null;
    /** 0 is Normal, 1 is Scaled, in between while the mode changes. */
    let mode = T.mode;
    const blend = new AnimatedValue(mode === "scaled" ? 1 : 0);

    const scroller = new Scroller({
      move(target, animation, velocity) {
        offset.set(target, animation, clock.now(), velocity);
        requestFrame();
      },
      presentation: () => offset.value(clock.now()),
      snapAnimation,
    });
    scroller.snapping = T.snapping;
    scroller.maxOffset = Math.max(count - 1, 0) * pitch;
    scroller.snapTargets = DECK.map((_, i) => i * pitch);

    // The formulas of the article, with p = (viewport centre - image centre) / image size.
    const arcOffset = p => T.offsetFactor * Math.abs(p);
    const centredness = p => 1 - Math.min(Math.abs(p), 1);
    const scaleOf = p => 1 + T.scaleFactor * centredness(p);
    /** Shift and scale part-way between Normal (b = 0) and Scaled (b = 1). Scaled mode's modifier order (offset, scale,
     *  offset) scales the first offset too. */
    function placement(p, b) {
      const normal = arcOffset(p) + T.scaleOffset * centredness(p);
      const scaled = scaleOf(p) * arcOffset(p) + T.scaleOffset * centredness(p);
      return { shift: normal + (scaled - normal) * b, scale: 1 + (scaleOf(p) - 1) * b };
    }

    /** Each image in a round slide that is placed, shifted and scaled. */
    const photos = DECK.map((item, index) => {
      const photo = document.createElement("div");
      photo.className = "photo";
      const img = document.createElement("img");
      img.src = item.src;
      img.alt = item.title;
      photo.appendChild(img);
      photo.dataset.index = index;
      photo.style.zIndex = index;
      photo.style.width = photo.style.height = `${T.imageSize}px`;
      if (T.shadow) photo.style.boxShadow = `${T.shadowOffset}px ${T.shadowOffset}px ${T.shadowRadius}px rgba(0, 0, 0, ${T.shadowOpacity})`;
      slidesElement.appendChild(photo);
      return photo;
    });

    /** The centred image: the one the row rests on or is heading to. */
    const active = () => Math.min(Math.max(Math.round(scroller.offset / pitch), 0), Math.max(count - 1, 0));

    function render() {
      const t = clock.now(), o = offset.value(t), b = blend.value(t);
      const centreX = innerWidth / 2, lineY = innerHeight / 2 - T.rowLift;
      const reach = T.imageSize * (1 + T.scaleFactor) / 2 + (T.shadow ? T.shadowRadius + Math.abs(T.shadowOffset) : 0) + 1;
      photos.forEach((img, i) => {
        const x = centreX + i * pitch - o;
        img.hidden = x + reach < 0 || x - reach > innerWidth;
        if (img.hidden) return;
        const { shift, scale } = placement((centreX - x) / T.imageSize, b);
        img.style.left = `${x - T.imageSize / 2}px`;
        img.style.top = `${lineY - T.imageSize / 2}px`;
        img.style.transform = `translateY(${shift}px) scale(${scale})`;
      });
      // The highlight goes with the image nearest the centre slot and shows as much as it is centred (gone half an
      // image size away), as the app's: it rings the centred image and never stands empty while the row moves.
      const nearest = Math.min(Math.max(Math.round(o / pitch), 0), Math.max(count - 1, 0));
      const hp = count && T.imageSize > 0 ? (o - nearest * pitch) / T.imageSize : 0;
      const ring = Math.min(Math.max(2 * centredness(hp) - 1, 0), 1);
      const dx = -hp * T.imageSize, dy = placement(hp, b).shift - placement(0, b).shift;
      const visible = T.highlight && b < 1 && T.highlightSize > 0 && ring > 0;
      highlight.hidden = !visible;
      Object.assign(highlight.style, { left: `${centreX + dx - T.highlightSize / 2}px`,
                                       top: `${innerHeight / 2 - T.highlightOffset + dy - T.highlightSize / 2}px`,
                                       width: `${T.highlightSize}px`, height: `${T.highlightSize}px`, opacity: (1 - b) * ring });
      picker.style.left = `${(innerWidth - 180) / 2}px`;
      picker.querySelector(".thumb").style.left = `${2 + b * 88}px`;
      picker.querySelectorAll("button").forEach((button, k) => {
        button.classList.toggle("selected", (b < 0.5 ? 0 : 1) === k);
        button.setAttribute("aria-pressed", String((mode === "normal" ? 0 : 1) === k));
      });
      a11y?.update();
    }

    const requestFrame = frameLoop(render, () => offset.isAnimating(clock.now()) || blend.isAnimating(clock.now()));

    /** Centres image `index` (clamped) with the snapping spring, or at once under reduced motion (the scroller). */
    function select(index) {
      if (!count) return;
      scroller.scrollTo(Math.min(Math.max(index, 0), count - 1) * pitch, snapAnimation);
    }

    /** Normal or Scaled, blending with the mode curve, or at once under reduced motion. */
    function setMode(newMode) {
      if (newMode === mode) return;
      mode = newMode;
      blend.set(mode === "scaled" ? 1 : 0, unlessReduced({ curve: T.modeCurve, duration: T.modeDuration }), clock.now());
      requestFrame();
    }

    // ---- Input: wheel bursts, drags, clicks, Left / Right, M --------------------------------------------------------

    carouselElement.addEventListener("wheel", event => {
      if (event.ctrlKey) return;
      event.preventDefault();
      scroller.wheel(wheelDelta(event), clock.now());
    }, { passive: false });

    const isDragging = dragScroller(carouselElement, scroller, dragging => autoAdvance.setPaused("drag", dragging));

    picker.querySelectorAll("button").forEach((button, k) => button.addEventListener("click", event => {
      event.stopPropagation();
      setMode(k === 0 ? "normal" : "scaled");
    }));

    carouselElement.addEventListener("click", event => {
      if (isDragging()) return;
      const r = picker.getBoundingClientRect();
      if (event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom) {
        return setMode(event.clientX < r.left + r.width / 2 ? "normal" : "scaled");
      }
      const photo = event.target.closest(".photo");
      if (photo) select(Number(photo.dataset.index));
    });

    document.addEventListener("keydown", event => {
      if (event.ctrlKey || event.altKey || event.metaKey || fromControl(event)) return;
      if (event.key === "ArrowLeft") select(active() - 1);
      else if (event.key === "ArrowRight") select(active() + 1);
      else if (event.key === "m" || event.key === "M") setMode(mode === "normal" ? "scaled" : "normal");
      else return;
      event.preventDefault();
    });

    // ---- Auto-advance: the next image; waits while the pointer is over the arc --------------------------------------

    const autoAdvance = new AutoAdvance({
      enabled: T.autoAdvance && count >= 2,
      interval: T.autoAdvanceInterval,
      showsProgress: T.autoAdvanceProgress,
      advance: () => select(active() + 1 < count ? active() + 1 : 0),
    });
    carouselElement.addEventListener("pointermove", event => {
      const lineY = innerHeight / 2 - T.rowLift, half = T.imageSize * (1 + T.scaleFactor) / 2;
      const over = event.clientY >= lineY - half - 2 * T.highlightSize / 3 && event.clientY <= lineY + half + 2 * T.offsetFactor + Math.abs(T.scaleOffset);
      autoAdvance.setPaused("pointer", over);
    });
    carouselElement.addEventListener("pointerleave", () => autoAdvance.setPaused("pointer", false));

    a11y = new CarouselAccessibility({
      container: slidesElement,
      slides: () => photos.map((element, index) => ({ element, index })),
      current: () => photos[active()] ?? null,
      autoAdvance,
    });

    addEventListener("resize", render);
    render();

    /** For scripts and tests: the images on screen, and the state. */
    const carousel = {
      items: () => photos.map((element, index) => ({ index, element })).filter(({ element }) => !element.hidden),
      state: () => ({ active: active(), mode, scrollOffset: offset.value(clock.now()) }),
      render,
      a11y,
    };

    {{> jsTestMode}}
    </script>
    </body>
    </html>
    """#
}
