#include <stdint.h>
#include <png.h>

/* PNG_FORMAT_RGBA is composed of other macros and silently vanishes in Swift. */
static const uint32_t slidelock_png_format_rgba = PNG_FORMAT_RGBA;
static const uint32_t slidelock_png_image_version = PNG_IMAGE_VERSION;
