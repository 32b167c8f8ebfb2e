// libdeflate (libdeflate.h): whole-buffer zlib decompression, about twice as fast as zlib's
// inflate, and CRC-32. Errors are return values; nothing is kept between calls but the
// decompressor the caller allocates.
#include <libdeflate.h>
