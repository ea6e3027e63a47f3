#!/usr/bin/env python3
"""Writes the damaged-photo corpus: photo-like pictures encoded by Pillow (libjpeg-turbo), then
damaged as real files are (cut short inside a scan, restart markers missing, out of order or
repeated, bytes of the image data changed), each beside libjpeg-turbo's decode of the damaged
file through Pillow with LOAD_TRUNCATED_IMAGES, as PPM: what every viewer built on libjpeg
shows. The tests read the files; they never run this.

Needs: pip install pillow numpy.

  python3 make_damaged_fixtures.py        rewrites damaged-*.jpg and damaged-*.ppm
"""
import io, os
from PIL import Image, ImageFile
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "jpeg"))
from make_jpeg_fixtures import photo

here = os.path.dirname(os.path.abspath(__file__))
ImageFile.LOAD_TRUNCATED_IMAGES = True


def encode(image, **options):
    out = io.BytesIO()
    image.save(out, "JPEG", quality=85, **options)
    return bytearray(out.getvalue())


def markers(data, low, high):
    """Positions of the markers FF low…FF high."""
    return [i for i in range(len(data) - 1) if data[i] == 0xFF and low <= data[i + 1] <= high]


def write(name, data, scales=(1,)):
    """The damaged file, and libjpeg-turbo's decode of it at each scale (NAME.sN.ppm for 1/N)."""
    open(os.path.join(here, f"damaged-{name}.jpg"), "wb").write(data)
    for n in scales:
        image = Image.open(io.BytesIO(bytes(data)))
        if n > 1:
            image.draft("RGB", (image.size[0] // n, image.size[1] // n))
        image.load()
        suffix = "" if n == 1 else f".s{n}"
        image.convert("RGB").save(os.path.join(here, f"damaged-{name}{suffix}.ppm"))


def main():
    picture = photo(128, 96, 7)
    # Baseline 4:2:0, a restart marker every 2 MCUs: 48 MCUs, 23 markers.
    restarts = encode(picture, subsampling=2, restart_marker_blocks=2)
    rst = markers(restarts, 0xD0, 0xD7)
    assert len(rst) == 23, len(rst)
    missing = restarts[:rst[5]] + restarts[rst[5] + 2:]
    write("rst-missing", missing)
    swapped = bytearray(restarts)
    swapped[rst[8] + 1], swapped[rst[9] + 1] = restarts[rst[9] + 1], restarts[rst[8] + 1]
    write("rst-swapped", swapped)
    repeated = bytearray(restarts)
    repeated[rst[12] + 1] = restarts[rst[11] + 1]
    write("rst-repeated", repeated)
    # Two markers gone in a row: the one found is three ahead of the one expected.
    far = restarts[:rst[15]] + restarts[rst[15] + 2:rst[16]] + restarts[rst[16] + 2:]
    write("rst-two-missing", far)

    # Cut short: a baseline file inside its one scan, a progressive one inside its first scan
    # and inside a later one.
    baseline = encode(picture, subsampling=2)
    sos = markers(baseline, 0xDA, 0xDA)[0]
    write("cut-baseline", baseline[:sos + (len(baseline) - sos) * 2 // 5])
    # Cut right after the scan's header: the first MCU is decoded from zero bits, the rest is
    # gray.
    write("cut-before-data", baseline[:sos + 2 + (baseline[sos + 2] << 8 | baseline[sos + 3])])
    progressive = encode(picture, subsampling=2, progressive=True)
    scans = markers(progressive, 0xDA, 0xDA)
    assert len(scans) >= 6, len(scans)
    write("cut-progressive-first-scan", progressive[:scans[0] + (scans[1] - scans[0]) // 2], scales=(1, 2, 4, 8))
    write("cut-progressive-fifth-scan", progressive[:scans[4] + (scans[5] - scans[4]) // 2], scales=(1, 2, 4, 8))

    # A progressive file with restart markers, one missing in a refining AC scan.
    both = encode(picture, subsampling=2, progressive=True, restart_marker_blocks=3)
    scans = markers(both, 0xDA, 0xDA)
    late = [i for i in markers(both, 0xD0, 0xD7) if i > scans[-2]]
    write("progressive-rst-missing", both[:late[2]] + both[late[2] + 2:])

    # Bytes of the image data changed (bad codes, runs past the block).
    changed = bytearray(baseline)
    for offset in (300, 301, 900, 1500):
        changed[sos + offset] ^= 0x5A
        if changed[sos + offset] == 0xFF:
            changed[sos + offset] = 0xFE
    write("changed-bytes", changed)


if __name__ == "__main__":
    main()
