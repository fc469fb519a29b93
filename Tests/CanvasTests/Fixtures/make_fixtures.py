"""Writes the JPEG fixtures of CanvasTests (run from this folder; needs Pillow).

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pillow
    /tmp/venv/bin/python make_fixtures.py && cc make_ycck.c -ljpeg -o /tmp/make_ycck && /tmp/make_ycck

Every picture is 48 x 32 when upright, in four quadrants: red top-left, green top-right,
blue bottom-left, yellow bottom-right. `orientation-N.jpg` stores it turned or mirrored so that
EXIF orientation N shows it upright again.
"""
from PIL import Image

RED, GREEN, BLUE, YELLOW = (220, 30, 30), (30, 180, 60), (40, 60, 220), (240, 220, 40)


def quadrants(width=48, height=32):
    image = Image.new("RGB", (width, height))
    for y in range(height):
        for x in range(width):
            top, left = y < height // 2, x < width // 2
            image.putpixel((x, y), RED if top and left else GREEN if top else BLUE if left else YELLOW)
    return image


# What undoes each orientation (Pillow's exif_transpose applies these to show it upright);
# the fixture stores the inverse, so that applying them gives the upright picture back.
SHOW = {2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180, 4: Image.Transpose.FLIP_TOP_BOTTOM,
        5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_270, 7: Image.Transpose.TRANSVERSE,
        8: Image.Transpose.ROTATE_90}
INVERSE = {2: SHOW[2], 3: SHOW[3], 4: SHOW[4], 5: SHOW[5], 6: Image.Transpose.ROTATE_90, 7: SHOW[7],
           8: Image.Transpose.ROTATE_270}

upright = quadrants()
for orientation in range(1, 9):
    stored = upright if orientation == 1 else upright.transpose(INVERSE[orientation])
    exif = Image.Exif()
    exif[0x0112] = orientation
    stored.save(f"orientation-{orientation}.jpg", quality=95, subsampling=0, exif=exif.tobytes())
    # Check the fixture with Pillow's own reading of the orientation.
    from PIL import ImageOps
    shown = ImageOps.exif_transpose(Image.open(f"orientation-{orientation}.jpg")).convert("RGB")
    assert shown.size == (48, 32), (orientation, shown.size)
    for (x, y), colour in {(5, 5): RED, (42, 5): GREEN, (5, 26): BLUE, (42, 26): YELLOW}.items():
        assert all(abs(a - b) < 12 for a, b in zip(shown.getpixel((x, y)), colour)), (orientation, x, y)

grey = Image.new("L", (32, 16), 50)
grey.paste(200, (16, 0, 32, 16))
grey.save("grey.jpg", quality=95)

# Pillow writes CMYK JPEGs inverted with an Adobe marker, as Photoshop does.
cmyk = Image.new("CMYK", (32, 16), (0, 255, 255, 0))        # red ink: magenta and yellow
cmyk.paste((0, 0, 0, 128), (16, 0, 32, 16))                  # half black: grey
cmyk.save("cmyk.jpg", quality=95)

upright.save("progressive.jpg", quality=90, progressive=True, subsampling=0)

# A large photo, for decoding at a fraction of its size: 800 x 600, the four quadrants.
quadrants(800, 600).save("large.jpg", quality=80)
