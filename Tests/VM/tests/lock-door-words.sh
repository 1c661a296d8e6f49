#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# The door's words on a real kernel (vkms, 1024x768): the door contact and the tamper input
# on gpio-sim lines, read through the GPIO character device (active high: an open door or
# an opened case pulls the line up). The door opened without an unlock and left open for
# door.held_open_after (1 s) says "Please close the door" on the message line; closed, the
# line is empty again; the tamper input then says "Tampered: call service" (host: each
# screendump equals `slidelock render` with --held-open, with nothing, with --tampered).
# None of it opens anything.
CONTACT=3
TAMPER=4
vm_gpio_sim door || { echo "vm: no gpio-sim"; exit 1; }
pull() { echo "$2" >"$VM_GPIO_DIR/sim_gpio$1/pull"; }
pull $CONTACT pull-down                      # closed
pull $TAMPER pull-down                       # at rest
vm_lock /tmp/lock.log --on-unlock exit --set theme.fonts=/e2e/DejaVuSans-Bold.ttf \
    --set display.backlight=none \
    --set "door.contact=$VM_GPIO_CHIP:$CONTACT" --set door.held_open_after=1 \
    --set "tamper.input=$VM_GPIO_CHIP:$TAMPER" || exit 1
app=$APP
pull $CONTACT pull-up
vm_wait_text /tmp/lock.log "door: door held open" 10
usleep 500000
vm_grab held-open $app
pull $CONTACT pull-down
vm_wait_text /tmp/lock.log "door: door closed" 10
usleep 500000
vm_grab closed $app
pull $TAMPER pull-up
vm_wait_text /tmp/lock.log "door: tampered" 10
usleep 500000
vm_grab tampered $app
kill -0 $app; alive=$?
kill -TERM $app
wait $app
cat /tmp/lock.log
vm_check door-forced-then-held-open sh -c 'grep -q "door forced" /tmp/lock.log && grep -q "door held open" /tmp/lock.log'
vm_check door-closed-logged grep -q "door: door closed" /tmp/lock.log
vm_check tamper-logged grep -q "door: tampered" /tmp/lock.log
vm_check nothing-unlocked sh -c '! grep -q "unlocked by" /tmp/lock.log'
vm_check lock-stayed-up [ $alive = 0 ]
exit $VM_FAILED
