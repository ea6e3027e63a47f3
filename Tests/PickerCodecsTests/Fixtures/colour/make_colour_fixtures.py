#!/usr/bin/env python3
"""Makes the colour-profile fixtures and their LittleCMS references.

For each profile: `lattice-NAME.png`, a 64x64 lattice of 16 levels per channel (every
combination once) tagged with the profile in an iCCP chunk, `photo-NAME.jpg`, a 64x48 part
of a real photo tagged in APP2 segments, and `scene-NAME.png`, the whole real photo at
256x192 (its colours as they are: the tail a lattice's even steps miss) tagged in iCCP. Beside each, `*.srgb.png` holds the file's
pixels converted to sRGB by LittleCMS (Pillow's ImageCms): relative colorimetric intent,
no black point compensation, 8 bits, to LittleCMS's built-in sRGB.

Profiles: Display P3 (libvips's built-in `p3`), Adobe RGB (1998), ProPhoto RGB and Rec. 709
from colord's profile collection, and a gray gamma-2.2 profile written here (`gray22.icc`).

    pip install pillow pyvips    # with libvips and colord-data from the system's packages
    python3 make_colour_fixtures.py
"""
import io
import os
import struct

from PIL import Image, ImageCms
import pyvips

HERE = os.path.dirname(os.path.abspath(__file__))
PHOTO = os.path.join(HERE, "..", "jpeg", "photo-4032x3024-420.jpg")
COLORD = "/usr/share/color/icc/colord"


def gray_profile(gamma=2.2):
    """A minimal ICC v2 gray display profile: wtpt (D50) and a one-entry kTRC curve."""
    def s15(v):
        return struct.pack(">i", round(v * 65536))
    tags = [
        (b"wtpt", b"XYZ \0\0\0\0" + s15(0.9642) + s15(1.0) + s15(0.8249)),
        (b"kTRC", b"curv\0\0\0\0" + struct.pack(">I", 1) + struct.pack(">H", round(gamma * 256)) + b"\0\0"),
        (b"desc", b"desc\0\0\0\0" + struct.pack(">I", 9) + b"Gray 2.2\0" + b"\0" * 79),
    ]
    offset = 128 + 4 + 12 * len(tags)
    table, data = b"", b""
    for signature, body in tags:
        body += b"\0" * (-len(body) % 4)
        table += signature + struct.pack(">II", offset + len(data), len(body))
        data += body
    size = offset + len(data)
    header = struct.pack(">I", size) + b"none" + bytes([2, 0x10, 0, 0]) + b"mntrGRAYXYZ " + b"\0" * 12 + b"acsp"
    header += b"\0" * (68 - len(header)) + s15(0.9642) + s15(1.0) + s15(0.8249)
    header += b"\0" * (128 - len(header))
    return header + struct.pack(">I", len(tags)) + table + data


def profiles():
    yield "p3", bytes(pyvips.Image.profile_load("p3"))
    for name, file in [("adobergb", "AdobeRGB1998.icc"), ("prophoto", "ProPhotoRGB.icc"), ("rec709", "Rec709.icc")]:
        with open(os.path.join(COLORD, file), "rb") as f:
            yield name, f.read()
    yield "gray22", gray_profile()


def lattice(gray):
    if gray:
        return Image.frombytes("L", (64, 64), bytes(range(256)) * 16)
    levels = [round(i * 255 / 15) for i in range(16)]
    pixels = bytes(c for r in levels for g in levels for b in levels for c in (r, g, b))
    return Image.frombytes("RGB", (64, 64), pixels)


def photo(gray):
    with Image.open(PHOTO) as im:
        part = im.crop((1400, 900, 1400 + 1024, 900 + 768)).resize((64, 48), Image.Resampling.BOX)
    return part.convert("L") if gray else part


def whole_photo(gray):
    with Image.open(PHOTO) as im:
        small = im.resize((256, 192), Image.Resampling.BOX)
    return small.convert("L") if gray else small


def reference(path, icc):
    with Image.open(path) as im:
        im.load()
        source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        target = ImageCms.createProfile("sRGB")
        out = ImageCms.profileToProfile(
            im, source, target, renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC, outputMode="RGB")
    out.save(path.rsplit(".", 1)[0] + ".srgb.png")


def main():
    for name, icc in profiles():
        gray = name.startswith("gray")
        lattice_path = os.path.join(HERE, f"lattice-{name}.png")
        lattice(gray).save(lattice_path, icc_profile=icc)
        reference(lattice_path, icc)
        photo_path = os.path.join(HERE, f"photo-{name}.jpg")
        photo(gray).save(photo_path, quality=92, icc_profile=icc)
        reference(photo_path, icc)
        scene_path = os.path.join(HERE, f"scene-{name}.png")
        whole_photo(gray).save(scene_path, icc_profile=icc)
        reference(scene_path, icc)
        if name == "gray22":
            with open(os.path.join(HERE, "gray22.icc"), "wb") as f:
                f.write(icc)
        print(name, len(icc), "bytes")


if __name__ == "__main__":
    main()
