// pixman: the pixel compositing library X.org and cairo draw with (Debian's libpixman-1). The software renderer's
// compositor (SDLBackend/Rendering/Compositor.swift) composites with it.
#include <pixman.h>

// pixman_fixed_t from a double (the macro pixman_double_to_fixed is not imported).
static inline pixman_fixed_t carousel_pixman_fixed(double v) { return (pixman_fixed_t)(v * 65536.0); }
