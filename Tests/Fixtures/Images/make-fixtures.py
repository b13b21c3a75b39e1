#!/usr/bin/env python3
"""Makes the image fixtures of the decoding tests (run once; the results are committed) and what Pillow decodes
from each: `NAME.pillow.png` beside `NAME.jpg` (Pillow 10 or later: `pip install pillow`), so the tests compare our
decoding with Pillow's without needing Pillow themselves.

- orientation-1.jpg ... orientation-8.jpg: one upright 16x24 (portrait) picture of six coloured 8x8 cells, stored
  transformed (5 to 8 as landscape 24x16, as a phone stores a portrait photograph) and tagged with each EXIF Orientation so that it shows upright once the tag is applied. Expected: Pillow's decode
  with `ImageOps.exif_transpose`.
- orientation-6.png, orientation-6.webp: the same picture as a PNG with an eXIf chunk and a WebP with an EXIF chunk,
  tagged 6.
- cmyk-adobe.jpg: a red-to-green gradient as CMYK, as Pillow (and Photoshop, ImageMagick) writes it: Adobe APP14
  marker, inverted values. cmyk.jpg: the same file without its APP14 marker (plain 4-component CMYK). ycck.jpg: the
  same values encoded as YCCK by libjpeg (Adobe transform 2), through a small C program (needs cc and libjpeg-dev).
  Expected: Pillow's decode converted to RGB.
- animated.gif: three frames (red, green, blue) of 100 ms.

Usage: python3 Tests/Fixtures/Images/make-fixtures.py
"""
import os
import struct
import subprocess
import tempfile

from PIL import Image, ImageOps

HERE = os.path.dirname(os.path.abspath(__file__))

CELLS = [[(230, 30, 30), (30, 200, 40)],
         [(40, 60, 230), (240, 220, 30)],
         [(220, 40, 220), (30, 220, 220)]]

# The transform that stores the upright picture so that applying Orientation N shows it upright again: the
# inverse of N's transform.
STORED = {
    1: None,
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_90,    # counter-clockwise; Orientation 6 turns it back clockwise
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_270,
}


def upright():
    im = Image.new("RGB", (16, 24))
    for row, colours in enumerate(CELLS):
        for col, colour in enumerate(colours):
            im.paste(colour, (col * 8, row * 8, col * 8 + 8, row * 8 + 8))
    return im


def exif(orientation):
    e = Image.Exif()
    e[0x0112] = orientation
    return e.tobytes()


def expected(path, name):
    with Image.open(path) as im:
        ImageOps.exif_transpose(im).convert("RGB").save(os.path.join(HERE, name + ".pillow.png"))


def orientations():
    for n, transform in STORED.items():
        stored = upright() if transform is None else upright().transpose(transform)
        path = os.path.join(HERE, f"orientation-{n}.jpg")
        stored.save(path, quality=95, subsampling=0, exif=exif(n))
        expected(path, f"orientation-{n}")
    stored = upright().transpose(STORED[6])
    png = os.path.join(HERE, "orientation-6.png")
    stored.save(png, exif=exif(6))
    webp = os.path.join(HERE, "orientation-6.webp")
    stored.save(webp, lossless=True, exif=exif(6))


def gradient():
    """16x32, red at the top to green at the bottom, as CMYK (Pillow's conversion: C = 255 - R, ..., K = 0)."""
    im = Image.new("RGB", (16, 32))
    for y in range(32):
        t = y / 31
        for x in range(16):
            im.putpixel((x, y), (round(255 * (1 - t)), round(255 * t), 0))
    return im.convert("CMYK")


def without_app14(data):
    """The JPEG without its Adobe APP14 segment."""
    out, i = bytearray(data[:2]), 2
    while i < len(data):
        marker = data[i + 1]
        if marker == 0xDA:
            out += data[i:]
            break
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if marker != 0xEE:
            out += data[i:i + 2 + length]
        i += 2 + length
    return bytes(out)


YCCK_WRITER = r"""
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>
/* ycck-writer WIDTH HEIGHT OUT.jpg < raw inverted CMYK bytes: a YCCK JPEG with an Adobe marker (transform 2). */
int main(int argc, char **argv) {
    int w = atoi(argv[1]), h = atoi(argv[2]);
    unsigned char *pixels = malloc((size_t)w * h * 4);
    if (fread(pixels, 4, (size_t)w * h, stdin) != (size_t)w * h) return 1;
    struct jpeg_compress_struct c; struct jpeg_error_mgr e;
    c.err = jpeg_std_error(&e);
    jpeg_create_compress(&c);
    FILE *out = fopen(argv[3], "wb");
    jpeg_stdio_dest(&c, out);
    c.image_width = w; c.image_height = h; c.input_components = 4; c.in_color_space = JCS_CMYK;
    jpeg_set_defaults(&c);
    jpeg_set_colorspace(&c, JCS_YCCK);
    jpeg_set_quality(&c, 95, TRUE);
    for (int i = 0; i < c.num_components; i++) c.comp_info[i].h_samp_factor = c.comp_info[i].v_samp_factor = 1;
    jpeg_start_compress(&c, TRUE);
    while (c.next_scanline < c.image_height) {
        JSAMPROW row = pixels + (size_t)c.next_scanline * w * 4;
        jpeg_write_scanlines(&c, &row, 1);
    }
    jpeg_finish_compress(&c);
    fclose(out);
    return 0;
}
"""


def cmyk():
    im = gradient()
    adobe = os.path.join(HERE, "cmyk-adobe.jpg")
    im.save(adobe, quality=95, subsampling=0)
    expected(adobe, "cmyk-adobe")
    plain = os.path.join(HERE, "cmyk.jpg")
    with open(adobe, "rb") as f, open(plain, "wb") as g:
        g.write(without_app14(f.read()))
    expected(plain, "cmyk")
    with tempfile.TemporaryDirectory() as tmp:
        source, program = os.path.join(tmp, "ycck.c"), os.path.join(tmp, "ycck-writer")
        with open(source, "w") as f:
            f.write(YCCK_WRITER)
        subprocess.run(["cc", "-O1", "-o", program, source, "-ljpeg"], check=True)
        ycck = os.path.join(HERE, "ycck.jpg")
        # Adobe's convention, as Pillow writes CMYK: the values inverted.
        subprocess.run([program, str(im.width), str(im.height), ycck], input=im.tobytes("raw", "CMYK;I"), check=True)
    expected(ycck, "ycck")


def animated():
    frames = [Image.new("RGB", (16, 16), c) for c in [(255, 0, 0), (0, 255, 0), (0, 0, 255)]]
    frames[0].save(os.path.join(HERE, "animated.gif"), save_all=True, append_images=frames[1:], duration=100, loop=0)


if __name__ == "__main__":
    orientations()
    cmyk()
    animated()
