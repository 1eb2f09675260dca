import net from 'node:net';

/**
 * A loopback TCP proxy in front of PostgreSQL, so a test can take the database away the way a
 * network partition or a stopped server does (connections reset, new ones refused) and bring it
 * back, without touching the database server itself.
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
    readonly port: number,
  ) {}

  /** Starts a proxy to the host and port of `databaseUrl`; `url` is the same URL through the proxy. */
  static async start(databaseUrl: string): Promise<{ proxy: TcpProxy; url: string }> {
    const target = new URL(databaseUrl);
    const probe = net.createServer();
    const port = await new Promise<number>((resolve) => probe.listen(0, '127.0.0.1', () => resolve((probe.address() as net.AddressInfo).port)));
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432), port);
    await proxy.restore();
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    return { proxy, url: url.toString() };
  }

  /** Resets every open connection and refuses new ones (ECONNREFUSED). */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Accepts connections again on the same port. */
  async restore(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', () => resolve()));
    this.server = server;
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
