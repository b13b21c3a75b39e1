// libjpeg-turbo (Debian's libjpeg62-turbo): JPEG decoding scaled down in the DCT and straight into BGRA, for the
// image store's decoding threads (SDLBackend/Images/ImageDecoder.swift); CMYK and YCCK JPEGs through CMYK rows
// converted here. libjpeg reports fatal errors by calling a
// function that must not return, so the decode is one C function here that catches them with setjmp/longjmp,
// never crossing a Swift frame.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>

struct carousel_jpeg_error {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void carousel_jpeg_error_exit(j_common_ptr info) {
    struct carousel_jpeg_error *e = (struct carousel_jpeg_error *)info->err;
    (*info->err->format_message)(info, e->message);
    longjmp(e->jump, 1);
}

// Warnings (corrupt data libjpeg recovers from) are not printed: the decoder's own checks report bad files.
static void carousel_jpeg_output_message(j_common_ptr info) { (void)info; }

/// One row of CMYK samples (`count` pixels) to BGRA. libjpeg hands out CMYK as stored; every CMYK JPEG in practice
/// follows Adobe's convention (Photoshop's, written with an APP14 "Adobe" marker: 0 is full ink), and browsers and
/// Pillow read every CMYK JPEG so, with or without the marker: red = C * K / 255 (the inverted cyan and black), the
/// same for green (M) and blue (Y). Computed as Pillow does (K - (255 - C) * K / 255, rounded by its `MULDIV255`), so
/// the levels are Pillow's exactly; Chromium's truncate and differ by at most one.
static inline unsigned char carousel_cmyk_channel(unsigned int ink, unsigned int k) {
    unsigned int t = (255 - ink) * k + 128;
    return (unsigned char)(k - (((t >> 8) + t) >> 8));
}

static inline void carousel_cmyk_row_to_bgra(const unsigned char *cmyk, unsigned char *bgra, unsigned int count) {
    for (unsigned int i = 0; i < count; i++, cmyk += 4, bgra += 4) {
        unsigned int c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
        bgra[0] = carousel_cmyk_channel(y, k);
        bgra[1] = carousel_cmyk_channel(m, k);
        bgra[2] = carousel_cmyk_channel(c, k);
        bgra[3] = 255;
    }
}

/// Decodes the JPEG in `data` (`size` bytes) into BGRA pixels (4 bytes each, alpha 255, rows packed), reduced in the
/// DCT by the largest of 1/2, 1/4, 1/8 that keeps both sides at least the size the image is kept at: shrunk to fit
/// `max_width` x `max_height`, aspect kept (0: full size; the decoder's `targetSize`).
/// The rows are written straight into memory from `allocate` (the caller's allocator: its buffer keeps the pixels, with
/// no copy and no clear); `release` frees it on failure.
/// On success returns 0 and sets `*pixels` (from `allocate`: the caller owns it), `*width`, `*height` (decoded) and
/// `*natural_width`, `*natural_height`; on failure returns -1 with libjpeg's message in `message`.
static inline int carousel_jpeg_decode(const unsigned char *data, unsigned long size, double max_width, double max_height,
                                       void *(*allocate)(size_t), void (*release)(void *),
                                       unsigned char **pixels, int *width, int *height,
                                       int *natural_width, int *natural_height, char *message, int message_size) {
    struct jpeg_decompress_struct info;
    struct carousel_jpeg_error error;
    unsigned char *volatile out = NULL;
    info.err = jpeg_std_error(&error.pub);
    error.pub.error_exit = carousel_jpeg_error_exit;
    error.pub.output_message = carousel_jpeg_output_message;
    error.message[0] = 0;
    if (setjmp(error.jump)) {
        snprintf(message, message_size, "%s", error.message);
        jpeg_destroy_decompress(&info);
        if (out) release(out);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    *natural_width = (int)info.image_width;
    *natural_height = (int)info.image_height;
    unsigned int denom = 1;
    double k = 1;
    if (max_width > 0 && max_height > 0) {
        if (max_width / info.image_width < k) k = max_width / info.image_width;
        if (max_height / info.image_height < k) k = max_height / info.image_height;
    }
    unsigned int min_width = (unsigned int)(info.image_width * k + 0.5), min_height = (unsigned int)(info.image_height * k + 0.5);
    if (min_width < 1) min_width = 1;
    if (min_height < 1) min_height = 1;
    if (k < 1) {
        while (denom < 8 && (info.image_width + 2 * denom - 1) / (2 * denom) >= min_width
               && (info.image_height + 2 * denom - 1) / (2 * denom) >= min_height) denom *= 2;
    }
    info.scale_num = 1;
    info.scale_denom = denom;
    // libjpeg converts YCCK to CMYK, and neither to RGB: those come out as CMYK rows, converted in place.
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_BGRA;
    info.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    out = (unsigned char *)allocate(stride * info.output_height);
    if (!out) {
        snprintf(message, message_size, "out of memory");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = out + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
        // CMYK and BGRA are both 4 bytes a pixel: the row is converted where it was read.
        if (cmyk) carousel_cmyk_row_to_bgra(row, row, info.output_width);
    }
    jpeg_finish_decompress(&info);
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    jpeg_destroy_decompress(&info);
    *pixels = out;
    return 0;
}
