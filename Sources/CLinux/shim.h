#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/inotify.h>
#include <signal.h>
#include <linux/fb.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
/* wmemset: 32-bit pixel fills (the renderer's backgrounds). */
#include <wchar.h>

/* fbdev ioctls are plain numbers, but wrapped so callers need no variadic ioctl. */
static inline int slidelock_fb_get_var(int fd, struct fb_var_screeninfo *v) { return ioctl(fd, FBIOGET_VSCREENINFO, v); }
static inline int slidelock_fb_put_var(int fd, struct fb_var_screeninfo *v) { return ioctl(fd, FBIOPUT_VSCREENINFO, v); }
static inline int slidelock_fb_get_fix(int fd, struct fb_fix_screeninfo *f) { return ioctl(fd, FBIOGET_FSCREENINFO, f); }
static inline int slidelock_fb_pan(int fd, struct fb_var_screeninfo *v) { return ioctl(fd, FBIOPAN_DISPLAY, v); }
/* FB_BLANK_POWERDOWN / FB_BLANK_UNBLANK for an idle blank. */
static inline int slidelock_fb_blank(int fd, int level) { return ioctl(fd, FBIOBLANK, level); }

/* ---- kernel uevents (DRM hotplug) ---- */
#include <linux/netlink.h>


/* ---- processes (HookRunner), sockets (SystemdNotifier) ---- */
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <fcntl.h>
#include <poll.h>

/* glibc hides these behind _GNU_SOURCE, which Swift's Glibc module is built without. */
/* POSIX_SPAWN_SETSID (glibc >= 2.26): the child calls setsid() before exec. */
static const short SLIDELOCK_POSIX_SPAWN_SETSID = 0x80;
/* glibc >= 2.34: close every fd >= lowfd in the child (close_range) before exec. */
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int lowfd);
/* pipe2(2) with O_CLOEXEC: no window in which another thread's spawn could inherit the pipe. */
extern int pipe2(int pipefd[2], int flags);

/* pidfd_open(2), Linux >= 5.3, syscall 434 on every architecture. syscall() is variadic,
   which Swift cannot call. Returns -1 + errno (ENOSYS on older kernels). */
static inline int slidelock_pidfd_open(pid_t pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

/* The wait-status macros do not import into Swift. */
static inline int slidelock_wifexited(int status) { return WIFEXITED(status); }
static inline int slidelock_wexitstatus(int status) { return WEXITSTATUS(status); }
static inline int slidelock_wifsignaled(int status) { return WIFSIGNALED(status); }
static inline int slidelock_wtermsig(int status) { return WTERMSIG(status); }

/* prctl(2) is variadic. Empties this process's ambient capability set (no privilege needed):
   under a unit with SecureBits=noroot, a program it then executes, even as root, starts with
   no capabilities at all, while the caller keeps its own permitted and effective sets. */
#include <sys/prctl.h>
static inline int slidelock_clear_ambient_capabilities(void) {
    return prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
}

/* ---- the trusted opener (TrustedOpener, OutputFile) ---- */
#include <sys/vfs.h>
/* O_PATH is behind _GNU_SOURCE; glibc's __O_PATH is always there (fcntl-linux.h). */
static const int SLIDELOCK_O_PATH = __O_PATH;

/* ---- GPIO character device (uAPI v2, Linux >= 5.10): the relay line (held by the lock, pulsed by `slidelock relay`), its owner (`slidelock
   selftest --pulse`) and the request-to-exit button (a line requested with edge events) ---- */
#include <linux/gpio.h>
static inline int slidelock_gpio_chip_info(int fd, struct gpiochip_info *info) { return ioctl(fd, GPIO_GET_CHIPINFO_IOCTL, info); }
static inline int slidelock_gpio_line_info(int fd, struct gpio_v2_line_info *info) { return ioctl(fd, GPIO_V2_GET_LINEINFO_IOCTL, info); }
static inline int slidelock_gpio_get_line(int fd, struct gpio_v2_line_request *request) { return ioctl(fd, GPIO_V2_GET_LINE_IOCTL, request); }
static inline int slidelock_gpio_get_values(int fd, struct gpio_v2_line_values *values) { return ioctl(fd, GPIO_V2_LINE_GET_VALUES_IOCTL, values); }
static inline int slidelock_gpio_set_values(int fd, struct gpio_v2_line_values *values) { return ioctl(fd, GPIO_V2_LINE_SET_VALUES_IOCTL, values); }
/* sigtimedwait(2): the relay's pulse waits for its end or a stopping signal, whichever comes first. */
#include <time.h>
