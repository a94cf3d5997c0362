/**
 * The web app's pages rendered in a thread of their own (render-worker.mjs). React renders a page in
 * one synchronous run of tens of milliseconds; on the server's thread every request arriving meanwhile
 * waited for it, which set the slowest answers of the whole site whenever a kept page was made again.
 * In its own thread the render uses the machine's other core and holds nobody up.
 *
 * The page's API reads still happen here, through the caller's `fetchApi`, in the caller's async
 * context: the listing cache sees them as reads of that render (ListingCache.track), exactly as when
 * the render ran on this thread.
 */
import { AsyncResource } from 'node:async_hooks';
import { Worker } from 'node:worker_threads';
import type { Locale, Me } from '@furniture-mart/shared';
import type { ApiFetch, RenderOutcome } from '@furniture-mart/shared/render';

type FromWorker =
  | { type: 'read'; id: number; read: number; path: string }
  | { type: 'rendered'; id: number; page?: RenderOutcome; error?: string };

interface Pending {
  fetchApi: ApiFetch;
  resolve: (page: RenderOutcome) => void;
  reject: (error: Error) => void;
}

export interface RenderThread {
  renderWithData(url: URL, me: Me | null, fetchApi: ApiFetch, locale: Locale): Promise<RenderOutcome>;
  close(): Promise<void>;
}

const workerFile = new URL('./render-worker.mjs', import.meta.url);

/** A render thread for the bundle at `file`, started now and again after it fails. */
export function startRenderThread(file: string): RenderThread {
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let worker: Worker | null = null;
  let closed = false;

  function start(): Worker {
    const started = new Worker(workerFile, { workerData: { file } });
    // The thread never keeps the process alive: a server that closes ends it, one that exits drops it.
    started.unref();
    started.on('message', (message: FromWorker) => {
      if (message.type === 'read') void answer(started, message);
      else if (message.type === 'rendered') {
        const render = pending.get(message.id);
        pending.delete(message.id);
        if (message.error !== undefined) render?.reject(new Error(message.error));
        else render?.resolve(message.page ?? null);
      }
    });
    const fail = (error: Error) => {
      if (worker === started) worker = null;
      for (const render of pending.values()) render.reject(error);
      pending.clear();
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`the render thread stopped (exit code ${code})`)));
    return started;
  }

  async function answer(to: Worker, { id, read, path }: { id: number; read: number; path: string }) {
    const render = pending.get(id);
    try {
      if (!render) throw new Error('no such render');
      const response = await render.fetchApi(path);
      to.postMessage({
        type: 'answer',
        read,
        status: response.status,
        body: await response.text(),
        contentType: response.headers.get('content-type') ?? '',
      });
    } catch (error) {
      to.postMessage({ type: 'answer', read, error: String(error) });
    }
  }

  worker = start();
  return {
    renderWithData(url, me, fetchApi, locale) {
      if (closed) return Promise.resolve(null);
      worker ??= start();
      const id = nextId++;
      return new Promise<RenderOutcome>((resolve, reject) => {
        pending.set(id, { fetchApi: AsyncResource.bind(fetchApi), resolve, reject });
        worker!.postMessage({ type: 'render', id, url: url.href, me, locale });
      });
    },
    async close() {
      closed = true;
      const stopping = worker;
      worker = null;
      await stopping?.terminate();
    },
  };
}
