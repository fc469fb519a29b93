#ifndef TOUCHLINE_CLIBXML2_SHIM_H
#define TOUCHLINE_CLIBXML2_SHIM_H
/*
 * libxml2's push parser and SAX2 interface, for the route readers' streaming XML driver.
 * Swift sets the callbacks itself; the options below are the only ones it uses.
 */
#include <libxml/xmlversion.h>
/*
 * Debian builds libxml2 with ICU, whose headers clash with the ICU inside Foundation. Nothing
 * here touches an encoding handler's fields (the only ones ICU changes; the parser context
 * holds handlers by pointer), so libxml2's headers are read as if built without it.
 */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>

/** XML_SAX2_MAGIC as an unsigned value Swift can assign. */
static const unsigned int TL_XML_SAX2_MAGIC = XML_SAX2_MAGIC;

/**
 * The parse options: no network, no entity substitution (entities are never expanded into
 * the document, so the "billion laughs" cannot grow it), no DTD loading, no default
 * attributes from a DTD, and libxml2's default limits (no XML_PARSE_HUGE).
 */
static const int TL_XML_PARSE_OPTIONS = XML_PARSE_NONET | XML_PARSE_NOWARNING | XML_PARSE_NOERROR;

#endif
