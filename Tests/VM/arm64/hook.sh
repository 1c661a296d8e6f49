#!/bin/sh
# The unlock hook of lock-arm64.sh: leaves a mark the guest script waits for.
echo "hook: slide of ${SLIDELOCK_SLIDE_MS:-?} ms" >/tmp/hook-ran
