// Exempi 2.6 (libexempi-dev): the C API over Adobe's XMP Toolkit. CardSidecars parses and
// serializes XMP packets in memory with it (xmp_parse, xmp_serialize); it never opens files.
#include <exempi/xmp.h>
