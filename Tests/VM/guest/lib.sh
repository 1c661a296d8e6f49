# shellcheck shell=dash # busybox ash, which shellcheck knows no better than as dash
# /e2e/lib.sh - helpers for guest test scripts (already sourced by /e2e/cmd.sh).
#
#   vm_screenshot NAME [HEAD]   the host takes a QMP screendump of display HEAD (default 0)
#                               -> OUT/NAME.png; returns 0 on success
#   vm_grab NAME [PID] [CRTC]   in-guest readback of what a CRTC scans out (works for vkms)
#                               -> OUT/NAME.png; PID is SIGSTOPped meanwhile so a page flip
#                               cannot land while the buffer is read (torn frames otherwise)
#   vm_log TEXT                 a line in the host's driver.log
#   vm_wait_file PATH [SECS]    wait until PATH exists (default 10 s)
#   vm_wait_text FILE TEXT [SECS]  wait until FILE contains TEXT (default 20 s)
#   vm_touch_start [W H]        start the uinput touchscreen (before the app scans /dev/input)
#   vm_touch CMD                "down X Y" | "move X Y" | "up" | "swipe X0 Y0 X1 Y1 MS [STEPS]"
#   vm_touch_stop               destroys the device (no lift: an unplug mid-drag if a finger is down)
#   vm_touch_node               its /dev/input/eventN
#   vm_mouse_start / vm_mouse CMD / vm_mouse_stop   a uinput mouse: "rel DX DY" | "press" | "release"
#   vm_gpio_sim NAME [LINES]    a simulated GPIO chip (gpio-sim through configfs, LINES=8);
#                               sets VM_GPIO_CHIP (gpiochipN, for gpioset) and VM_GPIO_DIR (sysfs)
#   vm_gpio_sample_start LINE FILE [US] / vm_gpio_sample_stop
#                               log LINE's level to FILE as "UPTIME VALUE" on every change,
#                               polling every US microseconds (default 5000)
#   vm_gpio_pulses FILE         the high pulses in FILE, one length in ms per line
#   vm_cpu_ticks PID            utime+stime of PID in clock ticks (/proc/PID/stat fields 14+15)
#   vm_wait_exit PID [SECS]     waits up to SECS (default 5) for PID to exit, then SIGTERMs it;
#                               its exit status in RC
#   vm_check NAME CONDITION...  prints "check NAME: ok|FAILED" and records failures in $VM_FAILED

# Keep the control tty open on fd 8 for the whole script: reopening it between a request
# and its reply could lose a fast reply.
exec 8<>"${VM_CTL:-/dev/ttyS1}"
VM_FAILED=0

vm_request() {
    local reply
    echo "@@VM $*" >&8
    read -r reply <&8
    echo "vm: $* -> $reply" >&2
    case "$reply" in OK*) return 0 ;; *) return 1 ;; esac
}
vm_log() { echo "@@VM log $*" >&8; }
vm_screenshot() { vm_request screenshot "$1" "${2:-0}"; }

vm_wait_file() {
    local i=0 n=$(( ${2:-10} * 20 ))
    while [ ! -e "$1" ]; do
        i=$((i + 1)); [ $i -gt $n ] && { echo "vm: timeout waiting for $1" >&2; return 1; }
        usleep 50000
    done
}

vm_grab() {
    local rc=0 dir=/tmp
    grep -q " /out " /proc/mounts && dir=/out
    [ -n "$2" ] && { kill -STOP "$2"; usleep 50000; }
    drmgrab ${3:+-c "$3"} -o "$dir/$1.ppm" >&2 || rc=1
    [ -n "$2" ] && kill -CONT "$2"
    [ $rc = 0 ] || return 1
    if [ $dir = /out ]; then
        vm_request convert "$1.ppm"
    else   # no 9p share: gzip + base64 over the control tty (~350 KB/s)
        { echo "@@VM file $1.ppm.gz"; gzip -c "/tmp/$1.ppm" | base64; echo "@@VM endfile"; } >&8
        local reply; read -r reply <&8; echo "vm: grab $1 -> $reply" >&2
    fi
}

vm_wait_text() {
    local i=0 n=$(( ${3:-20} * 20 ))
    until grep -q "$2" "$1" 2>/dev/null; do
        i=$((i + 1)); [ $i -gt $n ] && { echo "vm: timeout waiting for '$2' in $1" >&2; cat "$1" >&2; return 1; }
        usleep 50000
    done
}

# vm_wait_ready FILE: until a uinput-touch helper has printed READY there (2 s at most).
vm_wait_ready() {
    local i=0
    until grep -q READY "$1" 2>/dev/null; do
        i=$((i + 1)); [ $i -gt 200 ] && { cat "$1" >&2; return 1; }; usleep 10000
    done
}

VM_TOUCH_FIFO=/tmp/touch.fifo
vm_touch_start() {
    rm -f $VM_TOUCH_FIFO /tmp/touch.out; mkfifo $VM_TOUCH_FIFO
    uinput-touch -W "${1:-800}" -H "${2:-480}" <$VM_TOUCH_FIFO >/tmp/touch.out 2>&1 &
    VM_TOUCH_PID=$!
    exec 7>$VM_TOUCH_FIFO          # held open so the helper never sees EOF between commands
    vm_wait_ready /tmp/touch.out
}
# Commands run in order in the helper. Space moves with `vm_touch sleep MS`, not the
# shell's usleep: a stalled guest can leave two lines in the FIFO that the helper then
# writes back to back, a burst the lock rejects as too fast.
vm_touch() { echo "$*" >&7; }
vm_touch_stop() { echo quit >&7; exec 7>&-; wait "$VM_TOUCH_PID" 2>/dev/null; }
vm_touch_node() { sed -n 's/^READY //p' /tmp/touch.out; }

vm_mouse_start() {
    rm -f /tmp/mouse.fifo /tmp/mouse.out; mkfifo /tmp/mouse.fifo
    uinput-touch -m </tmp/mouse.fifo >/tmp/mouse.out 2>&1 &
    VM_MOUSE_PID=$!
    exec 6>/tmp/mouse.fifo
    vm_wait_ready /tmp/mouse.out
}
vm_mouse() { echo "$*" >&6; }
vm_mouse_stop() { echo quit >&6; exec 6>&-; wait "$VM_MOUSE_PID" 2>/dev/null; }

vm_gpio_sim() {
    local cfg=/sys/kernel/config/gpio-sim/$1 i=0
    modprobe gpio-sim || return 1                  # pulls in configfs (modules.dep)
    grep -q ' /sys/kernel/config ' /proc/mounts || mount -t configfs configfs /sys/kernel/config || return 1
    mkdir "$cfg" "$cfg/bank0" && echo "${2:-8}" >"$cfg/bank0/num_lines" && echo 1 >"$cfg/live" || return 1
    VM_GPIO_CHIP=$(cat "$cfg/bank0/chip_name")
    VM_GPIO_DIR=/sys/devices/platform/$(cat "$cfg/dev_name")/$VM_GPIO_CHIP
    # devtmpfs creates the character device asynchronously
    until [ -c "/dev/$VM_GPIO_CHIP" ]; do i=$((i + 1)); [ $i -gt 200 ] && return 1; usleep 10000; done
    echo "vm: gpio-sim $1: /dev/$VM_GPIO_CHIP, lines in $VM_GPIO_DIR" >&2
}

# Shell builtins only (read, echo) inside the loop, so sampling costs one usleep per round;
# /proc/uptime gives 10 ms resolution, enough for pulses of a few hundred ms.
vm_gpio_sample_start() {
    local f=$VM_GPIO_DIR/sim_gpio$1/value
    [ -r "$f" ] || return 1
    (
        last=
        while :; do
            read -r v <"$f"
            if [ "$v" != "$last" ]; then read -r t _ </proc/uptime; echo "$t $v"; last=$v; fi
            usleep "${3:-5000}"
        done
    ) >"$2" &
    VM_GPIO_SAMPLER=$!
}
vm_gpio_sample_stop() { kill "$VM_GPIO_SAMPLER"; wait "$VM_GPIO_SAMPLER" 2>/dev/null; }
vm_gpio_pulses() {
    awk '$2 == 1 && !high { start = $1; high = 1 }
         $2 == 0 && high { printf "%d\n", ($1 - start) * 1000 + 0.5; high = 0 }' "$1"
}

vm_cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
# vm_idle_ticks PID SECONDS: CPU ticks (1/100 s) the process used while we slept.
vm_idle_ticks() { local t0; t0=$(vm_cpu_ticks "$1"); sleep "$2"; echo $(($(vm_cpu_ticks "$1") - t0)); }

vm_wait_exit() {
    local i=0 n=$(( ${2:-5} * 20 ))
    while kill -0 "$1" 2>/dev/null && [ $i -lt $n ]; do usleep 50000; i=$((i + 1)); done
    kill -0 "$1" 2>/dev/null && { echo "vm: $1 still running after ${2:-5} s: SIGTERM" >&2; kill -TERM "$1"; }
    wait "$1"
    # shellcheck disable=SC2034 # the test scripts read it
    RC=$?
}

vm_check() {
    local name=$1; shift
    if "$@"; then echo "check $name: ok"; else echo "check $name: FAILED"; VM_FAILED=$((VM_FAILED + 1)); fi
}

# vm_lock LOG ARGS...: starts `slidelock ARGS` in the background (its output in LOG), sets
# APP to its pid and waits until its first frame is on screen.
vm_lock() {
    local log=$1; shift
    slidelock "$@" >"$log" 2>&1 &
    # shellcheck disable=SC2034 # the test scripts read it
    APP=$!
    vm_wait_text "$log" "first frame on screen" 30 || { cat "$log"; return 1; }
}
