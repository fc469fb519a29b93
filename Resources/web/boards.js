// The list of the signed-in user's boards (`/boards`): newest first, a thumbnail and the title
// of each, linking to `/board/{id}`; pages of `GET /api/v1/boards` followed with `next`.

import { csrfToken, getJSON } from './api.js';

const list = document.querySelector('#boards');
const more = document.querySelector('#more');
const empty = document.querySelector('.empty');
const problem = document.querySelector('.problem');
const dates = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
let next = null;

/** One board's entry: `a[href="/board/{id}"]` holding its thumbnail and title. */
function entry(board) {
  const item = document.createElement('li');
  const link = document.createElement('a');
  link.href = `/board/${board.id}`;
  const image = document.createElement('img');
  image.src = `/api/v1/boards/${board.id}.png?size=320x208`;
  image.alt = '';
  image.loading = 'lazy';
  image.width = 320;
  image.height = 208;
  const title = document.createElement('span');
  title.className = 'title';
  title.textContent = board.title;
  const date = document.createElement('span');
  date.className = 'date';
  const created = new Date(board.createdAt);
  date.textContent = Number.isNaN(created.getTime()) ? '' : dates.format(created);
  link.append(image, title, date);
  item.append(link);
  return item;
}

async function load() {
  more.disabled = true;
  try {
    const query = new URLSearchParams({ limit: '24' });
    if (next) query.set('after', next);
    const page = await getJSON(`/api/v1/boards?${query}`);
    list.append(...page.items.map(entry));
    next = page.next ?? null;
    empty.hidden = list.children.length > 0;
    problem.hidden = true;
  } catch (error) {
    problem.textContent = `The boards could not be listed: ${error.message}`;
    problem.hidden = false;
  } finally {
    more.hidden = next === null;
    more.disabled = false;
  }
}

document.querySelector('form[action="/logout"] input[name="csrf"]').value = csrfToken();
more.addEventListener('click', load);
load();
