#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>
/* SDL's window-manager info, for the X11 window id of an SDL window. SDL_syswm.h sits in the SDL2 include folder,
   whose own headers are included with quotes, so no extra -I is needed. */
#include <SDL2/SDL_syswm.h>

/* The X11 window id of an SDL window, or 0 when the window is not an X11 window. */
static inline unsigned long carousel_x11_window(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    return (unsigned long)info.info.x11.window;
}

/* Selects the three XI 2.4 pinch-gesture events on `window` for all master devices. Returns XISelectEvents' status. */
static inline int carousel_xi_select_pinch(Display *display, Window window) {
    unsigned char bits[XIMaskLen(XI_LASTEVENT)] = {0};
    XISetMask(bits, XI_GesturePinchBegin);
    XISetMask(bits, XI_GesturePinchUpdate);
    XISetMask(bits, XI_GesturePinchEnd);
    XIEventMask mask;
    mask.deviceid = XIAllMasterDevices;
    mask.mask_len = sizeof(bits);
    mask.mask = bits;
    int status = XISelectEvents(display, window, &mask, 1);
    XFlush(display);
    return status;
}

static inline int carousel_xi_pinch_begin(void) { return XI_GesturePinchBegin; }
static inline int carousel_xi_pinch_update(void) { return XI_GesturePinchUpdate; }
static inline int carousel_xi_pinch_end(void) { return XI_GesturePinchEnd; }
static inline int carousel_generic_event(void) { return GenericEvent; }
