// The live board over a WebSocket (`/api/v1/boards/{id}/live`), both ends:
//
// - Publisher (the owner's page): the first message of every connection is the whole log so
//   far; then each batch of lines as it is recorded (lines written during one event handler go
//   out together). A dropped connection is opened again after a backoff, and starts over with
//   the whole log: the server begins a new epoch and its viewers redraw.
// - Viewer (`?view=TOKEN`): messages `{epoch, from, lines}` carry lines `from`, `from + 1`, ...
//   of the epoch's log. A new epoch resets the board; lines already read are skipped; after a
//   drop it reconnects with `epoch` and `from` = the lines it has, so nothing is drawn twice.
//
// Reconnecting: 1 s, 2 s, 4 s ... up to 30 s (each ±20 %), back to 1 s once a connection has
// stayed open 5 s (a viewer: once it has received a message). Closes that say the data was
// refused (1007 invalid lines, 1008 policy, 1009 too large) are not retried.

const FIRST_DELAY = 1000;
const LONGEST_DELAY = 30000;
const STABLE_AFTER = 5000;
const FINAL_CODES = new Map([
  [1007, 'the server refused the board'],
  [1008, 'the server refused this connection'],
  [1009, 'the board is too large to share live'],
]);

/** The live endpoint's WebSocket URL for `boardID` with `query`. */
export function liveURL(boardID, query) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const search = new URLSearchParams(query).toString();
  return `${scheme}//${location.host}/api/v1/boards/${encodeURIComponent(boardID)}/live${search ? `?${search}` : ''}`;
}

/** One WebSocket kept open: opened again after drops, with a growing delay. */
class Connection {
  /**
   * @param {() => string} url the URL to open now
   * @param {{open?: (socket) => void, message?: (event) => void, closed?: (event, opened: boolean) => void,
   *          status?: (text: string, kind?: string) => void}} handlers
   */
  constructor(url, handlers) {
    this.url = url;
    this.handlers = handlers;
    this.socket = null;
    this.attempt = 0;
    this.timer = null;
    this.stopped = true;
  }

  start() {
    this.stopped = false;
    this.open();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.close(1000, 'page closed');
  }

  /** Marks the connection healthy: the next drop retries after the first delay again. */
  healthy() { this.attempt = 0; }

  /** Closes this connection and opens another at once (used to resynchronise). */
  restart() {
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.close(1000, 'resynchronising');
    if (!this.stopped) this.open();
  }

  open() {
    clearTimeout(this.timer);
    let socket;
    try {
      socket = new WebSocket(this.url());
    } catch (error) {
      this.handlers.status?.(`Live: ${error.message}`, 'error');
      return;
    }
    this.socket = socket;
    let opened = false, stableTimer = null;
    socket.addEventListener('open', () => {
      if (socket !== this.socket) return;
      opened = true;
      stableTimer = setTimeout(() => this.healthy(), STABLE_AFTER);
      this.handlers.open?.(socket);
    });
    socket.addEventListener('message', (event) => {
      if (socket === this.socket) this.handlers.message?.(event);
    });
    socket.addEventListener('close', (event) => {
      clearTimeout(stableTimer);
      if (socket !== this.socket) return;
      this.socket = null;
      if (this.stopped) return;
      const final = FINAL_CODES.get(event.code);
      if (final) {
        this.stopped = true;
        this.handlers.status?.(`Live stopped: ${final}${event.reason ? ` (${event.reason})` : ''}.`, 'error');
        this.handlers.closed?.(event, opened, true);
        return;
      }
      if (this.handlers.closed?.(event, opened, false) === false) {
        this.stopped = true;
        return;
      }
      const delay = Math.min(LONGEST_DELAY, FIRST_DELAY * 2 ** this.attempt) * (0.8 + 0.4 * Math.random());
      this.attempt = Math.min(this.attempt + 1, 10);
      this.handlers.status?.(`Live connection lost; trying again in ${Math.round(delay / 1000)} s.`, 'warning');
      this.timer = setTimeout(() => this.open(), delay);
    });
  }

  get isOpen() { return this.socket?.readyState === WebSocket.OPEN; }
}

/** The owner's side: sends the log as it is recorded. */
export class Publisher {
  /**
   * @param {string} boardID
   * @param {{log: () => string, status?: (text: string, kind?: string) => void}} handlers
   *   `log` answers the whole log so far
   */
  constructor(boardID, handlers) {
    this.pending = [];
    this.flushQueued = false;
    this.connection = new Connection(() => liveURL(boardID, { role: 'publish' }), {
      open: (socket) => {
        this.pending = [];
        socket.send(handlers.log());
        handlers.status?.('Live: viewers see the board as you draw.', 'live');
      },
      status: handlers.status,
    });
  }

  start() { this.connection.start(); }
  stop() { this.connection.stop(); }

  /** Sends `line` (one log line, no newline) with the others of this turn of the event loop. */
  send(line) {
    if (!this.connection.isOpen) return; // the whole log goes out when it opens again
    this.pending.push(line);
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => {
      this.flushQueued = false;
      const lines = this.pending;
      this.pending = [];
      if (lines.length && this.connection.isOpen) this.connection.socket.send(lines.join('\n') + '\n');
    });
  }
}

/** A viewer's side: receives the log as it is drawn. */
export class Viewer {
  /**
   * @param {string} boardID
   * @param {Record<string, string>} query `{view: TOKEN}`, or `{}` for the owner's cookie
   * @param {{reset: () => void, lines: (lines: string[]) => void, status?: (text: string, kind?: string) => void,
   *          stillThere?: () => Promise<boolean>}} handlers
   *   `reset` empties the board for a new epoch; `lines` reads lines in order (throwing on a
   *   bad one); `stillThere` answers false when the board cannot be seen any more
   */
  constructor(boardID, query, handlers) {
    this.handlers = handlers;
    this.epoch = null;
    this.received = 0;
    this.connection = new Connection(() => {
      const resume = this.epoch === null ? {} : { epoch: this.epoch, from: String(this.received) };
      return liveURL(boardID, { ...query, ...resume });
    }, {
      open: () => handlers.status?.('Live: waiting for the coach to draw.', 'live'),
      message: (event) => this.receive(event.data),
      closed: (event, opened) => {
        if (opened || !handlers.stillThere) return true;
        // Never opened: a wrong or rotated link is refused before the upgrade. Ask once.
        handlers.stillThere().then((there) => {
          if (!there) {
            this.connection.stop();
            handlers.status?.('This board cannot be seen any more (the link was changed or the board deleted).', 'error');
          }
        }, () => {});
        return true;
      },
      status: handlers.status,
    });
  }

  start() { this.connection.start(); }
  stop() { this.connection.stop(); }

  receive(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      this.handlers.status?.('Live: an unreadable message was ignored.', 'warning');
      return;
    }
    if (!message || typeof message.epoch !== 'string' || !Number.isInteger(message.from) || message.from < 0
        || typeof message.lines !== 'string') {
      this.handlers.status?.('Live: an unexpected message was ignored.', 'warning');
      return;
    }
    if (message.epoch !== this.epoch) {
      if (message.from !== 0) {
        // A new epoch must start at line 0: ask for it whole.
        this.epoch = null;
        this.connection.restart();
        return;
      }
      this.epoch = message.epoch;
      this.received = 0;
      this.handlers.reset();
    }
    if (message.from > this.received) {
      // Lines went missing: resume from the last one read.
      this.connection.restart();
      return;
    }
    const lines = message.lines.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    const fresh = lines.slice(this.received - message.from);
    this.connection.healthy();
    if (!fresh.length) return;
    try {
      this.handlers.lines(fresh);
      this.received += fresh.length;
      this.handlers.status?.('Live', 'live');
    } catch (error) {
      this.handlers.status?.(`Live: ${error.message}`, 'error');
      this.epoch = null;
      this.connection.restart();
    }
  }
}
