/// The pieces every exported web page shares, as template partials (`{{> webCurves}}`): the page head, base CSS,
/// the carousel's landmark, the tuned values and the deck as JavaScript, reduced motion, timing curves and springs,
/// animated values on the page's clock, the wheel burst filter, a scroller with snap targets, auto-advance with its
/// pause rules, the WAI-ARIA carousel pattern (`CarouselAccessibility`), and the test mode. Each style's own template
/// (`<Style>/<Style>WebTemplate.swift`) holds its markup, CSS and behaviour.
///
/// The JavaScript mirrors the app's own rules (CarouselCore's `CubicBezier`, `Spring`, `AnimatedValue`,
/// `WheelBurstFilter`, `ScrollController`, the app's `AutoAdvance`), so a page moves as the app does.
enum WebPartials {
    static let all: [String: String] = [
        "webHead": head, "webBaseCSS": baseCSS, "jsTuning": tuning, "jsDeck": deck, "jsClock": clock,
        "jsCurves": curves, "jsAnimatedValue": animatedValue, "jsWheel": wheel, "jsScroller": scroller,
        "jsAutoAdvance": autoAdvance, "jsTestMode": testMode, "jsRuntime": runtime, "scriptStart": scriptStart,
        "pageHead": pageHead, "carouselStart": carouselStart, "carouselEnd": carouselEnd, "jsMotion": motion,
        "jsAccessibility": accessibility,
    ]

    /// Opens the carousel: the page's main landmark holding the carousel, a region labelled with the deck's name
    /// (WAI-ARIA's carousel pattern; axe's `region` rule wants all content in landmarks).
    static let carouselStart = #"""
    <main>
    <section id="carousel" aria-roledescription="carousel" aria-label="{{deckNameHTML}}">
    """#

    /// Closes what `carouselStart` opened.
    static let carouselEnd = #"""
    </section>
    </main>
    """#

    /// The user's reduced-motion setting, and the one way an animation is dropped for it.
    static let motion = #"""
    /**
     * Reduced motion (`prefers-reduced-motion: reduce`, the system's setting or a browser's emulation of it), read
     * when needed so a change applies at once. With it, moves that the style animates over a distance happen at once
     * (a page changes in place, a row snaps, the scroll into view does not glide), and auto-advance waits until the
     * user starts it with the rotation control; fades and what follows the pointer stay.
     */
    const reducedMotionQuery = matchMedia("(prefers-reduced-motion: reduce)");
    const reducedMotion = () => reducedMotionQuery.matches;
    /** `animation`, or none (the change happens at once) when the user asked for reduced motion. */
    const unlessReduced = animation => reducedMotion() ? null : animation;

    /** Whether a key event belongs to a control that handles it itself (a button, a field), not to the carousel. */
    const fromControl = event => event.target instanceof Element && event.target.closest("button, input, select, textarea, a[href]") !== null;
    """#

    /// A page's head up to its style's own CSS: the document head, then the style sheet opened with the base CSS.
    static let pageHead = #"""
    {{> webHead}}
    <style>
    {{> webBaseCSS}}
    """#

    /// Opens a style's script: the runtime, the carousel's element, the tuned values as `T`, and `$` for the
    /// carousel's parts.
    static let scriptStart = #"""
    <script>
    "use strict";
    {{> jsRuntime}}

    const carouselElement = document.getElementById("carousel");
    const T = TUNING;
    /** The carousel's first element matching `selector`. */
    const $ = selector => carouselElement.querySelector(selector);
    """#

    /// Everything a style's script builds on, in order: the tuned values, the deck, reduced motion, the clock,
    /// curves, animated values, the wheel filter, the scroller, auto-advance and the carousel pattern. Each style's
    /// script starts with it (a part a style does not use only defines names).
    static let runtime = #"""
    {{> jsTuning}}

    {{> jsDeck}}

    {{> jsMotion}}

    {{> jsClock}}

    {{> jsCurves}}

    {{> jsAnimatedValue}}

    {{> jsWheel}}

    {{> jsScroller}}

    {{> jsAutoAdvance}}

    {{> jsAccessibility}}
    """#

    /// The document's head up to the style sheet.
    static let head = #"""
    <!DOCTYPE html>
    <!--
      {{summary}}.
      Exported by Carousel Lab (style "{{styleName}}") with the values tuned there. One self-contained page: the CSS and
      JavaScript are inline, nothing is loaded from the network, and the images sit beside the page (or are embedded).
    -->
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>{{deckNameHTML}} · {{styleName}} carousel</title>
    """#

    /// The page, the full-window carousel and the auto-advance progress bar.
    static let baseCSS = #"""
    html, body {
      margin: 0;
      height: 100%;
      overflow: hidden;
      background: #202124;
      color: #e8eaed;
      font-family: "DejaVu Sans", system-ui, sans-serif;
    }
    #carousel {
      position: fixed;
      inset: 0;
      overflow: hidden;
      user-select: none;
      -webkit-user-select: none;
      touch-action: none;
    }
    #carousel img {
      display: block;
      -webkit-user-drag: none;
    }
    [hidden] {
      display: none !important;
    }
    .progress {
      position: fixed;
      left: 0;
      right: 0;
      bottom: 0;
      height: 3px;
      background: rgba(255, 255, 255, 0.12);
      pointer-events: none;
    }
    .progress > div {
      height: 100%;
      width: 0;
      background: #8ab4f8;
    }
    /* Keyboard focus: a ring on whatever has it (a slide, the rotation control). */
    #carousel :focus-visible {
      outline: 3px solid #8ab4f8;
      outline-offset: 2px;
    }
    /* A slide its image fills edge to edge (a page, a stitched image): the ring inside it, drawn over the image. */
    .ring-inside {
      position: relative;
    }
    #carousel .ring-inside:focus-visible {
      outline: none;
    }
    #carousel .ring-inside:focus-visible::after {
      content: "";
      position: absolute;
      inset: 0;
      border: 3px solid #8ab4f8;
      pointer-events: none;
    }
    /* The rotation control (pause / play auto-advance), a 44 px target in the top trailing corner. */
    .rotation {
      position: fixed;
      top: 12px;
      right: 12px;
      z-index: 3;
      width: 44px;
      height: 44px;
      padding: 0;
      border: 2px solid rgba(255, 255, 255, 0.85);
      border-radius: 50%;
      background: rgba(0, 0, 0, 0.6);
      color: #fff;
      font: 16px/1 "DejaVu Sans", system-ui, sans-serif;
      cursor: pointer;
    }
    """#

    /// Every tuned value as a named constant with its unit.
    static let tuning = #"""
    /** The values tuned in Carousel Lab. Units: pt = CSS pixels, s = seconds, × = a factor. */
    const TUNING = {
    {{#jsConstants}}

      // {{group}}
    {{#lines}}
      {{line}}
    {{/lines}}
    {{/jsConstants}}
    };
    """#

    /// The deck the effect was tuned with.
    static let deck = #"""
    /** The images, in order: file (beside the page), title and width / height. */
    const DECK = [
    {{#items}}
      { src: {{srcJS}}, still: {{stillSrcJS}}, title: {{titleJS}}, meta: {{metaJS}}, aspect: {{aspect}} },
    {{/items}}
    ];
    """#

    /// The page's clock (seconds) and timers on it; the test mode stops the clock and moves it by hand.
    static let clock = #"""
    /**
     * The page's clock, in seconds, and timers that run on it. Normally it is the browser's; the test mode (see the
     * end of the script) stops it and moves it by hand, firing due timers in order, so a frame at a given time is
     * exact and repeatable.
     */
    const clock = {
      // Stopped from the start in the test mode, so timers set while the page starts (auto-advance's) run on it too.
      manual: new URLSearchParams(location.hash.slice(1)).has("test") ? 0 : null,
      timers: [],
      now() { return this.manual ?? performance.now() / 1000; },
      /** Calls `fn` after `seconds`; returns a function that cancels it. */
      after(seconds, fn) {
        if (this.manual === null) {
          const id = setTimeout(fn, seconds * 1000);
          return () => clearTimeout(id);
        }
        const timer = { due: this.now() + seconds, fn };
        this.timers.push(timer);
        return () => { this.timers = this.timers.filter(t => t !== timer); };
      },
    };
    """#

    /// Cubic-bezier curves and damped springs, and their CSS easing.
    static let curves = #"""
    /** A cubic-bezier timing function as CSS and SwiftUI define it: progress at time fraction x (0...1). */
    function cubicBezier(x1, y1, x2, y2) {
      const coordinate = (s, p1, p2) => 3 * (1 - s) ** 2 * s * p1 + 3 * (1 - s) * s * s * p2 + s ** 3;
      const derivative = (s, p1, p2) => 3 * (1 - s) ** 2 * p1 + 6 * (1 - s) * s * (p2 - p1) + 3 * s * s * (1 - p2);
      function parameter(x) {
        let s = x;
        for (let i = 0; i < 8; i++) {
          const error = coordinate(s, x1, x2) - x;
          if (Math.abs(error) < 1e-9) return s;
          const d = derivative(s, x1, x2);
          if (Math.abs(d) < 1e-9) break;
          s -= error / d;
        }
        let lo = 0, hi = 1;
        s = x;
        for (let i = 0; i < 60; i++) {
          const value = coordinate(s, x1, x2);
          if (Math.abs(value - x) < 1e-10) break;
          if (value < x) lo = s; else hi = s;
          s = (lo + hi) / 2;
        }
        return s;
      }
      const progress = x => x <= 0 ? 0 : x >= 1 ? 1 : coordinate(parameter(x), y1, y2);
      progress.slope = x => {
        const s = parameter(Math.min(Math.max(x, 0), 1));
        const dx = derivative(s, x1, x2);
        return dx > 1e-9 ? derivative(s, y1, y2) / dx : 0;
      };
      return progress;
    }

    /**
     * A damped spring as SwiftUI describes it: `response` is the period of the undamped oscillation in seconds,
     * `dampingFraction` 1 is critical damping (no overshoot), below 1 it bounces.
     */
    class Spring {
      constructor(response, dampingFraction) {
        this.response = Math.max(response, 0.001);
        this.damping = Math.max(dampingFraction, 0);
        this.omega = 2 * Math.PI / this.response;
      }
      /** Displacement from the target after `t` seconds, starting at displacement `x0` with velocity `v0`. */
      displacement(t, x0, v0) {
        const w = this.omega, z = this.damping;
        if (z < 1) {
          const wd = w * Math.sqrt(1 - z * z);
          return Math.exp(-z * w * t) * (x0 * Math.cos(wd * t) + (v0 + z * w * x0) / wd * Math.sin(wd * t));
        }
        if (z === 1) return Math.exp(-w * t) * (x0 + (v0 + w * x0) * t);
        const r = Math.sqrt(z * z - 1), r1 = -w * (z - r), r2 = -w * (z + r);
        const c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2;
        return c1 * Math.exp(r1 * t) + c2 * Math.exp(r2 * t);
      }
      velocity(t, x0, v0) {
        const h = 1e-5;
        return (this.displacement(t + h, x0, v0) - this.displacement(Math.max(t - h, 0), x0, v0)) / (t >= h ? 2 * h : h + t);
      }
      /** Seconds after which displacement and velocity stay within `tolerance`. */
      settlingTime(x0, v0, tolerance) {
        if (Math.abs(x0) <= tolerance && Math.abs(v0) <= tolerance) return 0;
        const step = 1 / 240;
        let calmSince = null;
        for (let t = 0; t < 60; t += step) {
          const calm = Math.abs(this.displacement(t, x0, v0)) <= tolerance
            && Math.abs(this.velocity(t, x0, v0)) <= tolerance * this.omega;
          if (!calm) calmSince = null;
          else if (calmSince === null) calmSince = t;
          else if (t - calmSince >= this.response / 2) return calmSince;
        }
        return 60;
      }
      /** How long a move of `distance` starting with `velocity` lasts (the app's rule). */
      duration(distance, velocity) {
        const x0 = Math.abs(distance), v0 = Math.abs(velocity);
        const tolerance = Math.min(Math.max(x0, v0 / this.omega) * 1e-3, 0.005);
        return Math.max(this.settlingTime(x0, 0, tolerance), this.settlingTime(0, v0, tolerance));
      }
    }

    /** A tuned curve ({ type: "bezier" | "spring" | "linear", ... }) as a function of time fraction, or a Spring. */
    function timing(curve) {
      if (curve.type === "spring") return new Spring(curve.response, curve.dampingFraction);
      if (curve.type === "bezier") return cubicBezier(...curve.points);
      return x => Math.min(Math.max(x, 0), 1);
    }

    /**
     * A CSS transition's timing for `curve` over `duration` seconds: `cubic-bezier()` where CSS can say it; a spring is
     * sampled into `linear()` over its settling time, for a move of `distance` (CSS pixels) that starts with `velocity`
     * (pixels per second towards the target).
     */
    function cssTiming(curve, duration, distance = 1, velocity = 0) {
      if (curve.type === "bezier") return { easing: `cubic-bezier(${curve.points.join(", ")})`, duration };
      if (curve.type !== "spring") return { easing: "linear", duration };
      const spring = timing(curve);
      const seconds = spring.duration(distance, velocity);
      const v = distance ? velocity / Math.abs(distance) : 0;
      const samples = [];
      const count = 48;
      for (let i = 0; i <= count; i++) {
        const t = seconds * i / count;
        const progress = 1 - spring.displacement(t, 1, 0) + v * spring.displacement(t, 0, 1);
        samples.push(`${progress.toFixed(4)} ${(100 * i / count).toFixed(2)}%`);
      }
      return { easing: `linear(${samples.join(", ")})`, duration: seconds };
    }

    /** A CSS `transition` value for `property` with `timing` ({ easing, duration }) and `delay` seconds. */
    function transition(property, { easing, duration }, delay = 0) {
      return `${property} ${duration}s ${easing} ${delay}s`;
    }
    """#

    /// A number that animates on the page's clock (the app's AnimatedValue), for effects CSS cannot express.
    static let animatedValue = #"""
    /**
     * A number with a target (`model`) and what is on screen at a time (`value(t)`). A new target animates from the
     * value on screen with the curve ({ curve, duration, delay }); a spring keeps its velocity. Without an animation
     * it jumps.
     */
    class AnimatedValue {
      constructor(value) {
        this.model = value;
        this.run = null;
      }
      value(t) {
        const run = this.run;
        if (!run || t >= run.end) return this.model;
        if (t <= run.start) return run.from;
        const elapsed = t - run.start;
        if (run.timing instanceof Spring) {
          return this.model + (run.from - this.model) * run.timing.displacement(elapsed, 1, 0)
            + run.velocity * run.timing.displacement(elapsed, 0, 1);
        }
        const p = run.timing(run.duration > 0 ? elapsed / run.duration : 1);
        return run.from + (this.model - run.from) * p;
      }
      velocity(t) {
        const run = this.run;
        if (!run || t >= run.end || t < run.start) return 0;
        const elapsed = t - run.start;
        if (run.timing instanceof Spring) {
          return (run.from - this.model) * run.timing.velocity(elapsed, 1, 0) + run.velocity * run.timing.velocity(elapsed, 0, 1);
        }
        if (run.duration <= 0) return 0;
        const slope = run.timing.slope ? run.timing.slope(elapsed / run.duration) : 1;
        return (this.model - run.from) * slope / run.duration;
      }
      isAnimating(t) { return this.run !== null && t < this.run.end; }
      get endTime() { return this.run ? this.run.end : null; }
      /** Sets the target; with `animation` the value moves there from where it is at time `t`. */
      set(value, animation, t, initialVelocity) {
        if (!animation) {
          this.model = value;
          this.run = null;
          return;
        }
        const from = this.value(t), velocity = initialVelocity ?? this.velocity(t);
        const curve = timing(animation.curve);
        this.model = value;
        const delay = animation.delay ?? 0;
        if (from === value && velocity === 0 && delay === 0) {
          this.run = null;
          return;
        }
        const duration = curve instanceof Spring ? curve.duration(from - value, velocity) : animation.duration;
        this.run = { from, velocity, start: t + delay, end: t + delay + duration, timing: curve, duration };
      }
    }

    /** Draws with `render` on every display frame while `isMoving()` says something moves, then once more. */
    function frameLoop(render, isMoving) {
      let scheduled = false;
      function frame() {
        scheduled = false;
        render();
        if (isMoving()) request();
      }
      function request() {
        if (scheduled || clock.manual !== null) return;
        scheduled = true;
        requestAnimationFrame(frame);
      }
      return request;
    }
    """#

    /// The wheel burst filter: one step per burst of wheel events.
    static let wheel = #"""
    /**
     * One wheel burst moves one item (after Swiper's wheel handling, as the app does): an event more than 0.15 s
     * after the previous one starts a burst and steps; within a burst a further step needs the direction to flip, a
     * delta growing past 1.5 times the previous one (a new push during inertia), or 0.3 s since the last step with
     * deltas that are not shrinking (a wheel held spinning).
     */
    class WheelBurstFilter {
      constructor() {
        this.lastTime = null;
        this.lastDelta = 0;
        this.lastStep = -Infinity;
      }
      /** +1, -1 or 0 for a wheel delta at time `t` (seconds). */
      step(delta, t) {
        if (delta === 0) return 0;
        let steps = true;
        if (this.lastTime !== null && t - this.lastTime <= 0.15) {
          steps = (this.lastDelta > 0) !== (delta > 0)
            || Math.abs(delta) > Math.abs(this.lastDelta) * 1.5
            || (t - this.lastStep >= 0.3 && Math.abs(delta) >= Math.abs(this.lastDelta));
        }
        this.lastTime = t;
        this.lastDelta = delta;
        if (steps) this.lastStep = t;
        return steps ? Math.sign(delta) : 0;
      }
    }

    /** A wheel event's motion along the row, in pixels: positive moves towards the end (down or right). */
    function wheelDelta(event) {
      const scale = event.deltaMode === 1 ? 40 : event.deltaMode === 2 ? innerWidth : 1;
      return (event.deltaX + event.deltaY) * scale;
    }

    /**
     * Wheel bursts over `element` as steps of one item: `onStep(-1 | 1)` once per burst, unless `ignore()` (a drag
     * under way). Ctrl+wheel is left to the page (zoom, or a style's pinch).
     */
    function onWheelSteps(element, onStep, ignore = () => false) {
      const filter = new WheelBurstFilter();
      element.addEventListener("wheel", event => {
        if (event.ctrlKey) return;
        event.preventDefault();
        if (ignore()) return;
        const step = filter.step(wheelDelta(event), clock.now());
        if (step) onStep(step);
      }, { passive: false });
    }
    """#

    /// A scroll position with snap targets, wheel bursts and drags (the app's ScrollController).
    static let scroller = #"""
    /**
     * A scroll offset (how far the content has moved left) with snap targets: a wheel burst moves to the next
     * target, a drag follows the pointer and settles on a target chosen by the fling. It keeps the target offset;
     * `move(target, animation)` shows it (a CSS transition or an animated value) and `presentation()` says where the
     * content is on screen now.
     */
    class Scroller {
      constructor({ move, presentation, snapAnimation, tickDistance = 80 }) {
        this.move = move;
        this.presentation = presentation;
        this.snapAnimation = snapAnimation;
        this.tickDistance = tickDistance;
        this.offset = 0;
        this.maxOffset = 0;
        this.snapTargets = [];
        this.snapping = true;
        this.dragging = false;
        this.burst = new WheelBurstFilter();
      }
      /** The snap targets inside the range, without near-duplicates. */
      targets() {
        const out = [];
        for (const target of this.snapTargets) {
          const t = Math.min(Math.max(target, 0), this.maxOffset);
          if (out.length && Math.abs(out[out.length - 1] - t) <= 0.5) continue;
          out.push(t);
        }
        return out;
      }
      nearestIndex(offset) {
        const targets = this.targets();
        if (!targets.length) return null;
        let best = 0;
        targets.forEach((t, i) => { if (Math.abs(t - offset) < Math.abs(targets[best] - offset)) best = i; });
        return best;
      }
      /** Moves to `target` with `animation`, or at once under reduced motion (a drag still follows the pointer). */
      scrollTo(target, animation, velocity) {
        this.offset = Math.min(Math.max(target, 0), this.maxOffset);
        this.move(this.offset, unlessReduced(animation), velocity);
      }
      jump(target) { this.scrollTo(target, null); }
      /** Moves `steps` snap targets on (or `steps` ticks when not snapping). */
      step(steps) {
        const i = this.snapping ? this.nearestIndex(this.offset) : null;
        if (i === null) return this.scrollTo(this.offset + steps * this.tickDistance, EASE_OUT_02);
        const targets = this.targets();
        this.scrollTo(targets[Math.min(Math.max(i + steps, 0), targets.length - 1)], this.snapAnimation);
      }
      /** A wheel motion of `delta` pixels at time `t`. */
      wheel(delta, t) {
        if (this.snapping && this.snapTargets.length) {
          const s = this.burst.step(delta, t);
          if (s) this.step(s);
        } else {
          this.scrollTo(this.offset + delta, EASE_OUT_02);
        }
      }
      beginDrag() {
        this.dragging = true;
        this.jump(this.presentation());
      }
      drag(dx) { if (this.dragging) this.jump(this.offset - dx); }
      /** Ends a drag with the pointer's velocity (pixels per second). */
      endDrag(pointerVelocity) {
        this.dragging = false;
        const v = -pointerVelocity;
        const targets = this.targets();
        if (!this.snapping || !targets.length) return this.scrollTo(this.offset + v * 0.3, { curve: EASE_OUT, duration: 0.5 });
        let j = this.nearestIndex(this.offset + v * 0.15);
        if (Math.abs(v) > 300) {
          if (v > 0 && targets[j] <= this.offset + 0.5 && j + 1 < targets.length) j += 1;
          if (v < 0 && targets[j] >= this.offset - 0.5 && j > 0) j -= 1;
        }
        this.scrollTo(targets[j], this.snapAnimation, v);
      }
    }

    const EASE_OUT = { type: "bezier", points: [0, 0, 0.58, 1] };
    /** The app's move for a wheel tick without snapping. */
    const EASE_OUT_02 = { curve: EASE_OUT, duration: 0.2 };
    /** The app's default snapping motion: a critically damped spring. */
    const SNAP_SPRING = { curve: { type: "spring", response: 0.4, dampingFraction: 1 }, duration: 0 };

    /**
     * Tracks a pointer drag along x: `onDrag({ phase: "begin" | "move" | "end", dx, velocity })` once the pointer has
     * moved more than 4 pixels while pressed.
     */
    function trackDrag(element, onDrag) {
      let press = null;
      element.addEventListener("pointerdown", event => {
        if (event.button !== 0) return;
        press = { x: event.clientX, lastX: event.clientX, dragging: false, samples: [] };
      });
      window.addEventListener("pointermove", event => {
        if (!press) return;
        const t = clock.now();
        if (!press.dragging && Math.abs(event.clientX - press.x) > 4) {
          press.dragging = true;
          onDrag({ phase: "begin" });
        }
        if (!press.dragging) return;
        onDrag({ phase: "move", dx: event.clientX - press.lastX });
        press.lastX = event.clientX;
        press.samples = press.samples.filter(s => t - s.t < 0.1).concat({ t, x: event.clientX });
      });
      const end = () => {
        if (press && press.dragging) {
          const s = press.samples, first = s[0], last = s[s.length - 1];
          const velocity = s.length > 1 && last.t > first.t ? (last.x - first.x) / (last.t - first.t) : 0;
          onDrag({ phase: "end", velocity });
        }
        press = null;
      };
      window.addEventListener("pointerup", end);
      window.addEventListener("pointercancel", end);
      return () => press !== null && press.dragging;
    }

    /**
     * Drags on `element` move `scroller` and settle with the fling; `onDragging(true | false)` follows each drag (the
     * style pauses auto-advance). Returns whether a drag is under way (a click that ends one is not a tap).
     */
    function dragScroller(element, scroller, onDragging) {
      return trackDrag(element, ({ phase, dx, velocity }) => {
        if (phase === "begin") scroller.beginDrag();
        else if (phase === "move") scroller.drag(dx);
        else scroller.endDrag(velocity);
        onDragging(scroller.dragging);
      });
    }
    """#

    /// Auto-advance on a timer, with the app's pause rules and progress bar, and a stop the rotation control sets.
    static let autoAdvance = #"""
    /**
     * Auto-advance: calls `advance()` every `interval` seconds. It waits, keeping the time already waited, while any
     * pause reason holds: the pointer over the carousel, a gesture or drag, the page hidden, keyboard focus on the
     * rotation control, or "stopped" (by the rotation control, by keyboard focus entering a slide, and from the start
     * under reduced motion, until the user starts it). The progress bar along the bottom edge moves in tenths of the
     * interval. `onChange()` follows every change of whether it runs.
     */
    class AutoAdvance {
      constructor({ enabled, interval, showsProgress, advance }) {
        this.interval = interval;
        this.advance = advance;
        this.reasons = new Set();
        this.remaining = interval;
        this.cancel = null;
        this.enabled = enabled;
        this.bar = null;
        this.onChange = () => {};
        if (enabled && reducedMotion()) this.reasons.add("stopped");
        if (enabled && showsProgress) {
          this.bar = document.createElement("div");
          this.bar.className = "progress";
          this.bar.setAttribute("aria-hidden", "true");
          this.bar.appendChild(document.createElement("div"));
          document.body.appendChild(this.bar);
        }
        document.addEventListener("visibilitychange", () => this.setPaused("hidden", document.hidden));
        this.schedule();
      }
      /** Whether it is counting towards the next advance. */
      isRunning() { return this.enabled && this.reasons.size === 0; }
      /** Whether the user stopped it (or reduced motion did); only the rotation control starts it again. */
      get stopped() { return this.reasons.has("stopped"); }
      setStopped(stopped) { this.setPaused("stopped", stopped); }
      setPaused(reason, paused) {
        const was = this.reasons.size > 0;
        if (paused) this.reasons.add(reason); else this.reasons.delete(reason);
        const now = this.reasons.size > 0;
        if (this.enabled) this.onChange();
        if (was === now || !this.enabled) return;
        if (now) {
          this.remaining = Math.max(this.dueTime - clock.now(), 0);
          this.cancel?.();
          this.cancel = null;
        } else {
          this.schedule();
        }
        this.showProgress();
      }
      /** Waits out the rest of the interval, in tenths so the bar moves. */
      schedule() {
        if (!this.enabled || this.reasons.size > 0) return;
        this.dueTime = clock.now() + this.remaining;
        const tenth = this.interval / 10;
        const elapsed = this.interval - this.remaining;
        const nextTenth = Math.min((Math.floor(elapsed / tenth + 1e-9) + 1) * tenth, this.interval);
        this.cancel = clock.after(nextTenth - elapsed, () => {
          this.remaining = this.interval - nextTenth;
          if (this.remaining <= 1e-9) {
            this.remaining = this.interval;
            this.advance();
          }
          this.showProgress();
          this.schedule();
        });
        this.showProgress();
      }
      showProgress() {
        if (!this.bar) return;
        const steps = Math.floor((1 - this.remaining / this.interval) * 10 + 1e-9);
        this.bar.firstChild.style.width = `${steps * 10}%`;
      }
    }
    """#

    /// The WAI-ARIA carousel pattern: slides, the rotation control, the live region, keyboard focus.
    static let accessibility = #"""
    /**
     * The WAI-ARIA Authoring Practices' carousel pattern around a style's slides. The carousel is a region labelled
     * with the deck's name (`carouselStart`); each slide a group (`aria-roledescription="slide"`) labelled "N of M";
     * with auto-advance, a rotation control first in the tab order (a button, "Stop / Start automatic slide show"),
     * and the slides' container `aria-live="off"` while it rotates, "polite" otherwise, so a screen reader announces
     * a slide the user moved to but not every automatic change. Keyboard: Tab reaches the rotation control, then the
     * current slide (the only slide in the tab order) and leaves; the style's arrow keys move between slides, and
     * focus follows the current slide; Enter and Space act (`activate`: pin, stitch; else start or stop
     * auto-advance). Keyboard focus entering a slide stops auto-advance until the rotation control starts it.
     *
     * `container` holds the slides; `slides()` lists the slide elements on the page with their deck index (`mark`
     * labels one the style creates later); `current()` is the current slide's element.
     */
    class CarouselAccessibility {
      constructor({ container, slides, current, autoAdvance, activate }) {
        this.container = container;
        this.slides = slides;
        this.current = current;
        this.autoAdvance = autoAdvance;
        this.activate = activate ?? (() => { if (autoAdvance.enabled) autoAdvance.setStopped(!autoAdvance.stopped); });
        this.rotation = null;
        if (autoAdvance.enabled) {
          const button = document.createElement("button");
          button.type = "button";
          button.className = "rotation";
          button.innerHTML = `<span aria-hidden="true"></span>`;
          button.addEventListener("click", () => autoAdvance.setStopped(!autoAdvance.stopped));
          button.addEventListener("focus", () => autoAdvance.setPaused("focus", true));
          button.addEventListener("blur", () => autoAdvance.setPaused("focus", false));
          carouselElement.prepend(button);
          this.rotation = button;
        }
        container.addEventListener("focusin", event => {
          if (event.target.matches(":focus-visible")) autoAdvance.setStopped(true);
          this.update();
        });
        document.addEventListener("keydown", event => {
          if ((event.key !== "Enter" && event.key !== " ") || event.ctrlKey || event.altKey || event.metaKey || fromControl(event)) return;
          event.preventDefault();
          this.activate();
        });
        autoAdvance.onChange = () => this.showRotation();
        this.showRotation();
        this.update();
      }
      /** Labels a slide element "N of M" (deck index `index`); out of the tab order until it is current. */
      mark(element, index) {
        element.setAttribute("role", "group");
        element.setAttribute("aria-roledescription", "slide");
        element.setAttribute("aria-label", `${index + 1} of ${DECK.length}`);
        element.tabIndex = element === this.current() ? 0 : -1;
      }
      /** After the current slide changed: it alone is in the tab order, and keyboard focus on a slide moves to it. */
      update() {
        const current = this.current();
        for (const { element, index } of this.slides()) {
          if (element.getAttribute("role") !== "group") this.mark(element, index);
          element.tabIndex = element === current ? 0 : -1;
        }
        const focused = document.activeElement;
        if (current && focused !== current && focused?.getAttribute("aria-roledescription") === "slide") current.focus({ preventScroll: true });
      }
      /** The live region and the rotation control follow whether auto-advance runs. */
      showRotation() {
        const rotating = this.autoAdvance.isRunning();
        this.container.setAttribute("aria-live", rotating ? "off" : "polite");
        if (!this.rotation) return;
        const stopped = this.autoAdvance.stopped;
        this.rotation.setAttribute("aria-label", stopped ? "Start automatic slide show" : "Stop automatic slide show");
        this.rotation.firstChild.textContent = stopped ? "\u25B6" : "\u275A\u275A";
      }
      /** For tests: the live region, the rotation control's label, the tab order and what has focus (with its ring). */
      snapshot() {
        const name = element => element.getAttribute("aria-label") ?? element.className;
        // The focus ring: the outline, or the border of the ring drawn inside (`.ring-inside`).
        const ring = element => {
          const outline = getComputedStyle(element).outlineStyle;
          return outline !== "none" ? outline : getComputedStyle(element, "::after").borderTopStyle;
        };
        const tabbable = [...carouselElement.querySelectorAll("button, [tabindex]")]
          .filter(element => element.tabIndex >= 0 && !element.hidden && !element.closest("[aria-hidden=true]"));
        const focused = carouselElement.contains(document.activeElement) ? document.activeElement : null;
        return { live: this.container.getAttribute("aria-live"), rotation: this.rotation?.getAttribute("aria-label") ?? null,
                 tabOrder: tabbable.map(name), focused: focused && name(focused),
                 focusRing: focused && ring(focused), rotating: this.autoAdvance.isRunning() };
      }
    }
    """#

    /// The test mode: `page.html#test&input=...&at=...` replays input on the stopped clock and writes what is on
    /// screen at each time into the page as JSON (read by Carousel Lab's browser tests, and handy in a debugger).
    static let testMode = #"""
    // ---- Test mode -------------------------------------------------------------------------------------------------
    // page.html#test&input=0 move 270 350&at=0,0.1,0.2 replays input (Carousel Lab's --input script: move, down, up,
    // click, wheel, key, leave, focus: keyboard focus on the current slide, and scroll: the row held at a scroll
    // position; each entry at its time, in order) with the clock stopped, then moves the clock to each time and writes
    // the frames of the images on screen, the state and the accessibility snapshot into <pre id="carousel-test"> as
    // JSON. Animations are paused and sought with the Web Animations API, each from the time it started; timers fire
    // on `clock` as it moves. Scroll-driven animations are the browser's: a page with them is read after a frame.
    (function testMode() {
      const query = new URLSearchParams(location.hash.slice(1));
      if (!query.has("test")) return;
      clock.manual = 0;
      const errors = [];
      addEventListener("error", event => errors.push(String(event.message)));
      const started = new Map();
      /** Pauses animations that started since the last look and notes when (on the page's clock). */
      function noteAnimations() {
        for (const animation of document.getAnimations()) {
          // Scroll-driven animations follow their scroller, not the clock.
          if (started.has(animation) || animation.timeline !== document.timeline) continue;
          animation.pause();
          started.set(animation, clock.manual);
        }
      }
      /** Seeks every noted animation to time `t` (each from the time it started). */
      function seekAnimations(t) {
        for (const [animation, start] of started) animation.currentTime = Math.max(t - start, 0) * 1000;
      }
      /** Moves the clock to `t`, firing due timers in order (each with the animations at its time, so what it starts
       *  starts from what is on screen then), and seeks every animation to its own time. */
      function seek(t) {
        for (;;) {
          const due = clock.timers.filter(timer => timer.due <= t).sort((a, b) => a.due - b.due)[0];
          const entry = pending.find(e => e.time <= t);
          if (!due && !entry) break;
          // An input entry goes before a timer due at the same time.
          if (entry && (!due || entry.time <= due.due)) {
            pending.splice(pending.indexOf(entry), 1);
            clock.manual = Math.max(clock.manual, entry.time);
            seekAnimations(clock.manual);
            run(entry.text);
            continue;
          }
          clock.timers = clock.timers.filter(timer => timer !== due);
          clock.manual = due.due;
          seekAnimations(due.due);
          due.fn();
          noteAnimations();
        }
        clock.manual = t;
        seekAnimations(t);
        carousel.render?.();
      }
      const keys = { left: "ArrowLeft", right: "ArrowRight", return: "Enter", escape: "Escape", home: "Home", end: "End",
                     space: " ", minus: "-", plus: "+", equals: "=" };
      function pointer(type, x, y) {
        const target = document.elementFromPoint(x, y) ?? document.body;
        target.dispatchEvent(new PointerEvent(type, { clientX: x, clientY: y, bubbles: true, cancelable: true,
                                                      button: 0, buttons: type === "pointerup" ? 0 : 1, pointerType: "mouse", isPrimary: true }));
        if (type === "pointerup") target.dispatchEvent(new MouseEvent("click", { clientX: x, clientY: y, bubbles: true, cancelable: true }));
      }
      function run(entry) {
        const [, action, ...args] = entry.trim().split(/\s+/);
        const n = args.map(Number);
        if (action === "move") {
          const target = document.elementFromPoint(n[0], n[1]) ?? document.body;
          target.dispatchEvent(new PointerEvent("pointermove", { clientX: n[0], clientY: n[1], bubbles: true, pointerType: "mouse" }));
        } else if (action === "down") pointer("pointerdown", n[0], n[1]);
        else if (action === "up") pointer("pointerup", n[0], n[1]);
        else if (action === "click") { pointer("pointerdown", n[0], n[1]); pointer("pointerup", n[0], n[1]); }
        else if (action === "leave") document.getElementById("carousel").dispatchEvent(new PointerEvent("pointerleave", { pointerType: "mouse" }));
        else if (action === "focus") carousel.a11y.current()?.focus({ preventScroll: true });
        // Holds the row at a scroll position, as a drag held still does (pages whose carousel has `scrollTo`).
        else if (action === "scroll" && carousel.scrollTo) carousel.scrollTo(n[0]);
        else if (action === "wheel") {
          // The script's wheel is in SDL's sign (dy = -1 rolls towards you); one tick is 100 pixels here.
          const target = document.elementFromPoint(innerWidth / 2, innerHeight / 2) ?? document.body;
          target.dispatchEvent(new WheelEvent("wheel", { deltaX: n[0] * 100, deltaY: -n[1] * 100, ctrlKey: args.includes("ctrl"),
                                                         shiftKey: args.includes("shift"), bubbles: true, cancelable: true }));
        } else if (action === "key") {
          const key = keys[args[0]] ?? args[0];
          document.dispatchEvent(new KeyboardEvent("keydown", { key, ctrlKey: args.includes("ctrl"), shiftKey: args.includes("shift"), bubbles: true, cancelable: true }));
        } else throw new Error(`test mode: unknown action "${action}"`);
        noteAnimations();
      }
      function frames() {
        // Anything else a page says of an item (its slot, progress, opacity) comes along.
        return carousel.items().map(({ index, element, ...more }) => {
          const r = element.getBoundingClientRect();
          return { index, frame: [r.x, r.y, r.width, r.height], ...more };
        });
      }
      /** Input entries still to come, in order, each at its time. */
      const pending = (query.get("input") ?? "").split(";").filter(e => e.trim())
        .map(text => ({ time: Number(text.trim().split(/\s+/)[0]) || 0, text }));
      addEventListener("load", async () => {
        const out = document.createElement("pre");
        out.id = "carousel-test";
        out.hidden = true;
        try {
          noteAnimations();
          while (pending.length && pending[0].time <= 0) run(pending.shift().text);
          const times = (query.get("at") ?? "0").split(",").map(Number);
          const result = { viewport: [innerWidth, innerHeight], frames: [] };
          for (const t of times) {
            seek(t);
            // A page whose motion the browser draws (scroll-driven animations) is read once it has drawn a frame.
            if (carousel.settle) await carousel.settle();
            result.frames.push({ time: t, items: frames(), state: carousel.state(), a11y: carousel.a11y.snapshot() });
          }
          result.errors = errors;
          out.textContent = JSON.stringify(result);
        } catch (error) {
          out.textContent = JSON.stringify({ errors: errors.concat(String(error && error.stack || error)) });
        }
        document.body.appendChild(out);
      });
    })();
    """#
}
