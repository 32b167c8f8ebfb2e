// libtiff 4.5 (tiffio.h) through client I/O: the file is read through the viewer's file layer,
// never opened by libtiff. TIFFGetField/TIFFSetField are variadic and libtiff's message handlers
// take a va_list, neither of which Swift can call or write, so small typed wrappers live here.
#include <stdio.h>
#include <stdarg.h>
#include <string.h>
#include <tiffio.h>

/// The first error libtiff reported on one handle (nothing is printed to the terminal).
typedef struct {
    char message[256];
    int errors;
} cardviewer_tiff_messages;

static inline int cardviewer_tiff_error(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
    (void)tif; (void)module;
    cardviewer_tiff_messages *messages = (cardviewer_tiff_messages *)user;
    if (messages && messages->errors++ == 0) vsnprintf(messages->message, sizeof messages->message, fmt, ap);
    return 1;
}

static inline int cardviewer_tiff_warning(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
    (void)tif; (void)user; (void)module; (void)fmt; (void)ap;
    return 1;
}

/// Open options that route errors into `messages`, drop warnings, and cap each of libtiff's own
/// allocations at `max_single_alloc` bytes.
static inline TIFFOpenOptions *cardviewer_tiff_options(cardviewer_tiff_messages *messages, tmsize_t max_single_alloc) {
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) return NULL;
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, max_single_alloc);
    TIFFOpenOptionsSetErrorHandlerExtR(options, cardviewer_tiff_error, messages);
    TIFFOpenOptionsSetWarningHandlerExtR(options, cardviewer_tiff_warning, NULL);
    return options;
}

/// No process-wide handler prints either (messages without a handle, e.g. from TIFFRGBAImageOK).
static inline void cardviewer_tiff_silence(void) {
    TIFFSetErrorHandler(NULL);
    TIFFSetWarningHandler(NULL);
}

static inline int cardviewer_tiff_get_uint32(TIFF *tif, uint32_t tag, uint32_t *value) {
    return TIFFGetField(tif, tag, value);
}

static inline int cardviewer_tiff_get_uint16(TIFF *tif, uint32_t tag, uint16_t *value) {
    return TIFFGetField(tif, tag, value);
}

static inline int cardviewer_tiff_get_uint16_defaulted(TIFF *tif, uint32_t tag, uint16_t *value) {
    return TIFFGetFieldDefaulted(tif, tag, value);
}

/// The ICC profile (tag 34675): its bytes stay owned by `tif`.
static inline int cardviewer_tiff_get_icc(TIFF *tif, uint32_t *count, const void **data) {
    return TIFFGetField(tif, TIFFTAG_ICCPROFILE, count, data);
}

static inline int cardviewer_tiff_set_uint32(TIFF *tif, uint32_t tag, uint32_t value) {
    return TIFFSetField(tif, tag, value);
}

static inline int cardviewer_tiff_set_uint16(TIFF *tif, uint32_t tag, uint16_t value) {
    return TIFFSetField(tif, tag, (int)value);
}

static inline int cardviewer_tiff_set_extra_samples(TIFF *tif, uint16_t count, const uint16_t *kinds) {
    return TIFFSetField(tif, TIFFTAG_EXTRASAMPLES, count, kinds);
}

static inline int cardviewer_tiff_set_icc(TIFF *tif, uint32_t count, const void *data) {
    return TIFFSetField(tif, TIFFTAG_ICCPROFILE, count, data);
}

/// Whether TIFFRGBAImage can convert the current directory; `reason` gets why not.
static inline int cardviewer_tiff_rgba_ok(TIFF *tif, char *reason) {
    return TIFFRGBAImageOK(tif, reason);
}

static inline int cardviewer_tiff_get_extra_samples(TIFF *tif, uint16_t *count, uint16_t **kinds) {
    return TIFFGetField(tif, TIFFTAG_EXTRASAMPLES, count, kinds);
}
