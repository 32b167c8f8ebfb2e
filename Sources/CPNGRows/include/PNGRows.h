// libpng's classic reader, one row at a time, behind setjmp (which Swift cannot call): a PNG
// streamed from a caller's read function into 8-bit straight-alpha RGBA rows, with the
// transformations libpng's simplified API applies for PNG_FORMAT_RGBA (so the pixels are the
// ones png_image_finish_read gives), without ever holding the whole image.
//
// Only non-interlaced files are read (an interlaced image needs every pass before its first
// row is whole); 16-bit samples are scaled to 8 bits as the simplified API does with
// PNG_IMAGE_FLAG_16BIT_sRGB. libpng's own limits stay in force (chunk allocations of at most
// 8,000,000 bytes); the caller sets the largest width and height it accepts.
#ifndef CARDVIEWER_PNG_ROWS_H
#define CARDVIEWER_PNG_ROWS_H

#include <stddef.h>
#include <stdint.h>

/// A reader in progress (opaque).
typedef struct cv_png_rows cv_png_rows;

/// Fills `buffer` with the next `count` bytes of the PNG stream; returns how many it wrote
/// (fewer than `count` only at the end of the stream or on an error: the read then fails as
/// truncated).
typedef size_t (*cv_png_read_fn)(void *context, unsigned char *buffer, size_t count);

/// Reads the signature and the chunks before the image data and sets up RGBA output. Returns
/// NULL with a one-line reason in `message` (at most `capacity` bytes, NUL-terminated) when
/// the stream is not a PNG this reader takes (interlaced, or wider or taller than the limits).
cv_png_rows *cv_png_rows_open(cv_png_read_fn read, void *context, uint32_t max_width, uint32_t max_height,
                              char *message, size_t capacity);

/// The image's width and height, pixels; whether it may have transparent pixels (an alpha
/// channel or a tRNS chunk).
uint32_t cv_png_rows_width(const cv_png_rows *rows);
uint32_t cv_png_rows_height(const cv_png_rows *rows);
int cv_png_rows_has_alpha(const cv_png_rows *rows);

/// Decodes the next row into `row` (width × 4 bytes, RGBA). Returns 1, or 0 with the reason
/// in `cv_png_rows_message` (after which no more rows are read).
int cv_png_rows_read(cv_png_rows *rows, unsigned char *row);

/// Why the last call failed (empty when none did).
const char *cv_png_rows_message(const cv_png_rows *rows);

/// Frees the reader and everything libpng holds for it.
void cv_png_rows_close(cv_png_rows *rows);

#endif
