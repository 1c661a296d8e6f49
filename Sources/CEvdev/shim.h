#include <libevdev/libevdev.h>
#include <linux/input.h>
#include <sys/ioctl.h>

/* EVIOCGRAB is built from _IOW(): not importable, so wrap it. */
static inline int slidelock_evdev_grab(int fd, int on) { return ioctl(fd, EVIOCGRAB, (void *)(long)on); }

/* ---- uinput: the virtual touchscreen of `slidelock selftest --inject` ----
   Every UI_* request is built from _IOW()/_IOC(): wrapped so Swift can call them. */
#include <linux/uinput.h>
static inline int slidelock_ui_set_evbit(int fd, int bit) { return ioctl(fd, UI_SET_EVBIT, bit); }
static inline int slidelock_ui_set_keybit(int fd, int bit) { return ioctl(fd, UI_SET_KEYBIT, bit); }
static inline int slidelock_ui_set_absbit(int fd, int bit) { return ioctl(fd, UI_SET_ABSBIT, bit); }
static inline int slidelock_ui_set_propbit(int fd, int bit) { return ioctl(fd, UI_SET_PROPBIT, bit); }
static inline int slidelock_ui_abs_setup(int fd, const struct uinput_abs_setup *s) { return ioctl(fd, UI_ABS_SETUP, s); }
static inline int slidelock_ui_dev_setup(int fd, const struct uinput_setup *s) { return ioctl(fd, UI_DEV_SETUP, s); }
static inline int slidelock_ui_dev_create(int fd) { return ioctl(fd, UI_DEV_CREATE); }
static inline int slidelock_ui_dev_destroy(int fd) { return ioctl(fd, UI_DEV_DESTROY); }
/* "inputN": the device's name under /sys/devices/virtual/input. */
static inline int slidelock_ui_get_sysname(int fd, char *name, unsigned len) { return ioctl(fd, UI_GET_SYSNAME(len), name); }
