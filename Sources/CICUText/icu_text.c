#include "CICUText.h"

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uversion.h>

void cgl_icu_version(char *buffer) {
    UVersionInfo version;
    u_getVersion(version);
    u_versionToString(version, buffer);
}

void *cgl_linebreak_open(int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, "", NULL, 0, &error);
    *status = (int32_t)error;
    return U_FAILURE(error) ? NULL : iterator;
}

void cgl_linebreak_close(void *iterator) {
    if (iterator) ubrk_close((UBreakIterator *)iterator);
}

int32_t cgl_linebreak_find(void *iterator, const uint16_t *text, int32_t length,
                           int32_t *offsets, uint8_t *mandatory, int32_t capacity) {
    UBreakIterator *breaks = (UBreakIterator *)iterator;
    UErrorCode error = U_ZERO_ERROR;
    ubrk_setText(breaks, (const UChar *)text, length, &error);
    if (U_FAILURE(error)) return -1;
    int32_t count = 0;
    for (int32_t offset = ubrk_following(breaks, 0); offset != UBRK_DONE && count < capacity;
         offset = ubrk_next(breaks)) {
        offsets[count] = offset;
        int32_t status = ubrk_getRuleStatus(breaks);
        mandatory[count] = (status >= UBRK_LINE_HARD && status < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        count += 1;
    }
    // Detach the text: the caller's buffer does not outlive this call.
    ubrk_setText(breaks, (const UChar *)text, 0, &error);
    return count;
}

void *cgl_bidi_open(void) {
    return ubidi_open();
}

void cgl_bidi_close(void *bidi) {
    if (bidi) ubidi_close((UBiDi *)bidi);
}

int32_t cgl_bidi_levels(void *bidi, const uint16_t *text, int32_t length, uint8_t paragraphLevel, uint8_t *levels) {
    UErrorCode error = U_ZERO_ERROR;
    UBiDi *paragraph = (UBiDi *)bidi;
    ubidi_setPara(paragraph, (const UChar *)text, length, (UBiDiLevel)paragraphLevel, NULL, &error);
    if (U_FAILURE(error)) return -1;
    for (int32_t index = 0; index < length; index++) {
        levels[index] = ubidi_getLevelAt(paragraph, index);
    }
    return 0;
}
