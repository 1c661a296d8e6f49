#!/usr/bin/env python3
"""elfdeps.py SYSROOT BINARY - the shared libraries BINARY needs, found in SYSROOT.

For a binary of another architecture (the arm64 guest), where `ldd` cannot run: follows
DT_NEEDED (readelf) through SYSROOT's multiarch library directories, and adds the ELF
interpreter. Prints one line per file, "HOST_PATH GUEST_PATH": the file to copy (symlinks
resolved) and the absolute path the guest's loader expects it at.
"""
import os
import re
import subprocess
import sys

sysroot, binary = sys.argv[1], sys.argv[2]
DIRS = ['lib/aarch64-linux-gnu', 'usr/lib/aarch64-linux-gnu', 'lib', 'usr/lib']


def readelf(flag, path):
    return subprocess.run(['readelf', flag, path], capture_output=True, text=True, check=True).stdout


def needed(path):
    return re.findall(r'\(NEEDED\)\s+Shared library: \[([^\]]+)\]', readelf('-d', path))


def find(name):
    for d in DIRS:
        candidate = os.path.join(sysroot, d, name)
        if os.path.exists(candidate):
            return candidate, '/' + d + '/' + name
    sys.exit('elfdeps: %s not found in %s' % (name, sysroot))


out, todo, seen = [], [binary], set()
interp = re.search(r'Requesting program interpreter: ([^\]]+)\]', readelf('-l', binary))
if interp:
    guest = interp.group(1)
    out.append((os.path.realpath(os.path.join(sysroot, guest.lstrip('/'))), guest))
while todo:
    for name in needed(todo.pop()):
        if name in seen:
            continue
        seen.add(name)
        host, guest = find(name)
        out.append((os.path.realpath(host), guest))
        todo.append(host)
for host, guest in out:
    print(host, guest)
