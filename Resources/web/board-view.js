// What the board page shows: the pitch picture and, above it, the ink canvas, both scaled
// uniformly so the log's surface fits the drawing area (centred), whatever the window does.
//
// Ink in effect is kept on an offscreen canvas (`committed`); each frame puts it on the visible
// canvas and draws the strokes still in progress over it, so a finger's ink shows in the next
// animation frame. A finished stroke is drawn onto the offscreen canvas once; a clear, undo or
// redo rebuilds it from the log's replay.

import { drawBoard, drawStroke } from './ink.js';

export class BoardView {
  /**
   * @param {HTMLElement} stage the drawing area
   * @param {HTMLElement} sheet the box holding the pitch and the canvas, sized by this view
   * @param {HTMLImageElement} pitch the pitch picture
   * @param {HTMLCanvasElement} canvas the ink canvas
   */
  constructor(stage, sheet, pitch, canvas) {
    this.stage = stage;
    this.sheet = sheet;
    this.pitch = pitch;
    this.canvas = canvas;
    this.context = canvas.getContext('2d');
    this.committed = document.createElement('canvas');
    this.committedContext = this.committed.getContext('2d');
    this.state = null;
    this.scale = 1;
    this.frameRequested = false;
    this.box = null;
    this.pitchRect = null;
    this.pitchSize = null;
  }

  /** The drawing area's size in CSS pixels, whole numbers (a new board's surface). */
  stageSize() {
    return { width: Math.max(1, Math.floor(this.stage.clientWidth)), height: Math.max(1, Math.floor(this.stage.clientHeight)) };
  }

  /** Shows `state`'s board (its header must be read). */
  show(state) {
    this.state = state;
    this.layout();
  }

  /**
   * Places the pitch picture: `url`, of `size` (its own units), whose playing area is `rect` in
   * those units; the picture is scaled so that area lies on the log's `pitch.rect`.
   */
  setPitch(url, size, rect) {
    this.pitchSize = size;
    this.pitchRect = rect;
    this.pitch.src = url;
    this.placePitch();
  }

  /** Fits the surface into the drawing area again (after a resize or a rotation). */
  layout() {
    if (!this.state) return;
    const surface = this.state.header.surface;
    const width = this.stage.clientWidth, height = this.stage.clientHeight;
    this.scale = Math.min(width / surface.width, height / surface.height);
    const boxWidth = surface.width * this.scale, boxHeight = surface.height * this.scale;
    const left = (width - boxWidth) / 2, top = (height - boxHeight) / 2;
    Object.assign(this.sheet.style, {
      left: `${left}px`, top: `${top}px`, width: `${boxWidth}px`, height: `${boxHeight}px`,
    });
    const ratio = window.devicePixelRatio || 1;
    const pixelWidth = Math.max(1, Math.round(boxWidth * ratio)), pixelHeight = Math.max(1, Math.round(boxHeight * ratio));
    for (const canvas of [this.canvas, this.committed]) {
      if (canvas.width !== pixelWidth) canvas.width = pixelWidth;
      if (canvas.height !== pixelHeight) canvas.height = pixelHeight;
    }
    this.box = null;
    this.placePitch();
    this.rebuild();
  }

  placePitch() {
    if (!this.state || !this.pitchSize) return;
    const surface = this.state.header.surface;
    // The picture's units onto surface units: the identity (up to the picture's size) when the
    // log's pitch rectangle is the picture's own, as for every board the page records.
    let unit = surface.width / this.pitchSize.width, offsetX = 0, offsetY = 0;
    const logRect = this.state.header.pitchRect;
    if (logRect && this.pitchRect) {
      unit = logRect[2] / this.pitchRect[2];
      offsetX = logRect[0] - this.pitchRect[0] * unit;
      offsetY = logRect[1] - this.pitchRect[1] * unit;
    }
    const k = this.scale;
    Object.assign(this.pitch.style, {
      left: `${offsetX * k}px`, top: `${offsetY * k}px`,
      width: `${this.pitchSize.width * unit * k}px`, height: `${this.pitchSize.height * unit * k}px`,
    });
  }

  /** The surface point under a pointer event (client coordinates), in surface units. */
  surfacePoint(event) {
    if (!this.box) this.box = this.canvas.getBoundingClientRect();
    const surface = this.state.header.surface;
    return {
      x: (event.clientX - this.box.left) * (surface.width / this.box.width),
      y: (event.clientY - this.box.top) * (surface.height / this.box.height),
    };
  }

  /** Forgets the canvas's cached place (call when the page may have moved it). */
  invalidateBox() { this.box = null; }

  /** Surface units onto the canvas's pixels. */
  transform(context) {
    const surface = this.state.header.surface;
    context.setTransform(this.canvas.width / surface.width, 0, 0, this.canvas.height / surface.height, 0, 0);
  }

  /** Replays the ink in effect onto the offscreen canvas, then shows it. */
  rebuild() {
    if (!this.state) return;
    const context = this.committedContext;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, this.committed.width, this.committed.height);
    this.transform(context);
    drawBoard(context, this.state);
    this.requestFrame();
  }

  /** Adds a stroke that has just taken effect (at its `up`) to the ink. */
  commit(stroke) {
    this.transform(this.committedContext);
    drawStroke(this.committedContext, stroke, this.state.header);
    this.requestFrame();
  }

  /** Shows the changes at the next animation frame. */
  requestFrame() {
    if (this.frameRequested) return;
    this.frameRequested = true;
    requestAnimationFrame(() => {
      this.frameRequested = false;
      this.draw();
    });
  }

  /** The ink in effect, then the strokes in progress over it. */
  draw() {
    if (!this.state) return;
    const context = this.context;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, this.canvas.width, this.canvas.height);
    context.drawImage(this.committed, 0, 0);
    if (this.state.active.size) {
      this.transform(context);
      for (const stroke of this.state.active.values()) drawStroke(context, stroke, this.state.header);
    }
  }
}
