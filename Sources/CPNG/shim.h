#include <png.h>

/* libpng's simplified reading API (png_image), which reports every error and warning in the image's `message`
 * instead of printing it: SDL_image's use of libpng prints "libpng error: ..." on stderr itself. The macros Swift
 * cannot import are constants here. */
static const unsigned int carousel_png_image_version = PNG_IMAGE_VERSION;
/* B, G, R, A bytes: ARGB8888 on a little-endian machine. */
static const unsigned int carousel_png_format_bgra = PNG_FORMAT_BGRA;
static inline int carousel_png_failed(const png_image *image) { return PNG_IMAGE_FAILED(*image); }
