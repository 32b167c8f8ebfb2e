// libheif's C API (heif.h): HEIF/HEIC (HEVC through libde265) and AVIF (AV1 through dav1d/aom)
// read from memory, decoded to interleaved RGBA with the file's transformations applied; and its
// encoders, which the tests use to make samples. Errors come back as `struct heif_error` values.
#include <libheif/heif.h>
