// A thread that renders pages with the web app's server-side bundle (http/render-thread.ts), so React's
// render, which runs in one go, never holds up the requests the server is answering meanwhile.
// The pages' API reads are answered by the server's own thread, as a browser's would be.
// Plain JavaScript: a worker thread runs this file as it is, from the sources as from the build.
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

const renderer = await import(pathToFileURL(workerData.file).href);
const port = parentPort;
/** API reads waiting for the server's answer, by id. */
const reads = new Map();
let nextRead = 0;

port.on('message', (message) => {
  if (message.type === 'answer') {
    const read = reads.get(message.read);
    reads.delete(message.read);
    if (message.error) read?.reject(new Error(message.error));
    else
      read?.resolve(
        new Response(message.body, {
          status: message.status,
          headers: { 'content-type': message.contentType },
        }),
      );
    return;
  }
  if (message.type === 'render') void render(message);
});

async function render({ id, url, me, locale }) {
  /** @type {(path: string) => Promise<Response>} */
  const fetchApi = (path) =>
    new Promise((resolve, reject) => {
      const read = nextRead++;
      reads.set(read, { resolve, reject });
      port.postMessage({ type: 'read', id, read, path });
    });
  try {
    const page = await renderer.renderWithData(new URL(url), me, fetchApi, locale);
    port.postMessage({ type: 'rendered', id, page });
  } catch (error) {
    port.postMessage({ type: 'rendered', id, error: String(error?.stack ?? error) });
  }
}
