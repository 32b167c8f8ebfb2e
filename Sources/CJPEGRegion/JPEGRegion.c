#include "JPEGRegion.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct region_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char *message;
    size_t capacity;
};

static void region_error_exit(j_common_ptr info) {
    struct region_error *error = (struct region_error *)info->err;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    if (error->message && error->capacity > 0) snprintf(error->message, error->capacity, "%s", text);
    longjmp(error->jump, 1);
}

/// Warnings and trace messages are not printed (libjpeg's default writes them to stderr).
static void region_emit_message(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

static void set_message(char *message, size_t capacity, const char *text) {
    if (message && capacity > 0) snprintf(message, capacity, "%s", text);
}

int cv_jpeg_region(const unsigned char *data, size_t size, unsigned denominator,
                   uint32_t x, uint32_t y, uint32_t width, uint32_t height,
                   unsigned char *out, int *cmyk, char *message, size_t capacity) {
    if (message && capacity > 0) message[0] = 0;
    if (denominator != 1 && denominator != 2 && denominator != 4 && denominator != 8) {
        set_message(message, capacity, "a DCT scale other than 1/1, 1/2, 1/4 or 1/8");
        return 0;
    }
    if (width == 0 || height == 0) {
        set_message(message, capacity, "an empty rectangle");
        return 0;
    }
    struct jpeg_decompress_struct info;
    struct region_error error;
    /* volatile: assigned between setjmp and a longjmp back to it. */
    unsigned char *volatile row = NULL;
    memset(&info, 0, sizeof info);
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = region_error_exit;
    error.manager.emit_message = region_emit_message;
    error.message = message;
    error.capacity = capacity;
    if (setjmp(error.jump)) {
        free(row);
        jpeg_destroy_decompress(&info);
        return 0;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    int is_cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = is_cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    info.scale_num = 1;
    info.scale_denom = denominator;
    /* As TurboJPEG decodes by default: accurate integer IDCT, fancy upsampling. */
    info.dct_method = JDCT_ISLOW;
    info.do_fancy_upsampling = TRUE;
    jpeg_start_decompress(&info);
    if ((uint64_t)x + width > info.output_width || (uint64_t)y + height > info.output_height) {
        set_message(message, capacity, "a rectangle outside the picture");
        jpeg_destroy_decompress(&info);
        return 0;
    }
    JDIMENSION left = x, span = width;
    jpeg_crop_scanline(&info, &left, &span);
    if (y > 0) {
        JDIMENSION skipped = jpeg_skip_scanlines(&info, y);
        if (skipped != y) {
            set_message(message, capacity, "the picture ended before the rectangle");
            jpeg_destroy_decompress(&info);
            return 0;
        }
    }
    /* After the crop, a row is `output_width` pixels starting at column `left`. */
    size_t row_bytes = (size_t)info.output_width * 4;
    row = malloc(row_bytes);
    if (!row) {
        set_message(message, capacity, "out of memory for a row");
        jpeg_destroy_decompress(&info);
        return 0;
    }
    size_t offset = (size_t)(x - left) * 4;
    for (uint32_t line = 0; line < height; line++) {
        JSAMPROW rows[1] = {row};
        if (jpeg_read_scanlines(&info, rows, 1) != 1) {
            set_message(message, capacity, "the picture ended before the rectangle");
            free(row);
            jpeg_destroy_decompress(&info);
            return 0;
        }
        memcpy(out + (size_t)line * width * 4, row + offset, (size_t)width * 4);
    }
    free(row);
    row = NULL;
    jpeg_abort_decompress(&info);
    jpeg_destroy_decompress(&info);
    if (cmyk) *cmyk = is_cmyk;
    return 1;
}
