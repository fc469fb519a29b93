// The board page (`/board`, `/board/{id}`, `/board/{id}?view=TOKEN`).
//
// - `/board`: a new board. Its surface is the drawing area's size in CSS pixels when the page
//   opens (re-fitted while nothing is drawn yet), its pitch lies horizontal in a wide area and
//   vertical in a tall one, its pens are the server's board style.
// - `/board/{id}` as its owner: the stored board, continued; its clock goes on at the stored
//   log's last time + 1 s. Saving replaces the stored log; the page publishes it live.
// - `/board/{id}?view=TOKEN`, or someone else's board: read-only, following the owner live.
//
// Everything drawn is a line of the pointer log (version 2), read back by the same reader that
// reads stored and live logs: what the page shows is the log's replay. `window.touchline.log()`
// answers the log's text (for tests).

import { APIError, getJSON, request } from './api.js';
import { BoardView } from './board-view.js';
import { Publisher, Viewer } from './live.js';
import {
  BoardState, DEFAULT_ERASER_WIDTH, DEFAULT_PENS, MAXIMUM_LOG_BYTES, POINTER_FORMAT, readLog, utf8Length,
} from './pointer-log.js';
import { Clock, PointerInput } from './pointer-input.js';

/** Room kept in the log for strokes under way to end: new strokes stop this far from the limit. */
const STROKE_RESERVE = 64 << 10;
const LINE_RESERVE = 1 << 10;

const $ = (selector) => document.querySelector(selector);

class BoardPage {
  constructor() {
    this.stage = $('#stage');
    this.canvas = $('#board');
    this.statusText = $('#status');
    this.boardIDText = $('#board-id');
    this.viewLink = $('#view-link');
    this.titleInput = $('#title');
    this.fingersButton = $('button[data-action="fingers"]');
    this.state = new BoardState();
    this.view = new BoardView(this.stage, $('#sheet'), $('#pitch'), this.canvas);
    this.id = null;
    this.token = null;
    this.editable = false;
    this.tool = 'red';
    this.savedLines = 0;
    this.saving = false;
    this.publisher = null;
    this.viewer = null;
    /** The pitch picture shown ({url, size, rect}), the request it answered, and its object URL. */
    this.pitch = null;
    this.pitchKey = null;
    this.pitchURL = null;
    this.refitTimer = null;
    this.refitting = false;
    this.ready = false;
    this.input = new PointerInput(this.canvas, {
      view: this.view,
      state: () => this.state,
      write: (fields) => this.write(fields),
      tool: () => this.tool,
      enabled: () => this.editable && this.ready,
      penArrived: () => this.penArrived(),
    });
    this.bindControls();
    new ResizeObserver(() => this.resized()).observe(this.stage);
    window.addEventListener('beforeunload', (event) => {
      if (!this.editable || !this.dirty) return;
      event.preventDefault();
      event.returnValue = ''; // what Safari and older engines look at
    });
  }

  get dirty() { return this.state.lines.length !== this.savedLines; }

  // ---- Starting ----

  async start() {
    const match = /^\/board\/(\d+)\/?$/.exec(location.pathname);
    this.token = new URLSearchParams(location.search).get('view');
    try {
      if (match) await this.open(match[1]);
      else await this.startNew();
      this.ready = true;
    } catch (error) {
      this.status(error.message, 'error');
    }
    document.body.classList.toggle('read-only', !this.editable);
    this.refreshControls();
  }

  async startNew() {
    let style;
    try {
      style = await getJSON('/api/v1/board-style');
    } catch (error) {
      if (error instanceof APIError && error.status === 401) throw error;
      style = { pens: DEFAULT_PENS, eraser: { width: DEFAULT_ERASER_WIDTH } };
      this.status(`The board style could not be read (${error.message}); using the default pens.`, 'warning');
    }
    const surface = this.view.stageSize();
    const orientation = surface.width >= surface.height ? 'horizontal' : 'vertical';
    const pitch = await this.fetchPitch(orientation, 'pitch', surface);
    const header = { type: 'header', format: POINTER_FORMAT, version: 2, surface };
    if (pitch?.rect) header.pitch = { rect: pitch.rect };
    Object.assign(header, { orientation, background: 'pitch', pens: style.pens, eraser: style.eraser });
    const state = new BoardState();
    state.add(JSON.stringify(header));
    this.state = state;
    this.savedLines = state.lines.length;
    this.editable = true;
    this.showHeader(pitch);
    this.status('Draw with a finger, a pen or the mouse.');
  }

  async open(id) {
    const query = this.token ? `?view=${encodeURIComponent(this.token)}` : '';
    const options = { signInOn401: !this.token };
    let summary, text;
    try {
      summary = await getJSON(`/api/v1/boards/${id}${query}`, options);
      text = await (await request('GET', `/api/v1/boards/${id}/log${query}`, options)).text();
    } catch (error) {
      if (error instanceof APIError && error.status === 404) {
        throw new Error(this.token ? 'This link does not open a board (it was changed, or the board deleted).'
          : `There is no board ${id} of yours.`);
      }
      throw error;
    }
    this.id = id;
    this.boardIDText.textContent = id;
    this.titleInput.value = summary.title ?? '';
    this.editable = !this.token && summary.editable === true;
    this.state = readLog(text);
    if (this.editable) this.state.upgradeToVersion2();
    this.savedLines = this.state.lines.length;
    const last = this.state.lastTime;
    this.input.clock = new Clock(this.state.eventCount ? (last ?? 0) + 1000 : 0);
    this.showHeader(await this.fetchHeaderPitch());
    if (this.editable) {
      this.startPublishing();
      this.status(summary.viewLink ? 'Your board. Its view link works; Share makes a new one.' : 'Your board: draw on.');
    } else {
      this.startViewing();
      this.status('Read-only: you see the board as the coach draws it.');
    }
  }

  /** The pitch picture for `state`'s header, fetched again only when it changes. */
  async fetchHeaderPitch() {
    const header = this.state.header;
    return this.fetchPitch(header.orientation, header.background, header.surface);
  }

  /**
   * The server's pitch as SVG for a surface (`GET /api/v1/pitch.svg`): an object URL, its size
   * and its playing area (`Touchline-Pitch-Rect`), or null when it cannot be had.
   */
  async fetchPitch(orientation, background, surface) {
    const size = { width: Math.max(1, Math.round(surface.width)), height: Math.max(1, Math.round(surface.height)) };
    const key = `${orientation} ${background} ${size.width}x${size.height}`;
    if (key === this.pitchKey) return this.pitch;
    try {
      const query = new URLSearchParams({ orientation, background, size: `${size.width}x${size.height}` });
      const response = await request('GET', `/api/v1/pitch.svg?${query}`, { signInOn401: false });
      const rect = parseRect(response.headers.get('Touchline-Pitch-Rect'));
      const url = URL.createObjectURL(await response.blob());
      if (this.pitchURL) URL.revokeObjectURL(this.pitchURL);
      this.pitchURL = url;
      this.pitchKey = key;
      this.pitch = { url, size, rect };
      return this.pitch;
    } catch (error) {
      this.status(`The pitch could not be loaded: ${error.message}`, 'error');
      return null;
    }
  }

  /** Shows the state's board with `pitch` under it, and the tools its header names. */
  showHeader(pitch) {
    this.view.show(this.state);
    if (pitch) this.view.setPitch(pitch.url, pitch.size, pitch.rect);
    this.makePenButtons();
  }

  /** While a new board is still empty, it takes the drawing area's new size. */
  resized() {
    if (!this.state.header) return;
    this.view.layout();
    if (!this.ready || !this.editable || this.id !== null || this.state.eventCount || this.refitting) return;
    const now = this.view.stageSize(), surface = this.state.header.surface;
    if (now.width === surface.width && now.height === surface.height) return;
    clearTimeout(this.refitTimer);
    this.refitTimer = setTimeout(async () => {
      if (this.id !== null || this.state.eventCount) return;
      this.refitting = true;
      try {
        await this.startNew();
      } finally {
        this.refitting = false;
      }
    }, 300);
  }

  // ---- Recording ----

  /**
   * Appends one line to the log, shows it and publishes it. False (and nothing written) when
   * the log has no room for it or the reader refuses it.
   */
  write(fields) {
    const line = JSON.stringify(fields);
    const reserve = fields.type === 'up' || fields.type === 'cancel' ? 0
      : fields.type === 'down' || fields.type === 'tool' ? STROKE_RESERVE : LINE_RESERVE;
    if (this.state.bytes + utf8Length(line) + 1 + reserve > MAXIMUM_LOG_BYTES) {
      if (fields.type === 'down') this.status('The board is full (4 MiB of drawing): save it and start a new one.', 'error');
      return false;
    }
    let change;
    try {
      change = this.state.add(line);
    } catch (error) {
      this.status(`Not recorded: ${error.message}`, 'error');
      return false;
    }
    this.show(change);
    this.publisher?.send(line);
    this.refreshControls();
    return true;
  }

  /** Shows what a line changed. */
  show(change) {
    switch (change.type) {
      case 'up': this.view.commit(change.stroke); break;
      case 'clear': case 'undo': case 'redo': this.view.rebuild(); break;
      default: this.view.requestFrame();
    }
  }

  action(type) {
    if (!this.editable || !this.ready) return;
    if ((type === 'undo' && !this.state.canUndo) || (type === 'redo' && !this.state.canRedo)) return;
    this.write({ t: this.input.clock.time(), type });
  }

  penArrived() {
    this.fingersButton.hidden = false;
    this.refreshControls();
    this.status('Pen detected: fingers no longer draw. Tap "Fingers" with a finger to draw with fingers again.');
  }

  // ---- Saving and sharing ----

  async save() {
    if (!this.editable || !this.ready || this.saving) return false;
    this.saving = true;
    this.refreshControls();
    const text = this.state.text(), lines = this.state.lines.length;
    const title = this.titleInput.value.trim();
    const query = title ? `?title=${encodeURIComponent(title)}` : '';
    try {
      if (this.id === null) {
        const response = await request('POST', `/api/v1/boards${query}`, { body: text, type: 'application/x-ndjson' });
        const summary = await response.json();
        this.id = String(summary.id);
        history.replaceState(null, '', `/board/${this.id}`);
        this.boardIDText.textContent = this.id;
        if (!title) this.titleInput.value = summary.title ?? '';
        this.startPublishing();
      } else {
        await request('PUT', `/api/v1/boards/${this.id}${query}`, { body: text, type: 'application/x-ndjson' });
      }
      this.savedLines = lines;
      this.status('Saved.');
      return true;
    } catch (error) {
      this.status(`Not saved: ${error.message}`, 'error');
      return false;
    } finally {
      this.saving = false;
      this.refreshControls();
    }
  }

  async share() {
    if (!this.editable || !this.ready) return;
    if (this.id === null && !(await this.save())) return;
    try {
      const response = await request('POST', `/api/v1/boards/${this.id}/view-token`);
      const { url } = await response.json();
      const link = new URL(url, location.origin).href;
      this.viewLink.textContent = link;
      this.viewLink.href = link;
      this.viewLink.hidden = false;
      this.status('Anyone with this link sees the board live; sharing again makes a new link and the old one stops working.');
      navigator.clipboard?.writeText(link).then(() => this.status('View link copied. The previous link no longer works.'),
        () => {});
    } catch (error) {
      this.status(`Not shared: ${error.message}`, 'error');
    }
  }

  // ---- Live ----

  startPublishing() {
    if (this.publisher || this.id === null) return;
    this.publisher = new Publisher(this.id, { log: () => this.state.text(), status: (text, kind) => this.status(text, kind) });
    this.publisher.start();
  }

  startViewing() {
    const query = this.token ? { view: this.token } : {};
    const suffix = this.token ? `?view=${encodeURIComponent(this.token)}` : '';
    this.viewer = new Viewer(this.id, query, {
      reset: () => {
        this.state = new BoardState();
      },
      lines: (lines) => {
        for (const line of lines) {
          const change = this.state.add(line);
          if (change.type === 'header') this.followHeader();
          else if (this.state.header) this.show(change);
        }
      },
      status: (text, kind) => this.status(text, kind),
      stillThere: async () => {
        try {
          await request('GET', `/api/v1/boards/${this.id}${suffix}`, { signInOn401: false });
          return true;
        } catch (error) {
          return !(error instanceof APIError && (error.status === 404 || error.status === 401));
        }
      },
    });
    this.viewer.start();
  }

  /** A viewer's board got a (new) header: show it, with its pitch when that changed. */
  followHeader() {
    const state = this.state;
    this.view.show(state);
    this.makePenButtons();
    this.fetchHeaderPitch().then((pitch) => {
      if (pitch && this.state === state) this.view.setPitch(pitch.url, pitch.size, pitch.rect);
    });
  }

  // ---- Controls ----

  bindControls() {
    for (const button of document.querySelectorAll('button[data-tool]')) {
      button.addEventListener('click', () => this.select(button.dataset.tool));
    }
    const actions = {
      undo: () => this.action('undo'),
      redo: () => this.action('redo'),
      clear: () => this.action('clear'),
      save: () => this.save(),
      share: () => this.share(),
    };
    for (const [name, run] of Object.entries(actions)) {
      $(`button[data-action="${name}"]`).addEventListener('click', run);
    }
    // Finger drawing goes back on with a finger (or a mouse or the keyboard), never a pen's tap.
    // Touch and pen taps act at their pointerup: a browser may not make a click of a tap that
    // follows another touch closely (a palm just lifted), and the finger must work the first time.
    let tappedAt = -Infinity;
    const toggleFingers = (pointerType) => {
      const on = !this.input.fingersDraw;
      if (on && pointerType === 'pen') {
        this.status('Tap "Fingers" with a finger to let fingers draw again.');
      } else {
        this.input.setFingersDraw(on);
        this.status(on ? 'Fingers draw again.' : 'Fingers no longer draw (palm rejection).');
      }
      this.refreshControls();
    };
    this.fingersButton.addEventListener('pointerup', (event) => {
      if (event.pointerType === 'mouse') return;
      const box = this.fingersButton.getBoundingClientRect();
      if (event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom) return;
      tappedAt = event.timeStamp;
      toggleFingers(event.pointerType);
    });
    this.fingersButton.addEventListener('click', (event) => {
      // The click a tap may make after its pointerup is the same tap.
      if (event.timeStamp - tappedAt < 1000) return;
      toggleFingers(event.pointerType || 'keyboard');
    });
    document.addEventListener('keydown', (event) => {
      if (!(event.ctrlKey || event.metaKey) || event.target instanceof HTMLInputElement) return;
      const key = event.key.toLowerCase();
      if (key === 'z') this.action(event.shiftKey ? 'redo' : 'undo');
      else if (key === 'y') this.action('redo');
      else if (key === 's') this.save();
      else return;
      event.preventDefault();
    });
  }

  select(tool) {
    if (tool !== 'eraser' && !Object.hasOwn(this.state.header?.pens ?? {}, tool)) return;
    this.tool = tool;
    this.refreshControls();
  }

  /** One button per pen of the log (red and blue are in the page; others are added). */
  makePenButtons() {
    const pens = this.state.header.pens;
    const group = $('.tools');
    const eraser = $('button[data-tool="eraser"]');
    for (const button of document.querySelectorAll('button[data-tool]:not([data-tool="eraser"])')) {
      if (!Object.hasOwn(pens, button.dataset.tool) && button.dataset.extra) button.remove();
    }
    for (const [name, pen] of Object.entries(pens)) {
      let button = document.querySelector(`button[data-tool="${CSS.escape(name)}"]`);
      if (!button) {
        button = document.createElement('button');
        button.type = 'button';
        button.dataset.tool = name;
        button.dataset.extra = 'true';
        button.className = 'pen';
        button.textContent = name;
        button.addEventListener('click', () => this.select(name));
        group.insertBefore(button, eraser);
      }
      button.style.setProperty('--pen-color', pen.color);
    }
    for (const button of document.querySelectorAll('button[data-tool]:not([data-tool="eraser"])')) {
      button.hidden = !Object.hasOwn(pens, button.dataset.tool);
    }
    if (this.tool !== 'eraser' && !Object.hasOwn(pens, this.tool)) this.tool = Object.keys(pens)[0];
    this.refreshControls();
  }

  refreshControls() {
    const live = this.editable && this.ready;
    for (const button of document.querySelectorAll('button[data-tool]')) {
      button.setAttribute('aria-pressed', String(button.dataset.tool === this.tool));
      button.disabled = !live;
    }
    const disabled = {
      undo: !live || !this.state.canUndo,
      redo: !live || !this.state.canRedo,
      clear: !live || !this.state.hasInk,
      save: !live || this.saving,
      share: !live || this.saving,
    };
    for (const [name, off] of Object.entries(disabled)) $(`button[data-action="${name}"]`).disabled = off;
    this.fingersButton.setAttribute('aria-pressed', String(this.input.fingersDraw));
    this.titleInput.readOnly = !this.editable;
    document.body.classList.toggle('unsaved', live && this.dirty);
  }

  /** Shows `text` in `#status`; `kind` (error, warning, live) colours it. */
  status(text, kind = '') {
    if (this.statusText.textContent === text && this.statusText.dataset.kind === kind) return;
    this.statusText.textContent = text;
    this.statusText.dataset.kind = kind;
  }
}

/** `x,y,w,h` as four numbers with a positive size, or null. */
function parseRect(text) {
  if (!text) return null;
  const numbers = text.split(',').map((part) => Number(part.trim()));
  if (numbers.length !== 4 || !numbers.every(Number.isFinite) || numbers[2] <= 0 || numbers[3] <= 0) return null;
  return numbers;
}

const page = new BoardPage();
window.touchline = Object.freeze({
  /** The board's pointer log as text, every line ending with a newline. */
  log: () => page.state.text(),
  /** True once the board is shown (and, when editable, ready to draw). */
  ready: () => page.ready,
});
page.start();
