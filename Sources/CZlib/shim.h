// zlib (Debian's zlib1g): deflate for the PNG frames `record` writes (SDLBackend/Rendering/PNGWriter.swift).
#include <zlib.h>

// deflateInit2 is a macro (it passes the library's version and the stream's size): a function Swift can call.
static inline int carousel_deflate_init(z_stream *stream, int level, int strategy) {
    return deflateInit2(stream, level, Z_DEFLATED, 15, 8, strategy);
}
