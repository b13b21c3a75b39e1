#!/usr/bin/python3
"""Grabs what an X window shows on screen, as a user sees it, into a PNG.

Usage: x11-grab.py WINDOW OUT.png   (WINDOW: the X window id, decimal or 0x hex)

Reads the window's pixels from the X server (XGetImage on the root window over the window's rectangle, so it is what
is on the screen, not what the app last drew off-screen), and writes them as an 8-bit RGB PNG with the standard
library's zlib. Needs python3-xlib (Debian). Written for the window tests (Tests/EndToEndTests/TimelineWindowTests.swift).
"""
import struct
import sys
import zlib

from Xlib import X, display


def png(path, width, height, rgb_rows):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + row for row in rgb_rows)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw, 6)))
        f.write(chunk(b"IEND", b""))


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    d = display.Display()
    window = d.create_resource_object("window", int(sys.argv[1], 0))
    geometry = window.get_geometry()
    origin = window.translate_coords(d.screen().root, 0, 0)
    x, y = -origin.x, -origin.y
    image = d.screen().root.get_image(x, y, geometry.width, geometry.height, X.ZPixmap, 0xFFFFFFFF)
    data = image.data
    stride = len(data) // geometry.height
    rows = []
    for r in range(geometry.height):
        line = data[r * stride: r * stride + geometry.width * 4]
        # ZPixmap at 24/32 bits: B, G, R, X per pixel.
        row = bytearray(geometry.width * 3)
        row[0::3] = line[2::4]
        row[1::3] = line[1::4]
        row[2::3] = line[0::4]
        rows.append(bytes(row))
    png(sys.argv[2], geometry.width, geometry.height, rows)


if __name__ == "__main__":
    main()
