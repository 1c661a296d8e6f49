/* drmgrab - read back what a KMS CRTC is scanning out, inside the test VM.
 *
 *   drmgrab [-d /dev/dri/cardN] [-c CRTC_INDEX] -o OUT.ppm   write the framebuffer as PPM (P6)
 *   drmgrab [-d /dev/dri/cardN] -i                           print every CRTC's state, one line each:
 *        "crtc ID index I fb FB mode WxH|off"
 *
 * Without -d the first /dev/dri/card* with an active CRTC is used (never assumes card0).
 * This is how tests see vkms output, which QEMU cannot screendump, and how they check that
 * the CRTC state was restored after the program under test exited.
 * Must run as root: DRM_IOCTL_MODE_GETFB2 only returns buffer handles to CAP_SYS_ADMIN
 * while another process is DRM master (drm_mode_getfb2_ioctl in drm_framebuffer.c).
 * Uses the raw ioctls (drm.h/drm_mode.h only) so it links statically without libdrm.
 * Build: gcc -O2 -static -I/usr/include/libdrm -o drmgrab drmgrab.c
 */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>
#include <drm.h>
#include <drm_fourcc.h>
#include <drm_mode.h>

#define MAX_CRTCS 16

static int xioctl(int fd, unsigned long request, void *arg) {
    int r;
    do r = ioctl(fd, request, arg); while (r == -1 && (errno == EINTR || errno == EAGAIN));
    return r;
}

/* Fills ids[] with the device's CRTC ids; returns their count or -1. */
static int crtc_ids(int fd, uint32_t *ids) {
    struct drm_mode_card_res res;
    memset(&res, 0, sizeof res);
    if (xioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &res)) return -1;
    uint32_t n = res.count_crtcs > MAX_CRTCS ? MAX_CRTCS : res.count_crtcs;
    memset(&res, 0, sizeof res);          /* second call: fetch only the CRTC array */
    res.count_crtcs = n;
    res.crtc_id_ptr = (uintptr_t)ids;
    if (xioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &res)) return -1;
    return (int)n;
}

static int info(int fd) {
    uint32_t ids[MAX_CRTCS];
    int n = crtc_ids(fd, ids);
    if (n < 0) { perror("drmgrab: GETRESOURCES"); return 1; }
    for (int i = 0; i < n; i++) {
        struct drm_mode_crtc c = { .crtc_id = ids[i] };
        if (xioctl(fd, DRM_IOCTL_MODE_GETCRTC, &c)) { perror("drmgrab: GETCRTC"); return 1; }
        if (c.mode_valid) printf("crtc %u index %d fb %u mode %ux%u\n", ids[i], i, c.fb_id, c.mode.hdisplay, c.mode.vdisplay);
        else printf("crtc %u index %d fb %u mode off\n", ids[i], i, c.fb_id);
    }
    return 0;
}

static int write_ppm(const char *path, const uint8_t *pixels, uint32_t w, uint32_t h, uint32_t pitch, int rgb565) {
    FILE *f = fopen(path, "wb");
    if (!f) { perror(path); return 1; }
    fprintf(f, "P6\n%u %u\n255\n", w, h);
    uint8_t *row = malloc((size_t)w * 3);
    for (uint32_t y = 0; y < h; y++) {
        const uint32_t *src = (const uint32_t *)(pixels + (size_t)y * pitch);
        const uint16_t *src16 = (const uint16_t *)(pixels + (size_t)y * pitch);
        for (uint32_t x = 0; x < w; x++) {
            if (rgb565) {                    /* 5-6-5 bits, widened by repeating the top bits */
                uint32_t r = src16[x] >> 11, g = (src16[x] >> 5) & 0x3f, b = src16[x] & 0x1f;
                row[3 * x] = (r << 3) | (r >> 2);
                row[3 * x + 1] = (g << 2) | (g >> 4);
                row[3 * x + 2] = (b << 3) | (b >> 2);
            } else {                         /* XRGB8888: little-endian 32-bit 0x00RRGGBB */
                row[3 * x] = src[x] >> 16;
                row[3 * x + 1] = src[x] >> 8;
                row[3 * x + 2] = src[x];
            }
        }
        fwrite(row, 1, (size_t)w * 3, f);
    }
    free(row);
    return fclose(f) ? 1 : 0;
}

/* 0 = written, 1 = error, 2 = no active CRTC (matching want) on this device */
static int grab(int fd, int want, const char *out) {
    uint32_t ids[MAX_CRTCS];
    int n = crtc_ids(fd, ids);
    if (n < 0) return 2;
    for (int i = 0; i < n; i++) {
        if (want >= 0 && i != want) continue;
        struct drm_mode_crtc crtc = { .crtc_id = ids[i] };
        if (xioctl(fd, DRM_IOCTL_MODE_GETCRTC, &crtc) || !crtc.fb_id) continue;
        struct drm_mode_fb_cmd2 fb = { .fb_id = crtc.fb_id };
        if (xioctl(fd, DRM_IOCTL_MODE_GETFB2, &fb)) { perror("drmgrab: GETFB2"); return 1; }
        if (!fb.handles[0]) { fprintf(stderr, "drmgrab: no buffer handle (run as root)\n"); return 1; }
        if (fb.pixel_format != DRM_FORMAT_XRGB8888 && fb.pixel_format != DRM_FORMAT_ARGB8888
            && fb.pixel_format != DRM_FORMAT_RGB565) {
            fprintf(stderr, "drmgrab: unsupported format %.4s\n", (const char *)&fb.pixel_format);
            return 1;
        }
        struct drm_mode_map_dumb map = { .handle = fb.handles[0] };
        if (xioctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &map)) { perror("drmgrab: MAP_DUMB"); return 1; }
        size_t size = (size_t)fb.pitches[0] * fb.height;
        uint8_t *p = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, map.offset);
        if (p == MAP_FAILED) { perror("drmgrab: mmap"); return 1; }
        int rc = write_ppm(out, p, fb.width, fb.height, fb.pitches[0], fb.pixel_format == DRM_FORMAT_RGB565);
        munmap(p, size);
        struct drm_gem_close close_req = { .handle = fb.handles[0] };   /* GETFB2 made a new handle */
        xioctl(fd, DRM_IOCTL_GEM_CLOSE, &close_req);
        if (!rc) printf("drmgrab: crtc %u (index %d) fb %u %ux%u -> %s\n", ids[i], i, crtc.fb_id, fb.width, fb.height, out);
        return rc;
    }
    return 2;
}

int main(int argc, char **argv) {
    const char *device = NULL, *out = NULL;
    int want = -1, show_info = 0, opt;
    while ((opt = getopt(argc, argv, "d:c:o:i")) != -1) {
        if (opt == 'd') device = optarg;
        else if (opt == 'c') want = atoi(optarg);
        else if (opt == 'o') out = optarg;
        else if (opt == 'i') show_info = 1;
        else { fprintf(stderr, "usage: drmgrab [-d dev] [-c crtc_index] (-o out.ppm | -i)\n"); return 2; }
    }
    if (!out && !show_info) { fprintf(stderr, "usage: drmgrab [-d dev] [-c crtc_index] (-o out.ppm | -i)\n"); return 2; }
    glob_t g = { 0 };
    if (device) { g.gl_pathc = 1; g.gl_pathv = (char *[]){ (char *)device, NULL }; }
    else if (glob("/dev/dri/card*", 0, NULL, &g) != 0) { fprintf(stderr, "drmgrab: no /dev/dri/card*\n"); return 1; }
    for (size_t k = 0; k < g.gl_pathc; k++) {
        int fd = open(g.gl_pathv[k], O_RDWR | O_CLOEXEC);
        if (fd < 0) { perror(g.gl_pathv[k]); continue; }
        int rc;
        if (show_info) { printf("device %s\n", g.gl_pathv[k]); rc = info(fd); }
        else rc = grab(fd, want, out);
        close(fd);
        if (show_info ? rc != 0 : rc != 2) return rc;
    }
    if (show_info) return 0;
    fprintf(stderr, "drmgrab: no active CRTC with a framebuffer\n");
    return 1;
}
