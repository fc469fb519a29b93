// Turns pointer events on the ink canvas into pointer-log lines.
//
// Every pointer (mouse, pen, each finger) is its own stroke from pointerdown to pointerup,
// captured so it keeps drawing outside the canvas; moves use the browser's coalesced events
// when it offers them; pressure is recorded for pens only; pointercancel becomes `cancel`.
//
// Palm rejection: the first time a pen touches the board, fingers stop drawing (a hand resting
// on the screen would otherwise draw) and any finger stroke under way is cancelled. The
// "Fingers" button, which then appears, turns finger drawing back on when tapped with a finger
// (or clicked with a mouse or the keyboard; a pen's tap is ignored), and off again.

/** Times in ms on the page's clock: the first input after load is the origin. */
export class Clock {
  /** @param {number} offset the time of the first input: 0 for a new board, else last t + 1000 */
  constructor(offset) {
    this.offset = offset;
    this.origin = null;
    this.last = 0;
  }

  /** The log time of an event at `stamp` (performance.now() units), never less than the previous one. */
  time(stamp = performance.now()) {
    const now = performance.now();
    // An event's timeStamp is on performance.now()'s timeline in current browsers; anything far
    // off (an old engine's epoch time) is replaced by now.
    const at = Math.abs(stamp - now) < 60000 ? stamp : now;
    if (this.origin === null) this.origin = at;
    this.last = Math.max(this.last, Math.round(this.offset + at - this.origin));
    return this.last;
  }
}

/** Coordinates in surface units, to a hundredth (enough, and the log stays small). */
function round(value) { return Math.round(value * 100) / 100; }

export class PointerInput {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {{view: import('./board-view.js').BoardView, state: () => import('./pointer-log.js').BoardState,
   *          write: (fields: object) => boolean, tool: () => string, enabled: () => boolean,
   *          penArrived: () => void}} board
   *   `write` appends one line to the log (false when the log is full)
   */
  constructor(canvas, board) {
    this.canvas = canvas;
    this.board = board;
    this.clock = new Clock(0);
    this.penSeen = false;
    this.fingersDraw = true;
    /** The pointer type of each pointer drawing now, by pointer id. */
    this.types = new Map();
    for (const type of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel', 'lostpointercapture']) {
      canvas.addEventListener(type, (event) => this[type](event));
    }
    canvas.addEventListener('contextmenu', (event) => event.preventDefault());
  }

  /** True when `event`'s pointer is drawing a stroke. */
  drawing(event) { return this.board.state().active.has(String(event.pointerId)); }

  pointerdown(event) {
    if (!this.board.enabled()) return;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    if (event.pointerType === 'pen' && !this.penSeen) {
      this.penSeen = true;
      this.setFingersDraw(false);
      this.board.penArrived();
    }
    if (event.pointerType === 'touch' && !this.fingersDraw) return;
    event.preventDefault();
    // A pointer that goes down again lost its up on the way (the browser never told): its old
    // stroke is cancelled, not joined to the new one.
    if (this.drawing(event)) this.pointercancel(event);
    this.board.view.invalidateBox();
    try {
      this.canvas.setPointerCapture(event.pointerId);
    } catch {
      // The pointer is already gone; its up or cancel follows.
    }
    const t = this.clock.time(event.timeStamp);
    const tool = this.board.tool();
    if (this.board.state().toolWritten !== tool && !this.board.write({ t, type: 'tool', tool })) return;
    if (this.board.write({ t, type: 'down', id: event.pointerId, ...this.point(event) })) {
      this.types.set(String(event.pointerId), event.pointerType);
    }
  }

  pointermove(event) {
    if (!this.drawing(event)) return;
    event.preventDefault();
    const events = typeof event.getCoalescedEvents === 'function' ? event.getCoalescedEvents() : [];
    for (const each of events.length ? events : [event]) {
      const point = this.point(each);
      const stroke = this.board.state().active.get(String(event.pointerId));
      const last = stroke?.points[stroke.points.length - 1];
      if (last && last.x === point.x && last.y === point.y && last.p === point.pressure) continue;
      if (!this.board.write({ t: this.clock.time(each.timeStamp), type: 'move', id: event.pointerId, ...point })) break;
    }
  }

  pointerup(event) {
    if (!this.drawing(event)) return;
    event.preventDefault();
    const { x, y } = this.point(event);
    this.board.write({ t: this.clock.time(event.timeStamp), type: 'up', id: event.pointerId, x, y });
    this.types.delete(String(event.pointerId));
  }

  pointercancel(event) {
    if (!this.drawing(event)) return;
    this.board.write({ t: this.clock.time(event.timeStamp), type: 'cancel', id: event.pointerId });
    this.types.delete(String(event.pointerId));
  }

  /** Capture lost without an up (the browser took the pointer away): the stroke is cancelled. */
  lostpointercapture(event) { this.pointercancel(event); }

  /** Cancels every stroke under way (a pen arrived and fingers stop, or the page is leaving). */
  cancelAll(pointerType) {
    for (const [id, type] of [...this.types]) {
      if (pointerType && type !== pointerType) continue;
      this.types.delete(id);
      if (this.board.state().active.has(id)) this.board.write({ t: this.clock.time(), type: 'cancel', id: Number(id) });
    }
  }

  /** Turns finger drawing on or off; off cancels the finger strokes under way. */
  setFingersDraw(on) {
    this.fingersDraw = on;
    if (!on) this.cancelAll('touch');
  }

  /** The event's place in surface units, with the pen's pressure. */
  point(event) {
    const { x, y } = this.board.view.surfacePoint(event);
    const point = { x: round(x), y: round(y) };
    if (event.pointerType === 'pen') point.pressure = Math.round(Math.min(Math.max(event.pressure, 0), 1) * 1000) / 1000;
    return point;
  }
}
