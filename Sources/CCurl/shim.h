#include <curl/curl.h>

/* curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot call: one typed
   wrapper per argument type. */

static inline CURLcode carousel_curl_setopt_long(CURL *h, CURLoption option, long value) {
    return curl_easy_setopt(h, option, value);
}
static inline CURLcode carousel_curl_setopt_off(CURL *h, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(h, option, value);
}
/* Strings are copied by libcurl (every string option since 7.17). */
static inline CURLcode carousel_curl_setopt_string(CURL *h, CURLoption option, const char *value) {
    return curl_easy_setopt(h, option, value);
}
static inline CURLcode carousel_curl_setopt_pointer(CURL *h, CURLoption option, void *value) {
    return curl_easy_setopt(h, option, value);
}

/* CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION. */
typedef size_t (*carousel_curl_data_callback)(char *data, size_t size, size_t count, void *user);
static inline CURLcode carousel_curl_setopt_data_callback(CURL *h, CURLoption option, carousel_curl_data_callback f) {
    return curl_easy_setopt(h, option, f);
}
/* CURLOPT_XFERINFOFUNCTION. */
typedef int (*carousel_curl_xferinfo_callback)(void *user, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);
static inline CURLcode carousel_curl_setopt_xferinfo_callback(CURL *h, carousel_curl_xferinfo_callback f) {
    return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, f);
}

static inline CURLcode carousel_curl_getinfo_long(CURL *h, CURLINFO info, long *value) {
    return curl_easy_getinfo(h, info, value);
}
static inline CURLcode carousel_curl_getinfo_off(CURL *h, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(h, info, value);
}
static inline CURLcode carousel_curl_getinfo_string(CURL *h, CURLINFO info, char **value) {
    return curl_easy_getinfo(h, info, value);
}
static inline CURLcode carousel_curl_getinfo_pointer(CURL *h, CURLINFO info, void **value) {
    return curl_easy_getinfo(h, info, value);
}

static inline CURLMcode carousel_curl_multi_setopt_long(CURLM *m, CURLMoption option, long value) {
    return curl_multi_setopt(m, option, value);
}

/* The finished transfer and its result from a CURLMSG_DONE message (the result sits in a union). */
static inline CURL *carousel_curl_msg_easy(const CURLMsg *msg) { return msg->easy_handle; }
static inline int carousel_curl_msg_is_done(const CURLMsg *msg) { return msg->msg == CURLMSG_DONE; }
static inline CURLcode carousel_curl_msg_result(const CURLMsg *msg) { return msg->data.result; }
