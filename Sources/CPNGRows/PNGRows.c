// libpng's classic reader behind setjmp, a row at a time (see include/PNGRows.h).
#include "PNGRows.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct cv_png_rows {
    png_structp png;
    png_infop info;
    cv_png_read_fn read;
    void *context;
    uint32_t width, height;
    int has_alpha;
    int failed;
    char message[256];
};

static void copy_message(char *out, size_t capacity, const char *text) {
    if (capacity == 0) return;
    size_t length = strlen(text);
    if (length >= capacity) length = capacity - 1;
    memcpy(out, text, length);
    out[length] = 0;
    for (size_t i = 0; i < length; i++) if (out[i] == '\n' || out[i] == '\r') out[i] = ' ';
}

// libpng's errors: the message kept, then back to the setjmp of the call in progress.
static void on_error(png_structp png, png_const_charp text) {
    cv_png_rows *rows = (cv_png_rows *)png_get_error_ptr(png);
    copy_message(rows->message, sizeof rows->message, text ? text : "libpng error");
    png_longjmp(png, 1);
}

// Warnings (benign errors included, as the simplified API treats them) are not errors.
static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void on_read(png_structp png, png_bytep data, size_t length) {
    cv_png_rows *rows = (cv_png_rows *)png_get_io_ptr(png);
    size_t got = rows->read(rows->context, data, length);
    if (got != length) png_error(png, "truncated: the file ends inside the image data");
}

cv_png_rows *cv_png_rows_open(cv_png_read_fn read, void *context, uint32_t max_width, uint32_t max_height,
                              char *message, size_t capacity) {
    cv_png_rows *rows = calloc(1, sizeof *rows);
    if (!rows) {
        copy_message(message, capacity, "out of memory");
        return NULL;
    }
    rows->read = read;
    rows->context = context;
    rows->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, rows, on_error, on_warning);
    if (rows->png) rows->info = png_create_info_struct(rows->png);
    if (!rows->png || !rows->info) {
        copy_message(message, capacity, "libpng could not start");
        cv_png_rows_close(rows);
        return NULL;
    }
    if (setjmp(png_jmpbuf(rows->png))) {
        copy_message(message, capacity, rows->message);
        cv_png_rows_close(rows);
        return NULL;
    }
    png_set_read_fn(rows->png, rows, on_read);
    png_set_user_limits(rows->png, max_width, max_height);
#ifdef PNG_BENIGN_ERRORS_SUPPORTED
    png_set_benign_errors(rows->png, 1);
#endif
    png_read_info(rows->png, rows->info);
    if (png_get_interlace_type(rows->png, rows->info) != PNG_INTERLACE_NONE) {
        png_error(rows->png, "interlaced files are not read a row at a time");
    }
    // As png_image_read_direct sets them up for PNG_FORMAT_RGBA output (libpng 1.6).
    int color_type = png_get_color_type(rows->png, rows->info);
    int bit_depth = png_get_bit_depth(rows->png, rows->info);
    int num_trans = 0;
    png_get_tRNS(rows->png, rows->info, NULL, &num_trans, NULL);
    rows->has_alpha = (color_type & PNG_COLOR_MASK_ALPHA) != 0 || num_trans > 0;
    png_set_expand(rows->png);
    if ((color_type & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(rows->png);
    // The file's gamma when it gives none: sRGB (16-bit too, as with PNG_IMAGE_FLAG_16BIT_sRGB).
    png_set_alpha_mode_fixed(rows->png, PNG_ALPHA_PNG, PNG_DEFAULT_sRGB);
    if (bit_depth == 16) png_set_scale_16(rows->png);
    if (!rows->has_alpha) png_set_add_alpha(rows->png, 0xFF, PNG_FILLER_AFTER);
    // The output's gamma: sRGB.
    png_set_alpha_mode_fixed(rows->png, PNG_ALPHA_PNG, PNG_DEFAULT_sRGB);
    // Chunks after the image data that do not decide the pixels are skipped unread.
    static const png_byte kept[] = {
        98, 75, 71, 68, 0,    // bKGD
        99, 72, 82, 77, 0,    // cHRM
        103, 65, 77, 65, 0,   // gAMA
        105, 67, 67, 80, 0,   // iCCP
        115, 66, 73, 84, 0,   // sBIT
        115, 82, 71, 66, 0,   // sRGB
    };
    png_set_keep_unknown_chunks(rows->png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_set_keep_unknown_chunks(rows->png, PNG_HANDLE_CHUNK_AS_DEFAULT, kept, (int)(sizeof kept / 5));
    png_read_update_info(rows->png, rows->info);
    rows->width = png_get_image_width(rows->png, rows->info);
    rows->height = png_get_image_height(rows->png, rows->info);
    if (png_get_rowbytes(rows->png, rows->info) != (size_t)rows->width * 4) {
        png_error(rows->png, "libpng did not set up RGBA rows");
    }
    return rows;
}

uint32_t cv_png_rows_width(const cv_png_rows *rows) { return rows->width; }
uint32_t cv_png_rows_height(const cv_png_rows *rows) { return rows->height; }
int cv_png_rows_has_alpha(const cv_png_rows *rows) { return rows->has_alpha; }

int cv_png_rows_read(cv_png_rows *rows, unsigned char *row) {
    if (rows->failed) return 0;
    if (setjmp(png_jmpbuf(rows->png))) {
        rows->failed = 1;
        return 0;
    }
    png_read_row(rows->png, row, NULL);
    return 1;
}

const char *cv_png_rows_message(const cv_png_rows *rows) { return rows->message; }

void cv_png_rows_close(cv_png_rows *rows) {
    if (!rows) return;
    if (rows->png) png_destroy_read_struct(&rows->png, rows->info ? &rows->info : NULL, NULL);
    free(rows);
}
