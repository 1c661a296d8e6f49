"""vmimage - the image formats of the VM tests, in python3's standard library only.

QEMU's screendump and drmgrab write PPM (P6); we keep PNG (8-bit RGB) because every viewer
shows it.  Images are (width, height, rows) with rows a list of bytes objects, 3 bytes a pixel.
"""
import struct
import zlib

PNG_MAGIC = b'\x89PNG\r\n\x1a\n'


def read_ppm(path):
    data = open(path, 'rb').read()
    fields, i = [], 0
    while len(fields) < 4:                      # magic, width, height, maxval; '#' comments
        while data[i:i + 1].isspace():
            i += 1
        if data[i:i + 1] == b'#':
            i = data.index(b'\n', i)
            continue
        j = i
        while not data[j:j + 1].isspace():
            j += 1
        fields.append(data[i:j])
        i = j
    if fields[0] != b'P6' or fields[3] != b'255':
        raise ValueError('%s: not an 8-bit P6 PPM' % path)
    w, h = int(fields[1]), int(fields[2])
    px = data[i + 1:i + 1 + w * h * 3]
    return w, h, [px[y * w * 3:(y + 1) * w * 3] for y in range(h)]


def _chunk(kind, body):
    return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body))


def write_png(path, w, h, rows):
    raw = b''.join(b'\x00' + r for r in rows)           # filter type 0 (None) on every row
    with open(path, 'wb') as f:
        f.write(PNG_MAGIC + _chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
                + _chunk(b'IDAT', zlib.compress(raw, 6)) + _chunk(b'IEND', b''))


def ppm_to_png(ppm, png):
    w, h, rows = read_ppm(ppm)
    write_png(png, w, h, rows)
    return w, h


def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def read_png(path):
    """8-bit RGB or RGBA, non-interlaced PNGs (what we and QEMU write); returns RGB rows."""
    data = open(path, 'rb').read()
    if data[:8] != PNG_MAGIC:
        raise ValueError('%s: not a PNG' % path)
    pos, idat, w = 8, b'', None
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b'IHDR':
            w, h, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError('%s: unsupported PNG layout' % path)
            bpp = 3 if ctype == 2 else 4
        elif kind == b'IDAT':
            idat += body
        pos += 12 + n
    raw, stride, prev, rows = zlib.decompress(idat), w * bpp, bytearray(w * bpp), []
    for y in range(h):
        ftype, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride if ftype else 0):        # filter 0: bytes are the pixels
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], (prev[x - bpp] if x >= bpp else 0)
            line[x] = (line[x] + (0, a, b, (a + b) // 2, _paeth(a, b, c))[ftype]) & 0xff
        prev = line
        rows.append(bytes(line) if bpp == 3 else bytes(v for i, v in enumerate(line) if i % 4 != 3))
    return w, h, rows
