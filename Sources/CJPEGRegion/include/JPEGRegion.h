// libjpeg-turbo's libjpeg API behind setjmp (which Swift cannot call): one rectangle of a JPEG,
// at a DCT scale of 1/1, 1/2, 1/4 or 1/8, decoded without the rest of the picture's pixels.
// The columns are cut by jpeg_crop_scanline (to whole iMCUs, then trimmed here) and the rows
// above the rectangle passed by jpeg_skip_scanlines, which skips their inverse DCT and colour
// conversion (their entropy-coded data must still be read); decoding stops after the
// rectangle's last row. The output is 8-bit RGBA (greyscale expanded), or the raw four
// samples of a CMYK/YCCK file for the caller to convert.
#ifndef CARDVIEWER_JPEG_REGION_H
#define CARDVIEWER_JPEG_REGION_H

#include <stddef.h>
#include <stdint.h>

/// Decodes the rectangle (`x`, `y`, `width`, `height`), in pixels of the picture as stored and
/// scaled by 1/`denominator` (1, 2, 4 or 8; each side ⌈side / denominator⌉), of the JPEG in
/// `data` into `out` (`width` × `height` × 4 bytes, rows top first). `*cmyk` is set to 1 when
/// the samples are CMYK (Adobe's inverted convention left to the caller), else 0. Returns 1, or
/// 0 with a one-line reason in `message` (at most `capacity` bytes, NUL-terminated): libjpeg's
/// error, or a rectangle outside the scaled picture. libjpeg's warnings (damaged data it
/// recovered from) do not stop the decode.
int cv_jpeg_region(const unsigned char *data, size_t size, unsigned denominator,
                   uint32_t x, uint32_t y, uint32_t width, uint32_t height,
                   unsigned char *out, int *cmyk, char *message, size_t capacity);

#endif
