#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# The request-to-exit button on a real kernel: a gpio-sim line read through the GPIO
# character device (uAPI v2, the kernel's debounce), wired active-low (pulled up, a press
# pulls it down; written through gpio-sim's `pull`). Exit mode: a press unlocks (exit 0).
# Hook mode: a bouncing press (five level changes ~40 ms apart, inside the 200 ms debounce) runs
# the hook once and is one press (no refused second press in the log). First, a chip that
# does not exist: one error line naming input.button (and the chips there are), and the
# lock stays up without it.
LINE=5
vm_gpio_sim button || { echo "vm: no gpio-sim"; exit 1; }
pull() { echo "$1" >"$VM_GPIO_DIR/sim_gpio$LINE/pull"; }
count() { grep -c "$2" "$1" 2>/dev/null; }
pull pull-up                                 # released
# A missing chip: logged loudly, the lock stays up.
vm_lock /tmp/missing.log --on-unlock exit --set theme.fonts=/e2e/DejaVuSans-Bold.ttf \
    --set display.backlight=none --set input.button=no-such-chip:3 || exit 1
app=$APP
sleep 1
kill -0 $app; alive=$?
kill -TERM $app
wait $app
cat /tmp/missing.log
vm_check missing-chip-one-line [ "$(count /tmp/missing.log 'input.button = no-such-chip:3: no GPIO chip')" = 1 ]
vm_check missing-chip-lock-stays-up [ $alive = 0 ]
# The error lists the chips there are, with their labels: the hook-mode run uses the label.
label=$(sed -n "s|.*/dev/$VM_GPIO_CHIP (\([^)]*\)).*|\1|p" /tmp/missing.log)
echo "vm: $VM_GPIO_CHIP is labelled '$label'"
vm_check missing-chip-lists-the-chips [ -n "$label" ]

set -- --set theme.fonts=/e2e/DejaVuSans-Bold.ttf --set display.backlight=none \
    --set "input.button=$VM_GPIO_CHIP:$LINE"

# Exit mode: one press opens.
vm_lock /tmp/exit.log --on-unlock exit "$@" || exit 1
app=$APP
vm_wait_text /tmp/exit.log "button: " 5
sleep 1
pull pull-down
vm_wait_exit $app 10
exit_rc=$RC
pull pull-up
cat /tmp/exit.log
vm_check exit-mode-press-unlocks [ "$exit_rc" = 0 ]
vm_check exit-logged-as-button grep -q "unlocked by the button" /tmp/exit.log
vm_check exit-authority-source grep -q "session: unlock button" /tmp/exit.log
vm_check chip-found-by-its-name grep -q "button: /dev/$VM_GPIO_CHIP .* line $LINE, active low" /tmp/exit.log

# Hook mode, the chip by its label: a bouncing press runs the hook once.
printf '#!/bin/sh\necho ran >>/tmp/hook-runs.txt\n' >/tmp/hook.sh
chmod 755 /tmp/hook.sh
rm -f /tmp/hook-runs.txt
sleep 1
vm_lock /tmp/hook.log --on-unlock hook --hook /tmp/hook.sh "$@" --set "input.button=$label:$LINE" \
    --set input.button_debounce=0.2 \
    --set action.cooldown=0 || exit 1
app=$APP
sleep 1
pull pull-down; usleep 40000; pull pull-up; usleep 40000; pull pull-down; usleep 40000; pull pull-up; usleep 40000; pull pull-down
sleep 1
pull pull-up
vm_wait_text /tmp/hook.log "session: relock" 10
sleep 1
kill -TERM $app
wait $app
cat /tmp/hook.log
vm_check hook-ran-once [ "$(count /tmp/hook-runs.txt ran)" = 1 ]
vm_check one-unlock-by-the-button [ "$(count /tmp/hook.log 'unlocked by the button')" = 1 ]
vm_check bounces-are-no-presses [ "$(count /tmp/hook.log 'not-ready button')" = 0 ]
vm_check chip-found-by-its-label grep -q "button: /dev/$VM_GPIO_CHIP ($label) line $LINE" /tmp/hook.log

# Two expanders of one kind carry the same label: a CHIP:LINE naming it is refused, naming
# both chips, rather than the first taken by number; the lock stays up without them.
for twin in twin1 twin2; do
    cfg=/sys/kernel/config/gpio-sim/$twin
    mkdir "$cfg" "$cfg/bank0" && echo 8 >"$cfg/bank0/num_lines" && echo door-btn >"$cfg/bank0/label" &&
        echo 1 >"$cfg/live" || echo "vm: gpio-sim $twin failed"
done
TWINS="/dev/$(cat /sys/kernel/config/gpio-sim/twin1/bank0/chip_name), /dev/$(cat /sys/kernel/config/gpio-sim/twin2/bank0/chip_name)"
echo "vm: two chips labelled door-btn: $TWINS"
sleep 1
vm_lock /tmp/twins.log --on-unlock exit --set theme.fonts=/e2e/DejaVuSans-Bold.ttf \
    --set display.backlight=none --set input.button=door-btn:$LINE --set relay.line=door-btn:3 || exit 1
app=$APP
sleep 1
kill -0 $app; alive=$?
kill -TERM $app
wait $app
cat /tmp/twins.log
# shellcheck disable=SC2317 # called through vm_check
ambiguous() { grep -q "$1 = door-btn:$2: 2 GPIO chips are labelled \"door-btn\" ($TWINS): name one by its path" /tmp/twins.log; }
vm_check ambiguous-label-button-refused ambiguous input.button $LINE
vm_check ambiguous-label-relay-refused ambiguous relay.line 3
vm_check ambiguous-label-nothing-taken sh -c "! grep -q -e '^.*button: /dev/' -e 'relay: holding' /tmp/twins.log"
vm_check ambiguous-label-lock-stays-up [ $alive = 0 ]
exit $VM_FAILED
