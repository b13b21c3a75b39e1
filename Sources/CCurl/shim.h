#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* libcurl is loaded when the first remote image is fetched (dlopen), not linked: with the twenty-odd libraries it
   brings (TLS, HTTP/2, Kerberos, LDAP, SSH, ...) it cost every start about 5 ms of dynamic linking, also for decks
   of local files only (issue 41). Every call goes through this table, loaded on first use (pthread_once). */
struct carousel_curl_api {
    int loaded;
    char error[256];
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
};

/* The soname Debian's libcurl4 (and libcurl4-openssl-dev's link) provides. */
#define CAROUSEL_CURL_LIBRARY "libcurl.so.4"

/* The table: a function's static, which each compiled copy of this header keeps for itself. */
static inline struct carousel_curl_api *carousel_curl_table(void) {
    static struct carousel_curl_api table;
    return &table;
}

static inline pthread_once_t *carousel_curl_once(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    return &once;
}

static inline void carousel_curl_load(void) {
    struct carousel_curl_api *a = carousel_curl_table();
    void *lib = dlopen(CAROUSEL_CURL_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *why = dlerror();
        snprintf(a->error, sizeof a->error, "%s", why ? why : "cannot load " CAROUSEL_CURL_LIBRARY);
        return;
    }
    int missing = 0;
#define CAROUSEL_CURL_SYMBOL(field, name) \
    do { *(void **)(&a->field) = dlsym(lib, name); if (!a->field && !missing) { missing = 1; \
         snprintf(a->error, sizeof a->error, CAROUSEL_CURL_LIBRARY " has no %s (libcurl 7.68 or later is needed)", name); } } while (0)
    CAROUSEL_CURL_SYMBOL(global_init, "curl_global_init");
    CAROUSEL_CURL_SYMBOL(easy_init, "curl_easy_init");
    CAROUSEL_CURL_SYMBOL(easy_cleanup, "curl_easy_cleanup");
    CAROUSEL_CURL_SYMBOL(easy_strerror, "curl_easy_strerror");
    CAROUSEL_CURL_SYMBOL(easy_setopt, "curl_easy_setopt");
    CAROUSEL_CURL_SYMBOL(easy_getinfo, "curl_easy_getinfo");
    CAROUSEL_CURL_SYMBOL(multi_init, "curl_multi_init");
    CAROUSEL_CURL_SYMBOL(multi_cleanup, "curl_multi_cleanup");
    CAROUSEL_CURL_SYMBOL(multi_add_handle, "curl_multi_add_handle");
    CAROUSEL_CURL_SYMBOL(multi_remove_handle, "curl_multi_remove_handle");
    CAROUSEL_CURL_SYMBOL(multi_perform, "curl_multi_perform");
    CAROUSEL_CURL_SYMBOL(multi_poll, "curl_multi_poll");
    CAROUSEL_CURL_SYMBOL(multi_wakeup, "curl_multi_wakeup");
    CAROUSEL_CURL_SYMBOL(multi_info_read, "curl_multi_info_read");
    CAROUSEL_CURL_SYMBOL(multi_setopt, "curl_multi_setopt");
    CAROUSEL_CURL_SYMBOL(slist_append, "curl_slist_append");
    CAROUSEL_CURL_SYMBOL(slist_free_all, "curl_slist_free_all");
#undef CAROUSEL_CURL_SYMBOL
    a->loaded = !missing;
}

/* The table, loaded on first use; NULL when libcurl cannot be loaded (`carousel_curl_error` says why). */
static inline const struct carousel_curl_api *carousel_curl(void) {
    pthread_once(carousel_curl_once(), carousel_curl_load);
    return carousel_curl_table()->loaded ? carousel_curl_table() : NULL;
}

/* Why libcurl could not be loaded (empty when it was, or before the first try). */
static inline const char *carousel_curl_error(void) {
    pthread_once(carousel_curl_once(), carousel_curl_load);
    return carousel_curl_table()->error;
}

static inline CURLcode carousel_curl_global_init(long flags) {
    const struct carousel_curl_api *a = carousel_curl();
    return a ? a->global_init(flags) : CURLE_FAILED_INIT;
}
static inline CURL *carousel_curl_easy_init(void) { const struct carousel_curl_api *a = carousel_curl(); return a ? a->easy_init() : NULL; }
static inline void carousel_curl_easy_cleanup(CURL *h) { carousel_curl()->easy_cleanup(h); }
static inline const char *carousel_curl_easy_strerror(CURLcode code) { return carousel_curl()->easy_strerror(code); }
static inline CURLM *carousel_curl_multi_init(void) { const struct carousel_curl_api *a = carousel_curl(); return a ? a->multi_init() : NULL; }
static inline CURLMcode carousel_curl_multi_cleanup(CURLM *m) { return carousel_curl()->multi_cleanup(m); }
static inline CURLMcode carousel_curl_multi_add_handle(CURLM *m, CURL *h) { return carousel_curl()->multi_add_handle(m, h); }
static inline CURLMcode carousel_curl_multi_remove_handle(CURLM *m, CURL *h) { return carousel_curl()->multi_remove_handle(m, h); }
static inline CURLMcode carousel_curl_multi_perform(CURLM *m, int *running) { return carousel_curl()->multi_perform(m, running); }
static inline CURLMcode carousel_curl_multi_poll(CURLM *m, struct curl_waitfd *fds, unsigned int count, int timeout, int *ready) {
    return carousel_curl()->multi_poll(m, fds, count, timeout, ready);
}
static inline CURLMcode carousel_curl_multi_wakeup(CURLM *m) { return carousel_curl()->multi_wakeup(m); }
static inline CURLMsg *carousel_curl_multi_info_read(CURLM *m, int *left) { return carousel_curl()->multi_info_read(m, left); }
static inline struct curl_slist *carousel_curl_slist_append(struct curl_slist *list, const char *s) { return carousel_curl()->slist_append(list, s); }
static inline void carousel_curl_slist_free_all(struct curl_slist *list) { carousel_curl()->slist_free_all(list); }

/* curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot call: one typed
   wrapper per argument type. */

static inline CURLcode carousel_curl_setopt_long(CURL *h, CURLoption option, long value) {
    return carousel_curl()->easy_setopt(h, option, value);
}
static inline CURLcode carousel_curl_setopt_off(CURL *h, CURLoption option, curl_off_t value) {
    return carousel_curl()->easy_setopt(h, option, value);
}
/* Strings are copied by libcurl (every string option since 7.17). */
static inline CURLcode carousel_curl_setopt_string(CURL *h, CURLoption option, const char *value) {
    return carousel_curl()->easy_setopt(h, option, value);
}
static inline CURLcode carousel_curl_setopt_pointer(CURL *h, CURLoption option, void *value) {
    return carousel_curl()->easy_setopt(h, option, value);
}

/* CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION. */
typedef size_t (*carousel_curl_data_callback)(char *data, size_t size, size_t count, void *user);
static inline CURLcode carousel_curl_setopt_data_callback(CURL *h, CURLoption option, carousel_curl_data_callback f) {
    return carousel_curl()->easy_setopt(h, option, f);
}
/* CURLOPT_XFERINFOFUNCTION. */
typedef int (*carousel_curl_xferinfo_callback)(void *user, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);
static inline CURLcode carousel_curl_setopt_xferinfo_callback(CURL *h, carousel_curl_xferinfo_callback f) {
    return carousel_curl()->easy_setopt(h, CURLOPT_XFERINFOFUNCTION, f);
}

static inline CURLcode carousel_curl_getinfo_long(CURL *h, CURLINFO info, long *value) {
    return carousel_curl()->easy_getinfo(h, info, value);
}
static inline CURLcode carousel_curl_getinfo_off(CURL *h, CURLINFO info, curl_off_t *value) {
    return carousel_curl()->easy_getinfo(h, info, value);
}
static inline CURLcode carousel_curl_getinfo_string(CURL *h, CURLINFO info, char **value) {
    return carousel_curl()->easy_getinfo(h, info, value);
}
static inline CURLcode carousel_curl_getinfo_pointer(CURL *h, CURLINFO info, void **value) {
    return carousel_curl()->easy_getinfo(h, info, value);
}

static inline CURLMcode carousel_curl_multi_setopt_long(CURLM *m, CURLMoption option, long value) {
    return carousel_curl()->multi_setopt(m, option, value);
}

/* The finished transfer and its result from a CURLMSG_DONE message (the result sits in a union). */
static inline CURL *carousel_curl_msg_easy(const CURLMsg *msg) { return msg->easy_handle; }
static inline int carousel_curl_msg_is_done(const CURLMsg *msg) { return msg->msg == CURLMSG_DONE; }
static inline CURLcode carousel_curl_msg_result(const CURLMsg *msg) { return msg->data.result; }
