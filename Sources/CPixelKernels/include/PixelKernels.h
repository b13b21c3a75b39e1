#ifndef CAROUSEL_PIXEL_KERNELS_H
#define CAROUSEL_PIXEL_KERNELS_H
#include <stdint.h>

/* Whether this CPU runs the AVX2 kernels (checked once). The entry points without a suffix need AVX2 and run the
   widest loops the CPU has: the _avx512 ones where it has AVX-512 (F, BW and VL), else the _avx2 ones. Each loop
   gives the same pixels; the suffixed ones are public for the tests that check each against pixman. */
int carousel_kernels_have_avx2(void);
/* Whether this CPU runs the _avx512 loops (checked once). */
int carousel_kernels_have_avx512(void);

/* dst = src IN alpha OVER dst for `width` x `height` 32-bit pixels, the source opaque (its top byte read as 255),
   every channel (the destination's fourth byte too) computed as pixman's OVER of an x8r8g8b8 source through a solid
   mask of `alpha` computes it: each product rounded as pixman's MUL_UN8, the sum saturated. Strides in pixels.
   AVX2 only: call it when carousel_kernels_have_avx2() says so. */
void carousel_over_opaque_alpha_avx2(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                                     int width, int height, uint8_t alpha);

/* dst = color OVER dst for `width` x `height` 32-bit pixels, `color` premultiplied (alpha in the top byte), every
   channel computed as pixman's OVER of a solid source computes it: color + MUL_UN8(dst, 255 - alpha), saturated.
   Strides in pixels. AVX2 only. */
void carousel_over_solid_avx2(uint32_t *dst, intptr_t dst_stride, uint32_t color, int width, int height);

/* dst = row OVER dst for `height` rows alike, `width` pixels each: `row` premultiplied (alpha in the top byte), every
   channel as pixman's OVER of an a8r8g8b8 source computes it: row[x] + MUL_UN8(dst, 255 - alpha), saturated (a
   horizontal gradient, one row repeated down its shape). Stride in pixels. AVX2 only. */
void carousel_over_row_avx2(uint32_t *dst, intptr_t dst_stride, const uint32_t *row, int width, int height);

/* Each of `height` rows of `dst` (`width` pixels): dst[x] = src_row[columns[x]], where the source row of dst row y is
   `src + rows[y] * src_stride`: a picture scaled to the nearest pixel, the columns and rows computed by the caller.
   Strides in pixels. AVX2 only (gathers eight pixels at a time). */
void carousel_gather_rows_avx2(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                               const int32_t *columns, const int32_t *rows, int width, int height);

/* carousel_gather_rows_avx2's pixels blended at once, never stored apart: dst = src[rows[y]][columns[x]] IN alpha
   OVER dst, each pixel as carousel_over_opaque_alpha_avx2 blends it (a fading picture scaled to the nearest pixel,
   drawn without a layer). AVX2 only. */
void carousel_over_gather_alpha_avx2(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                                     const int32_t *columns, const int32_t *rows, int width, int height, uint8_t alpha);
/* The same through a coverage mask (`mask`, one byte a pixel, its stride in bytes; the drawing's alpha already
   multiplied in): each pixel as pixman's OVER of an x8r8g8b8 source through an a8 mask computes it. AVX2 only. */
void carousel_over_gather_mask_avx2(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                                    const int32_t *columns, const int32_t *rows, const uint8_t *mask, intptr_t mask_stride,
                                    int width, int height);

/* The entry points: each as its _avx2 loop above, sixteen pixels at a time where the CPU runs AVX-512. */
void carousel_over_opaque_alpha(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                                int width, int height, uint8_t alpha);
void carousel_over_solid(uint32_t *dst, intptr_t dst_stride, uint32_t color, int width, int height);
void carousel_over_row(uint32_t *dst, intptr_t dst_stride, const uint32_t *row, int width, int height);
void carousel_gather_rows(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                          const int32_t *columns, const int32_t *rows, int width, int height);
void carousel_over_gather_alpha(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                                const int32_t *columns, const int32_t *rows, int width, int height, uint8_t alpha);
void carousel_over_gather_mask(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                               const int32_t *columns, const int32_t *rows, const uint8_t *mask, intptr_t mask_stride,
                               int width, int height);

/* The AVX-512 loops (F, BW and VL): call them only when carousel_kernels_have_avx512() says so. */
void carousel_over_opaque_alpha_avx512(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                                       int width, int height, uint8_t alpha);
void carousel_over_solid_avx512(uint32_t *dst, intptr_t dst_stride, uint32_t color, int width, int height);
void carousel_over_row_avx512(uint32_t *dst, intptr_t dst_stride, const uint32_t *row, int width, int height);
void carousel_gather_rows_avx512(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                                 const int32_t *columns, const int32_t *rows, int width, int height);
void carousel_over_gather_alpha_avx512(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                                       const int32_t *columns, const int32_t *rows, int width, int height, uint8_t alpha);
void carousel_over_gather_mask_avx512(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                                      const int32_t *columns, const int32_t *rows, const uint8_t *mask, intptr_t mask_stride,
                                      int width, int height);
#endif
