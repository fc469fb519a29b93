// Calls to the Touchline API from the pages, signed in by the session cookie.
//
// State-changing requests carry `X-CSRF-Token` with the value of the `touchline_csrf` cookie
// (which the server set with the session and derives from it), as the server requires of
// cookie-authenticated POST, PUT, PATCH and DELETE.

/** An API answer that was not 2xx: `status` and the problem's `detail` (or the status text). */
export class APIError extends Error {
  constructor(status, detail) {
    super(detail);
    this.name = 'APIError';
    this.status = status;
  }
}

/** The value of the `touchline_csrf` cookie, or '' when there is none. */
export function csrfToken() {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'touchline_csrf') return decodeURIComponent(value.join('='));
  }
  return '';
}

/** Goes to the sign-in page, coming back here afterwards. */
export function signIn() {
  location.assign(`/login?next=${encodeURIComponent(location.pathname + location.search)}`);
}

/**
 * Sends a request to the API and answers the Response when its status is 2xx; throws an
 * APIError naming the problem otherwise (a network failure throws the browser's TypeError).
 *
 * @param {string} method GET, POST, PUT, DELETE
 * @param {string} path `/api/v1/...` with its query
 * @param {{body?: string, type?: string, signInOn401?: boolean}} options
 */
export async function request(method, path, { body, type, signInOn401 = true } = {}) {
  const headers = {};
  if (method !== 'GET' && method !== 'HEAD') headers['X-CSRF-Token'] = csrfToken();
  if (body !== undefined) headers['Content-Type'] = type ?? 'application/json';
  const response = await fetch(path, { method, headers, body, credentials: 'same-origin', cache: 'no-cache' });
  if (response.ok) return response;
  if (response.status === 401 && signInOn401) signIn();
  let detail = `${response.status} ${response.statusText}`.trim();
  try {
    const problem = await response.json();
    if (problem && typeof problem.detail === 'string') detail = problem.detail;
    else if (problem && typeof problem.title === 'string') detail = problem.title;
  } catch {
    // Not a problem document: the status says enough.
  }
  throw new APIError(response.status, detail);
}

/** GET `path` and its JSON body. */
export async function getJSON(path, options) {
  return (await request('GET', path, options)).json();
}
