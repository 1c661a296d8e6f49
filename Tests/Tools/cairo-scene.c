/* The default theme's dragging frame (progress 0.3) drawn by cairo, for comparing
 * `slidelock bench` full-frame times with a mainstream 2D renderer on the same machine.
 * Same layout arithmetic as SlideLockCore's Layout/SceneBuilder; the lock icon is a
 * rounded body and a stroked shackle, close enough in pixel count.
 *
 *   cc -O2 -o /tmp/cairo-scene Tests/Tools/cairo-scene.c $(pkg-config --cflags --libs cairo) -lm
 *   /tmp/cairo-scene [FRAMES] [WxH ...]        (default 300 800x480 1920x1080)
 *   /tmp/cairo-scene --png out.png 800x480     (one frame, to look at)
 * Prints the median milliseconds per full frame, like `slidelock bench`.
 */
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static void rounded(cairo_t *cr, double x, double y, double w, double h, double r) {
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
    cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
    cairo_close_path(cr);
}

static void rgb(cairo_t *cr, unsigned v, double alpha) {
    cairo_set_source_rgba(cr, ((v >> 16) & 255) / 255.0, ((v >> 8) & 255) / 255.0, (v & 255) / 255.0, alpha);
}

static void draw(cairo_t *cr, int W, int H, double progress) {
    double shorter = W < H ? W : H;
    double h = round(fmax(48, 0.15 * shorter));
    double w = round(fmin(0.9 * W, 9 * h));
    double x = round((W - w) / 2), y = round(H * 0.5 - h / 2);
    double r = 16.0 / 50 * h, inset = 4.0 / 50 * h, side = h - 2 * inset;
    double travel = w - 2 * inset - side;

    rgb(cr, 0x0B0B12, 1);
    cairo_paint(cr);
    /* Track: gradient at 60 %. */
    cairo_pattern_t *g = cairo_pattern_create_linear(x, 0, x + w, 0);
    cairo_pattern_add_color_stop_rgba(g, 0, 0x43 / 255.0, 0x61 / 255.0, 0xEE / 255.0, 0.6);
    cairo_pattern_add_color_stop_rgba(g, 1, 0x3A / 255.0, 0x0C / 255.0, 0xA3 / 255.0, 0.6);
    rounded(cr, x, y, w, h, r);
    cairo_set_source(cr, g);
    cairo_fill(cr);
    cairo_pattern_destroy(g);
    /* Label, fading as the thumb comes. */
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, round(0.34 * h));
    cairo_text_extents_t e;
    const char *label = "Slide to unlock";
    cairo_text_extents(cr, label, &e);
    cairo_move_to(cr, x + w / 2 - e.x_advance / 2, y + h / 2 - e.y_bearing - e.height / 2);
    rgb(cr, 0xFFFFFF, fmax(0, 1 - progress / 0.6));
    cairo_show_text(cr, label);
    /* Fill up to the thumb. */
    double fw = 2 * inset + side + progress * travel;
    rounded(cr, x, y, fw, h, r);
    rgb(cr, 0x3A0CA3, fw / w);
    cairo_fill(cr);
    /* Thumb and lock icon. */
    double tx = x + inset + progress * travel, ty = y + inset;
    rounded(cr, tx, ty, side, side, 14.0 / 42 * side);
    rgb(cr, 0xFFFFFF, 1);
    cairo_fill(cr);
    double s = 0.5 * side, ix = tx + side / 2 - s / 2, iy = ty + side / 2 - s / 2;
    rgb(cr, 0x3A0CA3, 1);
    rounded(cr, ix + 0.16 * s, iy + 0.44 * s, 0.68 * s, 0.5 * s, 0.09 * s);
    cairo_fill(cr);
    cairo_set_line_width(cr, 0.09 * s);
    cairo_arc(cr, ix + 0.5 * s, iy + 0.3 * s, 0.2 * s, M_PI, 2 * M_PI);
    cairo_line_to(cr, ix + 0.7 * s, iy + 0.5 * s);
    cairo_move_to(cr, ix + 0.3 * s, iy + 0.3 * s);
    cairo_line_to(cr, ix + 0.3 * s, iy + 0.5 * s);
    cairo_stroke(cr);
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    int frames = 300, first = 1;
    const char *png = NULL;
    if (argc > 2 && strcmp(argv[1], "--png") == 0) { png = argv[2]; first = 3; frames = 1; }
    else if (argc > 1 && strchr(argv[1], 'x') == NULL) { frames = atoi(argv[1]); first = 2; }
    const char *defaults[] = {"800x480", "1920x1080"};
    int count = argc > first ? argc - first : 2;
    for (int k = 0; k < count; k++) {
        const char *size = argc > first ? argv[first + k] : defaults[k];
        int W, H;
        if (sscanf(size, "%dx%d", &W, &H) != 2 || W <= 0 || H <= 0) { fprintf(stderr, "bad size %s\n", size); return 2; }
        cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, W, H);
        cairo_t *cr = cairo_create(surface);
        draw(cr, W, H, 0.3); /* warm the font and glyph caches, as slidelock bench does */
        double *t = malloc(sizeof(double) * frames);
        for (int i = 0; i < frames; i++) {
            double start = now();
            draw(cr, W, H, 0.3 + (i % 2) * 0.01);
            cairo_surface_flush(surface);
            t[i] = now() - start;
        }
        qsort(t, frames, sizeof(double), cmp);
        if (png) cairo_surface_write_to_png(surface, png);
        else printf("%dx%d cairo full median %.3f ms\n", W, H, t[frames / 2] * 1e3);
        free(t);
        cairo_destroy(cr);
        cairo_surface_destroy(surface);
    }
    return 0;
}
