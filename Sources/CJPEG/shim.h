#ifndef TOUCHLINE_CJPEG_SHIM_H
#define TOUCHLINE_CJPEG_SHIM_H
/*
 * A thin bridge to libjpeg(-turbo) for Swift.
 *
 * libjpeg reports fatal errors by calling error_exit, which must not return; here it
 * longjmps back into the static inline function that made the call, since Swift cannot cross
 * longjmp. Swift sees plain functions that return 0 on failure and leave libjpeg's message in
 * the decoder's `message`.
 *
 * A decoder lives on the heap (tl_jpeg_new) so that the pointers libjpeg keeps to its error
 * and progress managers stay valid; free it with tl_jpeg_free whatever happened.
 */
#include <stddef.h>
#include <stdio.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/** One decoding: libjpeg's state, its error and progress managers, and the limits. */
typedef struct tl_jpeg_decoder {
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr error;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    /** libjpeg's last fatal message, NUL-terminated. */
    char message[256];
    /** The most scans (SOS markers) read before the decoding is abandoned. */
    int maximum_scans;
    /** Warnings libjpeg emitted (corrupt data it could step over). */
    int warnings;
    /** 1 once jpeg_create_decompress has run. */
    int created;
} tl_jpeg_decoder;

/** Pixel layouts tl_jpeg_start can produce. */
enum {
    /** 8-bit RGBA, alpha 255: from greyscale, YCbCr and RGB JPEGs. */
    TL_JPEG_OUT_RGBA = 0,
    /** 8-bit CMYK converted to RGBA after reading: from CMYK and YCCK JPEGs. */
    TL_JPEG_OUT_CMYK = 1
};

static inline void tl_jpeg_error_exit(j_common_ptr info) {
    tl_jpeg_decoder *decoder = (tl_jpeg_decoder *)info->client_data;
    (*info->err->format_message)(info, decoder->message);
    decoder->message[255] = 0;
    longjmp(decoder->jump, 1);
}

static inline void tl_jpeg_emit_message(j_common_ptr info, int level) {
    tl_jpeg_decoder *decoder = (tl_jpeg_decoder *)info->client_data;
    if (level < 0) decoder->warnings += 1;
}

/** Abandons a progressive JPEG with more scans than allowed (each scan redoes the image). */
static inline void tl_jpeg_progress_monitor(j_common_ptr info) {
    tl_jpeg_decoder *decoder = (tl_jpeg_decoder *)info->client_data;
    if (info->is_decompressor && ((j_decompress_ptr)info)->input_scan_number > decoder->maximum_scans) {
        snprintf(decoder->message, sizeof decoder->message, "more than %d progressive scans", decoder->maximum_scans);
        longjmp(decoder->jump, 1);
    }
}

/** A zeroed decoder, or NULL when out of memory. */
static inline tl_jpeg_decoder *tl_jpeg_new(void) {
    return (tl_jpeg_decoder *)calloc(1, sizeof(tl_jpeg_decoder));
}

/** Releases everything libjpeg holds, then the decoder itself. NULL is fine. */
static inline void tl_jpeg_free(tl_jpeg_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->created) jpeg_destroy_decompress(&decoder->info);
    free(decoder);
}

/**
 * Reads the markers up to the first scan of the `size` bytes at `data` (which must stay
 * alive until the decoder is freed), keeping APP1 segments for EXIF. Returns 1 on success.
 */
static inline int tl_jpeg_read_header(tl_jpeg_decoder *decoder, const unsigned char *data, unsigned long size,
                                      int maximum_scans) {
    decoder->maximum_scans = maximum_scans;
    decoder->info.err = jpeg_std_error(&decoder->error);
    decoder->error.error_exit = tl_jpeg_error_exit;
    decoder->error.emit_message = tl_jpeg_emit_message;
    decoder->info.client_data = decoder;
    if (setjmp(decoder->jump)) return 0;
    jpeg_create_decompress(&decoder->info);
    decoder->created = 1;
    decoder->progress.progress_monitor = tl_jpeg_progress_monitor;
    decoder->info.progress = &decoder->progress;
    jpeg_mem_src(&decoder->info, data, size);
    jpeg_save_markers(&decoder->info, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&decoder->info, TRUE);
    return 1;
}

/**
 * The first saved APP1 segment that starts with "Exif\0\0" (its bytes and length through
 * the out parameters), or 0 when there is none.
 */
static inline int tl_jpeg_exif(const tl_jpeg_decoder *decoder, const unsigned char **bytes, unsigned int *length) {
    for (jpeg_saved_marker_ptr marker = decoder->info.marker_list; marker != NULL; marker = marker->next) {
        if (marker->marker == JPEG_APP0 + 1 && marker->data_length >= 6 && marker->data != NULL
            && memcmp(marker->data, "Exif\0\0", 6) == 0) {
            *bytes = marker->data;
            *length = marker->data_length;
            return 1;
        }
    }
    return 0;
}

/**
 * Starts decompressing at 1/`scale_denom` of the size (1, 2, 4 or 8), into `layout`
 * (TL_JPEG_OUT_RGBA or TL_JPEG_OUT_CMYK). libjpeg may use at most `maximum_memory` bytes for
 * its own buffers. The output size is then in info.output_width and info.output_height.
 */
static inline int tl_jpeg_start(tl_jpeg_decoder *decoder, int scale_denom, int layout, long maximum_memory) {
    if (setjmp(decoder->jump)) return 0;
    decoder->info.mem->max_memory_to_use = maximum_memory;
    decoder->info.out_color_space = layout == TL_JPEG_OUT_CMYK ? JCS_CMYK : JCS_EXT_RGBA;
    decoder->info.scale_num = 1;
    decoder->info.scale_denom = (unsigned int)scale_denom;
    jpeg_start_decompress(&decoder->info);
    if (decoder->info.output_components != 4) {
        strncpy(decoder->message, "unexpected number of output components", 255);
        return 0;
    }
    return 1;
}

/** Turns a row of CMYK (inverted, as Adobe writes it, when `inverted`) into opaque RGBA in place. */
static inline void tl_jpeg_cmyk_to_rgba(unsigned char *row, unsigned int width, int inverted) {
    for (unsigned int x = 0; x < width; x++) {
        unsigned char *p = row + 4 * (size_t)x;
        unsigned c = p[0], m = p[1], y = p[2], k = p[3];
        if (!inverted) {
            c = 255 - c;
            m = 255 - m;
            y = 255 - y;
            k = 255 - k;
        }
        /* Now each value is the fraction of ink *not* laid down: R = (1 - C)(1 - K). */
        p[0] = (unsigned char)((c * k + 127) / 255);
        p[1] = (unsigned char)((m * k + 127) / 255);
        p[2] = (unsigned char)((y * k + 127) / 255);
        p[3] = 255;
    }
}

/**
 * Reads every output row into `buffer` (output_height rows of `stride` bytes, each
 * output_width RGBA pixels) and finishes the decompression. Returns 1 on success.
 */
static inline int tl_jpeg_read_rgba(tl_jpeg_decoder *decoder, unsigned char *buffer, size_t stride, int layout) {
    if (setjmp(decoder->jump)) return 0;
    /* Adobe's CMYK and YCCK JPEGs store inverted values; others (rare) do not. */
    int inverted = decoder->info.saw_Adobe_marker;
    while (decoder->info.output_scanline < decoder->info.output_height) {
        unsigned char *row = buffer + (size_t)decoder->info.output_scanline * stride;
        JSAMPROW rows[1] = {row};
        if (jpeg_read_scanlines(&decoder->info, rows, 1) != 1) {
            strncpy(decoder->message, "the data ended early", 255);
            return 0;
        }
        if (layout == TL_JPEG_OUT_CMYK) tl_jpeg_cmyk_to_rgba(row, decoder->info.output_width, inverted);
    }
    jpeg_finish_decompress(&decoder->info);
    return 1;
}
#endif
