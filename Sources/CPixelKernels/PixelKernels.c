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
        for (; x < width; x++) {
            uint32_t dv = d[x], out = 0;
            for (int shift = 0; shift < 32; shift += 8) {
                uint32_t r = ((color >> shift) & 0xff) + mul_un8((dv >> shift) & 0xff, leave);
                out |= (r > 255 ? 255 : r) << shift;
            }
            d[x] = out;
        }
    }
}

/* The eight pixels of `s` at `columns[0..7]`, opaque (top byte 255). (Two loads and two permutes instead of the
   gather, where the eight lie within 16 pixels, measured no faster in the window's sweep.) */
__attribute__((target("avx2")))
static inline __m256i gather8(const uint32_t *s, const int32_t *columns) {
    __m256i at = _mm256_loadu_si256((const __m256i *)columns);
    return _mm256_or_si256(_mm256_i32gather_epi32((const int *)s, at, 4), _mm256_set1_epi32((int)0xff000000u));
}

__attribute__((target("avx2")))
void carousel_over_gather_alpha_avx2(uint32_t *dst, intptr_t dst_stride, const uint32_t *src, intptr_t src_stride,
                                     const int32_t *columns, const int32_t *rows, int width, int height, uint8_t alpha) {
    const __m256i keep = _mm256_set1_epi16(alpha);
    for (int y = 0; y < height; y++) {
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
