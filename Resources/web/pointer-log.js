// Reads Touchline board recordings: pointer logs (JSON Lines, `touchline.pointer`, versions 1
// and 2) line by line, and stroke documents (`touchline.strokes`, version 1) whole.
//
// The same reader serves the page's own recording (every line the page writes goes through
// it), a stored board opened again, and a live viewer fed lines as they arrive: so what the
// page shows is always the replay of its log. Replay semantics are those of the server's
// renderer (shared/spec/strokes.md and the web contract):
//
// - each pointer id from `down` to `up` is one stroke, drawn with the tool selected at its
//   `down`; strokes take their place at their `up`, in file order; `cancel` drops a stroke;
// - `clear` wipes the ink before it;
// - version 2: `undo` removes the last stroke or clear still in effect, `redo` restores the last
//   thing undo removed, a new stroke (at its `up`) or a clear forgets what could be redone;
//   undo with nothing to undo, or redo with nothing to redo, is an error.

export const POINTER_FORMAT = 'touchline.pointer';
export const DOCUMENT_FORMAT = 'touchline.strokes';
/** The largest log a board stores (the server's Boards.maximumLogBytes). */
export const MAXIMUM_LOG_BYTES = 4 << 20;
/** The most pointers down at once that a log may have (a hand has ten fingers). */
export const MAXIMUM_ACTIVE_POINTERS = 64;
/** The spec's default pens and eraser. */
export const DEFAULT_PENS = Object.freeze({
  red: Object.freeze({ color: '#D32F2F', width: 6 }),
  blue: Object.freeze({ color: '#1976D2', width: 6 }),
});
export const DEFAULT_ERASER_WIDTH = 32;

const BACKGROUNDS = ['pitch', 'half-pitch', 'blank', 'none'];
const ORIENTATIONS = ['horizontal', 'vertical'];
const EVENT_TYPES = 'header, tool, down, move, up, cancel, clear, undo or redo';
const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** A recording that cannot be read: the message names the line (or field) and what was expected. */
export class LogError extends Error {
  /**
   * @param {number} line the line at fault (1 is the first), or 0 when no line applies
   * @param {string} detail what is wrong, starting with the field when one is at fault
   */
  constructor(line, detail) {
    super(line ? `line ${line}: ${detail}` : detail);
    this.name = 'LogError';
    this.line = line;
    this.detail = detail;
  }
}

/**
 * A board being replayed from a pointer log, one line at a time.
 *
 * `add(text)` reads the next line and answers what changed: `{type: 'header'}`,
 * `{type: 'tool'}`, `{type: 'down'|'move', stroke}`, `{type: 'up', stroke}` (the stroke now in
 * effect), `{type: 'cancel', stroke}`, `{type: 'clear'|'undo'|'redo'}` or `{type: 'blank'}`.
 * A line that is wrong throws a LogError and changes nothing.
 */
export class BoardState {
  constructor() {
    /** The header's settings, null until the header line. */
    this.header = null;
    /** The raw lines read, in order (blank lines are skipped); line 0 is the header. */
    this.lines = [];
    /** UTF-8 bytes of the lines with their newlines. */
    this.bytes = 0;
    /** The physical line number of the last line read (for error messages). */
    this.lineNumber = 0;
    /** The tool selected by the last `tool` line (`red` before any), and whether one was written. */
    this.tool = 'red';
    this.toolWritten = null;
    /** Pointers down now: id -> {id, tool, points: [{x, y, t?, p?}]}, in the order they went down. */
    this.active = new Map();
    /** Strokes and clears in effect, in replay order: {kind: 'stroke', tool, points} | {kind: 'clear'}. */
    this.applied = [];
    /** What undo removed, the last removed last. */
    this.undone = [];
    /** The largest `t` read, or null when no line had one. */
    this.lastTime = null;
    /** Event lines read (all but the header). */
    this.eventCount = 0;
  }

  get canUndo() { return this.applied.length > 0; }
  get canRedo() { return this.undone.length > 0; }

  /** The log text: its lines, each ending with a newline. */
  text() { return this.lines.length ? this.lines.join('\n') + '\n' : ''; }

  /** True when some ink is on the board (something a clear would wipe). */
  get hasInk() {
    const last = this.applied[this.applied.length - 1];
    return last !== undefined && last.kind !== 'clear';
  }

  /**
   * Makes a version 1 log version 2 (which only adds `undo` and `redo`), so that it can be
   * continued with them: the header line is rewritten with `"version":2`, all else kept.
   */
  upgradeToVersion2() {
    if (!this.header || this.header.version >= 2) return;
    const header = JSON.parse(this.lines[0]);
    header.version = 2;
    const line = JSON.stringify(header);
    this.bytes += utf8Length(line) - utf8Length(this.lines[0]);
    this.lines[0] = line;
    this.header.version = 2;
  }

  /** The events in effect from the last clear on: the ink to draw. */
  visibleStrokes() {
    let start = 0;
    for (let index = this.applied.length - 1; index >= 0; index -= 1) {
      if (this.applied[index].kind === 'clear') { start = index + 1; break; }
    }
    return this.applied.slice(start);
  }

  /** Reads one line of JSON text; see the class comment. */
  add(text) {
    this.lineNumber += 1;
    const line = this.lineNumber;
    if (!/\S/.test(text)) return { type: 'blank' };
    let value;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new LogError(line, `malformed JSON: ${error.message}`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new LogError(line, `expected a JSON object, found ${typeName(value)}`);
    }
    const fields = new Fields(line, value);
    const type = fields.string('type', true);
    let change;
    if (type === 'header') {
      if (this.header) throw new LogError(line, 'type: a header may only be the first line');
      this.header = readSettings(value, fields, POINTER_FORMAT);
      change = { type };
    } else {
      if (!this.header) {
        throw new LogError(line, 'the pointer log has no header line (expected {"type":"header","format":"touchline.pointer",...} first)');
      }
      change = this.event(type, fields);
      this.eventCount += 1;
    }
    this.lines.push(text);
    this.bytes += utf8Length(text) + 1;
    return change;
  }

  event(type, fields) {
    const t = fields.number('t', false, 0);
    const time = (stroke) => {
      if (t === undefined) return;
      const last = stroke.points.length ? stroke.points[stroke.points.length - 1].t : undefined;
      if (last !== undefined && t < last) {
        throw fields.error(`t: time goes backwards inside the stroke of pointer ${stroke.id}: ${t} ms after ${last} ms`);
      }
    };
    let change;
    switch (type) {
      case 'tool': {
        const name = fields.string('tool', true);
        if (name !== 'eraser' && !Object.hasOwn(this.header.pens, name)) {
          throw fields.error(`tool: unknown tool '${name}' (expected ${['eraser', ...Object.keys(this.header.pens)].join(', ')})`);
        }
        this.tool = name;
        this.toolWritten = name;
        change = { type };
        break;
      }
      case 'down': {
        const id = fields.pointerID();
        const already = this.active.get(id);
        if (already) throw fields.error(`id: pointer ${id} is already down (since line ${already.line}); expected up or cancel first`);
        if (this.active.size >= MAXIMUM_ACTIVE_POINTERS) {
          throw fields.error(`more than ${MAXIMUM_ACTIVE_POINTERS} pointers down at once`);
        }
        const stroke = { id, tool: this.tool, points: [fields.point(t, true)], line: fields.line };
        this.active.set(id, stroke);
        change = { type, stroke };
        break;
      }
      case 'move':
      case 'up': {
        const id = fields.pointerID();
        const stroke = this.active.get(id);
        if (!stroke) throw fields.error(`id: ${type} for pointer ${id} with no down before it`);
        let point = fields.point(t, type === 'move');
        if (!point && type === 'up' && t !== undefined) {
          const last = stroke.points[stroke.points.length - 1];
          point = { ...last, t };
        }
        if (point) {
          time(stroke);
          stroke.points.push(point);
        }
        if (type === 'up') {
          this.active.delete(id);
          const done = { kind: 'stroke', tool: stroke.tool, points: stroke.points };
          this.applied.push(done);
          this.undone = [];
          change = { type, stroke: done };
        } else {
          change = { type, stroke };
        }
        break;
      }
      case 'cancel': {
        const id = fields.pointerID();
        const stroke = this.active.get(id);
        if (!stroke) throw fields.error(`id: cancel for pointer ${id} with no down before it`);
        this.active.delete(id);
        change = { type, stroke };
        break;
      }
      case 'clear':
        this.applied.push({ kind: 'clear' });
        this.undone = [];
        change = { type };
        break;
      case 'undo':
      case 'redo': {
        if (this.header.version < 2) {
          throw fields.error(`type: '${type}' needs a version 2 pointer log (this one is version ${this.header.version})`);
        }
        const [from, to] = type === 'undo' ? [this.applied, this.undone] : [this.undone, this.applied];
        if (!from.length) throw fields.error(`type: ${type} with nothing to ${type}`);
        to.push(from.pop());
        change = { type };
        break;
      }
      default:
        throw fields.error(`type: unknown event type '${type}' (expected ${EVENT_TYPES})`);
    }
    if (t !== undefined) this.lastTime = this.lastTime === null ? t : Math.max(this.lastTime, t);
    return change;
  }
}

/** Typed fields of one JSON object, every mismatch a LogError naming the field. */
class Fields {
  constructor(line, object, prefix = '') {
    this.line = line;
    this.object = object;
    this.prefix = prefix;
  }

  error(message) { return new LogError(this.line, message); }

  name(key) { return this.prefix + key; }

  string(key, required) {
    const value = this.object[key];
    if (value === undefined) {
      if (required) throw this.error(`${this.name(key)}: missing required field '${key}'`);
      return undefined;
    }
    if (typeof value !== 'string') throw this.error(`${this.name(key)}: expected a string, found ${typeName(value)}`);
    return value;
  }

  number(key, required, minimum, maximum) {
    const value = this.object[key];
    if (value === undefined) {
      if (required) throw this.error(`${this.name(key)}: missing required field '${key}'`);
      return undefined;
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw this.error(`${this.name(key)}: expected a number, found ${typeName(value)}`);
    }
    if ((minimum !== undefined && value < minimum) || (maximum !== undefined && value > maximum)) {
      const range = maximum === undefined ? `${minimum} or more` : `from ${minimum} to ${maximum}`;
      throw this.error(`${this.name(key)}: expected a number ${range}, found ${value}`);
    }
    return value;
  }

  object_(key) {
    const value = this.object[key];
    if (value === undefined) return undefined;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw this.error(`${this.name(key)}: expected an object, found ${typeName(value)}`);
    }
    return new Fields(this.line, value, this.name(key) + '.');
  }

  pointerID() {
    const value = this.object.id;
    if (value === undefined) throw this.error("id: missing required field 'id'");
    if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
    if (typeof value === 'string' && value.length > 0 && value.length <= 64) return value;
    throw this.error(`id: expected a whole number or a short string, found ${typeName(value)}`);
  }

  /** The line's point, or undefined when it has none and none is required. */
  point(t, required) {
    if (!required && this.object.x === undefined && this.object.y === undefined) return undefined;
    const point = { x: this.number('x', true), y: this.number('y', true) };
    if (t !== undefined) point.t = t;
    const pressure = this.number('pressure', false, 0, 1);
    if (pressure !== undefined) point.p = pressure;
    return point;
  }
}

/** The settings of a pointer-log header or a stroke document, with the spec's defaults. */
function readSettings(object, fields, expectedFormat) {
  const format = fields.string('format', true);
  if (format !== POINTER_FORMAT && format !== DOCUMENT_FORMAT) {
    throw fields.error(`format: unknown format '${format}' (expected ${DOCUMENT_FORMAT} or ${POINTER_FORMAT})`);
  }
  if (format !== expectedFormat) throw fields.error(`format: expected '${expectedFormat}', found '${format}'`);
  const version = fields.number('version', true);
  const versions = [1, 2];
  if (!versions.includes(version)) {
    throw fields.error(`version: unsupported ${format} version ${version} (expected ${versions.join(' or ')})`);
  }
  const surface = fields.object_('surface');
  if (!surface) throw fields.error("surface: missing required field 'surface'");
  const settings = {
    format,
    version,
    surface: {
      width: surface.number('width', true, 1, 100000),
      height: surface.number('height', true, 1, 100000),
    },
    pitchRect: null,
    orientation: oneOf(fields, 'orientation', ORIENTATIONS) ?? 'horizontal',
    background: oneOf(fields, 'background', BACKGROUNDS) ?? 'pitch',
    pens: { ...DEFAULT_PENS },
    eraserWidth: DEFAULT_ERASER_WIDTH,
  };
  const pens = fields.object_('pens');
  if (pens) {
    const names = Object.keys(pens.object).sort();
    if (!names.length) throw fields.error('pens: expected at least one pen');
    if (names.length > 64) throw fields.error(`pens: expected at most 64 pens, found ${names.length}`);
    settings.pens = {};
    for (const name of names) {
      if (name === 'eraser' || name.length > 64) {
        throw fields.error(`pens.${name}: a pen needs a name of 1 to 64 characters other than 'eraser'`);
      }
      const pen = pens.object_(name);
      const fallback = DEFAULT_PENS[name] ?? { color: '#000000', width: 6 };
      const color = pen.string('color', false) ?? fallback.color;
      if (!HEX_COLOR.test(color)) throw fields.error(`pens.${name}.color: expected a colour like #D32F2F, found '${color}'`);
      settings.pens[name] = { color, width: pen.number('width', false, Number.MIN_VALUE, 10000) ?? fallback.width };
    }
  }
  const eraser = fields.object_('eraser');
  if (eraser) settings.eraserWidth = eraser.number('width', false, Number.MIN_VALUE, 10000) ?? DEFAULT_ERASER_WIDTH;
  const pitch = fields.object_('pitch');
  if (pitch && pitch.object.rect !== undefined) {
    const rect = pitch.object.rect;
    if (!Array.isArray(rect) || rect.length !== 4 || !rect.every((n) => typeof n === 'number' && Number.isFinite(n))) {
      throw fields.error('pitch.rect: expected [x, y, width, height]');
    }
    if (rect[2] <= 0 || rect[3] <= 0) throw fields.error('pitch.rect: expected a positive width and height');
    settings.pitchRect = rect.slice();
  }
  return settings;
}

function oneOf(fields, key, allowed) {
  const value = fields.string(key, false);
  if (value !== undefined && !allowed.includes(value)) {
    throw fields.error(`${key}: unknown ${key} '${value}' (expected ${allowed.join(', ')})`);
  }
  return value;
}

/**
 * Reads a whole recording: a pointer log (versions 1 and 2) or a stroke document (version 1).
 * A stroke document is turned into the equivalent pointer log (version 2), so that it can be
 * shown and continued like any board the page made.
 *
 * @param {string} text the recording
 * @returns {BoardState} the board after every line
 * @throws {LogError} naming the line (or field) at fault
 */
export function readLog(text) {
  if (utf8Length(text) > MAXIMUM_LOG_BYTES) {
    throw new LogError(0, `the log is larger than ${MAXIMUM_LOG_BYTES} bytes`);
  }
  const body = text.replace(/^\uFEFF/, '');
  if (!/\S/.test(body)) throw new LogError(0, 'the log is empty; expected a stroke document or a pointer log');
  const state = new BoardState();
  if (isStrokeDocument(body)) {
    for (const { line, event } of strokeDocumentLines(body)) {
      try {
        state.add(line);
      } catch (error) {
        // The document's own place, not the line of the pointer log it became.
        if (error instanceof LogError) throw new LogError(0, event ? `${event}: ${error.detail}` : error.detail);
        throw error;
      }
    }
    return state;
  }
  const lines = body.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (const line of lines) state.add(line.replace(/\r$/, ''));
  if (!state.header) throw new LogError(0, 'the pointer log has no header line');
  return state;
}

/** A pointer log's first line is a complete object with a `type`; anything else is a stroke document. */
function isStrokeDocument(text) {
  const first = text.slice(0, text.indexOf('\n') < 0 ? text.length : text.indexOf('\n'));
  try {
    const object = JSON.parse(first);
    if (object && typeof object === 'object' && !Array.isArray(object)) {
      if (typeof object.format === 'string') return object.format !== POINTER_FORMAT;
      return object.type === undefined;
    }
  } catch {
    // Not one object on the first line: a stroke document spread over several lines.
  }
  return true;
}

/**
 * The pointer-log lines (version 2) that replay exactly as the stroke document `text` does
 * (versions 1 and 2), each with the document's event it came from (`events[3]`).
 */
function strokeDocumentLines(text) {
  let document;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new LogError(0, `malformed JSON: ${error.message}`);
  }
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    throw new LogError(0, `expected a stroke document (a JSON object), found ${typeName(document)}`);
  }
  const fields = new Fields(0, document);
  const settings = readSettings(document, fields, DOCUMENT_FORMAT);
  const header = { type: 'header', format: POINTER_FORMAT, version: 2, surface: settings.surface };
  if (document.pitch !== undefined) header.pitch = document.pitch;
  for (const key of ['orientation', 'background', 'pens', 'eraser']) {
    if (document[key] !== undefined) header[key] = document[key];
  }
  const lines = [{ line: JSON.stringify(header) }];
  const events = document.events;
  if (!Array.isArray(events)) throw new LogError(0, 'events: expected an array of strokes and clears');
  let tool = null;
  events.forEach((event, index) => {
    const where = `events[${index}]`;
    const add = (line) => lines.push({ line: JSON.stringify(line), event: where });
    if (event === null || typeof event !== 'object' || Array.isArray(event)) {
      throw new LogError(0, `${where}: expected an object, found ${typeName(event)}`);
    }
    switch (event.type) {
      case 'clear':
      case 'undo':
      case 'redo':
        if (event.type !== 'clear' && settings.version < 2) {
          throw new LogError(0, `${where}.type: '${event.type}' needs a version 2 stroke document (this one is version ${settings.version})`);
        }
        add(event.t === undefined ? { type: event.type } : { t: event.t, type: event.type });
        return;
      case 'stroke':
        break;
      default:
        throw new LogError(0, `${where}.type: expected stroke, clear, undo or redo, found ${JSON.stringify(event.type) ?? 'nothing'}`);
    }
    if (!Array.isArray(event.points) || event.points.length === 0) {
      throw new LogError(0, `${where}.points: a stroke needs at least one point`);
    }
    if (typeof event.tool !== 'string') throw new LogError(0, `${where}.tool: expected a string`);
    if (event.tool !== tool) {
      add({ type: 'tool', tool: event.tool });
      tool = event.tool;
    }
    event.points.forEach((point, pointIndex) => {
      if (!Array.isArray(point) || point.length < 2 || point.length > 4) {
        throw new LogError(0, `${where}.points[${pointIndex}]: expected [x, y], [x, y, t] or [x, y, t, pressure]`);
      }
      const [x, y, t, pressure] = point;
      const type = pointIndex === 0 ? 'down' : 'move';
      const line = t === undefined ? { type } : { t, type };
      Object.assign(line, { id: 1, x, y });
      if (pressure !== undefined) line.pressure = pressure;
      lines.push({ line: JSON.stringify(line), event: `${where}.points[${pointIndex}]` });
    });
    // An up without coordinates or time adds no point: the stroke is the document's points.
    add({ type: 'up', id: 1 });
  });
  return lines;
}

function typeName(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return { string: 'a string', number: 'a number', boolean: 'a boolean', object: 'an object' }[typeof value] ?? typeof value;
}

const encoder = new TextEncoder();

/** The UTF-8 length of `text` (ASCII, the usual case, without encoding it). */
export function utf8Length(text) {
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(text) ? text.length : encoder.encode(text).length;
}
