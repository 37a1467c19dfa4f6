#ifndef CICUTEXT_H
#define CICUTEXT_H

// A few ICU services (Debian: libicu-dev) with stable names. ICU's C API renames every
// function with its major version (ubrk_open is ubrk_open_72), which Swift cannot see
// through; these wrappers are compiled against the installed headers instead.

#include <stdint.h>

/// A UAX #14 line-break iterator for the root locale, or NULL (with `*status` > 0).
void *cgl_linebreak_open(int32_t *status);
void cgl_linebreak_close(void *iterator);

/// The line-break opportunities of `text` (UTF-16, `length` units): each is the offset a line
/// may start at, with `mandatory[i]` set for hard breaks (after LF, CR, paragraph separators).
/// The end of the text is always the last one. Returns how many were written (at most
/// `capacity`; `capacity` = `length` + 1 is always enough), or -1 on an ICU error.
int32_t cgl_linebreak_find(void *iterator, const uint16_t *text, int32_t length,
                           int32_t *offsets, uint8_t *mandatory, int32_t capacity);

/// A UAX #9 bidi object, or NULL.
void *cgl_bidi_open(void);
void cgl_bidi_close(void *bidi);

/// The embedding level of every UTF-16 unit of `text` for the paragraph level `paragraphLevel`
/// (0 left-to-right, 1 right-to-left). Returns 0, or -1 on an ICU error.
int32_t cgl_bidi_levels(void *bidi, const uint16_t *text, int32_t length, uint8_t paragraphLevel, uint8_t *levels);

/// ICU's version, such as "72.1", into `buffer` (at least 20 bytes).
void cgl_icu_version(char *buffer);

#endif
