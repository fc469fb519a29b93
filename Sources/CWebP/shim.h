#ifndef TOUCHLINE_CWEBP_SHIM_H
#define TOUCHLINE_CWEBP_SHIM_H
/*
 * libwebp for Swift: Canvas writes animated WebP through WebPAnimEncoder (libwebpmux), each
 * frame encoded losslessly by libwebp's encoder.
 */
#include <webp/encode.h>
#include <webp/mux.h>
#endif
