#!/usr/bin/env python3
"""Opens a page in headless Chromium in real time and prints what an expression gives once it is not null.

    chromium-eval.py CHROMIUM URL EXPRESSION [--timeout SECONDS] [CHROMIUM FLAGS...]

Chromium is driven over its DevTools protocol on a pipe (--remote-debugging-pipe: JSON messages ending in NUL, read
on file descriptor 3 and written on 4), so the page runs with real animation frames: --dump-dom with a virtual time
budget runs timers but not reliably frames, and scroll-driven animations follow the scroll position only at a
frame. EXPRESSION is evaluated every 0.1 s (a promise is awaited); the first value that is not null or undefined is
printed as JSON on standard output. Console messages and exceptions are printed on standard error as
"CONSOLE: ..." lines. Exit status 0 on a value, 1 on a time-out or a failure (with a line on standard error).
"""
import json
import os
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    chromium, url, expression = sys.argv[1:4]
    rest = sys.argv[4:]
    timeout = 60.0
    if len(rest) >= 2 and rest[0] == "--timeout":
        timeout = float(rest[1])
        rest = rest[2:]
    to_chrome_r, to_chrome_w = os.pipe()
    from_chrome_r, from_chrome_w = os.pipe()

    def child_fds():
        os.dup2(to_chrome_r, 3)
        os.dup2(from_chrome_w, 4)

    process = subprocess.Popen([chromium, "--headless", "--remote-debugging-pipe"] + rest + ["about:blank"],
                               pass_fds=(3, 4), preexec_fn=child_fds, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(to_chrome_r)
    os.close(from_chrome_w)
    out = os.fdopen(to_chrome_w, "wb", buffering=0)
    incoming = os.fdopen(from_chrome_r, "rb", buffering=0)
    buffer = b""
    next_id = [0]
    deadline = time.monotonic() + timeout

    def send(method, params=None, session=None):
        next_id[0] += 1
        message = {"id": next_id[0], "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        out.write(json.dumps(message).encode() + b"\0")
        return next_id[0]

    def receive(wanted):
        nonlocal buffer
        while True:
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                message = json.loads(raw)
                method = message.get("method")
                if method == "Runtime.consoleAPICalled":
                    args = " ".join(str(a.get("value", a.get("description", ""))) for a in message["params"]["args"])
                    print(f"CONSOLE: {message['params']['type']}: {args}", file=sys.stderr)
                elif method == "Runtime.exceptionThrown":
                    details = message["params"]["exceptionDetails"]
                    print(f"CONSOLE: exception: {details.get('exception', {}).get('description', details.get('text'))}", file=sys.stderr)
                elif method == "Log.entryAdded":
                    entry = message["params"]["entry"]
                    print(f"CONSOLE: {entry['level']}: {entry['text']} {entry.get('url', '')}", file=sys.stderr)
                if message.get("id") == wanted:
                    return message
            if time.monotonic() > deadline:
                raise TimeoutError(f"no answer from Chromium within {timeout} s")
            chunk = incoming.read(65536)
            if not chunk:
                raise RuntimeError("Chromium closed its pipe")
            buffer += chunk

    try:
        target = receive(send("Target.createTarget", {"url": "about:blank"}))["result"]["targetId"]
        session = receive(send("Target.attachToTarget", {"targetId": target, "flatten": True}))["result"]["sessionId"]
        for domain in ("Runtime.enable", "Log.enable", "Page.enable"):
            receive(send(domain, session=session))
        receive(send("Page.navigate", {"url": url}, session=session))
        while True:
            answer = receive(send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True},
                                  session=session))
            result = answer.get("result", {})
            if "exceptionDetails" in result:
                print(f"CONSOLE: exception: {result['exceptionDetails'].get('text')}", file=sys.stderr)
            value = result.get("result", {})
            if value.get("type") not in (None, "undefined") and value.get("subtype") != "null":
                print(json.dumps(value.get("value")))
                return 0
            if time.monotonic() > deadline:
                raise TimeoutError(f"{url}: the expression gave nothing within {timeout} s")
            time.sleep(0.1)
    except Exception as error:  # one line naming what failed
        print(f"chromium-eval: {error}", file=sys.stderr)
        return 1
    finally:
        try:
            send("Browser.close")
        except OSError:
            pass
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


if __name__ == "__main__":
    sys.exit(main())
