#!/usr/bin/env python3
"""Writes the PNG decoder's fixtures: every standard colour type and bit depth, plain and
Adam7-interlaced, with tRNS variants, each beside a PAM (RGB_ALPHA, 8-bit) of the pixels a
correct decoder must produce. Rows use all five filter types in turn, IDAT is split in
several chunks, and zlib level 9 makes dynamic Huffman blocks.

Run from this folder: python3 make_png_fixtures.py   (needs only the standard library)
"""
import random, struct, zlib

W, H = 13, 7
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def pack_row(samples, depth):
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    out, acc, nbits = bytearray(), 0, 0
    for s in samples:
        acc = (acc << depth) | s
        nbits += depth
        if nbits == 8:
            out.append(acc); acc, nbits = 0, 0
    if nbits:
        out.append(acc << (8 - nbits))
    return bytes(out)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def filter_rows(rows, bpp):
    out, prev = bytearray(), bytes(len(rows[0])) if rows else b""
    for y, row in enumerate(rows):
        f = y % 5
        out.append(f)
        for i, v in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            pred = [0, a, b, (a + b) // 2, paeth(a, b, c)][f]
            out.append((v - pred) & 0xFF)
        prev = row
    return bytes(out)


def to8(v, depth):
    if depth == 16:
        return (v * 255 + 32767) // 65535
    return v * 255 // ((1 << depth) - 1)


def make(name, ctype, depth, interlace, trns=False, seed=0):
    rng = random.Random(seed)
    ch = CHANNELS[ctype]
    top = (1 << depth) - 1
    palette = [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(min(256, 1 << depth))] if ctype == 3 else None
    pixels = [[[rng.randint(0, top) for _ in range(ch)] for _ in range(W)] for _ in range(H)]
    extra = b""
    key = None
    if ctype == 3:
        extra += chunk(b"PLTE", b"".join(bytes(p) for p in palette))
        if trns:
            alphas = [rng.randrange(256) for _ in range(len(palette) // 2 + 1)]
            extra += chunk(b"tRNS", bytes(alphas))
    elif trns and ctype in (0, 2):
        key = list(pixels[1][2])
        extra += chunk(b"tRNS", b"".join(struct.pack(">H", k) for k in key))
    bpp = max(1, ch * depth // 8)
    raw = b""
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    for x0, y0, dx, dy in passes:
        xs, ys = list(range(x0, W, dx)), list(range(y0, H, dy))
        if not xs or not ys:
            continue
        rows = [pack_row([s for x in xs for s in pixels[y][x]], depth) for y in ys]
        raw += filter_rows(rows, bpp)
    z = zlib.compress(raw, 9)
    idat = b"".join(chunk(b"IDAT", z[i:i + 40]) for i in range(0, len(z), 40))
    ihdr = struct.pack(">IIBBBBB", W, H, depth, ctype, 0, 0, 1 if interlace else 0)
    with open(f"png/{name}.png", "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"tEXt", b"Comment\0fixture") + extra + idat + chunk(b"IEND", b""))
    out = bytearray()
    for y in range(H):
        for x in range(W):
            p = pixels[y][x]
            if ctype == 0:
                g = to8(p[0], depth); a = 0 if key == p else 255; out += bytes([g, g, g, a])
            elif ctype == 2:
                a = 0 if key == p else 255; out += bytes([to8(p[0], depth), to8(p[1], depth), to8(p[2], depth), a])
            elif ctype == 3:
                i = p[0]
                r, g, b = palette[i] if i < len(palette) else (0, 0, 0)
                a = alphas[i] if trns and i < len(alphas) else 255
                out += bytes([r, g, b, a])
            elif ctype == 4:
                g = to8(p[0], depth); out += bytes([g, g, g, to8(p[1], depth)])
            else:
                out += bytes(to8(s, depth) for s in p)
    with open(f"png/{name}.pam", "wb") as f:
        f.write(f"P7\nWIDTH {W}\nHEIGHT {H}\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".encode() + bytes(out))


seed = 1
for ctype, depths in [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16])]:
    for depth in depths:
        for interlace in (False, True):
            make(f"c{ctype}d{depth}{'i' if interlace else 'n'}", ctype, depth, interlace, seed=seed); seed += 1
for ctype, depth in [(0, 8), (0, 16), (2, 8), (2, 16), (3, 4), (3, 8)]:
    make(f"c{ctype}d{depth}t", ctype, depth, False, trns=True, seed=seed); seed += 1
