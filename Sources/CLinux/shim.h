#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/inotify.h>
#include <signal.h>
#include <linux/fb.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

/* fbdev ioctls are plain numbers, but wrapped so callers need no variadic ioctl. */
static inline int slidelock_fb_get_var(int fd, struct fb_var_screeninfo *v) { return ioctl(fd, FBIOGET_VSCREENINFO, v); }
static inline int slidelock_fb_put_var(int fd, struct fb_var_screeninfo *v) { return ioctl(fd, FBIOPUT_VSCREENINFO, v); }
static inline int slidelock_fb_get_fix(int fd, struct fb_fix_screeninfo *f) { return ioctl(fd, FBIOGET_FSCREENINFO, f); }
static inline int slidelock_fb_pan(int fd, struct fb_var_screeninfo *v) { return ioctl(fd, FBIOPAN_DISPLAY, v); }
