#include <stdint.h>
#include <ft2build.h>
#include FT_FREETYPE_H

/* FT_LOAD_TARGET_* are function-like macros. */
static const int32_t slidelock_ft_load_target_light = FT_LOAD_TARGET_LIGHT;
