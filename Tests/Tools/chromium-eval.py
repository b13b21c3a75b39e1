#!/usr/bin/env python3
"""Opens pages one after another in one headless Chromium, in real time, and prints what an expression gives on each
once it is not null.

    chromium-eval.py CHROMIUM [CHROMIUM FLAGS...]

Each line of standard input is a request, JSON: {"timeout": SECONDS (per page, default 60), "pages": [PAGE, ...]},
each PAGE {"url": URL, "expression": JS, "viewport": [W, H] (optional), "reducedMotion": BOOL (optional),
"screenshot": PNG PATH (optional)}. One line of JSON per page is printed on standard output, in order, as each is
done: {"value": VALUE, "messages": [...], "error": null} or {"value": null, "messages": [...], "error": "what failed"}.
At the end of standard input Chromium is closed and its profile (a temporary folder) removed.

Chromium is launched once and driven over its DevTools protocol on a pipe (--remote-debugging-pipe: JSON messages
ending in NUL, read on file descriptor 3 and written on 4), so pages run with real animation frames (--dump-dom with
a virtual time budget runs timers but not reliably frames, and scroll-driven animations follow the scroll position
only at a frame) and one launch serves every page. Each page gets its own new tab (no state is carried from one page
to the next, and a hash-only change of URL would not load the page again), with its viewport set (the test mode's
numbers do not depend on the window's chrome) and the user's "reduce motion" setting emulated or not
(Emulation.setEmulatedMedia: `prefers-reduced-motion: reduce`, as --force-prefers-reduced-motion sets it). EXPRESSION
is evaluated until it gives a value that is not null or undefined (a promise is awaited); with "screenshot", the
viewport is then written there as a PNG. Console messages, exceptions and log entries (a missing image) of the page
are its "messages". Exit status 0 at the end of the input, 1 when Chromium could not be driven (after a line on
standard error; the pages not done get no line).
"""
import base64
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time


class Chromium:
    """A headless Chromium and its DevTools pipe."""

    def __init__(self, executable, flags):
        to_chrome_r, to_chrome_w = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()

        def child_fds():
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        self.process = subprocess.Popen([executable, "--headless", "--remote-debugging-pipe"] + flags + ["about:blank"],
                                        pass_fds=(3, 4), preexec_fn=child_fds,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.out = os.fdopen(to_chrome_w, "wb", buffering=0)
        self.incoming = os.fdopen(from_chrome_r, "rb", buffering=0)
        self.buffer = b""
        self.next_id = 0
        self.messages = []  # the current page's console messages
        self.session = None

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.out.write(json.dumps(message).encode() + b"\0")
        return self.next_id

    def call(self, method, params=None, session=None, deadline=None):
        """Sends a command and waits for its answer (noting the page's events meanwhile); raises on an error."""
        answer = self.receive(self.send(method, params, session), deadline)
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error'].get('message')}")
        return answer.get("result", {})

    def receive(self, wanted, deadline=None):
        while True:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                message = json.loads(raw)
                if message.get("sessionId") == self.session:
                    self.note(message)
                if message.get("id") == wanted:
                    return message
            wait = None if deadline is None else deadline - time.monotonic()
            if wait is not None and (wait <= 0 or not select.select([self.incoming], [], [], wait)[0]):
                raise TimeoutError("Chromium did not answer in time")
            chunk = self.incoming.read(65536)
            if not chunk:
                raise ConnectionError("Chromium closed its pipe")
            self.buffer += chunk

    def note(self, message):
        method, params = message.get("method"), message.get("params", {})
        if method == "Runtime.consoleAPICalled":
            args = " ".join(str(a.get("value", a.get("description", ""))) for a in params["args"])
            self.messages.append(f"{params['type']}: {args}")
        elif method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            self.messages.append(f"exception: {details.get('exception', {}).get('description', details.get('text'))}")
        elif method == "Log.entryAdded":
            entry = params["entry"]
            self.messages.append(f"{entry['level']}: {entry['text']} {entry.get('url', '')}".rstrip())

    def open(self, page, timeout):
        """Runs one page in a new tab; returns its line."""
        deadline = time.monotonic() + timeout
        self.messages = []
        target = self.call("Target.createTarget", {"url": "about:blank"}, deadline=deadline)["targetId"]
        try:
            self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True}, deadline=deadline)["sessionId"]
            s = self.session
            for domain in ("Runtime.enable", "Log.enable", "Page.enable"):
                self.call(domain, session=s, deadline=deadline)
            if page.get("viewport"):
                width, height = page["viewport"]
                self.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1,
                                                                 "mobile": False}, session=s, deadline=deadline)
            motion = "reduce" if page.get("reducedMotion") else "no-preference"
            self.call("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": motion}]},
                      session=s, deadline=deadline)
            navigated = self.call("Page.navigate", {"url": page["url"]}, session=s, deadline=deadline)
            if navigated.get("errorText"):
                raise RuntimeError(f"not loaded: {navigated['errorText']}")
            value = self.wait_for(page["expression"], s, deadline, page["url"], timeout)
            if page.get("screenshot"):
                data = self.call("Page.captureScreenshot", {"format": "png"}, session=s, deadline=deadline)["data"]
                with open(page["screenshot"], "wb") as f:
                    f.write(base64.b64decode(data))
            return {"value": value, "messages": self.messages, "error": None}
        except (TimeoutError, RuntimeError) as error:
            return {"value": None, "messages": self.messages, "error": f"{page['url']}: {error}"}
        finally:
            self.session = None
            try:
                self.call("Target.closeTarget", {"targetId": target}, deadline=time.monotonic() + 10)
            except (TimeoutError, RuntimeError):
                pass

    def wait_for(self, expression, session, deadline, url, timeout):
        """The expression's first value that is not null or undefined, tried every 20 ms (in the page, so one
        evaluation waits up to half a second)."""
        poll = ("new Promise(resolve => { const until = performance.now() + 500; const look = () => { "
                f"let v; try {{ v = ({expression}); }} catch (e) {{ v = null; }} "
                "Promise.resolve(v).then(v => v != null || performance.now() > until ? resolve(v) : setTimeout(look, 20)); }; "
                "look(); })")
        while True:
            answer = self.receive(self.send("Runtime.evaluate", {"expression": poll, "returnByValue": True, "awaitPromise": True},
                                            session), deadline + 1)
            result = answer.get("result", {})
            value = result.get("result", {})
            # A navigation under way destroys the context the evaluation ran in: try again in the new one.
            if "error" not in answer and "exceptionDetails" not in result \
                    and value.get("type") not in (None, "undefined") and value.get("subtype") != "null":
                return value.get("value")
            if time.monotonic() > deadline:
                raise TimeoutError(f"the expression gave nothing within {timeout} s")
            time.sleep(0.02)

    def close(self):
        try:
            self.send("Browser.close")
        except OSError:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    profile = tempfile.mkdtemp(prefix="chromium-eval-")
    chromium = None
    try:
        chromium = Chromium(sys.argv[1], sys.argv[2:] + [f"--user-data-dir={profile}"])
        for line in sys.stdin:
            if not line.strip():
                continue
            request = json.loads(line)
            timeout = float(request.get("timeout", 60))
            for page in request["pages"]:
                print(json.dumps(chromium.open(page, timeout)), flush=True)
        return 0
    except (ConnectionError, OSError, ValueError) as error:  # one line naming what failed
        print(f"chromium-eval: {error}", file=sys.stderr, flush=True)
        return 1
    finally:
        if chromium:
            chromium.close()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
