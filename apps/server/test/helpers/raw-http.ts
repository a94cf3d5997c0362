/**
 * Requests sent over a real socket with the request target exactly as written. app.inject (like a URL
 * parser) would resolve `..` and `%2e` segments before the app sees them, which is precisely what an
 * attacker's `curl --path-as-is` does not do.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawResponse {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  // Typed as loosely as app.inject's answer, so tests read either the same way.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json(): any;
}

const ports = new WeakMap<FastifyInstance, Promise<number>>();

/** The port the app listens on for raw requests (started on first use, closed with the app). */
function portOf(app: FastifyInstance): Promise<number> {
  let port = ports.get(app);
  if (!port) {
    port = app.listen({ port: 0, host: '127.0.0.1' }).then(() => (app.server.address() as AddressInfo).port);
    ports.set(app, port);
  }
  return port;
}

export async function sendRaw(
  app: FastifyInstance,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawResponse> {
  const port = await portOf(app);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        headers: {
          ...(options.body !== undefined
            ? { 'content-length': String(Buffer.byteLength(options.body)) }
            : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: response.headers,
            body,
            json: () => JSON.parse(body),
          });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    if (options.body !== undefined) request.write(options.body);
    request.end();
  });
}
