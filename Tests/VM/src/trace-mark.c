/* trace-mark - writes its arguments as one line to the kernel's trace buffer.
 *
 *   trace-mark TEXT...
 *
 * The line lands in tracefs's trace_marker, stamped with the trace clock like the kernel's
 * own events, so a hook that only runs this records its own start on the same clock as the
 * gpio:gpio_value events of the relay line (lock-relay-latency's baseline). Static and
 * dependency-free: its start is an exec and nothing more.
 * Build: gcc -O2 -static -o trace-mark trace-mark.c
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
    char line[256] = "";
    size_t n = 0;
    for (int i = 1; i < argc && n < sizeof line - 2; i++)
        n += snprintf(line + n, sizeof line - 1 - n, "%s%s", i > 1 ? " " : "", argv[i]);
    if (n > sizeof line - 2) n = sizeof line - 2;
    line[n++] = '\n';
    int fd = open("/sys/kernel/tracing/trace_marker", O_WRONLY | O_CLOEXEC);
    if (fd < 0 || write(fd, line, n) != (ssize_t)n) { perror("trace-mark: /sys/kernel/tracing/trace_marker"); return 1; }
    return 0;
}
