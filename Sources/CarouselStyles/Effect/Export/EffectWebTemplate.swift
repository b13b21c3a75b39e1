/// An effect as a web page driven by CSS scroll-driven animations (`EffectWebCode` writes its style sheet and its
/// `EFFECT` data): a native scroller with CSS snap points holds the items; each item's look is its tracks'
/// keyframes on its own view timeline, so scrolling by any means (touch, a trackpad, a scrollbar, script) moves every
/// item exactly as its progress says, with no script per frame. The script does what CSS cannot: it computes the
/// layout's lengths and the key values from the names (once, and again on a resize or a state change), repeats the
/// deck for a loop and re-centres it at rest, moves to snap points with the effect's snap curve (CSS snapping's
/// motion cannot be tuned), follows mouse drags, and animates the values states set (hover, press, selection,
/// drags, pinches, auto-advance) with their springs and curves.
enum EffectWebTemplate {
    static let source = #"""
    {{> pageHead}}
    #carousel .item img {
      width: 100%;
      height: 100%;
      object-fit: cover;
      pointer-events: none;
    }
    #carousel .item {
      cursor: pointer;
      background: #303134;
    }
    {{effectCSS}}
    </style>
    </head>
    <body>
    {{> carouselStart}}
      <div class="scroller" data-carousel-scroller></div>
    {{> carouselEnd}}
    {{> scriptStart}}

    // ---- The effect --------------------------------------------------------------------------------------------------

    const LIMIT = 1e6;
    /** An expression's result as the app holds it: not finite is 0, and within ±1e6. */
    const fin = x => Number.isFinite(x) ? Math.min(Math.max(x, -LIMIT), LIMIT) : 0;
    const clamp = (x, lo, hi) => Math.min(Math.max(x, lo), hi);
    const root = x => x >= 0 ? Math.sqrt(x) : 0;
    /** Rounds half away from zero, as Swift's `rounded()`. */
    const roundAway = x => Math.sign(x) * Math.round(Math.abs(x));

    /** The item's length along the axis, its size across, the spacing and the pitch, as the app computes them. */
    function layoutLengths(v, horizontal, f) {
      const s = Math.max(f.spacing(), 0);
      v.spacing = s;
      const along = horizontal ? v.viewWidth : v.viewHeight, across = horizontal ? v.viewHeight : v.viewWidth;
      let length;
      if (f.itemLength) length = f.itemLength() * along;
      else {
        const n = Math.max(f.itemsPerView ? f.itemsPerView() : 1, 0.01);
        length = (along - (n - 1) * s) / n;
      }
      length = clamp(length, 1, 16384);
      let cross;
      const ratio = f.aspectRatio ? f.aspectRatio() : 0;
      if (f.itemCross) cross = f.itemCross() * across;
      else if (ratio > 0) cross = horizontal ? length / ratio : length * ratio;
      else cross = across;
      cross = clamp(cross, 1, 16384);
      v.itemWidth = horizontal ? length : cross;
      v.itemHeight = horizontal ? cross : length;
      v.pitch = length + s;
    }

    {{effectJS}}

    // ---- States: the values gestures set, animated on the page's clock (the app's EffectStates) -------------------

    const PER_ITEM = new Set(["hover", "press", "selected"]);

    class EffectStates {
      constructor(states) {
        this.states = states;
        this.global = new Set();
        this.slots = new Map();
        this.globalValues = new Map();
        this.globalSource = new Map();
        this.itemValues = new Map();
        this.itemSource = new Map();
      }
      /** Sets or clears a carousel trigger; returns whether it changed. */
      set(trigger, on) {
        if (on === this.global.has(trigger)) return false;
        if (on) this.global.add(trigger); else this.global.delete(trigger);
        return true;
      }
      /** Puts a per-item trigger on `slot` (null: none); returns whether it changed. */
      setSlot(trigger, slot) {
        if ((this.slots.get(trigger) ?? null) === slot) return false;
        this.slots.set(trigger, slot);
        return true;
      }
      /** Retargets every name after triggers changed (`base(name)`: its value with no state). */
      update(base, env) {
        const now = clock.now();
        const names = perItem => new Set(this.states.filter(s => PER_ITEM.has(s.on) === perItem).flatMap(s => Object.keys(s.values)));
        for (const name of names(false)) {
          const source = this.lastIndex(i => !PER_ITEM.has(this.states[i].on) && this.global.has(this.states[i].on) && name in this.states[i].values);
          this.retarget(this.globalValues, this.globalSource, name, source, base, env, now);
        }
        const touched = new Set([...this.slots.values()].filter(s => s !== null).concat([...this.itemValues.keys()]));
        for (const slot of touched) {
          const values = this.itemValues.get(slot) ?? new Map(), sources = this.itemSource.get(slot) ?? new Map();
          for (const name of names(true)) {
            const source = this.lastIndex(i => PER_ITEM.has(this.states[i].on) && this.slots.get(this.states[i].on) === slot && name in this.states[i].values);
            this.retarget(values, sources, name, source, base, env, now);
          }
          this.itemValues.set(slot, values);
          this.itemSource.set(slot, sources);
        }
      }
      lastIndex(test) {
        for (let i = this.states.length - 1; i >= 0; i--) if (test(i)) return i;
        return null;
      }
      retarget(values, sources, name, source, base, env, now) {
        const target = source !== null ? fin(this.states[source].values[name](env)) : base(name);
        const previous = sources.get(name) ?? null;
        if (!values.has(name)) {
          if (source === null) return;
          values.set(name, new AnimatedValue(base(name)));
        }
        // Entering a state: its animation; leaving one: its exit (else its animation).
        const animation = source !== null ? this.states[source].enter
          : previous !== null ? (this.states[previous].exit ?? this.states[previous].enter) : null;
        const value = values.get(name);
        if (value.model === target && source === previous) return;
        value.set(target, animation && shortMotion(animation), now);
        if (source === null) sources.delete(name); else sources.set(name, source);
      }
      /** The carousel's changed names and their values now. */
      globalOverrides(base) { return this.overrides(this.globalValues, this.globalSource, base); }
      /** The changed names of `slot` and their values now. */
      slotOverrides(slot, base) {
        const values = this.itemValues.get(slot);
        if (!values) return Object.create(null);
        const out = this.overrides(values, this.itemSource.get(slot), base);
        if (!values.size) { this.itemValues.delete(slot); this.itemSource.delete(slot); }
        return out;
      }
      overrides(values, sources, base) {
        const now = clock.now(), out = Object.create(null);
        for (const [name, value] of values) {
          if (!sources.has(name) && !value.isAnimating(now) && value.model === base(name)) {
            values.delete(name);
            continue;
          }
          out[name] = value.value(now);
        }
        return out;
      }
      isAnimating() {
        const now = clock.now();
        const all = [...this.globalValues.values()].concat([...this.itemValues.values()].flatMap(m => [...m.values()]));
        return all.some(value => value.isAnimating(now));
      }
    }

    /** Under reduced motion a state's change takes at most 0.1 s, eased out (the app's `shortMotion`). */
    function shortMotion(animation) {
      if (!reducedMotion()) return animation;
      const length = animation.curve.type === "spring" ? 0.1 : Math.min(animation.duration, 0.1);
      return { curve: EASE_OUT, duration: length, delay: animation.delay };
    }

    // ---- Layout: the names, the row's geometry and the style sheet's lengths --------------------------------------

    const scroller = $(".scroller");
    const horizontal = EFFECT.axis === "horizontal";
    const count = DECK.length;
    const states = new EffectStates(EFFECT.states);
    const anchor = { start: 0, center: 0.5, end: 1 }[EFFECT.snap.align];
    const wrap = k => count ? ((k % count) + count) % count : 0;
    /** The carousel pattern (set once auto-advance exists; layout runs before). */
    let a11y = null;

    /** The slots on the page (a loop repeats the deck on both sides of slot 0), their elements and snap markers. */
    let firstSlot = 0, lastSlot = -1;
    const elements = new Map(), markers = new Map();
    /** The row's geometry for the names now (`EffectRow`): set by `layout()`. */
    let row = null;
    /** The names without states, with the carousel's states, and each slot's own. */
    let baseNames = null, names = null;
    const slotNames = new Map();

    function area() { return [scroller.clientWidth, scroller.clientHeight]; }

    /** The row's geometry for names `v` in `area` (the app's EffectRow). */
    function geometry(v, [width, height]) {
      const view = { x: (width - v.viewWidth) / 2, y: (height - v.viewHeight) / 2, width: v.viewWidth, height: v.viewHeight };
      const length = horizontal ? view.width : view.height, itemLength = horizontal ? v.itemWidth : v.itemHeight;
      const pitch = Math.max(v.pitch, 1);
      const reference = EFFECT.progress.origin === "snap" ? anchor * length : length / 2;
      const unit = EFFECT.progress.unit === "pitch" ? pitch : Math.max(itemLength, 1);
      // The point of an item its progress is measured at: the one that snaps, or its centre.
      const measured = EFFECT.progress.origin === "snap" ? anchor : 0.5;
      const lead = anchor * (length - itemLength);
      const scrollport = horizontal ? width : height;
      const viewStart = horizontal ? view.x : view.y;
      let maxScroll = Math.max(count - 1, 0) * pitch;
      if (EFFECT.snap.align === "start" && EFFECT.positioning === "row") {
        maxScroll = Math.min(maxScroll, Math.max(count * pitch - v.spacing - length, 0));
      }
      return { view, length, itemLength, pitch, reference, unit, measured, lead, scrollport, viewStart, maxScroll, spacing: v.spacing };
    }

    /** Slot `k`'s own length (its state may widen it) and the lengths slots add (slot -> points). */
    function ownLength(k) {
      const v = slotNames.get(k);
      return v ? (horizontal ? v.itemWidth : v.itemHeight) : row.itemLength;
    }

    /** Where slot `k`'s leading edge is along the row (the app's `leadingEdge`): slot 0 at 0. */
    function leadingEdge(k) {
      let x = k * row.pitch;
      for (const j of slotNames.keys()) {
        const extra = ownLength(j) - row.itemLength;
        if (j >= 0 && j < k) x += extra; else if (j < 0 && j >= k) x -= extra;
      }
      return x;
    }

    /** The scroll position at which slot `k` is snapped (the app's `snapScroll`). */
    const snapScroll = k => leadingEdge(k) + anchor * (ownLength(k) - row.itemLength);

    /** The scroller's scroll offset for the app's scroll position `s`, and back. */
    let scrollBase = 0;
    const toScroller = s => s + scrollBase;
    const fromScroller = offset => offset - scrollBase;

    /** How many copies of the deck a loop keeps each side of slot 0: three windows' worth, at least one deck. */
    function loopSlots(g) {
      if (!EFFECT.loop || !count) return [0, count - 1];
      const copies = Math.min(Math.max(1, Math.ceil(3 * g.scrollport / (count * g.pitch))), Math.max(1, Math.floor(600 / count)));
      return [-copies * count, (copies + 1) * count - 1];
    }

    function makeItem(k) {
      const element = document.createElement("div");
      element.className = "item";
      element.dataset.carouselItem = "";
      element.dataset.slot = k;
      const item = DECK[wrap(k)];
      const image = document.createElement("img");
      image.src = item.src;
      image.alt = item.title;
      image.draggable = false;
      element.appendChild(image);
      return element;
    }

    /** Makes the slots the layout needs (in order), dropping the others; each has a snap marker. */
    function buildSlots([first, last]) {
      if (first === firstSlot && last === lastSlot) return;
      for (const [k, element] of elements) {
        if (k >= first && k <= last) continue;
        element.remove();
        elements.delete(k);
        markers.get(k).remove();
        markers.delete(k);
      }
      let next = null;
      for (let k = last; k >= first; k--) {
        let element = elements.get(k);
        if (!element) {
          element = makeItem(k);
          elements.set(k, element);
          scroller.insertBefore(element, next);
          const marker = document.createElement("div");
          marker.className = "snap";
          marker.setAttribute("aria-hidden", "true");
          markers.set(k, marker);
          scroller.appendChild(marker);
        }
        next = element;
      }
      firstSlot = first;
      lastSlot = last;
    }

    /**
     * The custom properties of one set of names: the item's size (its own length along the axis, the row's across it,
     * as the app sizes an item a state lengthens) and key values, where p = 0 is on its timeline.
     */
    function itemProperties(v, own) {
      const props = reducedMotion() && EFFECT.hasReducedForm ? EFFECT.reducedProperties(v) : EFFECT.properties(v);
      const cross = horizontal ? names.itemHeight : names.itemWidth, across = horizontal ? row.view.height : row.view.width;
      const offset = EFFECT.alignment === "start" ? 0 : EFFECT.alignment === "center" ? (across - cross) / 2 : across - cross;
      Object.assign(props, {
        "--e-item-w": horizontal ? own : cross, "--e-item-h": horizontal ? cross : own,
        "--e-cross": (horizontal ? row.view.y : row.view.x) + offset,
        // Cover starts when the item's leading edge meets the scrollport's end: p = 0 is `at0` later.
        "--e-at0": row.scrollport - row.viewStart - row.reference + row.measured * own,
        // A stacked item is pulled back from its place in the row to the snap point.
        "--e-stack0": row.lead + (row.itemLength - own) / 2 - row.reference + row.measured * own,
        "--e-radius": Math.max(EFFECT.cornerRadius(v), 0),
        "--e-zs": Math.abs(EFFECT.stackingScale(v)),
      });
      return props;
    }

    function setProperties(element, props) {
      for (const [name, value] of Object.entries(props)) element.style.setProperty(name, String(value));
    }

    /** Every length and value the style sheet reads, for the window's size and the states now. */
    function layout() {
      const size = area();
      baseNames = EFFECT.names(size, count);
      const base = name => baseNames[name] ?? 0;
      names = EFFECT.names(size, count, states.globalOverrides(base));
      row = geometry(names, size);
      buildSlots(loopSlots(row));
      const global = { ...states.globalOverrides(base) };
      slotNames.clear();
      for (const k of [...states.itemValues.keys()]) {
        const own = states.slotOverrides(k, base);
        if (!Object.keys(own).length) continue;
        const v = EFFECT.names(size, count, Object.assign(Object.create(null), global, own));
        slotNames.set(k, v);
      }
      // The scroller: the row's padding puts slot 0 at the snap point at the start; a loop's start is a whole pixel
      // from slot 0's snap point (scroll offsets are whole pixels).
      let before = 0;
      for (let k = firstSlot; k < Math.min(0, lastSlot + 1); k++) before += ownLength(k) + row.spacing;
      const padStart = row.viewStart + row.lead + (Math.ceil(before) - before);
      scrollBase = Math.ceil(before);
      let total = 0;
      for (let k = firstSlot; k <= lastSlot; k++) total += ownLength(k) + (k < lastSlot ? row.spacing : 0);
      const padEnd = EFFECT.loop ? row.scrollport - padStart - ownLength(lastSlot)
        : Math.max(row.scrollport + row.maxScroll - padStart - total, 0);
      const perspective = EFFECT.perspective(names);
      const origin = EFFECT.perspectiveOrigin ?? [0.5, 0.5];
      setProperties(scroller, {
        "--e-spacing": row.spacing, "--e-pad-start": padStart, "--e-pad-end": padEnd, "--e-view-lead": row.viewStart,
        "--e-view-x": row.view.x, "--e-view-y": row.view.y, "--e-unit": row.unit,
        "--e-perspective": EFFECT.perspectiveOrigin && perspective > 0 ? `${perspective}px` : "none",
        "--e-eye-x": row.view.x + origin[0] * row.view.width, "--e-eye-y": row.view.y + origin[1] * row.view.height,
        ...itemProperties(names, row.itemLength),
      });
      const group = groupSize();
      const cross = horizontal ? names.itemHeight : names.itemWidth;
      let at = padStart;
      for (let k = firstSlot; k <= lastSlot; k++) {
        const element = elements.get(k), v = slotNames.get(k), own = ownLength(k);
        element.removeAttribute("style");
        if (v) setProperties(element, itemProperties(v, own));
        // The slot's snap marker: its untransformed box, if a snap point rests on it.
        const rests = EFFECT.snap.mode !== "none" && ((k % group) + group) % group === 0;
        Object.assign(markers.get(k).style, {
          display: rests ? "block" : "none",
          left: `${horizontal ? at : row.view.x}px`, top: `${horizontal ? row.view.y : at}px`,
          width: `${horizontal ? own : cross}px`, height: `${horizontal ? cross : own}px`,
        });
        at += own + row.spacing;
      }
      scrollerTargets();
    }

    /** Slots a snap point rests on: the effect's group, or a page of whole items. */
    function groupSize() {
      if (EFFECT.snap.mode !== "page") return Math.max(EFFECT.snap.group, 1);
      return Math.max(Math.floor((row.length + row.spacing) / row.pitch + 1e-9), 1);
    }

    // ---- Moving: to snap points with the snap curve, drags, keys, wheel bursts --------------------------------------

    /** The row's scroll position (the app's s) on the page's clock while the script moves it. */
    let position = new AnimatedValue(0);
    let moving = false;
    const snapAnimation = () => ({ curve: T.snapCurve, duration: T.snapDuration });
    const scroll = {
      get offset() { return horizontal ? scroller.scrollLeft : scroller.scrollTop; },
      set offset(x) { if (horizontal) scroller.scrollLeft = x; else scroller.scrollTop = x; },
    };
    const controller = new Scroller({
      move: (target, animation, velocity) => {
        position.set(fromScroller(target), animation, clock.now(), velocity);
        moving = true;
        snapping(false);
        requestFrame();
      },
      presentation: () => moving ? toScroller(position.value(clock.now())) : scroll.offset,
      snapAnimation: snapAnimation(),
    });
    controller.snapping = EFFECT.snap.mode !== "none";

    /** The snap targets as scroll offsets (every group's first slot), and the scroll range. */
    function scrollerTargets() {
      controller.maxOffset = Math.max((horizontal ? scroller.scrollWidth - scroller.clientWidth : scroller.scrollHeight - scroller.clientHeight), 0);
      const group = groupSize(), targets = [];
      for (let k = firstSlot; k <= lastSlot; k++) if (((k % group) + group) % group === 0) targets.push(toScroller(snapScroll(k)));
      controller.snapTargets = targets;
      controller.snapAnimation = snapAnimation();
    }

    /** CSS snapping is off while the script moves the row or a drag holds it, and back on at rest. */
    function snapping(on) {
      scroller.style.scrollSnapType = on ? "" : "none";
    }

    /** The app's scroll position now. */
    const scrollPosition = () => moving ? position.value(clock.now()) : fromScroller(scroll.offset);

    /** The slot snapped nearest to scroll position `s`. */
    function nearestSlot(s) {
      if (!count) return 0;
      const k = Math.round(s / row.pitch);
      let best = null;
      for (let j = k - 1; j <= k + 1; j++) {
        if (!EFFECT.loop && (j < 0 || j > count - 1)) continue;
        if (best === null || Math.abs(snapScroll(j) - s) < Math.abs(snapScroll(best) - s)) best = j;
      }
      return best ?? 0;
    }

    /** The slot the row rests at or is moving to. */
    const selectedSlot = () => nearestSlot(moving ? position.model : fromScroller(scroll.offset));

    /** A loop at rest goes back by whole decks to the middle copy (the same picture: nothing changes on screen). */
    function recentre() {
      if (!EFFECT.loop || !count || moving || controller.dragging) return;
      const s = fromScroller(scroll.offset), deck = count * row.pitch;
      const shift = Math.round(s / deck) * deck;
      if (!shift || slotNames.size) return;
      scroll.offset = toScroller(s - shift);
      controller.offset = scroll.offset;
    }

    /** Moves to `slot` with the snap curve (a cut under reduced motion, the new place fading in). */
    function select(slot) {
      if (!count || controller.dragging) return;
      const target = EFFECT.loop ? slot : clamp(slot, 0, count - 1);
      const from = scrollPosition();
      controller.scrollTo(toScroller(snapScroll(target)), snapAnimation());
      if (reducedMotion() && !EFFECT.hasReducedForm && Math.abs(scrollPosition() - from) > 0.5) fadeIn();
    }

    /** Under reduced motion without a declared form, a move the hand does not direct cuts, and the new place fades in. */
    function fadeIn() {
      const duration = T.snapCurve.type === "spring" ? 0.3 : T.snapDuration;
      scroller.animate([{ opacity: 0 }, { opacity: 1 }], { duration: duration * 1000, easing: "ease-in-out" });
    }

    function step(by) {
      if (!count) return;
      const group = groupSize();
      select(selectedSlot() + by * group);
    }

    // ---- Each frame while something moves: the scroll position and the states' values -----------------------------

    let laidOutFor = "";
    function render() {
      const now = clock.now();
      if (moving) {
        scroll.offset = Math.round(toScroller(position.value(now)));
        if (!position.isAnimating(now)) {
          moving = false;
          controller.offset = scroll.offset;
          if (!controller.dragging) snapping(true);
          recentre();
        }
      }
      // The selection reads the lengths states give items now (the app lays out every frame before it selects).
      layout();
      updateStates();
      layout();
      a11y?.update();
    }

    const requestFrame = frameLoop(render, () => moving || states.isAnimating());

    /** Sets the triggers from the input's state and retargets the states' values. */
    function updateStates() {
      if (!EFFECT.states.length || !baseNames) return;
      states.setSlot("selected", count ? selectedSlot() : null);
      states.update(name => baseNames[name] ?? 0, baseNames);
      if (states.isAnimating()) requestFrame();
    }

    // ---- Input ------------------------------------------------------------------------------------------------------

    const slotOf = target => {
      const element = target instanceof Element ? target.closest(".item") : null;
      return element ? Number(element.dataset.slot) : null;
    };
    /**
     * A mouse or pen drag along the axis moves the row and settles with the fling (touch scrolls natively, with CSS
     * snapping): `onDrag({ phase: "begin" | "move" | "end", delta, velocity })` once the pointer has moved more than 4
     * pixels while pressed. Returns whether a drag is under way (a click that ends one is not a tap).
     */
    function dragAlongAxis(element, onDrag) {
      let press = null;
      const at = event => horizontal ? event.clientX : event.clientY;
      element.addEventListener("pointerdown", event => {
        if (event.button !== 0 || event.pointerType === "touch") return;
        press = { start: at(event), last: at(event), dragging: false, samples: [] };
      });
      addEventListener("pointermove", event => {
        if (!press) return;
        const t = clock.now(), x = at(event);
        if (!press.dragging && Math.abs(x - press.start) > 4) {
          press.dragging = true;
          onDrag({ phase: "begin" });
        }
        if (!press.dragging) return;
        onDrag({ phase: "move", delta: x - press.last });
        press.last = x;
        press.samples = press.samples.filter(s => t - s.t < 0.1).concat({ t, x });
      });
      const end = () => {
        if (press && press.dragging) {
          const s = press.samples, first = s[0], last = s[s.length - 1];
          onDrag({ phase: "end", velocity: s.length > 1 && last.t > first.t ? (last.x - first.x) / (last.t - first.t) : 0 });
        }
        press = null;
      };
      addEventListener("pointerup", end);
      addEventListener("pointercancel", end);
      return () => press !== null && press.dragging;
    }

    let dragStart = null;
    const isDragging = dragAlongAxis(scroller, ({ phase, delta, velocity }) => {
      if (phase === "begin") {
        controller.offset = controller.presentation();
        controller.beginDrag();
        dragStart = controller.offset;
        autoAdvance.setPaused("drag", true);
      } else if (phase === "move") {
        controller.drag(delta);
        const changed = [states.set("dragForward", controller.offset > dragStart), states.set("dragBackward", controller.offset < dragStart),
                         states.set("drag", true)];
        if (changed.includes(true)) updateStates();
      } else {
        dragStart = null;
        for (const s of ["drag", "dragForward", "dragBackward"]) states.set(s, false);
        autoAdvance.setPaused("drag", false);
        controller.endDrag(velocity);
      }
      requestFrame();
    });

    function clearAutoAdvanceState() {
      if (states.set("autoAdvance", false)) requestFrame();
    }

    scroller.addEventListener("click", event => {
      if (isDragging()) return;
      const slot = slotOf(event.target);
      if (slot !== null) select(slot);
    });
    scroller.addEventListener("pointermove", event => {
      if (states.setSlot("hover", slotOf(document.elementFromPoint(event.clientX, event.clientY)))) requestFrame();
    });
    scroller.addEventListener("pointerleave", () => { if (states.setSlot("hover", null)) requestFrame(); });
    scroller.addEventListener("pointerdown", event => {
      clearAutoAdvanceState();
      if (states.setSlot("press", slotOf(event.target))) requestFrame();
    });
    addEventListener("pointerup", () => { if (states.setSlot("press", null)) requestFrame(); });

    document.addEventListener("keydown", event => {
      if (event.ctrlKey || event.altKey || event.metaKey || event.shiftKey || fromControl(event)) return;
      const back = horizontal ? "ArrowLeft" : "ArrowUp", on = horizontal ? "ArrowRight" : "ArrowDown";
      clearAutoAdvanceState();
      if (event.key === back) step(-1);
      else if (event.key === on) step(1);
      else if (event.key === "Home" && !EFFECT.loop) select(0);
      else if (event.key === "End" && !EFFECT.loop) select(count - 1);
      else return;
      event.preventDefault();
    });

    // One item per wheel burst; Ctrl+wheel (a trackpad's pinch) pinches in or out.
    onWheelSteps(scroller, direction => { clearAutoAdvanceState(); step(direction); }, () => controller.dragging);
    let pinch = null;
    scroller.addEventListener("wheel", event => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      const t = clock.now();
      if (!pinch || t - pinch.time > 0.3) pinch = { scale: 1, decided: false };
      pinch.time = t;
      pinch.scale *= Math.exp(-event.deltaY / 100);
      if (pinch.decided || (pinch.scale > 0.95 && pinch.scale < 1.05)) return;
      pinch.decided = true;
      states.set("pinchIn", pinch.scale < 1);
      states.set("pinchOut", pinch.scale > 1);
      requestFrame();
    }, { passive: false });

    // Scrolling the page's own way (touch, a scrollbar, the keyboard's Page keys) moves the row; a loop re-centres at
    // rest.
    scroller.addEventListener("scroll", () => { if (!moving) { a11y?.update(); if (EFFECT.states.length) requestFrame(); } });
    scroller.addEventListener("scrollend", () => { if (!moving && !controller.dragging) { controller.offset = scroll.offset; recentre(); } });
    addEventListener("resize", () => {
      const s = scrollPosition();
      layout();
      scroll.offset = Math.round(toScroller(s));
      controller.offset = scroll.offset;
    });
    reducedMotionQuery.addEventListener("change", () => layout());

    // ---- Auto-advance: the next item (back to the first after the last, unless the row loops) ----------------------

    const autoAdvance = new AutoAdvance({
      enabled: T.autoAdvance && count >= 2,
      interval: T.autoAdvanceInterval,
      showsProgress: T.autoAdvanceProgress,
      advance: () => {
        states.set("autoAdvance", true);
        const next = selectedSlot() + groupSize();
        if (!EFFECT.loop && (next > count - 1 || toScroller(snapScroll(selectedSlot())) >= controller.maxOffset - 0.5)) select(0);
        else select(next);
        requestFrame();
      },
    });
    scroller.addEventListener("pointerenter", () => autoAdvance.setPaused("pointer", true));
    scroller.addEventListener("pointerleave", () => autoAdvance.setPaused("pointer", false));

    layout();
    scroll.offset = toScroller(snapScroll(0));
    controller.offset = scroll.offset;
    updateStates();
    layout();

    // The slides are the items; the current one is the one at the snap point.
    a11y = new CarouselAccessibility({
      container: scroller,
      slides: () => [...elements.entries()].map(([slot, element]) => ({ element, index: wrap(slot) })),
      current: () => elements.get(selectedSlot()) ?? null,
      autoAdvance,
    });

    /** For scripts and tests: the items on the page with their progress and opacity, the state, and moving the row. */
    const carousel = {
      items: () => [...elements.entries()].map(([slot, element]) => {
        const s = scrollPosition();
        const own = ownLength(slot);
        const leading = row.lead + leadingEdge(slot) - s;
        return { index: wrap(slot), element, slot, opacity: Number(getComputedStyle(element).opacity),
                 progress: (anchor * row.length - (leading + anchor * own)) / row.pitch };
      }),
      state: () => ({ current: wrap(selectedSlot()), slot: selectedSlot(), scrollOffset: scrollPosition(),
                      states: [...states.global].sort() }),
      render,
      a11y,
      /** Holds the row at the app's scroll position `s`, as a drag held still does (snapping off). */
      scrollTo(s) {
        moving = false;
        snapping(false);
        scroll.offset = Math.round(toScroller(s));
        controller.offset = scroll.offset;
        render();
      },
      /** Resolves once the browser has drawn the row where it is (scroll-driven animations follow the scroll
       *  position at the next frame). */
      settle: () => new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    };

    {{> jsTestMode}}
    </script>
    </body>
    </html>
    """#
}
