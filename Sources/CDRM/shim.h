#include <stdint.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>

/* fourcc_code() is a function-like macro: Swift cannot import it, so name the formats here. */
static const uint32_t slidelock_format_xrgb8888 = DRM_FORMAT_XRGB8888;
static const uint32_t slidelock_format_rgb565 = DRM_FORMAT_RGB565;
/* Read back by `slidelock selftest` (a framebuffer another client made may carry alpha). */
static const uint32_t slidelock_format_argb8888 = DRM_FORMAT_ARGB8888;
