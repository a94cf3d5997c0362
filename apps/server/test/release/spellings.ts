/**
 * Other spellings of an address that a URL parser, a proxy or a router could read as the same one: dot
 * segments (plain and encoded), encoded letters, empty segments, encoded and literal (back)slashes,
 * NUL, a trailing slash and upper case. Used by the release suites with requests sent over a socket
 * as written (app.inject would resolve some of them itself).
 */
const afterFirst = (insert: string) => (path: string) => path.replace(/^\/([^/]+)\//, `/$1/${insert}`);

export const spellings: Array<[string, (path: string) => string]> = [
  ['a dot segment', afterFirst('./')],
  ['a dot-dot segment', afterFirst('x/../')],
  ['an encoded dot segment', afterFirst('%2e/')],
  ['encoded dot-dot', afterFirst('x/%2E%2e/')],
  [
    'an encoded letter',
    (path) => path.replace(/^\/([a-z])/, (_m, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`),
  ],
  ['an encoded hyphen or letter in the last segment', (path) => encodeLastLetter(path)],
  ['an empty segment', afterFirst('/')],
  ['a leading double slash', (path) => `/${path}`],
  ['an encoded slash', (path) => path.replace(/\/([^/]*)$/, '%2F$1')],
  ['a backslash', (path) => path.replace(/\/([^/]*)$/, '\\$1')],
  ['an encoded backslash', (path) => path.replace(/\/([^/]*)$/, '%5C$1')],
  ['an encoded NUL', (path) => `${path}%00`],
  ['a trailing slash', (path) => `${path}/`],
  ['upper case', (path) => path.replace(/^\/([a-z]+)\//, (_m, first: string) => `/${first.toUpperCase()}/`)],
];

function encodeLastLetter(path: string): string {
  const index = path.search(/[a-z-][^/]*$/);
  if (index === -1) return `${path}%2e`;
  return `${path.slice(0, index)}%${path.charCodeAt(index).toString(16)}${path.slice(index + 1)}`;
}

/** A request target under one spelling, its query string kept as it was. */
export function respelled(url: string, respell: (path: string) => string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return respell(path) + (query === -1 ? '' : url.slice(query));
}
