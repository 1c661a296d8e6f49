/* drmsteal - take DRM master away from a running program, show magenta, give it back.
 *
 *   drmsteal PID SECONDS
 *
 * The kernel lets nobody take master while it is held (SET_MASTER answers EBUSY), so this
 * does what a second display program run by root could: it fetches PID's DRM file with
 * pidfd_getfd (same open file, so the same DRM file), drops master on it (DROP_MASTER is
 * allowed to CAP_SYS_ADMIN), opens the card itself (the first opener with no master becomes
 * master), sets the first active CRTC to a magenta buffer, holds it SECONDS, and exits:
 * closing the card releases master, and removing the buffer switches that CRTC off.
 * Prints "holding ..." once the magenta frame is set and "released T" (CLOCK_MONOTONIC
 * seconds) after closing, so a test can time how soon the lock is back.
 * Raw ioctls (drm.h/drm_mode.h only) so it links statically without libdrm.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <drm.h>
#include <drm_mode.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_pidfd_getfd
#define SYS_pidfd_getfd 438
#endif

static int fail(const char *what) { fprintf(stderr, "drmsteal: %s: %s\n", what, strerror(errno)); return 1; }

/* PID's open file on /dev/dri/card*: its fd number and the card's path. */
static int find_card_fd(int pid, char *path, size_t size) {
    char dir[64], link[340];
    snprintf(dir, sizeof dir, "/proc/%d/fd", pid);
    DIR *d = opendir(dir);
    if (!d) return -1;
    struct dirent *e;
    int found = -1;
    while ((e = readdir(d)) && found < 0) {
        snprintf(link, sizeof link, "%s/%s", dir, e->d_name);
        ssize_t n = readlink(link, path, size - 1);
        if (n <= 0) continue;
        path[n] = 0;
        if (strncmp(path, "/dev/dri/card", 13) == 0) found = atoi(e->d_name);
    }
    closedir(d);
    return found;
}

/* The first CRTC with a mode set, and a connector whose encoder drives it. */
static int active_crtc(int fd, struct drm_mode_crtc *crtc, uint32_t *connector) {
    uint32_t crtcs[16], connectors[16];
    struct drm_mode_card_res res = { 0 };
    if (ioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &res)) return -1;
    uint32_t nc = res.count_crtcs > 16 ? 16 : res.count_crtcs, nk = res.count_connectors > 16 ? 16 : res.count_connectors;
    memset(&res, 0, sizeof res);
    res.count_crtcs = nc; res.crtc_id_ptr = (uintptr_t)crtcs;
    res.count_connectors = nk; res.connector_id_ptr = (uintptr_t)connectors;
    if (ioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &res)) return -1;
    for (uint32_t i = 0; i < nc; i++) {
        memset(crtc, 0, sizeof *crtc);
        crtc->crtc_id = crtcs[i];
        if (ioctl(fd, DRM_IOCTL_MODE_GETCRTC, crtc) || !crtc->mode_valid) continue;
        for (uint32_t k = 0; k < nk; k++) {
            struct drm_mode_get_connector c = { .connector_id = connectors[k] };
            if (ioctl(fd, DRM_IOCTL_MODE_GETCONNECTOR, &c) || !c.encoder_id) continue;
            struct drm_mode_get_encoder enc = { .encoder_id = c.encoder_id };
            if (ioctl(fd, DRM_IOCTL_MODE_GETENCODER, &enc) == 0 && enc.crtc_id == crtc->crtc_id) {
                *connector = connectors[k];
                return 0;
            }
        }
    }
    errno = ENODEV;
    return -1;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: drmsteal PID SECONDS\n"); return 2; }
    int pid = atoi(argv[1]);
    double hold = atof(argv[2]);
    char path[256];
    int target = find_card_fd(pid, path, sizeof path);
    if (target < 0) { fprintf(stderr, "drmsteal: process %d has no /dev/dri/card* open\n", pid); return 1; }
    int pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
    if (pidfd < 0) return fail("pidfd_open");
    int theirs = (int)syscall(SYS_pidfd_getfd, pidfd, target, 0);
    if (theirs < 0) return fail("pidfd_getfd");
    if (ioctl(theirs, DRM_IOCTL_DROP_MASTER, 0)) return fail("DROP_MASTER on the victim's file");
    close(theirs);
    close(pidfd);

    int fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) return fail(path);
    if (ioctl(fd, DRM_IOCTL_SET_MASTER, 0)) return fail("SET_MASTER");
    struct drm_mode_crtc crtc;
    uint32_t connector;
    if (active_crtc(fd, &crtc, &connector)) return fail("no active CRTC");

    struct drm_mode_create_dumb dumb = { .width = crtc.mode.hdisplay, .height = crtc.mode.vdisplay, .bpp = 32 };
    if (ioctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &dumb)) return fail("CREATE_DUMB");
    struct drm_mode_fb_cmd fb = { .width = dumb.width, .height = dumb.height, .pitch = dumb.pitch,
                                  .bpp = 32, .depth = 24, .handle = dumb.handle };
    if (ioctl(fd, DRM_IOCTL_MODE_ADDFB, &fb)) return fail("ADDFB");
    struct drm_mode_map_dumb map = { .handle = dumb.handle };
    if (ioctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &map)) return fail("MAP_DUMB");
    uint32_t *pixels = mmap(NULL, dumb.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, map.offset);
    if (pixels == MAP_FAILED) return fail("mmap");
    for (size_t i = 0; i < dumb.size / 4; i++) pixels[i] = 0x00FF00FF;
    crtc.fb_id = fb.fb_id;
    crtc.set_connectors_ptr = (uintptr_t)&connector;
    crtc.count_connectors = 1;
    crtc.x = crtc.y = 0;
    if (ioctl(fd, DRM_IOCTL_MODE_SETCRTC, &crtc)) return fail("SETCRTC");
    printf("drmsteal: holding master of %s (taken from pid %d), crtc %u magenta %ux%u\n",
           path, pid, crtc.crtc_id, dumb.width, dumb.height);
    fflush(stdout);

    struct timespec t = { (time_t)hold, (long)((hold - (time_t)hold) * 1e9) };
    while (nanosleep(&t, &t) && errno == EINTR) {}
    munmap(pixels, dumb.size);
    close(fd);                       /* master released; the magenta buffer (and CRTC) go */
    clock_gettime(CLOCK_MONOTONIC, &t);
    printf("released %ld.%06ld\n", (long)t.tv_sec, t.tv_nsec / 1000);
    return 0;
}
