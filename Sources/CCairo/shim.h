#ifndef TOUCHLINE_CCAIRO_SHIM_H
#define TOUCHLINE_CCAIRO_SHIM_H
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>
#include <cairo/cairo-svg.h>
#endif
