/* uinput-touch - a virtual multitouch touchscreen for the test VM.
 *
 *   uinput-touch [-W max_x] [-H max_y] [-n name]     (defaults 800, 480, "slidelock-test-touch")
 *   uinput-touch -m [-n name]      a relative mouse (REL_X/REL_Y, BTN_LEFT/RIGHT) instead
 *   uinput-touch -k [-n name]      a keyboard (every KEY_* code from KEY_ESC to KEY_MICMUTE)
 *   uinput-touch -G /dev/input/eventN   try EVIOCGRAB on a node: prints "GRAB OK" (exit 0)
 *                                  or "GRAB FAILED <errno text>" (exit 1), then releases it
 *
 * Creates the device through /dev/uinput (MT protocol B, INPUT_PROP_DIRECT, so it looks
 * like a real panel to libevdev and to slidelock's device filter), prints
 * "READY /dev/input/eventN" and then plays commands read line by line from stdin:
 *
 *   down X Y [SLOT]     finger down at X,Y (new tracking id)
 *   move X Y [SLOT]     finger moves
 *   up [SLOT]           finger lifted
 *   swipe X0 Y0 X1 Y1 MS [STEPS]   down, STEPS evenly timed moves over MS ms, up
 *   rel DX DY           (mouse) relative motion
 *   press | release     (mouse) left button
 *   chord K1 [K2 ...]   (keyboard) press the key codes in order, release them in reverse:
 *                       "chord 29 46" is Ctrl+C, "chord 29 56 60" Ctrl+Alt+F2 (up to 6 keys)
 *   sleep MS
 *   quit
 * Each command is acknowledged with "OK <command>" on stdout; each lift first prints
 * "LIFT T0 T1": CLOCK_MONOTONIC just before and just after the write of its SYN_REPORT, which
 * is when the kernel stamps the lift's evdev time (input_get_timestamp(), in that write).
 * Build: gcc -O2 -static -o uinput-touch uinput-touch.c
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/uinput.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#define SLOTS 10

static int ufd;
static int next_tracking_id = 1;
static int slot_active[SLOTS];

static void emit(int type, int code, int value) {
    struct input_event ev;
    memset(&ev, 0, sizeof ev);          /* the kernel stamps the time itself */
    ev.type = type;
    ev.code = code;
    ev.value = value;
    if (write(ufd, &ev, sizeof ev) != sizeof ev) { perror("uinput-touch: write"); exit(1); }
}

static void sleep_ms(int ms) {
    struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };
    nanosleep(&t, NULL);
}

static int fingers(void) {
    int n = 0;
    for (int i = 0; i < SLOTS; i++) n += slot_active[i];
    return n;
}

static int clamp_slot(int s) { return s < 0 || s >= SLOTS ? 0 : s; }

/* One frame of protocol B: select the slot, report its state, then the legacy
 * single-touch axes (ABS_X/Y, BTN_TOUCH) that single-touch readers expect. */
static void finger(int slot, int down, int moved, int x, int y) {
    emit(EV_ABS, ABS_MT_SLOT, slot);
    if (down) emit(EV_ABS, ABS_MT_TRACKING_ID, next_tracking_id++);
    if (moved) {
        emit(EV_ABS, ABS_MT_POSITION_X, x);
        emit(EV_ABS, ABS_MT_POSITION_Y, y);
    }
    if (down && fingers() == 0) emit(EV_KEY, BTN_TOUCH, 1);
    if (down) slot_active[slot] = 1;
    if (moved) { emit(EV_ABS, ABS_X, x); emit(EV_ABS, ABS_Y, y); }
    emit(EV_SYN, SYN_REPORT, 0);
}

static void lift(int slot) {
    struct timespec t0, t1;
    emit(EV_ABS, ABS_MT_SLOT, slot);
    emit(EV_ABS, ABS_MT_TRACKING_ID, -1);
    slot_active[slot] = 0;
    if (fingers() == 0) emit(EV_KEY, BTN_TOUCH, 0);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    emit(EV_SYN, SYN_REPORT, 0);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("LIFT %ld.%09ld %ld.%09ld\n", (long)t0.tv_sec, t0.tv_nsec, (long)t1.tv_sec, t1.tv_nsec);
}

static void set_range(int code, int max) {
    struct uinput_abs_setup a;
    memset(&a, 0, sizeof a);
    a.code = code;
    a.absinfo.maximum = max;
    if (ioctl(ufd, UI_ABS_SETUP, &a) < 0) { perror("uinput-touch: UI_ABS_SETUP"); exit(1); }
}

/* UI_GET_SYSNAME gives "inputN"; its eventN child appears in sysfs shortly after creation. */
static void print_event_node(void) {
    char sys[64] = "", dir[160], node[320] = "";
    if (ioctl(ufd, UI_GET_SYSNAME(sizeof sys), sys) >= 0) {
        snprintf(dir, sizeof dir, "/sys/devices/virtual/input/%s", sys);
        for (int tries = 0; tries < 200 && !node[0]; tries++) {
            DIR *d = opendir(dir);
            struct dirent *e;
            while (d && (e = readdir(d)))
                if (!strncmp(e->d_name, "event", 5)) snprintf(node, sizeof node, "/dev/input/%s", e->d_name);
            if (d) closedir(d);
            if (!node[0]) sleep_ms(5);
        }
    }
    printf("READY %s\n", node[0] ? node : "?");
    fflush(stdout);
}

/* Is someone else holding the exclusive grab? EVIOCGRAB fails with EBUSY then. */
static int try_grab(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) { printf("GRAB FAILED open: %s\n", strerror(errno)); return 1; }
    if (ioctl(fd, EVIOCGRAB, (void *)1) < 0) { printf("GRAB FAILED %s\n", strerror(errno)); close(fd); return 1; }
    ioctl(fd, EVIOCGRAB, (void *)0);
    close(fd);
    printf("GRAB OK\n");
    return 0;
}

static void setup_mouse(void) {
    ioctl(ufd, UI_SET_EVBIT, EV_KEY);
    ioctl(ufd, UI_SET_KEYBIT, BTN_LEFT);
    ioctl(ufd, UI_SET_KEYBIT, BTN_RIGHT);
    ioctl(ufd, UI_SET_EVBIT, EV_REL);
    ioctl(ufd, UI_SET_RELBIT, REL_X);
    ioctl(ufd, UI_SET_RELBIT, REL_Y);
}

static void setup_keyboard(void) {
    ioctl(ufd, UI_SET_EVBIT, EV_KEY);
    for (int code = KEY_ESC; code <= KEY_MICMUTE; code++) ioctl(ufd, UI_SET_KEYBIT, code);
}

/* A chord as a person types it: each key down in its own report, then up in reverse. */
static void chord(const int *codes, int count) {
    for (int i = 0; i < count; i++) { emit(EV_KEY, codes[i], 1); emit(EV_SYN, SYN_REPORT, 0); sleep_ms(20); }
    sleep_ms(50);
    for (int i = count - 1; i >= 0; i--) { emit(EV_KEY, codes[i], 0); emit(EV_SYN, SYN_REPORT, 0); sleep_ms(20); }
}

static void setup_touch(int max_x, int max_y) {
    ioctl(ufd, UI_SET_EVBIT, EV_KEY);
    ioctl(ufd, UI_SET_KEYBIT, BTN_TOUCH);
    ioctl(ufd, UI_SET_EVBIT, EV_ABS);
    const int axes[] = { ABS_X, ABS_Y, ABS_MT_SLOT, ABS_MT_TRACKING_ID, ABS_MT_POSITION_X, ABS_MT_POSITION_Y };
    for (size_t i = 0; i < sizeof axes / sizeof axes[0]; i++) ioctl(ufd, UI_SET_ABSBIT, axes[i]);
    ioctl(ufd, UI_SET_PROPBIT, INPUT_PROP_DIRECT);
    set_range(ABS_X, max_x);
    set_range(ABS_Y, max_y);
    set_range(ABS_MT_POSITION_X, max_x);
    set_range(ABS_MT_POSITION_Y, max_y);
    set_range(ABS_MT_SLOT, SLOTS - 1);
    set_range(ABS_MT_TRACKING_ID, 65535);
}

int main(int argc, char **argv) {
    int max_x = 800, max_y = 480, mouse = 0, keyboard = 0, opt;
    const char *name = NULL;
    while ((opt = getopt(argc, argv, "W:H:n:mkG:")) != -1) {
        if (opt == 'W') max_x = atoi(optarg);
        else if (opt == 'H') max_y = atoi(optarg);
        else if (opt == 'n') name = optarg;
        else if (opt == 'm') mouse = 1;
        else if (opt == 'k') keyboard = 1;
        else if (opt == 'G') return try_grab(optarg);
        else { fprintf(stderr, "usage: uinput-touch [-W max_x] [-H max_y] [-n name] [-m | -k] [-G node]\n"); return 2; }
    }
    if (!name) name = mouse ? "slidelock-test-mouse" : keyboard ? "slidelock-test-keyboard" : "slidelock-test-touch";
    ufd = open("/dev/uinput", O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (ufd < 0) { perror("uinput-touch: /dev/uinput (modprobe uinput?)"); return 1; }
    ioctl(ufd, UI_SET_EVBIT, EV_SYN);
    if (mouse) setup_mouse(); else if (keyboard) setup_keyboard(); else setup_touch(max_x, max_y);

    struct uinput_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.id.bustype = BUS_VIRTUAL;
    setup.id.vendor = 0x1d6b;        /* "Linux Foundation": any id works for uinput */
    setup.id.product = 0x0001;
    snprintf(setup.name, sizeof setup.name, "%s", name);
    if (ioctl(ufd, UI_DEV_SETUP, &setup) < 0 || ioctl(ufd, UI_DEV_CREATE) < 0) {
        perror("uinput-touch: create");
        return 1;
    }
    print_event_node();

    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        char cmd[32];
        int a[6] = { 0 };
        int n = sscanf(line, "%31s %d %d %d %d %d %d", cmd, &a[0], &a[1], &a[2], &a[3], &a[4], &a[5]);
        if (n < 1 || cmd[0] == '#') continue;
        if (!strcmp(cmd, "down")) finger(clamp_slot(n >= 4 ? a[2] : 0), 1, 1, a[0], a[1]);
        else if (!strcmp(cmd, "move")) finger(clamp_slot(n >= 4 ? a[2] : 0), 0, 1, a[0], a[1]);
        else if (!strcmp(cmd, "up")) lift(clamp_slot(n >= 2 ? a[0] : 0));
        else if (!strcmp(cmd, "rel")) { emit(EV_REL, REL_X, a[0]); emit(EV_REL, REL_Y, a[1]); emit(EV_SYN, SYN_REPORT, 0); }
        else if (!strcmp(cmd, "press") || !strcmp(cmd, "release")) {
            emit(EV_KEY, BTN_LEFT, cmd[0] == 'p');
            emit(EV_SYN, SYN_REPORT, 0);
        }
        else if (!strcmp(cmd, "chord") && n >= 2) chord(a, n - 1);
        else if (!strcmp(cmd, "sleep")) sleep_ms(a[0]);
        else if (!strcmp(cmd, "swipe")) {
            int steps = n >= 7 && a[5] > 0 ? a[5] : 30;
            finger(0, 1, 1, a[0], a[1]);
            for (int i = 1; i <= steps; i++) {
                sleep_ms(a[4] / steps);
                finger(0, 0, 1, a[0] + (a[2] - a[0]) * i / steps, a[1] + (a[3] - a[1]) * i / steps);
            }
            lift(0);
        } else if (!strcmp(cmd, "quit")) break;
        else { fprintf(stderr, "uinput-touch: unknown command: %s", line); continue; }
        printf("OK %s", line);
        fflush(stdout);
    }
    sleep_ms(50);                       /* let readers drain before the device disappears */
    ioctl(ufd, UI_DEV_DESTROY);
    close(ufd);
    return 0;
}
