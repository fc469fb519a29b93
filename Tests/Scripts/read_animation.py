"""Reads an animated GIF or WebP with Pillow (not Touchline's code) and reports what a viewer
would see, for the Swift tests to check: the format, the size, the loop count, every frame's
duration in milliseconds, and every frame as the whole picture shown at that moment (earlier
frames composited under it), written as PNG into FOLDER (frame-0.png, frame-1.png, ...).

    .venv-test/bin/python Tests/Scripts/read_animation.py drill.gif FOLDER
"""
import json
import os
import sys

from PIL import Image


def main(path, folder):
    with Image.open(path) as image:
        report = {
            "format": image.format,
            "width": image.width,
            "height": image.height,
            "frames": getattr(image, "n_frames", 1),
            "loop": image.info.get("loop"),
            "durations": [],
        }
        for index in range(report["frames"]):
            image.seek(index)
            image.load()  # WebP sets a frame's duration only once it is decoded
            report["durations"].append(int(image.info.get("duration", 0)))
            image.convert("RGBA").save(os.path.join(folder, f"frame-{index}.png"))
    print(json.dumps(report))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
