// HarfBuzz (Debian: libharfbuzz-dev): shaping, and the OpenType font functions that read
// metrics straight from a font's tables.
#include <hb.h>
#include <hb-ot.h>
