#include <libevdev/libevdev.h>
#include <linux/input.h>
#include <sys/ioctl.h>

/* EVIOCGRAB is built from _IOW(): not importable, so wrap it. */
static inline int slidelock_evdev_grab(int fd, int on) { return ioctl(fd, EVIOCGRAB, (void *)(long)on); }
