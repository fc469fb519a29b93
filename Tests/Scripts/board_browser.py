#!/usr/bin/env python3
"""The web board in a real browser: Debian's headless Chromium driven through chromedriver.

Usage: board_browser.py TOUCHLINE_BINARY SCRATCH_FOLDER [DATABASE]

Makes a database (DATABASE, an SQLite path or a PostgreSQL URL; else club.sqlite in
SCRATCH_FOLDER) and a user with the command line, starts `touchline serve` on a free port,
signs in through /login, draws on #board with synthetic touch input (Chrome DevTools'
Input.dispatchTouchEvent): a red stroke, a blue stroke with two fingers at once, undo of both
blue fingers (and a redo and undo between), an eraser pass over part of the red stroke; saves,
and checks the server's PNG of the board pixel by pixel where the fingers went (red ink, no
blue ink, pitch where the eraser passed). Then the owner opens the board again from /boards,
shares it, a second browser opens the view link, and the owner's next stroke shows on the
viewer's canvas while the finger is still down. Finally the page's own modules are checked in
the browser: the log reader's versions and errors, and a live viewer's resume after a drop.

Prints what it checked; any failure (Chromium that cannot start included) is one message on
standard error and exit status 1.
"""

import json
import os
import re
import signal
import struct
import subprocess
import sys
import time
import urllib.error
import urllib.request
import zlib

# The whole run must finish within this many seconds (the Swift test's limit is longer).
TIME_LIMIT = 240
USERNAME = 'coach'
PASSWORD = 'a long passphrase'
# The style's colours (Resources/styles/board.json, Pen.defaults).
RED = (0xD3, 0x2F, 0x2F)
BLUE = (0x19, 0x76, 0xD2)
GRASS = [(0x3D, 0x8B, 0x3D), (0x47, 0x97, 0x4A)]
TOLERANCE = 28


class Failure(Exception):
    """A check that failed: the message says what was expected and found."""


def check(condition, message):
    if not condition:
        raise Failure(message)


def wait_for(what, predicate, timeout=15.0, interval=0.05):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise Failure(f'timed out after {timeout:.0f} s waiting for {what}')
        time.sleep(interval)


# ---- The server ----

class Server:
    def __init__(self, touchline, scratch, database=None):
        self.touchline = touchline
        self.database = database or os.path.join(scratch, 'club.sqlite')
        self.environment = {**os.environ, 'TOUCHLINE_PASSWORD': PASSWORD,
                            'XDG_CONFIG_HOME': os.path.join(scratch, 'config'),
                            'XDG_DATA_HOME': os.path.join(scratch, 'data')}
        self.environment.pop('TOUCHLINE_DB', None)
        self.log_path = os.path.join(scratch, 'server.log')
        self.process = None
        self.base = None

    def add_user(self):
        result = subprocess.run([self.touchline, 'user', 'add', USERNAME, '--email', 'coach@example.org',
                                 '--db', self.database], env=self.environment, capture_output=True, text=True,
                                timeout=60)
        check(result.returncode == 0, f'touchline user add failed ({result.returncode}): {result.stderr.strip()}')

    def start(self):
        self.log = open(self.log_path, 'w')
        # --rate-limit 0: one test client sends many requests a minute.
        self.process = subprocess.Popen([self.touchline, 'serve', '--port', '0', '--db', self.database,
                                         '--rate-limit', '0'], env=self.environment, stdout=subprocess.DEVNULL,
                                        stderr=self.log, stdin=subprocess.DEVNULL)

        def port():
            if self.process.poll() is not None:
                raise Failure(f'touchline serve exited with {self.process.returncode}: {self.server_log()}')
            match = re.search(r'listening address=127\.0\.0\.1:(\d+)', self.server_log())
            return match and int(match.group(1))
        self.base = f'http://127.0.0.1:{wait_for("touchline serve to listen", port, timeout=30)}'

    def server_log(self):
        with open(self.log_path) as file:
            return file.read()

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        if self.process:
            self.log.close()

    def get(self, path, cookie):
        request = urllib.request.Request(self.base + path, headers={'Cookie': cookie})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()


# ---- PNG reading (8-bit, non-interlaced: what the renderer writes) ----

def read_png(data):
    """(width, height, rows of RGBA tuples) of a PNG of 8-bit grey, RGB, grey+alpha or RGBA."""
    check(data[:8] == b'\x89PNG\r\n\x1a\n', 'the board PNG does not start with the PNG signature')
    position, chunks, header = 8, [], None
    while position < len(data):
        length, kind = struct.unpack('>I4s', data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b'IHDR':
            header = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            chunks.append(body)
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    check(depth == 8 and channels and interlace == 0,
          f'unexpected PNG format: depth {depth}, colour type {colour}, interlace {interlace}')
    raw = zlib.decompress(b''.join(chunks))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        previous = line
        if channels == 4:
            rows.append([tuple(line[i:i + 4]) for i in range(0, stride, 4)])
        elif channels == 3:
            rows.append([tuple(line[i:i + 3]) + (255,) for i in range(0, stride, 3)])
        elif channels == 2:
            rows.append([(line[i], line[i], line[i], line[i + 1]) for i in range(0, stride, 2)])
        else:
            rows.append([(v, v, v, 255) for v in line])
    return width, height, rows


def near(pixel, colour):
    return all(abs(a - b) <= TOLERANCE for a, b in zip(pixel[:3], colour))


def is_grass(pixel):
    return any(near(pixel, colour) for colour in GRASS)


# ---- The browser ----

def browser(scratch, name, scale):
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get('CHROMIUM', '/usr/bin/chromium')
    for argument in ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu',
                     '--window-size=1024,768', f'--force-device-scale-factor={scale}', '--no-first-run',
                     '--disable-extensions', '--disable-background-networking', '--disable-sync',
                     f'--user-data-dir={os.path.join(scratch, "chromium-" + name)}']:
        options.add_argument(argument)
    service = Service(os.environ.get('CHROMEDRIVER', '/usr/bin/chromedriver'),
                      log_output=os.path.join(scratch, f'chromedriver-{name}.log'))
    try:
        driver = webdriver.Chrome(service=service, options=options)
    except WebDriverException as error:
        raise Failure(f'Chromium could not start ({options.binary_location} through {service.path}): '
                      f'{error.msg or error}'.strip()) from None
    except OSError as error:
        raise Failure(f'Chromium could not start: {error}') from None
    driver.set_script_timeout(30)
    return driver


class Board:
    """One browser's board page, with the log's geometry to aim the fingers."""

    def __init__(self, driver):
        self.driver = driver

    def wait_ready(self):
        wait_for('the board page to be ready',
                 lambda: self.driver.execute_script('return !!(window.touchline && window.touchline.ready())'))
        header = json.loads(self.log().split('\n', 1)[0])
        self.surface = header['surface']
        self.header = header

    def log(self):
        return self.driver.execute_script('return window.touchline.log()')

    def lines(self):
        return [json.loads(line) for line in self.log().splitlines()]

    def surface_point(self, along, across):
        """The surface point at fractions of the pitch's length and width (pitch.rect of the header)."""
        x, y, width, height = self.header['pitch']['rect']
        if self.header.get('orientation', 'horizontal') == 'horizontal':
            return (x + along * width, y + across * height)
        return (x + across * width, y + height - along * height)

    def client(self, point):
        box = self.driver.execute_script(
            'const r = document.querySelector("#board").getBoundingClientRect(); return [r.left, r.top, r.width, r.height]')
        return (box[0] + point[0] * box[2] / self.surface['width'], box[1] + point[1] * box[3] / self.surface['height'])

    def touch(self, kind, fingers):
        """One CDP touch event; `fingers` are the touch points still down, {id: surface point}."""
        points = []
        for finger, point in fingers.items():
            x, y = self.client(point)
            points.append({'x': x, 'y': y, 'id': finger, 'radiusX': 2, 'radiusY': 2, 'force': 1})
        self.driver.execute_cdp_cmd('Input.dispatchTouchEvent', {'type': kind, 'touchPoints': points})

    def draw(self, *paths, end=True):
        """Draws each path (a list of surface points) with its own finger, all at once."""
        self.touch('touchStart', {finger: path[0] for finger, path in enumerate(paths)})
        for step in range(1, max(len(path) for path in paths)):
            self.touch('touchMove', {finger: path[min(step, len(path) - 1)] for finger, path in enumerate(paths)})
        if end:
            self.touch('touchEnd', {})

    def pen(self, points, pressure=0.6):
        """A pen stroke through surface points (CDP mouse events with pointerType pen and a force)."""
        kinds = ['mousePressed'] + ['mouseMoved'] * (len(points) - 2) + ['mouseReleased']
        for kind, point in zip(kinds, points):
            x, y = self.client(point)
            self.driver.execute_cdp_cmd('Input.dispatchMouseEvent', {
                'type': kind, 'x': x, 'y': y, 'button': 'left', 'buttons': 0 if kind == 'mouseReleased' else 1,
                'clickCount': 1, 'pointerType': 'pen', 'force': pressure})

    def tap(self, selector):
        """A finger's tap on the element `selector`."""
        box = self.driver.execute_script(
            'const r = document.querySelector(arguments[0]).getBoundingClientRect();'
            'return [r.left + r.width / 2, r.top + r.height / 2]', selector)
        point = {'x': box[0], 'y': box[1], 'id': 9, 'radiusX': 2, 'radiusY': 2, 'force': 1}
        self.driver.execute_cdp_cmd('Input.dispatchTouchEvent', {'type': 'touchStart', 'touchPoints': [point]})
        self.driver.execute_cdp_cmd('Input.dispatchTouchEvent', {'type': 'touchEnd', 'touchPoints': []})

    def button(self, selector):
        from selenium.webdriver.common.by import By
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def click(self, selector):
        button = self.button(selector)
        check(button.is_enabled(), f'{selector} is disabled')
        button.click()

    def canvas_pixel(self, point):
        """The ink canvas's RGBA at a surface point."""
        return tuple(self.driver.execute_script('''
            const canvas = document.querySelector('#board');
            const surface = JSON.parse(window.touchline.log().split('\\n')[0]).surface;
            const x = Math.floor(arguments[0] * canvas.width / surface.width);
            const y = Math.floor(arguments[1] * canvas.height / surface.height);
            return Array.from(canvas.getContext('2d').getImageData(x, y, 1, 1).data);''', *point))


def path(start, end, steps):
    return [(start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps)
            for k in range(steps + 1)]


def session_cookie(driver):
    cookies = {cookie['name']: cookie['value'] for cookie in driver.get_cookies()}
    check('touchline_session' in cookies, f'no touchline_session cookie after signing in (cookies: {sorted(cookies)})')
    check('touchline_csrf' in cookies, f'no touchline_csrf cookie after signing in (cookies: {sorted(cookies)})')
    return f'touchline_session={cookies["touchline_session"]}'


def sign_in(driver, server):
    from selenium.webdriver.common.by import By
    driver.get(server.base + '/board')
    wait_for('/board to send a visitor to /login', lambda: '/login' in driver.current_url)
    check('next=' in driver.current_url, f'/login without next: {driver.current_url}')
    driver.find_element(By.CSS_SELECTOR, 'input[name="username"]').send_keys(USERNAME)
    driver.find_element(By.CSS_SELECTOR, 'input[name="password"]').send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, 'button[type="submit"]').click()
    wait_for('sign-in to come back to /board',
             lambda: re.search(r'/board$', driver.current_url.split('?')[0]) is not None)


def check_png(server, cookie, board_id, owner, red, blue_paths, eraser_x):
    """The server's render: red ink off the eraser's band, pitch in it, no blue anywhere the blue fingers went."""
    status, headers, body = server.get(f'/api/v1/boards/{board_id}.png?size=1600x1200', cookie)
    check(status == 200, f'GET /api/v1/boards/{board_id}.png answered {status}: {body[:300]!r}')
    width, height, rows = read_png(body)
    surface = owner.surface
    scale = min(width / surface['width'], height / surface['height'])
    left, top = (width - surface['width'] * scale) / 2, (height - surface['height'] * scale) / 2

    def pixel(point):
        return rows[int(top + point[1] * scale)][int(left + point[0] * scale)]

    eraser_reach = owner.header['eraser']['width'] / 2 + owner.header['pens']['red']['width'] / 2 + 4
    inked = erased = 0
    for point in path(red[0], red[-1], 120):
        found = pixel(point)
        if abs(point[0] - eraser_x) > eraser_reach:
            check(near(found, RED), f'PNG at surface {point}: expected red ink, found {found}')
            inked += 1
        elif abs(point[0] - eraser_x) < owner.header['eraser']['width'] / 2 - 4:
            check(is_grass(found), f'PNG at surface {point}: expected the pitch where the eraser passed, found {found}')
            erased += 1
    blank = 0
    for blue in blue_paths:
        for point in path(blue[0], blue[-1], 60):
            found = pixel(point)
            check(not near(found, BLUE), f'PNG at surface {point}: blue ink of an undone stroke, {found}')
            check(is_grass(found), f'PNG at surface {point}: expected the pitch where the undone blue stroke was, found {found}')
            blank += 1
    check(inked > 40 and erased > 5 and blank > 100, f'too few probes: {inked} red, {erased} erased, {blank} blue')
    return f'PNG {width}x{height}: {inked} red probes, {erased} erased probes, {blank} undone-blue probes'


def check_palm_rejection(owner):
    """Once a pen has drawn, fingers do not, until the Fingers button is tapped with a finger."""
    fingers = 'button[data-action="fingers"]'
    check(not owner.button(fingers).is_displayed(), 'the Fingers button shows before any pen')
    count = len(owner.lines())
    owner.pen(path(owner.surface_point(0.05, 0.1), owner.surface_point(0.15, 0.1), 6))
    pen_lines = owner.lines()[count:]
    check([line['type'] for line in pen_lines][-1] == 'up' and all(
        ('pressure' in line) == (line['type'] in ('down', 'move')) for line in pen_lines if line['type'] != 'tool'),
        f'a pen stroke records its pressure on down and move only: {pen_lines}')
    check(abs(pen_lines[-2]['pressure'] - 0.6) < 0.01, f'pen pressure {pen_lines[-2]}')
    check(owner.button(fingers).is_displayed(), 'no Fingers button after a pen')
    count = len(owner.lines())
    owner.draw(path(owner.surface_point(0.05, 0.9), owner.surface_point(0.15, 0.9), 6))
    check(len(owner.lines()) == count, 'a finger drew after a pen (palm rejection off)')
    owner.tap(fingers)
    wait_for('a finger\'s tap on Fingers to turn finger drawing on',
             lambda: owner.button(fingers).get_attribute('aria-pressed') == 'true', timeout=5)
    owner.draw(path(owner.surface_point(0.05, 0.9), owner.surface_point(0.15, 0.9), 6))
    check([line['type'] for line in owner.lines()[count:]].count('up') == 1, 'a finger could not draw after Fingers')
    return 'palm rejection: a pen stops fingers; a finger on Fingers lets them draw again'


# The page's modules, checked in the browser by importing them from /web/.
MODULE_CHECKS = r'''
const done = arguments[arguments.length - 1];
(async () => {
  const failures = [];
  const expect = (condition, message) => { if (!condition) failures.push(message); };
  const throws = (run, pattern, message) => {
    try { run(); failures.push(`${message}: no error`); }
    catch (error) { if (!pattern.test(error.message)) failures.push(`${message}: ${error.message}`); }
  };
  const { readLog, BoardState } = await import('/web/pointer-log.js');
  const { Viewer } = await import('/web/live.js');
  const header = (version) => JSON.stringify({ type: 'header', format: 'touchline.pointer', version,
    surface: { width: 100, height: 50 } });
  const stroke = (id, t, x) => [
    `{"t":${t},"type":"down","id":${id},"x":${x},"y":10}`, `{"t":${t + 1},"type":"move","id":${id},"x":${x + 5},"y":10}`,
    `{"t":${t + 2},"type":"up","id":${id},"x":${x + 9},"y":10}`];
  const log = (version, ...lines) => [header(version), ...lines].join('\n') + '\n';

  // Version 1 reads; undo in it is an error naming the line.
  const v1 = readLog(log(1, '{"t":0,"type":"tool","tool":"blue"}', ...stroke(1, 0, 10), '{"t":9,"type":"clear"}'));
  expect(v1.applied.length === 2 && v1.visibleStrokes().length === 0, 'v1: a stroke then a clear');
  throws(() => readLog(log(1, ...stroke(1, 0, 10), '{"t":9,"type":"undo"}')), /^line 5: .*version 2/, 'undo in v1');
  // Version 2: undo, redo, a new stroke forgets the redo stack, undo of a clear brings the ink back.
  const v2 = readLog(log(2, ...stroke(1, 0, 10), ...stroke(2, 5, 40), '{"t":9,"type":"undo"}',
    '{"t":10,"type":"redo"}', '{"t":11,"type":"undo"}', ...stroke(3, 12, 70)));
  expect(v2.applied.length === 2 && !v2.canRedo && v2.applied[1].points[0].x === 70, 'v2: undo, redo, undo, new stroke');
  throws(() => readLog(log(2, ...stroke(1, 0, 10), '{"t":9,"type":"undo"}', '{"t":10,"type":"undo"}')),
    /^line 6: .*nothing to undo/, 'undo with nothing to undo');
  throws(() => readLog(log(2, ...stroke(1, 0, 10), '{"t":9,"type":"redo"}')), /^line 5: .*nothing to redo/, 'redo with nothing to redo');
  const cleared = readLog(log(2, ...stroke(1, 0, 10), '{"t":9,"type":"clear"}', '{"t":10,"type":"undo"}'));
  expect(cleared.visibleStrokes().length === 1 && cleared.canRedo, 'undo of a clear brings the ink back');
  // The spec's errors, each naming its line.
  throws(() => readLog(log(2, '{"t":0,"type":"move","id":1,"x":1,"y":1}')), /^line 2: id: move for pointer 1 with no down/, 'move without down');
  throws(() => readLog(log(2, '{"t":0,"type":"tool","tool":"green"}')), /^line 2: tool: unknown tool 'green'/, 'unknown tool');
  throws(() => readLog(log(2, '{"t":5,"type":"down","id":1,"x":1,"y":1}', '{"t":4,"type":"up","id":1,"x":1,"y":1}')),
    /^line 3: t: time goes backwards/, 'time backwards');
  throws(() => readLog(log(2, '{"t":0,"type":"down","id":1,"x":1')), /^line 2: malformed JSON/, 'malformed JSON');
  throws(() => readLog(header(3) + '\n'), /version: unsupported touchline.pointer version 3/, 'version 3');
  throws(() => readLog(log(2, '{"t":0,"type":"wave"}')), /^line 2: type: unknown event type 'wave'/, 'unknown type');
  throws(() => readLog('{"t":0,"type":"down","id":1,"x":1,"y":1}\n'), /^line 1: the pointer log has no header/, 'no header');
  // A stroke document reads as the same strokes.
  const document_ = readLog(JSON.stringify({ format: 'touchline.strokes', version: 1, surface: { width: 100, height: 50 },
    events: [{ type: 'stroke', tool: 'red', points: [[1, 2], [3, 4, 5]] }, { type: 'clear' },
      { type: 'stroke', tool: 'eraser', points: [[6, 7]] }] }));
  expect(document_.applied.length === 3 && document_.applied[2].tool === 'eraser' && document_.applied[0].points.length === 2,
    'a stroke document becomes its strokes');
  // Version 2 stroke documents undo and redo too; version 1 ones may not, and errors name the event.
  const documentWith = (version, ...events) => JSON.stringify({ format: 'touchline.strokes', version,
    surface: { width: 100, height: 50 }, events: [{ type: 'stroke', tool: 'red', points: [[1, 2]] }, ...events] });
  const undone = readLog(documentWith(2, { type: 'undo', t: 4 }, { type: 'redo' }, { type: 'undo' }));
  expect(undone.applied.length === 0 && undone.canRedo, 'a version 2 stroke document undoes and redoes');
  throws(() => readLog(documentWith(1, { type: 'undo' })), /^events\[1\]\.type: 'undo' needs a version 2/, 'undo in a v1 document');
  throws(() => readLog(documentWith(2, { type: 'undo' }, { type: 'undo' })), /^events\[2\]: type: undo with nothing to undo/,
    'a document undoing too much');
  // A cancelled pointer leaves nothing.
  const cancelled = readLog(log(2, '{"t":0,"type":"down","id":1,"x":1,"y":1}', '{"t":1,"type":"cancel","id":1}'));
  expect(cancelled.applied.length === 0 && cancelled.active.size === 0, 'cancel drops the stroke');

  // A live viewer: lines in order, overlap skipped, resume with epoch and from, new epoch resets.
  const sockets = [];
  class FakeSocket extends EventTarget {
    constructor(url) { super(); this.url = url; this.readyState = 0; sockets.push(this); }
    send() { throw new Error('viewers never send'); }
    close() { this.readyState = 3; }
    open() { this.readyState = 1; this.dispatchEvent(new Event('open')); }
    message(object) { this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(object) })); }
    drop() { this.readyState = 3; const event = new Event('close'); event.code = 1006; event.reason = ''; this.dispatchEvent(event); }
  }
  const RealSocket = window.WebSocket;
  window.WebSocket = FakeSocket;
  FakeSocket.OPEN = 1;
  try {
    let state = new BoardState(), resets = 0;
    const viewer = new Viewer('7', { view: 'abc' }, {
      reset: () => { state = new BoardState(); resets += 1; },
      lines: (lines) => lines.forEach((line) => state.add(line)),
    });
    viewer.start();
    const all = [header(2), ...stroke(1, 0, 10), ...stroke(2, 5, 40)];
    const chunk = (from, to) => all.slice(from, to).join('\n') + '\n';
    sockets[0].open();
    expect(/\/api\/v1\/boards\/7\/live\?view=abc$/.test(sockets[0].url), `first URL ${sockets[0].url}`);
    sockets[0].message({ epoch: 'e1', from: 0, lines: chunk(0, 3) });
    expect(state.active.size === 1 && state.applied.length === 0, 'a stroke in progress is drawn before its up');
    sockets[0].message({ epoch: 'e1', from: 2, lines: chunk(2, 5) }); // overlaps line 2
    expect(state.applied.length === 1 && state.lines.length === 5, `overlap skipped (${state.lines.length} lines)`);
    sockets[0].drop();
    await new Promise((resolve) => setTimeout(resolve, 1400));
    expect(sockets.length === 2 && /epoch=e1&from=5$/.test(sockets[1].url), `resumed with ${sockets[1]?.url}`);
    sockets[1].open();
    sockets[1].message({ epoch: 'e1', from: 5, lines: chunk(5, 7) });
    expect(state.applied.length === 2 && state.lines.length === 7 && resets === 1, 'resumed without duplicates');
    sockets[1].message({ epoch: 'e2', from: 0, lines: chunk(0, 4) });
    expect(resets === 2 && state.applied.length === 1 && state.lines.length === 4, 'a new epoch resets the board');
    viewer.stop();

    // A publisher: the whole log first, then the lines of one turn together; after a drop it
    // connects again and starts over with the whole log; a refused log (1007) is not retried.
    sockets.length = 0;
    let log = header(2) + '\n';
    const { Publisher } = await import('/web/live.js');
    const publisher = new Publisher('7', { log: () => log });
    publisher.start();
    const sent = [];
    sockets[0].send = (text) => sent.push(text);
    expect(/\/api\/v1\/boards\/7\/live\?role=publish$/.test(sockets[0].url), `publisher URL ${sockets[0].url}`);
    publisher.send('{"t":0,"type":"clear"}'); // not open yet: the whole log will carry it
    sockets[0].open();
    expect(sent.length === 1 && sent[0] === log, `first message: ${JSON.stringify(sent)}`);
    for (const line of stroke(1, 0, 10)) { log += line + '\n'; publisher.send(line); }
    await Promise.resolve();
    expect(sent.length === 2 && sent[1] === stroke(1, 0, 10).join('\n') + '\n', `batched lines: ${JSON.stringify(sent)}`);
    sockets[0].drop();
    await new Promise((resolve) => setTimeout(resolve, 1400));
    expect(sockets.length === 2, `the publisher did not connect again (${sockets.length})`);
    sockets[1].send = (text) => sent.push(text);
    sockets[1].open();
    expect(sent.length === 3 && sent[2] === log, 'the publisher did not start over with the whole log');
    const refused = new Event('close');
    refused.code = 1007;
    refused.reason = 'line 3: bad';
    sockets[1].readyState = 3;
    sockets[1].dispatchEvent(refused);
    // Longer than the second retry's delay (2 s + 20 %).
    await new Promise((resolve) => setTimeout(resolve, 2600));
    expect(sockets.length === 2, 'a refused publisher tried again');
    publisher.stop();
  } finally {
    window.WebSocket = RealSocket;
  }
  return failures;
})().then(done, (error) => done([`module checks crashed: ${error.message}`]));
'''


def run(touchline, scratch, database, report):
    """The whole scenario; `report` gets a line for each stage passed."""
    from selenium.webdriver.common.by import By

    server = Server(touchline, scratch, database)
    server.add_user()
    server.start()
    owner = viewer = None
    try:
        # The owner: signs in on the way to a new board; devicePixelRatio 2 (a tablet's).
        owner_driver = browser(scratch, 'owner', 2)
        owner = Board(owner_driver)
        sign_in(owner_driver, server)
        owner.wait_ready()
        cookie = session_cookie(owner_driver)
        header = owner.header
        check(header.get('version') == 2 and header.get('format') == 'touchline.pointer', f'header {header}')
        check('rect' in header.get('pitch', {}), f'the header has no pitch.rect: {header}')
        report.append(f'signed in; new board, surface {owner.surface}, pitch.rect {header["pitch"]["rect"]}')

        # A red stroke across a part of the pitch with no markings; two blue fingers at once.
        red = path(owner.surface_point(0.22, 0.25), owner.surface_point(0.38, 0.25), 24)
        blue = [path(owner.surface_point(0.62, 0.30), owner.surface_point(0.78, 0.30), 16),
                path(owner.surface_point(0.62, 0.70), owner.surface_point(0.78, 0.70), 16)]
        owner.click('button[data-tool="red"]')
        owner.draw(red)
        owner.click('button[data-tool="blue"]')
        owner.draw(*blue)
        lines = owner.lines()
        downs = [line for line in lines if line.get('type') == 'down']
        check(len(downs) == 3 and downs[1]['id'] != downs[2]['id'], f'expected 3 strokes, 2 of them at once: {downs}')
        second_down = lines.index(downs[2])
        first_up = next(i for i, line in enumerate(lines) if line.get('type') == 'up' and line['id'] == downs[1]['id'])
        check(second_down < first_up, 'the two blue fingers were not down at the same time')
        check(lines[1] == {'t': 0, 'type': 'tool', 'tool': 'red'}, f'the first event is not the red tool at t=0: {lines[1]}')
        check(not any('pressure' in line for line in lines), 'touch input recorded a pressure')
        check(owner.canvas_pixel(blue[0][8])[:3] == BLUE, f'blue ink not on the canvas: {owner.canvas_pixel(blue[0][8])}')

        # Undo both blue fingers (a redo and an undo between), then the redo button is on, undo still on.
        check(not owner.button('button[data-action="redo"]').is_enabled(), 'redo enabled with nothing to redo')
        owner.click('button[data-action="undo"]')
        owner.click('button[data-action="undo"]')
        owner.click('button[data-action="redo"]')
        owner.click('button[data-action="undo"]')
        check(owner.button('button[data-action="redo"]').is_enabled(), 'redo disabled after an undo')
        # The canvas is repainted on the next animation frame, which a loaded machine delays.
        wait_for('the undone blue ink to leave the canvas',
                 lambda: owner.canvas_pixel(blue[0][8])[3] == 0 and owner.canvas_pixel(blue[1][8])[3] == 0)
        check(owner.canvas_pixel(red[6])[:3] == RED, f'red ink missing on the canvas: {owner.canvas_pixel(red[6])}')

        # The eraser across the middle of the red stroke.
        eraser_x = red[12][0]
        owner.click('button[data-tool="eraser"]')
        owner.draw(path((eraser_x, red[12][1] - 40), (eraser_x, red[12][1] + 40), 10))
        wait_for('the eraser to take the ink off the canvas', lambda: owner.canvas_pixel(red[12])[3] == 0)
        check(not owner.button('button[data-action="redo"]').is_enabled(), 'a new stroke did not forget the redo stack')
        types = [line['type'] for line in owner.lines()]
        check(types.count('undo') == 3 and types.count('redo') == 1, f'undo/redo lines: {types}')

        # Save: the id, the URL, and the server's log is the page's.
        owner.click('button[data-action="save"]')
        board_id = wait_for('#board-id after saving', lambda: owner.button('#board-id').text.strip())
        check(owner_driver.current_url.endswith(f'/board/{board_id}'), f'URL after saving: {owner_driver.current_url}')
        status, _, stored = server.get(f'/api/v1/boards/{board_id}/log', cookie)
        check(status == 200 and stored.decode() == owner.log(), f'the stored log differs from the page\'s ({status})')
        report.append(f'drew red, two blue fingers, undo x2 (+redo, undo), eraser; saved board {board_id}')
        report.append(check_png(server, cookie, board_id, owner, red, blue, eraser_x))

        # The list of boards shows it; the owner opens it again and it continues.
        owner_driver.get(server.base + '/boards')
        link = wait_for('the board in /boards', lambda: owner_driver.find_elements(By.CSS_SELECTOR, f'a[href="/board/{board_id}"]'))
        thumbnail = link[0].find_element(By.CSS_SELECTOR, 'img')
        check(f'/api/v1/boards/{board_id}.png' in thumbnail.get_attribute('src'), 'no thumbnail in /boards')
        # Opened in a new tab, as a middle click would: after a synthetic two-finger touch,
        # Chromium delivers no more synthetic touches to a tab that navigated (a DevTools input
        # emulation quirk; real touch screens are not affected).
        href = link[0].get_attribute('href')
        check(href == f'{server.base}/board/{board_id}', f'the board\'s link in /boards: {href}')
        owner_driver.switch_to.new_window('tab')
        owner_driver.get(href)
        owner.wait_ready()
        check(owner.log() == stored.decode(), 'the reopened board is not the stored log')
        last_time = max(line.get('t', 0) for line in owner.lines())
        check(owner.button('button[data-action="undo"]').is_enabled(), 'undo disabled on the reopened board')

        # Share; a second browser (not signed in) opens the link and is read-only.
        owner.click('button[data-action="share"]')
        view_link = wait_for('#view-link', lambda: owner.button('#view-link').text.strip())
        check(re.fullmatch(rf'{re.escape(server.base)}/board/{board_id}\?view=[0-9a-f]{{32}}', view_link),
              f'view link {view_link}')
        viewer_driver = browser(scratch, 'viewer', 1)
        viewer = Board(viewer_driver)
        viewer_driver.get(view_link)
        viewer.wait_ready()
        check(not viewer.button('button[data-tool="red"]').is_displayed(), 'a viewer sees the pens')
        wait_for('the viewer to go live', lambda: viewer_driver.execute_script(
            'return document.querySelector("#status").dataset.kind === "live"'), timeout=20)
        wait_for('the viewer to have the owner\'s log', lambda: viewer.log() == owner.log(), timeout=20)
        before = viewer.log()
        viewer.draw(path(viewer.surface_point(0.1, 0.5), viewer.surface_point(0.15, 0.5), 4))
        check(viewer.log() == before, 'a viewer could draw')

        # The owner draws after the viewer joined: the viewer sees it while the finger is down.
        owner.click('button[data-tool="red"]')
        live = path(owner.surface_point(0.62, 0.50), owner.surface_point(0.78, 0.50), 16)
        ups = [line['type'] for line in viewer.lines()].count('up')
        owner.draw(live, end=False)
        wait_for('the viewer to show the stroke being drawn', lambda: viewer.canvas_pixel(live[8])[:3] == RED, timeout=10)
        check([line['type'] for line in viewer.lines()].count('up') == ups,
              'the stroke ended on the viewer before the finger lifted')
        owner.touch('touchEnd', {})
        wait_for('the viewer to receive the whole stroke', lambda: viewer.log() == owner.log(), timeout=10)
        new = owner.lines()[len(stored.decode().splitlines()):]
        check(new and new[0]['t'] >= last_time + 1000, f'the continued board\'s clock: {new[:1]} after t={last_time}')
        report.append(f'shared; the viewer received the live stroke while it was drawn ({len(new)} new lines)')

        report.append(check_palm_rejection(owner))

        # Saved again (PUT), the owner signs out from /boards: the session ends.
        owner.click('button[data-action="save"]')
        wait_for('the second save', lambda: owner.button('#status').text == 'Saved.')
        status, _, stored = server.get(f'/api/v1/boards/{board_id}/log', cookie)
        check(status == 200 and stored.decode() == owner.log(), 'the saved-again log differs from the page\'s')
        owner_driver.get(server.base + '/boards')
        wait_for('the sign-out button', lambda: owner_driver.find_elements(By.CSS_SELECTOR, 'form[action="/logout"] button'))
        owner_driver.find_element(By.CSS_SELECTOR, 'form[action="/logout"] button').click()
        wait_for('/logout to go to /login', lambda: '/login' in owner_driver.current_url)
        status, _, _ = server.get('/api/v1/boards', cookie)
        check(status == 401, f'the session still works after signing out ({status})')
        report.append('saved again; signed out from /boards')

        # On a page that runs none of the board's own scripts (their live viewer would open
        # sockets of its own while the checks stand in for WebSocket).
        viewer_driver.get(server.base + '/login')
        failures = viewer_driver.execute_async_script(MODULE_CHECKS)
        check(not failures, 'module checks: ' + '; '.join(failures))
        report.append('modules: log versions 1 and 2 with their errors, viewer resume and epochs, publisher restarts')
    finally:
        for board in (owner, viewer):
            if board:
                board.driver.quit()
        server.stop()
    errors = [line for line in server.server_log().splitlines() if ' error ' in line]
    check(not errors, 'the server logged errors: ' + '\n'.join(errors[:5]))


def main():
    if len(sys.argv) not in (3, 4):
        print('usage: board_browser.py TOUCHLINE_BINARY SCRATCH_FOLDER [DATABASE]', file=sys.stderr)
        return 64
    touchline, scratch = sys.argv[1], sys.argv[2]
    database = sys.argv[3] if len(sys.argv) == 4 else None
    os.makedirs(scratch, exist_ok=True)

    def out_of_time(*_):
        raise Failure(f'the browser test took longer than {TIME_LIMIT} s')
    signal.signal(signal.SIGALRM, out_of_time)
    signal.alarm(TIME_LIMIT)
    report = []
    try:
        run(touchline, scratch, database, report)
        print('\n'.join(report))
    except Failure as failure:
        passed = ''.join(f'\n  passed: {line}' for line in report)
        print(f'board_browser: {failure}{passed}', file=sys.stderr)
        return 1
    except ImportError as error:
        print(f'board_browser: selenium is missing from the test environment: {error}', file=sys.stderr)
        return 1
    finally:
        signal.alarm(0)
    return 0


if __name__ == '__main__':
    sys.exit(main())
