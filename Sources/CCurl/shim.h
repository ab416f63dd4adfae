#pragma once
#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call:
// one typed wrapper per argument kind.
static inline CURLcode vitrine_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode vitrine_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode vitrine_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode vitrine_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode vitrine_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode vitrine_curl_set_write_function(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode vitrine_curl_set_xferinfo_function(CURL *handle, curl_xferinfo_callback value) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}
static inline CURLcode vitrine_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode vitrine_curl_get_offset(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}
// CURLAUTH_* are macros with casts, which Swift does not import.
static inline CURLcode vitrine_curl_set_basic_or_digest_auth(CURL *handle) {
    return curl_easy_setopt(handle, CURLOPT_HTTPAUTH, (long)(CURLAUTH_BASIC | CURLAUTH_DIGEST));
}
static inline CURLcode vitrine_curl_get_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}
// Basic alone: libcurl then sends the credentials with the first request instead of waiting for a 401.
static inline CURLcode vitrine_curl_set_basic_auth(CURL *handle) {
    return curl_easy_setopt(handle, CURLOPT_HTTPAUTH, (long)CURLAUTH_BASIC);
}
// Whether the methods a 401 offered (CURLINFO_HTTPAUTH_AVAIL) are Basic and nothing stronger.
static inline int vitrine_curl_auth_is_basic_only(long available) {
    return (available & CURLAUTH_BASIC) != 0 && (available & ~(long)CURLAUTH_BASIC) == 0;
}
