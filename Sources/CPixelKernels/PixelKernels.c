/* The software renderer's own pixel loops where pixman (0.42, SSE2 only) leaves speed on the table: see
   include/PixelKernels.h and docs/performance.md (issue 41). Compiled with -O2 whatever the build. */
#include "PixelKernels.h"
#include <immintrin.h>

int carousel_kernels_have_avx2(void) {
    static int known = -1;
    if (known < 0) {
        __builtin_cpu_init();
        known = __builtin_cpu_supports("avx2") ? 1 : 0;
    }
    return known;
}

int carousel_kernels_have_avx512(void) {
    static int known = -1;
    if (known < 0) {
        __builtin_cpu_init();
        known = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") ? 1 : 0;
    }
    return known;
}

/* pixman's MUL_UN8: (a * b + 0x80) rounded, i.e. t = a * b + 0x80; (t + (t >> 8)) >> 8. */
static inline uint32_t mul_un8(uint32_t a, uint32_t b) {
    uint32_t t = a * b + 0x80;
    return (t + (t >> 8)) >> 8;
}

/* MUL_UN8(v, k) + MUL_UN8(d, 255 - k) per channel, saturated, for eight pixels; `keep` holds k per 16-bit lane.
   (v * k + 0x80) * 0x101 >> 16 is MUL_UN8 exactly. */
__attribute__((target("avx2")))
static inline __m256i blend8(__m256i vs, __m256i vd, __m256i keep_lo, __m256i keep_hi) {
    const __m256i half = _mm256_set1_epi16(0x80), spread = _mm256_set1_epi16(0x101), zero = _mm256_setzero_si256();
    const __m256i full = _mm256_set1_epi16(255);
    __m256i slo = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(vs, zero), keep_lo), half), spread);
    __m256i shi = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(vs, zero), keep_hi), half), spread);
    __m256i dlo = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(vd, zero), _mm256_sub_epi16(full, keep_lo)), half), spread);
    __m256i dhi = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(vd, zero), _mm256_sub_epi16(full, keep_hi)), half), spread);
    return _mm256_adds_epu8(_mm256_packus_epi16(slo, shi), _mm256_packus_epi16(dlo, dhi));
}

/* One pixel of the blending kernels: the opaque source `sv` through coverage `k` over `dv`. */
static inline uint32_t blend1(uint32_t sv, uint32_t dv, uint32_t k) {
    uint32_t out = 0;
    sv |= 0xff000000u;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t r = mul_un8((sv >> shift) & 0xff, k) + mul_un8((dv >> shift) & 0xff, 255u - k);
        out |= (r > 255 ? 255 : r) << shift;
    }
    return out;
}

__attribute__((target("avx2")))
void carousel_over_opaque_alpha_avx2(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                                     int width, int height, uint8_t alpha) {
    const __m256i opaque = _mm256_set1_epi32((int)0xff000000u), keep = _mm256_set1_epi16(alpha);
    for (int y = 0; y < height; y++) {
        uint32_t *d = dst + y * dst_stride;
        const uint32_t *s = src + y * src_stride;
        int x = 0;
        for (; x + 8 <= width; x += 8) {
            __m256i vs = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(s + x)), opaque);
            __m256i vd = _mm256_loadu_si256((const __m256i *)(d + x));
            _mm256_storeu_si256((__m256i *)(d + x), blend8(vs, vd, keep, keep));
        }
        for (; x < width; x++) d[x] = blend1(s[x], d[x], alpha);
    }
}

__attribute__((target("avx2")))
void carousel_gather_rows_avx2(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                               const int32_t *columns, const int32_t *rows, int width, int height) {
    for (int y = 0; y < height; y++) {
        uint32_t *d = dst + y * dst_stride;
        const uint32_t *s = src + (intptr_t)rows[y] * src_stride;
        int x = 0;
        for (; x + 8 <= width; x += 8) {
            __m256i at = _mm256_loadu_si256((const __m256i *)(columns + x));
            _mm256_storeu_si256((__m256i *)(d + x), _mm256_i32gather_epi32((const int *)s, at, 4));
        }
        for (; x < width; x++) d[x] = s[columns[x]];
    }
}

/* One pixel of carousel_over_solid and carousel_over_row: the premultiplied `sv` over `dv`. */
static inline uint32_t over1(uint32_t sv, uint32_t dv) {
    uint32_t out = 0, leave = 255u - (sv >> 24);
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t r = ((sv >> shift) & 0xff) + mul_un8((dv >> shift) & 0xff, leave);
        out |= (r > 255 ? 255 : r) << shift;
    }
    return out;
}

__attribute__((target("avx2")))
void carousel_over_solid_avx2(uint32_t *dst, intptr_t dst_stride, uint32_t color, int width, int height) {
    const uint32_t leave = 255u - (color >> 24);
    const __m256i source = _mm256_set1_epi32((int)color), factor = _mm256_set1_epi16((short)leave);
    const __m256i half = _mm256_set1_epi16(0x80), spread = _mm256_set1_epi16(0x101), zero = _mm256_setzero_si256();
    for (int y = 0; y < height; y++) {
        uint32_t *d = dst + y * dst_stride;
        int x = 0;
        for (; x + 8 <= width; x += 8) {
            __m256i vd = _mm256_loadu_si256((const __m256i *)(d + x));
            __m256i lo = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(vd, zero), factor), half), spread);
            __m256i hi = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(vd, zero), factor), half), spread);
            _mm256_storeu_si256((__m256i *)(d + x), _mm256_adds_epu8(source, _mm256_packus_epi16(lo, hi)));
        }
        for (; x < width; x++) d[x] = over1(color, d[x]);
    }
}

/* Each pixel's alpha (byte 3) spread to its channels' 16-bit lanes, in the order unpacklo/unpackhi_epi8 put the
   pixels (per 128-bit lane: pixels 0-1 low, 2-3 high). */
#define ALPHA_LO 3, -1, 3, -1, 3, -1, 3, -1, 7, -1, 7, -1, 7, -1, 7, -1
#define ALPHA_HI 11, -1, 11, -1, 11, -1, 11, -1, 15, -1, 15, -1, 15, -1, 15, -1

__attribute__((target("avx2")))
void carousel_over_row_avx2(uint32_t *dst, intptr_t dst_stride, const uint32_t *row, int width, int height) {
    const __m256i alpha_lo = _mm256_setr_epi8(ALPHA_LO, ALPHA_LO), alpha_hi = _mm256_setr_epi8(ALPHA_HI, ALPHA_HI);
    const __m256i half = _mm256_set1_epi16(0x80), spread = _mm256_set1_epi16(0x101), zero = _mm256_setzero_si256();
    const __m256i full = _mm256_set1_epi16(255);
    for (int y = 0; y < height; y++) {
        uint32_t *d = dst + y * dst_stride;
        int x = 0;
        for (; x + 8 <= width; x += 8) {
            __m256i vs = _mm256_loadu_si256((const __m256i *)(row + x)), vd = _mm256_loadu_si256((const __m256i *)(d + x));
            __m256i leave_lo = _mm256_sub_epi16(full, _mm256_shuffle_epi8(vs, alpha_lo)), leave_hi = _mm256_sub_epi16(full, _mm256_shuffle_epi8(vs, alpha_hi));
            __m256i lo = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(vd, zero), leave_lo), half), spread);
            __m256i hi = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(vd, zero), leave_hi), half), spread);
            _mm256_storeu_si256((__m256i *)(d + x), _mm256_adds_epu8(vs, _mm256_packus_epi16(lo, hi)));
        }
        for (; x < width; x++) d[x] = over1(row[x], d[x]);
    }
}

/* The eight pixels of `s` at `columns[0..7]`, opaque (top byte 255). (Two loads and two permutes instead of the
   gather, where the eight lie within 16 pixels, measured no faster in the window's sweep.) */
__attribute__((target("avx2")))
static inline __m256i gather8(const uint32_t *s, const int32_t *columns) {
    __m256i at = _mm256_loadu_si256((const __m256i *)columns);
    return _mm256_or_si256(_mm256_i32gather_epi32((const int *)s, at, 4), _mm256_set1_epi32((int)0xff000000u));
}

/* How many rows ahead the gathering loops ask for their source row, and the asking: from the row's first sampled pixel
   to its last, a cache line at a time. The gathers wait on memory otherwise (two thirds of the loop's time in the
   window's sweep sat on the instruction after the gather); the rows of a picture scaled down are not read in an order
   the hardware's prefetcher follows. */
enum { rows_ahead = 2 };
static inline void prefetch_row(const uint32_t *src, intptr_t src_stride, const int32_t *columns, const int32_t *rows,
                                int y, int width, int height) {
    if (width <= 0 || y + rows_ahead >= height) return;
    const uint32_t *row = src + (intptr_t)rows[y + rows_ahead] * src_stride;
    for (const char *p = (const char *)(row + columns[0]), *end = (const char *)(row + columns[width - 1]); p <= end; p += 64)
        _mm_prefetch(p, _MM_HINT_T0);
}

__attribute__((target("avx2")))
void carousel_over_gather_alpha_avx2(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                                     const int32_t *columns, const int32_t *rows, int width, int height, uint8_t alpha) {
    const __m256i keep = _mm256_set1_epi16(alpha);
    for (int y = 0; y < height; y++) {
        prefetch_row(src, src_stride, columns, rows, y, width, height);
        uint32_t *d = dst + y * dst_stride;
        const uint32_t *s = src + (intptr_t)rows[y] * src_stride;
        int x = 0;
        for (; x + 8 <= width; x += 8) {
            __m256i vd = _mm256_loadu_si256((const __m256i *)(d + x));
            _mm256_storeu_si256((__m256i *)(d + x), blend8(gather8(s, columns + x), vd, keep, keep));
        }
        for (; x < width; x++) d[x] = blend1(s[columns[x]], d[x], alpha);
    }
}

__attribute__((target("avx2")))
void carousel_over_gather_mask_avx2(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                                    const int32_t *columns, const int32_t *rows, const uint8_t *mask, intptr_t mask_stride,
                                    int width, int height) {
    /* Each pixel's coverage byte spread to its four channels' 16-bit lanes, in the order unpacklo/unpackhi_epi8 put
       the pixels (per 128-bit lane: pixels 0-1 low, 2-3 high; 4-5 low, 6-7 high). */
    const __m256i spread_lo = _mm256_setr_epi8(0, -1, 0, -1, 0, -1, 0, -1, 4, -1, 4, -1, 4, -1, 4, -1,
                                               0, -1, 0, -1, 0, -1, 0, -1, 4, -1, 4, -1, 4, -1, 4, -1);
    const __m256i spread_hi = _mm256_setr_epi8(8, -1, 8, -1, 8, -1, 8, -1, 12, -1, 12, -1, 12, -1, 12, -1,
                                               8, -1, 8, -1, 8, -1, 8, -1, 12, -1, 12, -1, 12, -1, 12, -1);
    for (int y = 0; y < height; y++) {
        prefetch_row(src, src_stride, columns, rows, y, width, height);
        uint32_t *d = dst + y * dst_stride;
        const uint32_t *s = src + (intptr_t)rows[y] * src_stride;
        const uint8_t *m = mask + y * mask_stride;
        int x = 0;
        for (; x + 8 <= width; x += 8) {
            __m256i k = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(m + x)));
            __m256i vd = _mm256_loadu_si256((const __m256i *)(d + x));
            _mm256_storeu_si256((__m256i *)(d + x), blend8(gather8(s, columns + x), vd, _mm256_shuffle_epi8(k, spread_lo), _mm256_shuffle_epi8(k, spread_hi)));
        }
        for (; x < width; x++) d[x] = blend1(s[columns[x]], d[x], m[x]);
    }
}

/* The same loops sixteen pixels at a time (AVX-512: 1.5x the AVX2 loops' speed measured on the machines this runs
   on), each row's last pixels through masked loads, gathers and stores rather than a scalar tail. The arithmetic is
   blend8's, lane for lane: the same pixels. */
#define WIDE __attribute__((target("avx512f,avx512bw,avx512vl")))

WIDE static inline __m512i blend16(__m512i vs, __m512i vd, __m512i keep_lo, __m512i keep_hi) {
    const __m512i half = _mm512_set1_epi16(0x80), spread = _mm512_set1_epi16(0x101), zero = _mm512_setzero_si512();
    const __m512i full = _mm512_set1_epi16(255);
    __m512i slo = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_unpacklo_epi8(vs, zero), keep_lo), half), spread);
    __m512i shi = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_unpackhi_epi8(vs, zero), keep_hi), half), spread);
    __m512i dlo = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_unpacklo_epi8(vd, zero), _mm512_sub_epi16(full, keep_lo)), half), spread);
    __m512i dhi = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_unpackhi_epi8(vd, zero), _mm512_sub_epi16(full, keep_hi)), half), spread);
    return _mm512_adds_epu8(_mm512_packus_epi16(slo, shi), _mm512_packus_epi16(dlo, dhi));
}

/* The lanes of the sixteen pixels from x that lie in a row `width` long. */
static inline __mmask16 lanes(int x, int width) {
    int n = width - x;
    return n >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << n) - 1);
}

/* The sixteen pixels of `s` at `columns[0..15]` in the lanes of `m`, opaque. */
WIDE static inline __m512i gather16(const uint32_t *s, const int32_t *columns, __mmask16 m) {
    __m512i at = _mm512_maskz_loadu_epi32(m, columns);
    return _mm512_or_si512(_mm512_mask_i32gather_epi32(_mm512_setzero_si512(), m, at, s, 4), _mm512_set1_epi32((int)0xff000000u));
}

WIDE void carousel_over_opaque_alpha_avx512(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                                            int width, int height, uint8_t alpha) {
    const __m512i opaque = _mm512_set1_epi32((int)0xff000000u), keep = _mm512_set1_epi16(alpha);
    for (int y = 0; y < height; y++) {
        uint32_t *d = dst + y * dst_stride;
        const uint32_t *s = src + y * src_stride;
        for (int x = 0; x < width; x += 16) {
            __mmask16 m = lanes(x, width);
            __m512i vs = _mm512_or_si512(_mm512_maskz_loadu_epi32(m, s + x), opaque);
            _mm512_mask_storeu_epi32(d + x, m, blend16(vs, _mm512_maskz_loadu_epi32(m, d + x), keep, keep));
        }
    }
}

WIDE void carousel_over_solid_avx512(uint32_t *dst, intptr_t dst_stride, uint32_t color, int width, int height) {
    const __m512i source = _mm512_set1_epi32((int)color), factor = _mm512_set1_epi16((short)(255u - (color >> 24)));
    const __m512i half = _mm512_set1_epi16(0x80), spread = _mm512_set1_epi16(0x101), zero = _mm512_setzero_si512();
    for (int y = 0; y < height; y++) {
        uint32_t *d = dst + y * dst_stride;
        for (int x = 0; x < width; x += 16) {
            __mmask16 m = lanes(x, width);
            __m512i vd = _mm512_maskz_loadu_epi32(m, d + x);
            __m512i lo = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_unpacklo_epi8(vd, zero), factor), half), spread);
            __m512i hi = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_unpackhi_epi8(vd, zero), factor), half), spread);
            _mm512_mask_storeu_epi32(d + x, m, _mm512_adds_epu8(source, _mm512_packus_epi16(lo, hi)));
        }
    }
}

WIDE void carousel_over_row_avx512(uint32_t *dst, intptr_t dst_stride, const uint32_t *row, int width, int height) {
    const __m512i alpha_lo = _mm512_broadcast_i32x4(_mm_setr_epi8(ALPHA_LO)), alpha_hi = _mm512_broadcast_i32x4(_mm_setr_epi8(ALPHA_HI));
    const __m512i half = _mm512_set1_epi16(0x80), spread = _mm512_set1_epi16(0x101), zero = _mm512_setzero_si512();
    const __m512i full = _mm512_set1_epi16(255);
    for (int y = 0; y < height; y++) {
        uint32_t *d = dst + y * dst_stride;
        for (int x = 0; x < width; x += 16) {
            __mmask16 m = lanes(x, width);
            __m512i vs = _mm512_maskz_loadu_epi32(m, row + x), vd = _mm512_maskz_loadu_epi32(m, d + x);
            __m512i leave_lo = _mm512_sub_epi16(full, _mm512_shuffle_epi8(vs, alpha_lo)), leave_hi = _mm512_sub_epi16(full, _mm512_shuffle_epi8(vs, alpha_hi));
            __m512i lo = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_unpacklo_epi8(vd, zero), leave_lo), half), spread);
            __m512i hi = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_unpackhi_epi8(vd, zero), leave_hi), half), spread);
            _mm512_mask_storeu_epi32(d + x, m, _mm512_adds_epu8(vs, _mm512_packus_epi16(lo, hi)));
        }
    }
}

WIDE void carousel_gather_rows_avx512(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                                      const int32_t *columns, const int32_t *rows, int width, int height) {
    for (int y = 0; y < height; y++) {
        uint32_t *d = dst + y * dst_stride;
        const uint32_t *s = src + (intptr_t)rows[y] * src_stride;
        for (int x = 0; x < width; x += 16) {
            __mmask16 m = lanes(x, width);
            __m512i at = _mm512_maskz_loadu_epi32(m, columns + x);
            _mm512_mask_storeu_epi32(d + x, m, _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), m, at, s, 4));
        }
    }
}

WIDE void carousel_over_gather_alpha_avx512(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                                            const int32_t *columns, const int32_t *rows, int width, int height, uint8_t alpha) {
    const __m512i keep = _mm512_set1_epi16(alpha);
    for (int y = 0; y < height; y++) {
        prefetch_row(src, src_stride, columns, rows, y, width, height);
        uint32_t *d = dst + y * dst_stride;
        const uint32_t *s = src + (intptr_t)rows[y] * src_stride;
        for (int x = 0; x < width; x += 16) {
            __mmask16 m = lanes(x, width);
            _mm512_mask_storeu_epi32(d + x, m, blend16(gather16(s, columns + x, m), _mm512_maskz_loadu_epi32(m, d + x), keep, keep));
        }
    }
}

WIDE void carousel_over_gather_mask_avx512(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                                           const int32_t *columns, const int32_t *rows, const uint8_t *mask, intptr_t mask_stride,
                                           int width, int height) {
    /* As in the AVX2 loop, per 128-bit lane: each pixel's coverage byte spread to its channels' 16-bit lanes. */
    const __m512i spread_lo = _mm512_broadcast_i32x4(_mm_setr_epi8(0, -1, 0, -1, 0, -1, 0, -1, 4, -1, 4, -1, 4, -1, 4, -1));
    const __m512i spread_hi = _mm512_broadcast_i32x4(_mm_setr_epi8(8, -1, 8, -1, 8, -1, 8, -1, 12, -1, 12, -1, 12, -1, 12, -1));
    for (int y = 0; y < height; y++) {
        prefetch_row(src, src_stride, columns, rows, y, width, height);
        uint32_t *d = dst + y * dst_stride;
        const uint32_t *s = src + (intptr_t)rows[y] * src_stride;
        const uint8_t *c = mask + y * mask_stride;
        for (int x = 0; x < width; x += 16) {
            __mmask16 m = lanes(x, width);
            __m512i k = _mm512_cvtepu8_epi32(_mm_maskz_loadu_epi8(m, c + x));
            __m512i vd = _mm512_maskz_loadu_epi32(m, d + x);
            _mm512_mask_storeu_epi32(d + x, m, blend16(gather16(s, columns + x, m), vd, _mm512_shuffle_epi8(k, spread_lo), _mm512_shuffle_epi8(k, spread_hi)));
        }
    }
}

/* The entry points: the widest loops this CPU runs. */
void carousel_over_opaque_alpha(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                                int width, int height, uint8_t alpha) {
    if (carousel_kernels_have_avx512()) carousel_over_opaque_alpha_avx512(dst, dst_stride, src, src_stride, width, height, alpha);
    else carousel_over_opaque_alpha_avx2(dst, dst_stride, src, src_stride, width, height, alpha);
}

void carousel_over_solid(uint32_t *dst, intptr_t dst_stride, uint32_t color, int width, int height) {
    if (carousel_kernels_have_avx512()) carousel_over_solid_avx512(dst, dst_stride, color, width, height);
    else carousel_over_solid_avx2(dst, dst_stride, color, width, height);
}

void carousel_over_row(uint32_t *dst, intptr_t dst_stride, const uint32_t *row, int width, int height) {
    if (carousel_kernels_have_avx512()) carousel_over_row_avx512(dst, dst_stride, row, width, height);
    else carousel_over_row_avx2(dst, dst_stride, row, width, height);
}

void carousel_gather_rows(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                          const int32_t *columns, const int32_t *rows, int width, int height) {
    if (carousel_kernels_have_avx512()) carousel_gather_rows_avx512(dst, dst_stride, src, src_stride, columns, rows, width, height);
    else carousel_gather_rows_avx2(dst, dst_stride, src, src_stride, columns, rows, width, height);
}

void carousel_over_gather_alpha(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                                const int32_t *columns, const int32_t *rows, int width, int height, uint8_t alpha) {
    if (carousel_kernels_have_avx512()) carousel_over_gather_alpha_avx512(dst, dst_stride, src, src_stride, columns, rows, width, height, alpha);
    else carousel_over_gather_alpha_avx2(dst, dst_stride, src, src_stride, columns, rows, width, height, alpha);
}

void carousel_over_gather_mask(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                               const int32_t *columns, const int32_t *rows, const uint8_t *mask, intptr_t mask_stride,
                               int width, int height) {
    if (carousel_kernels_have_avx512()) carousel_over_gather_mask_avx512(dst, dst_stride, src, src_stride, columns, rows, mask, mask_stride, width, height);
    else carousel_over_gather_mask_avx2(dst, dst_stride, src, src_stride, columns, rows, mask, mask_stride, width, height);
}
