// Little CMS 2 (lcms2.h): ICC colour profiles read from memory and colour transforms. Errors are
// reported through return values (NULL handles) and an error handler, not setjmp.
#include <lcms2.h>

// Pixel-format and flag macros built from shifts, which Swift does not import.
/// 8-bit R, G, B and one extra (alpha) channel, interleaved: the viewer's RGBA.
static const cmsUInt32Number cv_lcms_TYPE_RGBA_8 = TYPE_RGBA_8;
/// 8-bit R, G, B interleaved.
static const cmsUInt32Number cv_lcms_TYPE_RGB_8 = TYPE_RGB_8;
/// 16-bit R, G, B interleaved.
static const cmsUInt32Number cv_lcms_TYPE_RGB_16 = TYPE_RGB_16;
