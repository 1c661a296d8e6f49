#!/usr/bin/env python3
"""extract-vmlinux.py BZIMAGE OUT - pull the ELF vmlinux out of a compressed bzImage.

QEMU can boot an ELF kernel through its PVH entry point (Debian sets CONFIG_PVH=y), which
skips the in-guest decompressor: about 3 s saved per boot under TCG.  The bzImage holds the
compressed ELF somewhere after its setup code; we try every xz / gzip / zstd-less magic
position until one decompresses to something starting with the ELF magic (like the kernel's
own scripts/extract-vmlinux, without needing the kernel tree)."""
import lzma
import sys
import zlib

DECODERS = (
    (b'\xfd7zXZ\x00', lambda: lzma.LZMADecompressor(lzma.FORMAT_XZ)),
    (b'\x1f\x8b\x08', lambda: zlib.decompressobj(31)),
    (b'\x5d\x00\x00', lambda: lzma.LZMADecompressor(lzma.FORMAT_ALONE)),
)


def extract(data):
    for magic, make in DECODERS:
        pos = data.find(magic)
        while pos >= 0:
            try:
                out = make().decompress(data[pos:])
                if out[:4] == b'\x7fELF':
                    return out
            except (lzma.LZMAError, zlib.error, EOFError):
                pass
            pos = data.find(magic, pos + 1)
    return None


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: extract-vmlinux.py BZIMAGE OUT')
    elf = extract(open(sys.argv[1], 'rb').read())
    if elf is None:
        sys.exit('extract-vmlinux: no compressed ELF payload found in ' + sys.argv[1])
    tmp = sys.argv[2] + '.tmp'
    with open(tmp, 'wb') as f:
        f.write(elf)
    import os
    os.replace(tmp, sys.argv[2])      # atomic: a half-written kernel never looks cached
    print('extract-vmlinux: %s (%d bytes)' % (sys.argv[2], len(elf)), file=sys.stderr)


if __name__ == '__main__':
    main()
