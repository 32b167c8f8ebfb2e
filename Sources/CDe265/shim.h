// libde265's C API (de265.h): an HEVC decoder fed NAL units one at a time, its decoded frames'
// planes read in place. HEIFDecoder uses it directly for single HEVC images, so that libheif's
// copy of the planes is never made (libheif itself decodes through the same library).
#include <libde265/de265.h>
