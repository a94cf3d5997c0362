/**
 * A loopback TCP proxy in front of the PostgreSQL server, so a test can take "the database" away and
 * bring it back without stopping the server other tests use.
 */
import net from 'node:net';

export class TcpProxy {
  private server = net.createServer((client) => this.accept(client));
  private sockets = new Set<net.Socket>();
  private down = false;
  private silent = false;
  port = 0;

  constructor(
    private readonly upstreamHost: string,
    private readonly upstreamPort: number,
  ) {}

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** Drops every open connection and refuses new ones, as a stopped server would. */
  stop(): void {
    this.down = true;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  /**
   * The server goes silent, as behind a dead network link: connections stay open, nothing more gets
   * through either way, and new connections are accepted and never answered.
   */
  blackhole(): void {
    this.silent = true;
    for (const socket of this.sockets) {
      socket.unpipe();
      socket.pause();
    }
  }

  resume(): void {
    // Connections that went silent are dead to both ends; close them so the clients reconnect.
    if (this.silent) {
      for (const socket of this.sockets) socket.destroy();
      this.sockets.clear();
    }
    this.down = false;
    this.silent = false;
  }

  async close(): Promise<void> {
    this.stop();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: net.Socket): void {
    if (this.down) {
      client.destroy();
      return;
    }
    if (this.silent) {
      this.sockets.add(client.pause());
      return;
    }
    const upstream = net.connect(this.upstreamPort, this.upstreamHost);
    this.sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  }
}
