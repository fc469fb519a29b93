// Draws a board's ink on a 2D canvas context whose transform maps surface units onto the
// canvas, exactly as the server's renderer (Tactics' BoardRenderer) replays it:
//
// - pens: opaque round lines of the pen's width through the points, lightly smoothed (two
//   binomial passes, no point moved more than 0.4 pen widths); a one-point stroke is a dot;
//   with pressure, each segment is as wide as the pen times 0.5 + the mean pressure of its ends;
// - the eraser: its path, round and as wide as the eraser, cut out of the ink layer
//   (destination-out), never smoothed. The pitch is another element under the ink canvas, so
//   the eraser can never touch it.

/** Smoothing as the renderer's StrokeSmoothing.standard. */
const SMOOTHING_PASSES = 2;
const SMOOTHING_MAXIMUM_OFFSET = 0.4;

/** The line through `points` with touch jitter smoothed, as the renderer smooths it. */
export function smooth(points, width) {
  if (points.length <= 2) return points;
  const limit = SMOOTHING_MAXIMUM_OFFSET * width;
  let current = points.map((point) => ({ x: point.x, y: point.y }));
  let next = current.map((point) => ({ ...point }));
  for (let pass = 0; pass < SMOOTHING_PASSES; pass += 1) {
    for (let index = 1; index < current.length - 1; index += 1) {
      const x = (current[index - 1].x + 2 * current[index].x + current[index + 1].x) / 4;
      const y = (current[index - 1].y + 2 * current[index].y + current[index + 1].y) / 4;
      const origin = points[index];
      const distance = Math.hypot(x - origin.x, y - origin.y);
      const factor = distance > limit && distance > 0 ? limit / distance : 1;
      next[index] = { x: origin.x + (x - origin.x) * factor, y: origin.y + (y - origin.y) * factor };
    }
    [current, next] = [next, current];
  }
  return current;
}

/** Width multiplier for a pressure: 0.5 + pressure, 1 when none was recorded. */
export function pressureFactor(pressure) {
  return pressure === undefined ? 1 : 0.5 + Math.min(Math.max(pressure, 0), 1);
}

/**
 * Draws one stroke (`{tool, points: [{x, y, t?, p?}]}`) with the log's `header` pens and eraser.
 * Leaves the context's state as it found it.
 */
export function drawStroke(context, stroke, header) {
  const points = stroke.points;
  if (!points.length) return;
  context.save();
  context.lineCap = 'round';
  context.lineJoin = 'round';
  if (stroke.tool === 'eraser') {
    context.globalCompositeOperation = 'destination-out';
    line(context, points, header.eraserWidth, '#000');
  } else {
    const pen = header.pens[stroke.tool];
    if (pen) {
      const smoothed = smooth(points, pen.width);
      if (smoothed.length > 1 && points.some((point) => point.p !== undefined)) {
        for (let index = 1; index < smoothed.length; index += 1) {
          const pressure = ((points[index - 1].p ?? 0.5) + (points[index].p ?? 0.5)) / 2;
          line(context, [smoothed[index - 1], smoothed[index]], pen.width * pressureFactor(pressure), pen.color);
        }
      } else {
        line(context, smoothed, pen.width * pressureFactor(points[0].p), pen.color);
      }
    }
  }
  context.restore();
}

/** A round line through `points`; a dot when they are all one point. */
function line(context, points, width, color) {
  const first = points[0];
  if (points.every((point) => point.x === first.x && point.y === first.y)) {
    context.fillStyle = color;
    context.beginPath();
    context.arc(first.x, first.y, width / 2, 0, 2 * Math.PI);
    context.fill();
    return;
  }
  context.strokeStyle = color;
  context.lineWidth = width;
  context.beginPath();
  context.moveTo(first.x, first.y);
  for (let index = 1; index < points.length; index += 1) context.lineTo(points[index].x, points[index].y);
  context.stroke();
}

/** Draws the strokes in effect of a BoardState from its last clear, in replay order. */
export function drawBoard(context, state) {
  for (const event of state.visibleStrokes()) {
    if (event.kind === 'stroke') drawStroke(context, event, state.header);
  }
}
