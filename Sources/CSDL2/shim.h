#include <SDL.h>

/* Function-like macros and constants Swift cannot import, wrapped as inline functions. */

static inline int carousel_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }
static inline Uint32 carousel_touch_mouseid(void) { return SDL_TOUCH_MOUSEID; }
static inline Uint32 carousel_button_mask(int button) { return SDL_BUTTON(button); }
static inline Uint32 carousel_button_lmask(void) { return SDL_BUTTON_LMASK; }
static inline Uint32 carousel_button_mmask(void) { return SDL_BUTTON_MMASK; }
static inline Uint32 carousel_button_rmask(void) { return SDL_BUTTON_RMASK; }
static inline int carousel_blit_surface(SDL_Surface *src, const SDL_Rect *srcrect, SDL_Surface *dst, SDL_Rect *dstrect) {
    return SDL_BlitSurface(src, srcrect, dst, dstrect);
}
static inline int carousel_must_lock(const SDL_Surface *s) { return SDL_MUSTLOCK(s) ? 1 : 0; }
/* SDL_SetHint with the hint names as plain strings keeps Swift free of the macro names. */
static inline SDL_bool carousel_set_hint(const char *name, const char *value) { return SDL_SetHint(name, value); }

#include <malloc.h>
/* Returns freed heap memory to the system (glibc), after large decode buffers were released. */
static inline int carousel_malloc_trim(void) { return malloc_trim(0); }
/* Blocks from 256 KB up always come from mmap and go back to the system when freed. glibc otherwise raises this
   threshold after each large free, so window-sized buffers then stay in the heap and resident memory saw-tooths by
   tens of MB in a long session. */
static inline int carousel_malloc_fix_mmap_threshold(void) { return mallopt(M_MMAP_THRESHOLD, 256 * 1024); }
/* At most two malloc arenas: each decoder thread otherwise gets its own, and the free memory left in each stays
   resident. */
static inline int carousel_malloc_limit_arenas(void) { return mallopt(M_ARENA_MAX, 2); }
/* Bytes the program holds from malloc (arena blocks in use plus mmapped blocks), whatever the allocator keeps free. */
static inline size_t carousel_heap_in_use(void) { struct mallinfo2 m = mallinfo2(); return m.uordblks + m.hblkhd; }
