/**
 * A small HTTP balancer for the cluster test, doing what a production one does with these instances:
 * round robin over the instances whose /api/ready answers 200 (checked every 100 ms), no sticky
 * sessions, the client's address appended to X-Forwarded-For, keep-alive connections to the instances,
 * and a request sent again to another instance when its connection was refused or a reused idle
 * connection turned out closed (nothing reached the instance then). `cutAll` drops every connection
 * still open through it, as a balancer does when it restarts or times a connection out.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Backend {
  name: string;
  port: number;
  ready: boolean;
  /** Requests answered by this instance. */
  served: number;
}

export class RoundRobin {
  readonly backends: Backend[] = [];
  private next = 0;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  private readonly server = http.createServer((request, response) => void this.handle(request, response));
  private checks: NodeJS.Timeout | null = null;
  /** Answers still being passed on (long ones such as event streams stay here until they end). */
  private readonly passing = new Set<() => void>();
  port = 0;

  add(name: string, port: number): void {
    this.backends.push({ name, port, ready: false, served: 0 });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    this.checks = setInterval(() => void this.checkAll(), 100);
  }

  /** Ends every answer still being passed on, on both sides. */
  cutAll(): number {
    const cut = this.passing.size;
    for (const drop of this.passing) drop();
    this.passing.clear();
    return cut;
  }

  async close(): Promise<void> {
    if (this.checks) clearInterval(this.checks);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.agent.destroy();
  }

  private async checkAll(): Promise<void> {
    await Promise.all(
      this.backends.map(async (backend) => {
        backend.ready = await fetch(`http://127.0.0.1:${backend.port}/api/ready`, {
          signal: AbortSignal.timeout(1000),
        }).then(
          (res) => res.status === 200,
          () => false,
        );
      }),
    );
  }

  private pick(exclude?: Backend): Backend | undefined {
    const ready = this.backends.filter((backend) => backend.ready && backend !== exclude);
    if (ready.length === 0) return undefined;
    this.next = (this.next + 1) % ready.length;
    return ready[this.next];
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const headers = { ...request.headers, 'x-forwarded-for': forwardedFor };

    let backend = this.pick();
    for (let attempt = 0; attempt < 3 && backend; attempt++) {
      const outcome = await this.forward(backend, request, headers, body, response);
      if (outcome === 'done') return;
      backend = this.pick(backend) ?? backend;
    }
    response.writeHead(503, { 'content-type': 'text/plain' }).end('no instance available');
  }

  /** 'again' when nothing reached the instance and another may be tried. */
  private forward(
    backend: Backend,
    request: http.IncomingMessage,
    headers: http.OutgoingHttpHeaders,
    body: Buffer,
    response: http.ServerResponse,
  ): Promise<'done' | 'again'> {
    return new Promise((resolve) => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: backend.port,
          method: request.method,
          path: request.url,
          headers,
          agent: this.agent,
        },
        (answer) => {
          backend.served += 1;
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          const drop = () => {
            upstream.destroy();
            response.destroy();
          };
          this.passing.add(drop);
          response.on('close', () => this.passing.delete(drop));
          answer.pipe(response);
          answer.on('end', () => resolve('done'));
          answer.on('error', () => {
            response.destroy();
            resolve('done');
          });
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        const nothingSent =
          error.code === 'ECONNREFUSED' || (error.code === 'ECONNRESET' && upstream.reusedSocket);
        if (nothingSent && !response.headersSent) {
          resolve('again');
          return;
        }
        if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
        response.end(`upstream error: ${error.code ?? error.message}`);
        resolve('done');
      });
      upstream.end(body);
    });
  }
}
