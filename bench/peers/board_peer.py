"""The board scene with mplsoccer: the pitch, the strokes as lines, the eraser as wide lines
of the pitch's colour, saved as PNG.

    python board_peer.py SCENE.json OUT.png

is the whole-process peer of `touchline board render SCENE.json -o OUT.png --size 1600x1040`
(interpreter start-up and imports included, as a user runs it). `peer.py board` times
`BoardPeer.render()` in-process.

The stroke document (shared/spec/strokes.md, written by `TouchlineBench --write-inputs`) is
in surface units, y down. Its points are mapped to pitch metres the way Touchline lays a pitch
out on the surface: the 105 x 68 m playing area plus a 4 m margin on every side, fitted inside
the surface keeping its aspect ratio, centred (Tactics' PitchLayout). mplsoccer's `custom`
pitch has its origin at the bottom left, so y is flipped. The surface is fitted onto the output
by one uniform scale, so widths in surface units become that many output pixels times the scale,
and matplotlib wants them in points (1/72 inch) at the figure's dpi.
"""

import io
import json
import sys

from matplotlib.figure import Figure
from mplsoccer import Pitch

OUTPUT = (1600, 1040)  # pixels, as `--size 1600x1040`
DPI = 100
LENGTH, WIDTH, MARGIN = 105.0, 68.0, 4.0  # metres, as Touchline's default pitch
LAW1_LINE = 0.12  # metres
GRASS = "#3D8B3D"  # Touchline's BoardStyle.standard
LINES = "#FFFFFF"
PENS = {"red": {"color": "#D32F2F", "width": 6}, "blue": {"color": "#1976D2", "width": 6}}
ERASER_WIDTH = 32


class BoardPeer:
    """A stroke document turned into pitch-metre lines once; `render()` draws and encodes."""

    def __init__(self, document):
        if document.get("format") != "touchline.strokes" or document.get("version") != 1:
            raise ValueError("expected a touchline.strokes version 1 document")
        if document.get("orientation", "horizontal") != "horizontal" or "pitch" in document:
            raise ValueError("only the default horizontal layout is mapped")
        surface = document["surface"]
        width, height = float(surface["width"]), float(surface["height"])
        # PitchLayout(fitting:): the area plus the margin, fitted and centred on the surface.
        box_w, box_h = LENGTH + 2 * MARGIN, WIDTH + 2 * MARGIN
        metre = min(width / box_w, height / box_h)
        area_x = (width - box_w * metre) / 2 + MARGIN * metre
        area_y = (height - box_h * metre) / 2 + MARGIN * metre
        # The surface onto the output: one uniform scale.
        scale = min(OUTPUT[0] / width, OUTPUT[1] / height)
        points_per_unit = scale * 72 / DPI
        self.line_points = LAW1_LINE * metre * points_per_unit

        pens = {**PENS, **document.get("pens", {})}
        eraser = document.get("eraser", {}).get("width", ERASER_WIDTH)
        self.lines = []  # (xs, ys, colour, width in points), in replay order
        for event in document["events"]:
            if event["type"] == "clear":
                self.lines.clear()
                continue
            tool = event["tool"]
            if tool == "eraser":
                colour, units = GRASS, eraser
            else:
                colour, units = pens[tool]["color"], pens[tool]["width"]
            xs = [(p[0] - area_x) / metre for p in event["points"]]
            ys = [WIDTH - (p[1] - area_y) / metre for p in event["points"]]
            self.lines.append((xs, ys, colour, units * points_per_unit))
        self.pitch = Pitch(pitch_type="custom", pitch_length=LENGTH, pitch_width=WIDTH,
                           pitch_color=GRASS, line_color=LINES, linewidth=self.line_points,
                           pad_left=MARGIN, pad_right=MARGIN, pad_top=MARGIN, pad_bottom=MARGIN)

    def figure(self):
        """A new figure of the output's size with the pitch and every line drawn."""
        figure = Figure(figsize=(OUTPUT[0] / DPI, OUTPUT[1] / DPI), dpi=DPI, facecolor=GRASS)
        axes = figure.add_axes((0, 0, 1, 1))
        self.pitch.draw(ax=axes)
        for xs, ys, colour, width in self.lines:
            axes.plot(xs, ys, color=colour, linewidth=width,
                      solid_capstyle="round", solid_joinstyle="round")
        return figure

    def render(self):
        """The PNG's bytes: new figure, pitch, lines, savefig."""
        buffer = io.BytesIO()
        self.figure().savefig(buffer, format="png", dpi=DPI, facecolor=GRASS)
        return buffer.getvalue()


def main(arguments):
    if len(arguments) != 2:
        print("usage: python board_peer.py SCENE.json OUT.png", file=sys.stderr)
        return 64
    with open(arguments[0], encoding="utf-8") as file:
        peer = BoardPeer(json.load(file))
    peer.figure().savefig(arguments[1], format="png", dpi=DPI, facecolor=GRASS)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
