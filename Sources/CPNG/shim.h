#ifndef TOUCHLINE_CPNG_SHIM_H
#define TOUCHLINE_CPNG_SHIM_H
/*
 * A thin bridge to libpng for Swift.
 *
 * libpng reports errors with longjmp, which Swift cannot cross, so the calls that need
 * setjmp live here as static inline functions; Swift sees plain functions that return 0 on
 * failure and leave libpng's message in a caller-provided buffer.
 */
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/** Bytes produced by tl_png_encode; free `data` with tl_png_buffer_free. */
typedef struct tl_png_buffer {
    unsigned char *data;
    size_t size;
    size_t capacity;
} tl_png_buffer;

/** Pixel layouts tl_png_encode accepts. */
enum {
    /** Cairo ARGB32 rows known to be fully opaque: written as 8-bit RGB. */
    TL_PNG_CAIRO_OPAQUE = 0,
    /** Cairo ARGB32 rows, premultiplied alpha: written as 8-bit straight RGBA. */
    TL_PNG_CAIRO_PREMULTIPLIED = 1
};

/** Every row filter, for adaptive filtering (PNG_ALL_FILTERS is not visible to Swift). */
enum { TL_PNG_ALL_FILTERS = PNG_ALL_FILTERS };

static inline void tl_png_buffer_free(tl_png_buffer *buffer) {
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = 0;
    buffer->capacity = 0;
}

static inline void tl_png_write_bytes(png_structp png, png_bytep bytes, size_t length) {
    tl_png_buffer *buffer = (tl_png_buffer *)png_get_io_ptr(png);
    if (buffer->size + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 1 << 16;
        while (capacity < buffer->size + length) capacity *= 2;
        unsigned char *grown = (unsigned char *)realloc(buffer->data, capacity);
        if (grown == NULL) png_error(png, "out of memory while encoding PNG");
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, bytes, length);
    buffer->size += length;
}

static inline void tl_png_flush(png_structp png) { (void)png; }

static inline void tl_png_error(png_structp png, png_const_charp message) {
    char *destination = (char *)png_get_error_ptr(png);
    if (destination != NULL) {
        strncpy(destination, message, 255);
        destination[255] = 0;
    }
    png_longjmp(png, 1);
}

static inline void tl_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/** Packs one row of opaque native-endian Cairo ARGB32 into RGB bytes. */
static inline void tl_png_pack_rgb_row(const uint32_t *source, unsigned char *destination, int width) {
    for (int x = 0; x < width; x++) {
        uint32_t pixel = source[x];
        destination[3 * x + 0] = (unsigned char)(pixel >> 16);
        destination[3 * x + 1] = (unsigned char)(pixel >> 8);
        destination[3 * x + 2] = (unsigned char)pixel;
    }
}

/** Unpremultiplies one row of native-endian Cairo ARGB32 into straight RGBA bytes. */
static inline void tl_png_unpremultiply_row(const uint32_t *source, unsigned char *destination, int width) {
    for (int x = 0; x < width; x++) {
        uint32_t pixel = source[x];
        unsigned alpha = pixel >> 24;
        unsigned red = (pixel >> 16) & 0xff, green = (pixel >> 8) & 0xff, blue = pixel & 0xff;
        if (alpha != 0 && alpha != 255) {
            red = (red * 255 + alpha / 2) / alpha;
            green = (green * 255 + alpha / 2) / alpha;
            blue = (blue * 255 + alpha / 2) / alpha;
        }
        destination[4 * x + 0] = (unsigned char)(red > 255 ? 255 : red);
        destination[4 * x + 1] = (unsigned char)(green > 255 ? 255 : green);
        destination[4 * x + 2] = (unsigned char)(blue > 255 ? 255 : blue);
        destination[4 * x + 3] = (unsigned char)alpha;
    }
}

/**
 * Supplies row `y` (0-based, top to bottom) of Cairo ARGB32 pixels to tl_png_encode_rows, or
 * NULL to abandon the encoding. Rows are asked for in order, each once.
 */
typedef const unsigned char *(*tl_png_row_source)(void *context, int y);

/**
 * Encodes Cairo ARGB32 rows as a PNG into `output` (appended), asking `source` for each row.
 * `filter` is a mask of PNG_FILTER_* values, `level` a zlib level 0-9 and `strategy` a zlib
 * strategy (0 default, 1 filtered, 2 Huffman only, 3 RLE). Returns 1 on success; on failure 0,
 * with libpng's message in `message` (256 bytes).
 */
static inline int tl_png_encode_rows(int width, int height, int layout, int filter, int level, int strategy,
                                     tl_png_row_source source, void *context,
                                     tl_png_buffer *output, char *message) {
    unsigned char *row = (unsigned char *)malloc((size_t)width * 4);
    if (row == NULL) {
        strncpy(message, "out of memory while encoding PNG", 255);
        return 0;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, message, tl_png_error, tl_png_warning);
    if (png == NULL) {
        free(row);
        return 0;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        free(row);
        return 0;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        return 0;
    }
    png_set_write_fn(png, output, tl_png_write_bytes, tl_png_flush);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filter);
    png_set_compression_level(png, level);
    png_set_compression_strategy(png, strategy);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 layout == TL_PNG_CAIRO_OPAQUE ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        const uint32_t *pixels = (const uint32_t *)source(context, y);
        if (pixels == NULL) png_error(png, "the image could not be drawn");
        if (layout == TL_PNG_CAIRO_OPAQUE) {
            tl_png_pack_rgb_row(pixels, row, width);
        } else {
            tl_png_unpremultiply_row(pixels, row, width);
        }
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    return 1;
}

/** Where tl_png_encode finds its rows. */
typedef struct tl_png_buffer_rows {
    const unsigned char *pixels;
    int stride;
} tl_png_buffer_rows;

static inline const unsigned char *tl_png_buffer_row(void *context, int y) {
    const tl_png_buffer_rows *rows = (const tl_png_buffer_rows *)context;
    return rows->pixels + (size_t)y * (size_t)rows->stride;
}

/** Encodes Cairo ARGB32 pixels held in one buffer (see tl_png_encode_rows). */
static inline int tl_png_encode(const unsigned char *pixels, int width, int height, int stride,
                                int layout, int filter, int level, int strategy,
                                tl_png_buffer *output, char *message) {
    tl_png_buffer_rows rows = {pixels, stride};
    return tl_png_encode_rows(width, height, layout, filter, level, strategy, tl_png_buffer_row, &rows,
                              output, message);
}

/**
 * Reads the header of an in-memory PNG with libpng's simplified API.
 * Returns 1 and the size on success; 0 with a message otherwise.
 */
static inline int tl_png_read_size(const void *data, size_t size, png_image *image, char *message) {
    memset(image, 0, sizeof(*image));
    image->version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(image, data, size)) {
        strncpy(message, image->message, 255);
        message[255] = 0;
        png_image_free(image);
        return 0;
    }
    return 1;
}

/**
 * Finishes reading a PNG started with tl_png_read_size into straight 8-bit RGBA rows
 * (`buffer` holds width * height * 4 bytes). Returns 1 on success.
 */
static inline int tl_png_read_rgba(png_image *image, unsigned char *buffer, char *message) {
    image->format = PNG_FORMAT_RGBA;
    if (!png_image_finish_read(image, NULL, buffer, 0, NULL)) {
        strncpy(message, image->message, 255);
        message[255] = 0;
        png_image_free(image);
        return 0;
    }
    return 1;
}
#endif
