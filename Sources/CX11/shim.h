#include <string.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
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

/* Sets an SDL window's title on X11 as UTF-8 in both properties a desktop reads (_NET_WM_NAME, and WM_NAME through
   Xutf8SetWMProperties): SDL 2.26 left _NET_WM_NAME at the title the window opened with. Nothing on other systems. */
static inline void carousel_x11_set_title(SDL_Window *window, const char *title) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return;
    Display *display = info.info.x11.display;
    Window xwindow = info.info.x11.window;
    Xutf8SetWMProperties(display, xwindow, title, title, NULL, 0, NULL, NULL, NULL);
    Atom name = XInternAtom(display, "_NET_WM_NAME", False), utf8 = XInternAtom(display, "UTF8_STRING", False);
    XChangeProperty(display, xwindow, name, utf8, 8, PropModeReplace, (const unsigned char *)title, (int)strlen(title));
    XFlush(display);
}
