#!/usr/bin/python3
"""Drops files or text onto an X window as a file manager does, speaking XDND version 5 from a window of its own.

Usage: xdnd-drop.py WINDOW_ID X Y ITEM...   (ITEM: a path, dropped as a file:// URI, or a URL, dropped as is)

It owns the XdndSelection, sends XdndEnter (text/uri-list), XdndPosition at root (X, Y), waits for the target's
XdndStatus, sends XdndDrop, answers the target's SelectionRequest with the URI list, and waits for XdndFinished.
Exits 0 when the target accepted and finished the drop; otherwise prints what went wrong on stderr and exits 1.
For Carousel Lab's window tests (python3-xlib from Debian)."""
import os
import sys
import time
import urllib.parse

from Xlib import X, Xatom, display, protocol


def fail(message):
    print(f"xdnd-drop: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    if len(sys.argv) < 5:
        fail("usage: xdnd-drop.py WINDOW_ID X Y ITEM...")
    target_id, x, y = int(sys.argv[1], 0), int(sys.argv[2]), int(sys.argv[3])
    items = sys.argv[4:]
    uris = [i if "://" in i else "file://" + urllib.parse.quote(os.path.abspath(i)) for i in items]
    payload = ("\r\n".join(uris) + "\r\n").encode()

    d = display.Display()
    atom = lambda name: d.intern_atom(name)
    XdndAware, XdndEnter, XdndPosition, XdndStatus = atom("XdndAware"), atom("XdndEnter"), atom("XdndPosition"), atom("XdndStatus")
    XdndDrop, XdndFinished, XdndSelection, XdndActionCopy = atom("XdndDrop"), atom("XdndFinished"), atom("XdndSelection"), atom("XdndActionCopy")
    uri_list = atom("text/uri-list")

    target = d.create_resource_object("window", target_id)
    aware = target.get_full_property(XdndAware, Xatom.ATOM)
    if aware is None:
        fail(f"window {target_id:#x} is not XdndAware")
    version = min(5, aware.value[0])

    source = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
    source.set_selection_owner(XdndSelection, X.CurrentTime)
    d.flush()

    def send(kind, data):
        event = protocol.event.ClientMessage(window=target, client_type=kind, data=(32, data + [0] * (5 - len(data))))
        target.send_event(event, event_mask=0)
        d.flush()

    def wait_for(predicate, seconds=5):
        deadline = time.time() + seconds
        while time.time() < deadline:
            while d.pending_events():
                event = d.next_event()
                if event.type == X.SelectionRequest:
                    answer_selection(event)
                    continue
                if predicate(event):
                    return event
            time.sleep(0.01)
        return None

    def answer_selection(request):
        if request.target == uri_list:
            request.requestor.change_property(request.property, uri_list, 8, payload)
            prop = request.property
        else:
            prop = X.NONE
        notify = protocol.event.SelectionNotify(time=request.time, requestor=request.requestor, selection=request.selection,
                                                target=request.target, property=prop)
        request.requestor.send_event(notify)
        d.flush()

    def is_message(kind):
        return lambda e: e.type == X.ClientMessage and e.client_type == kind

    send(XdndEnter, [source.id, version << 24, uri_list])
    send(XdndPosition, [source.id, 0, (x << 16) | y, X.CurrentTime, XdndActionCopy])
    status = wait_for(is_message(XdndStatus))
    if status is None:
        fail("no XdndStatus from the target")
    if not status.data[1][1] & 1:
        fail("the target refused the drop")
    send(XdndDrop, [source.id, 0, X.CurrentTime])
    finished = wait_for(is_message(XdndFinished))
    if finished is None:
        fail("the target never finished the drop")
    source.destroy()
    d.flush()


main()
