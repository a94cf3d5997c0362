import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '@furniture-mart/shared';
import type { ApiFetch } from '@furniture-mart/shared/render';
import { startRenderThread, type RenderThread } from './render-thread.js';

/**
 * A stand-in for the web app's server-side bundle: it reads what the address names through the API,
 * then holds its thread as a long synchronous React render does.
 */
const bundle = `
export async function renderWithData(url, me, fetchApi) {
  if (url.pathname === '/fails') throw new Error('render failed');
  if (url.pathname === '/exits') process.exit(3);
  if (url.pathname === '/none') return null;
  const answer = await fetchApi('/api/echo' + url.search);
  const text = await answer.text();
  const until = Date.now() + Number(url.searchParams.get('busy') ?? 0);
  while (Date.now() < until) {}
  return { title: '<title>t</title>', head: '', html: me?.user.name + ':' + answer.status + ':' + text, state: '{}' };
}
export const pageHtml = (template, page) => template.replace('#', page.html);
export const sitemapAddresses = async () => [];
`;

let dir: string;
let thread: RenderThread;
const me = { user: { name: 'Ana' } } as Me;
const request = new AsyncLocalStorage<string>();

/** An API that answers with the request its read belongs to (the caller's async context). */
const echo: ApiFetch = (apiPath) =>
  Promise.resolve(new Response(`${request.getStore()}${apiPath}`, { status: 200 }));

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fm-render-thread-'));
  writeFileSync(path.join(dir, 'serverRender.js'), bundle);
  thread = startRenderThread(path.join(dir, 'serverRender.js'));
});
afterAll(async () => {
  await thread.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the render thread', () => {
  it('renders with API reads answered here, each in the async context of the render that asked', async () => {
    const [first, second] = await Promise.all([
      request.run('one', () => thread.renderWithData(new URL('http://x/a?n=1'), me, echo, 'en')),
      request.run('two', () => thread.renderWithData(new URL('http://x/b?n=2'), me, echo, 'en')),
    ]);
    expect(first).toMatchObject({ html: 'Ana:200:one/api/echo?n=1' });
    expect(second).toMatchObject({ html: 'Ana:200:two/api/echo?n=2' });
  });

  it('leaves this thread free while a page renders', async () => {
    const events: string[] = [];
    const rendering = thread
      .renderWithData(new URL('http://x/slow?busy=400'), me, echo, 'en')
      .then(() => events.push('rendered'));
    // On this thread the timer could only run after the render had finished.
    await new Promise((resolve) => setTimeout(resolve, 50));
    events.push('timer');
    await rendering;
    expect(events).toEqual(['timer', 'rendered']);
  });

  it('passes on a page that is not rendered, and a failed read or render as an error', async () => {
    expect(await thread.renderWithData(new URL('http://x/none'), null, echo, 'en')).toBeNull();
    await expect(thread.renderWithData(new URL('http://x/fails'), me, echo, 'en')).rejects.toThrow(
      'render failed',
    );
    const broken: ApiFetch = () => Promise.reject(new Error('database away'));
    await expect(thread.renderWithData(new URL('http://x/a'), me, broken, 'en')).rejects.toThrow(
      'database away',
    );
  });

  it('fails the renders of a thread that stops, and starts a new one for the next', async () => {
    await expect(thread.renderWithData(new URL('http://x/exits'), me, echo, 'en')).rejects.toThrow(
      'exit code 3',
    );
    const page = await request.run('after', () =>
      thread.renderWithData(new URL('http://x/a'), me, echo, 'en'),
    );
    expect(page).toMatchObject({ html: 'Ana:200:after/api/echo' });
  });

  it('renders nothing once closed', async () => {
    const closing = startRenderThread(path.join(dir, 'serverRender.js'));
    await closing.close();
    expect(await closing.renderWithData(new URL('http://x/a'), me, echo, 'en')).toBeNull();
  });
});
