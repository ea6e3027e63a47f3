#!/usr/bin/env python3
"""Writes the JPEG test corpus: photo-like pictures encoded with libjpeg-turbo's cjpeg in every
sampling, progressive, restart, gray, RGB and arithmetic variant, and by Pillow (EXIF
orientation, CMYK), each beside the reference decode (libjpeg-turbo's djpeg defaults, or
Pillow for CMYK) as PPM/PGM.

Needs: pip install pillow numpy; apt-get install libjpeg-turbo-progs. The tests read the
files; they never run this.

  python3 make_jpeg_fixtures.py                      rewrites the corpus
  python3 make_jpeg_fixtures.py --check-encoder [PICKER_IMAGE]
      writes every reference picture as JPEG with PickerImaging's encoder (picker-image crop,
      the whole picture at its own size; `swift run picker-image` unless a binary is given),
      in 4:2:0 and 4:4:4, standard and optimized tables, and checks that Pillow reads each
      file to the picture's size, within 40 dB PSNR of it for the photo-like VGA one (the
      small fixtures are noise and hard edges: their figures are printed).
"""
import io, os, subprocess, zlib
import numpy as np
from PIL import Image

here = os.path.dirname(os.path.abspath(__file__))


def photo(width, height, seed):
    """Gradients, a soft disc, hard edges and noise: what photos have that stresses a codec."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:height, 0:width].astype(np.float64)
    disc = 90 * np.exp(-((x - width * 0.6) ** 2 + (y - height * 0.4) ** 2) / (0.05 * width * height + 1))
    r = x * 255 / max(1, width - 1) * 0.7 + disc + rng.normal(0, 6, (height, width))
    g = y * 255 / max(1, height - 1) * 0.8 + np.where(x > y + width * 0.2, 60, 0) + rng.normal(0, 6, (height, width))
    b = 200 - disc + np.where((x // 5 + y // 7) % 2 == 0, 30, -30) + rng.normal(0, 6, (height, width))
    return Image.fromarray(np.clip(np.stack([r, g, b], -1), 0, 255).astype(np.uint8), "RGB")


def cjpeg(name, image, *options):
    source = io.BytesIO()
    image.save(source, "PPM" if image.mode == "RGB" else "PPM")
    data = subprocess.run(["cjpeg", *options], input=source.getvalue(), capture_output=True, check=True).stdout
    open(os.path.join(here, name + ".jpg"), "wb").write(data)
    return data


def reference(name, data, large=False):
    """djpeg's default decode (islow, fancy upsampling), as PPM or PGM, and its decodes at 1/2,
    1/4 and 1/8 size (`-scale 1/N`, written NAME.sN.ppm); for large files CRCs instead."""
    for n in (1, 2, 4, 8):
        pnm = subprocess.run(["djpeg", "-pnm", "-scale", f"1/{n}"], input=data, capture_output=True, check=True).stdout
        # Pillow (libjpeg-turbo too) must agree, so either is the reference.
        pillow = Image.open(io.BytesIO(data))
        if n > 1:
            w, h = pillow.size
            pillow.draft(pillow.mode, (max(1, w // n), max(1, h // n)))
        pillow.load()
        djpeg = Image.open(io.BytesIO(pnm))
        # (Pillow's draft picks a smaller reduction when a side is not a multiple of N.)
        assert pillow.size != djpeg.size or pillow.tobytes() == djpeg.tobytes(), (name, n)
        suffix = "" if n == 1 else f".s{n}"
        if large:
            pixels = Image.open(io.BytesIO(pnm)).tobytes()
            open(os.path.join(here, name + suffix + ".crc"), "w").write("%08x\n" % (zlib.crc32(pixels) & 0xFFFFFFFF))
        else:
            open(os.path.join(here, name + suffix + (".pgm" if pnm[:2] == b"P5" else ".ppm")), "wb").write(pnm)


def main():
    for f in os.listdir(here):
        if f.split(".")[-1] in ("jpg", "ppm", "pgm", "crc"):
            os.remove(os.path.join(here, f))
    sizes = {"1x1": (1, 1), "17x9": (17, 9), "33x21": (33, 21), "64x48": (64, 48)}
    samplings = {"444": "1x1", "422": "2x1", "420": "2x2", "440": "1x2", "411": "4x1"}
    for size_name, (w, h) in sizes.items():
        image = photo(w, h, w * 31 + h)
        for sampling_name, sampling in samplings.items():
            for mode, options in (("base", []), ("prog", ["-progressive"])):
                name = f"{mode}-{sampling_name}-{size_name}"
                reference(name, cjpeg(name, image, "-quality", "90", "-sample", sampling + ",1x1,1x1", *options))
        reference(f"gray-{size_name}", cjpeg(f"gray-{size_name}", image, "-grayscale", "-quality", "85"))
    image = photo(64, 48, 7)
    reference("restart-rows-420", cjpeg("restart-rows-420", image, "-sample", "2x2,1x1,1x1", "-restart", "1"))
    reference("restart-blocks-prog", cjpeg("restart-blocks-prog", image, "-progressive", "-restart", "3B"))
    reference("optimized-q50", cjpeg("optimized-q50", image, "-optimize", "-quality", "50"))
    reference("q100-444", cjpeg("q100-444", image, "-quality", "100", "-sample", "1x1,1x1,1x1"))
    reference("rgb", cjpeg("rgb", image, "-rgb", "-quality", "92"))
    reference("gray-prog", cjpeg("gray-prog", image, "-grayscale", "-progressive"))
    rescanned()
    cjpeg("arithmetic", image, "-arithmetic")
    # EXIF orientation 6 (Pillow writes the APP1 segment).
    exif = Image.Exif()
    exif[0x0112] = 6
    out = io.BytesIO()
    image.save(out, "JPEG", quality=90, exif=exif.tobytes())
    open(os.path.join(here, "exif-right.jpg"), "wb").write(out.getvalue())
    reference("exif-right", out.getvalue())
    # CMYK, as Pillow writes it (an Adobe marker, inverted inks); Pillow's RGB is the reference.
    cmyk = image.convert("CMYK")
    out = io.BytesIO()
    cmyk.save(out, "JPEG", quality=90)
    open(os.path.join(here, "cmyk.jpg"), "wb").write(out.getvalue())
    back = Image.open(io.BytesIO(out.getvalue())).convert("RGB")
    back.save(os.path.join(here, "cmyk.ppm"))
    # What cjpeg makes of some references at quality 90, decoded: the encoder's output must
    # decode to the same pixels (NAME.q90-444.ppm, NAME.q90-420.ppm).
    for name in ("base-444-64x48", "base-420-33x21", "base-422-17x9", "base-420-1x1", "optimized-q50", "gray-17x9"):
        source = open(os.path.join(here, name + (".pgm" if name.startswith("gray") else ".ppm")), "rb").read()
        for sampling in ("444", "420"):
            if name.startswith("gray") and sampling == "420":
                continue
            data = subprocess.run(["cjpeg", "-quality", "90", "-sample", {"444": "1x1", "420": "2x2"}[sampling] + ",1x1,1x1"],
                                  input=source, capture_output=True, check=True).stdout
            pnm = subprocess.run(["djpeg", "-pnm"], input=data, capture_output=True, check=True).stdout
            open(os.path.join(here, f"{name}.q90-{sampling}" + (".pgm" if pnm[:2] == b"P5" else ".ppm")), "wb").write(pnm)
    # A VGA photo, for tests of the pipeline that need more than a few blocks.
    vga = photo(640, 480, 5).filter(__import__("PIL.ImageFilter").ImageFilter.GaussianBlur(1))
    reference("photo-640x480-420", cjpeg("photo-640x480-420", vga, "-quality", "90", "-sample", "2x2,1x1,1x1"), large=True)
    progressive_scripts(vga)
    # A 12 MP photo, as phones write them: its reference is a CRC of the decoded pixels.
    big = photo(4032, 3024, 12).resize((4032, 3024))
    reference("photo-4032x3024-420", cjpeg("photo-4032x3024-420", big.filter(__import__("PIL.ImageFilter").ImageFilter.GaussianBlur(2)), "-quality", "90", "-sample", "2x2,1x1,1x1"), large=True)


# Progressive scan scripts (jpegtran -scans) for a VGA photo: libjpeg's own, and two that end
# other than on a luma scan: with an interleaved DC refinement, and with a chroma refinement.
SCRIPTS = {
    "prog-photo-640x480-420": None,
    "prog-dc-last-640x480-420": """0,1,2: 0-0, 0, 1; 0: 1-5, 0, 2; 2: 1-63, 0, 1; 1: 1-63, 0, 1; 0: 6-63, 0, 2;
        0: 1-63, 2, 1; 2: 1-63, 1, 0; 1: 1-63, 1, 0; 0: 1-63, 1, 0; 0,1,2: 0-0, 1, 0;""",
    "prog-cr-last-640x480-420": """0,1,2: 0-0, 0, 1; 0: 1-5, 0, 2; 2: 1-63, 0, 1; 1: 1-63, 0, 1; 0: 6-63, 0, 2;
        0: 1-63, 2, 1; 0,1,2: 0-0, 1, 0; 1: 1-63, 1, 0; 0: 1-63, 1, 0; 2: 1-63, 1, 0;""",
}


def rescanned():
    """A sequential file whose luma comes back in a fourth scan (from another picture, with the
    same tables): libjpeg merges it, the second scan's nonzero coefficients over the first's,
    and a run or end of block leaving the first's where it passes. T.81 allows one scan per
    component in sequential mode; decoders meet such files anyway."""
    import tempfile

    def sequential(image):
        with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
            f.write("0;\n1;\n2;\n")
            f.flush()
            source = io.BytesIO()
            image.save(source, "PPM")
            return subprocess.run(["cjpeg", "-quality", "100", "-sample", "1x1,1x1,1x1", "-scans", f.name],
                                  input=source.getvalue(), capture_output=True, check=True).stdout

    def scans(data):
        """(start, end) of each SOS segment and its entropy-coded data."""
        found, at = [], 2
        while data[at + 1] != 0xD9:
            length = data[at + 2] << 8 | data[at + 3]
            if data[at + 1] != 0xDA:
                at += 2 + length
                continue
            end = at + 2 + length
            while not (data[end] == 0xFF and data[end + 1] != 0 and not 0xD0 <= data[end + 1] <= 0xD7):
                end += 1
            found.append((at, end))
            at = end
        return found

    first = sequential(photo(64, 48, 1))
    second = sequential(photo(64, 48, 2).filter(__import__("PIL.ImageFilter").ImageFilter.GaussianBlur(3)))
    luma = scans(second)[0]
    data = first[:scans(first)[-1][1]] + second[luma[0]:luma[1]] + b"\xff\xd9"
    open(os.path.join(here, "rescan-64x48-444.jpg"), "wb").write(data)
    reference("rescan-64x48-444", data)


def progressive_scripts(vga):
    import tempfile
    baseline = cjpeg("prog-source", vga, "-quality", "90", "-sample", "2x2,1x1,1x1")
    os.remove(os.path.join(here, "prog-source.jpg"))
    for name, script in SCRIPTS.items():
        with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
            options = ["-progressive"]
            if script:
                f.write(script)
                f.flush()
                options = ["-scans", f.name]
            data = subprocess.run(["jpegtran", *options], input=baseline, capture_output=True, check=True).stdout
        open(os.path.join(here, name + ".jpg"), "wb").write(data)
        reference(name, data, large=True)


def check_encoder(picker_image):
    import sys, tempfile
    command = [picker_image] if picker_image else ["swift", "run", "-c", "release", "picker-image"]
    names = sorted(f[:-4] for f in os.listdir(here) if f.endswith((".ppm", ".pgm")) and "." not in f[:-4])
    failures = 0
    with tempfile.TemporaryDirectory() as work:
        vga = os.path.join(work, "photo-640x480-420.ppm")
        Image.open(os.path.join(here, "photo-640x480-420.jpg")).convert("RGB").save(vga)
        for path in [os.path.join(here, n + (".pgm" if n.startswith("gray") else ".ppm")) for n in names] + [vga]:
            source = Image.open(path)
            w, h = source.size
            for chroma in ("420", "444"):
                for optimize in ([], ["--optimize"]):
                    out = os.path.join(work, "out.jpg")
                    subprocess.run(command + ["crop", "--rect", f"0,0,{w},{h}", "--size", f"{w}x{h}", "--quality", "90",
                                              "--chroma", chroma, *optimize, path, out], check=True, capture_output=True)
                    back = Image.open(out)
                    back.load()
                    a = np.asarray(source.convert(back.mode), dtype=np.float64)
                    b = np.asarray(back, dtype=np.float64)
                    mse = ((a - b) ** 2).mean()
                    psnr = float("inf") if mse == 0 else 10 * np.log10(255 ** 2 / mse)
                    ok = back.size == source.size and (psnr >= 40 or path != vga)
                    failures += not ok
                    print(f"{os.path.basename(path):28s} {chroma} {'optimized' if optimize else 'standard ':9s} "
                          f"{back.mode:4s} {psnr:6.2f} dB {'ok' if ok else 'FAILED'}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    import sys
    if len(sys.argv) > 1 and sys.argv[1] == "--check-encoder":
        check_encoder(sys.argv[2] if len(sys.argv) > 2 else None)
    else:
        main()
