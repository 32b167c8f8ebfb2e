// zlib: PNG image data inflated as a stream whose state can be copied (inflateCopy), for the
// photo view's regions of large PNGs (CardImaging's PNGRowIndex).
#include <zlib.h>

/// inflateInit is a macro; this is it as a function Swift can call.
static inline int cv_inflate_init(z_stream *stream) { return inflateInit(stream); }
