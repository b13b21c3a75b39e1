#!/usr/bin/python3
"""Drops files onto an X window as a file manager does, speaking XDND version 5 as the drag source.

Usage: xdnd-drop.py [--text] WINDOW X Y PATH...   (WINDOW: the target's X window id, decimal or 0x hex; X Y: the
drop point in the target window's coordinates; each PATH is offered in order in one text/uri-list. With --text the
arguments are offered as text/plain lines instead, as a browser's dragged link or selected text is.)

The source: a window of its own owning XdndSelection sends XdndEnter (version 5, the types in the message),
XdndPosition at the point, waits for the target's XdndStatus (it must accept), sends XdndDrop, answers the
target's SelectionRequest for XdndSelection with the text/uri-list, and waits for XdndFinished. Prints each step
on stderr; exits 0 when the target finished the drop and accepted it, 1 otherwise (with the step that failed).
Needs python3-xlib (Debian). Written for the window tests (Tests/EndToEndTests/DropWindowTests.swift).
"""
import sys
import time
import urllib.parse

from Xlib import X, display, protocol, Xatom

TIMEOUT = 10.0


def log(message):
    print("xdnd-drop: " + message, file=sys.stderr, flush=True)


def fail(message):
    log(message)
    sys.exit(1)


def main():
    args = sys.argv[1:]
    as_text = bool(args) and args[0] == "--text"
    if as_text:
        args = args[1:]
    if len(args) < 4:
        fail("usage: xdnd-drop.py [--text] WINDOW X Y PATH...")
    target_id = int(args[0], 0)
    x, y = int(args[1]), int(args[2])
    paths = args[3:]
    if as_text:
        payload = "".join(p + "\n" for p in paths).encode()
    else:
        payload = "".join("file://" + urllib.parse.quote(p) + "\r\n" for p in paths).encode()

    d = display.Display()
    atom = lambda name: d.intern_atom(name)
    XdndAware, XdndSelection = atom("XdndAware"), atom("XdndSelection")
    XdndEnter, XdndPosition, XdndStatus = atom("XdndEnter"), atom("XdndPosition"), atom("XdndStatus")
    XdndDrop, XdndFinished, XdndLeave = atom("XdndDrop"), atom("XdndFinished"), atom("XdndLeave")
    XdndActionCopy, uri_type, text_type = atom("XdndActionCopy"), atom("text/uri-list"), atom("text/plain")
    offered = [text_type] if as_text else [uri_type, text_type]

    root = d.screen().root
    target = d.create_resource_object("window", target_id)
    aware = target.get_full_property(XdndAware, X.AnyPropertyType)
    if aware is None:
        fail("window 0x%x is not XdndAware" % target_id)
    version = min(5, aware.value[0])
    log("target 0x%x speaks XDND %d; using %d" % (target_id, aware.value[0], version))

    source = root.create_window(0, 0, 1, 1, 0, X.CopyFromParent, X.InputOutput, X.CopyFromParent,
                                event_mask=X.PropertyChangeMask)
    source.set_selection_owner(XdndSelection, X.CurrentTime)
    d.sync()
    if d.get_selection_owner(XdndSelection) != source:
        fail("could not own XdndSelection")

    def send(message_type, data):
        event = protocol.event.ClientMessage(window=target, client_type=message_type,
                                             data=(32, (data + [0] * 5)[:5]))
        target.send_event(event, event_mask=0)
        d.flush()

    def wait_for(what, accept):
        """Handles events until `accept` returns a value (not None) or the time-out passes."""
        deadline = time.time() + TIMEOUT
        while time.time() < deadline:
            while d.pending_events():
                event = d.next_event()
                result = handle(event) or accept(event)
                if result is not None:
                    return result
            time.sleep(0.01)
        fail("timed out waiting for " + what)

    answered = []

    def handle(event):
        """Answers a SelectionRequest for XdndSelection: the payload, in the type asked for, goes on the requestor."""
        if event.type != X.SelectionRequest or event.selection != XdndSelection:
            return None
        requestor, prop = event.requestor, event.property or event.target
        if event.target in offered:
            requestor.change_property(prop, event.target, 8, payload)
            answered.append(d.get_atom_name(event.target))
        else:
            prop = X.NONE
        notify = protocol.event.SelectionNotify(time=event.time, requestor=requestor, selection=event.selection,
                                                target=event.target, property=prop)
        requestor.send_event(notify, event_mask=0)
        d.flush()
        log("answered SelectionRequest for %s" % d.get_atom_name(event.target))
        return None

    def client(message_type):
        return lambda e: e if e.type == X.ClientMessage and e.client_type == message_type else None

    origin = root.translate_coords(target, 0, 0)
    rx, ry = x + origin.x, y + origin.y
    send(XdndEnter, [source.id, version << 24] + offered + [0] * (3 - len(offered)))
    log("XdndEnter sent")
    stamp = X.CurrentTime
    send(XdndPosition, [source.id, 0, (rx << 16) | ry, stamp, XdndActionCopy])
    log("XdndPosition sent at %d,%d (root)" % (rx, ry))
    status = wait_for("XdndStatus", client(XdndStatus))
    accepted = status.data[1][1] & 1
    log("XdndStatus: %s" % ("accepts" if accepted else "refuses"))
    if not accepted:
        send(XdndLeave, [source.id, 0, 0, 0, 0])
        fail("the target refused the drop")
    send(XdndDrop, [source.id, 0, stamp, 0, 0])
    log("XdndDrop sent")
    finished = wait_for("XdndFinished", client(XdndFinished))
    ok = finished.data[1][1] & 1 if version >= 5 else 1
    log("XdndFinished: %s; data sent as %s" % ("accepted" if ok else "refused", ", ".join(answered) or "nothing"))
    sys.exit(0 if ok and answered else 1)


if __name__ == "__main__":
    main()
