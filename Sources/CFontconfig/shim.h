#include <stdio.h>
#include <fontconfig/fontconfig.h>

/* FcPatternBuild and FcObjectSetBuild are variadic; these wrap the two lookups the app makes. */

/* The file of the installed font fontconfig ranks best for `ch` (with `color` preferred when asked), written into
   `path` (at most `size` bytes), or 0 when no installed font has the character. */
static inline int carousel_font_for_char(FcConfig *config, unsigned int ch, int preferColor, char *path, int size) {
    FcPattern *pattern = FcPatternCreate();
    FcCharSet *set = FcCharSetCreate();
    FcCharSetAddChar(set, ch);
    FcPatternAddCharSet(pattern, FC_CHARSET, set);
    FcPatternAddBool(pattern, FC_SCALABLE, FcTrue);
    if (preferColor) FcPatternAddBool(pattern, FC_COLOR, FcTrue);
    FcConfigSubstitute(config, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    FcFontSet *sorted = FcFontSort(config, pattern, FcFalse, NULL, &result);
    int found = 0;
    if (sorted) {
        for (int i = 0; i < sorted->nfont && !found; i++) {
            FcCharSet *has = NULL;
            FcChar8 *file = NULL;
            if (FcPatternGetCharSet(sorted->fonts[i], FC_CHARSET, 0, &has) != FcResultMatch || !FcCharSetHasChar(has, ch)) continue;
            if (FcPatternGetString(sorted->fonts[i], FC_FILE, 0, &file) != FcResultMatch) continue;
            snprintf(path, size, "%s", (const char *)file);
            found = 1;
        }
        FcFontSetDestroy(sorted);
    }
    FcCharSetDestroy(set);
    FcPatternDestroy(pattern);
    return found;
}
