#!/usr/bin/env python3
"""elfdeps.py SYSROOT BINARY - the shared libraries BINARY needs, found in SYSROOT.

For a binary of another architecture (the arm64 guest), where `ldd` cannot run, or one built
against another system's libraries (the trixie chroot's amd64 build): follows
DT_NEEDED (readelf) through SYSROOT's multiarch library directories, and adds the ELF
interpreter. Prints one line per file, "HOST_PATH GUEST_PATH": the file to copy (symlinks
resolved) and the absolute path the guest's loader expects it at.
"""
import os
import re
import subprocess
import sys

sysroot, binary = sys.argv[1], sys.argv[2]


def resolve(path):
    """`path` (inside SYSROOT) with its symlinks followed inside SYSROOT: an absolute link
    (/lib64/ld-linux-x86-64.so.2 -> /lib/x86_64-linux-gnu/...) names a file of the sysroot,
    not of this host."""
    for _ in range(40):
        if not os.path.islink(path):
            return path
        target = os.readlink(path)
        path = os.path.join(sysroot, target.lstrip('/')) if target.startswith('/') \
            else os.path.join(os.path.dirname(path), target)
    sys.exit('elfdeps: too many links at %s' % path)


def readelf(flag, path):
    return subprocess.run(['readelf', flag, path], capture_output=True, text=True, check=True).stdout


def needed(path):
    return re.findall(r'\(NEEDED\)\s+Shared library: \[([^\]]+)\]', readelf('-d', path))


def find(name):
    for d in DIRS:
        candidate = resolve(os.path.join(sysroot, d, name))
        if os.path.exists(candidate):
            return candidate, '/' + d + '/' + name
    sys.exit('elfdeps: %s not found in %s' % (name, sysroot))


# The binary's own multiarch directories (the arm64 sysroot is the amd64 chroot, with both).
triplet = 'aarch64-linux-gnu' if 'AArch64' in readelf('-h', binary) else 'x86_64-linux-gnu'
DIRS = ['lib/' + triplet, 'usr/lib/' + triplet, 'lib', 'usr/lib']
out, todo, seen = [], [binary], set()
interp = re.search(r'Requesting program interpreter: ([^\]]+)\]', readelf('-l', binary))
if interp:
    guest = interp.group(1)
    out.append((resolve(os.path.join(sysroot, guest.lstrip('/'))), guest))
while todo:
    for name in needed(todo.pop()):
        if name in seen:
            continue
        seen.add(name)
        host, guest = find(name)
        out.append((resolve(host), guest))
        todo.append(host)
for host, guest in out:
    print(host, guest)
