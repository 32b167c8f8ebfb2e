// FreeType: glyph outlines rasterised to 8-bit coverage (titles in any script).
#include <ft2build.h>
#include FT_FREETYPE_H
