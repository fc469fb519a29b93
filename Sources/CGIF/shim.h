#ifndef TOUCHLINE_CGIF_SHIM_H
#define TOUCHLINE_CGIF_SHIM_H
/*
 * giflib for Swift: Canvas writes animated GIFs through its streaming encoder (EGifOpen with
 * an output callback, so the file is made in memory). giflib reports errors through return
 * codes, never longjmp, so Swift calls it directly.
 */
#include <gif_lib.h>
#endif
