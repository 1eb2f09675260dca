/**
 * A small HTTP/1.1 client for the paced load: a fixed set of keep-alive connections, one request in
 * flight on each (no pipelining), requests queued in order while all are busy. It reads just what the
 * benchmark needs from an answer (status, Content-Length, X-Request-Id, Server-Timing) and assumes what the servers
 * here send: a Content-Length on every answer, no chunked bodies.
 */
import net from 'node:net';
import { readServerTiming } from './server-timing.js';

export interface PacedRequest {
  index: number;
  /** performance.now() when the schedule wanted it sent, and when it was handed to the client. */
  due: number;
  handedAt: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface PacedAnswer {
  /** 0 when the connection failed before an answer came. */
  status: number;
  requestId: string | undefined;
  at: number;
  /** The server's own time, when it sends a Server-Timing header (acctl's decision routes do). */
  serverTiming: { record: number; total: number } | null;
}

interface Connection {
  socket: net.Socket;
  current: PacedRequest | undefined;
  buffer: Buffer;
  /** Once the head is read: status, id and where the body ends in `buffer`. */
  head: { status: number; requestId: string | undefined; serverTiming: PacedAnswer['serverTiming']; end: number } | undefined;
}

const headEnd = Buffer.from('\r\n\r\n');

export class PacedClient {
  onAnswer: (request: PacedRequest, answer: PacedAnswer) => void = () => {};
  private readonly queue: PacedRequest[] = [];
  private readonly idle: Connection[] = [];
  private closed = false;

  private constructor(
    private readonly url: URL,
    private readonly connections: Connection[],
  ) {}

  static async connect(url: URL, count: number): Promise<PacedClient> {
    const sockets = await Promise.all(Array.from({ length: count }, () => PacedClient.open(url)));
    const client = new PacedClient(url, []);
    for (const socket of sockets) client.adopt(socket);
    return client;
  }

  send(request: PacedRequest): void {
    const connection = this.idle.pop();
    if (connection) this.write(connection, request);
    else this.queue.push(request);
  }

  close(): void {
    this.closed = true;
    for (const connection of this.connections) connection.socket.destroy();
  }

  private static open(url: URL): Promise<net.Socket> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: url.hostname, port: Number(url.port) }, () => resolve(socket));
      socket.setNoDelay(true);
      socket.once('error', reject);
    });
  }

  private adopt(socket: net.Socket): void {
    const connection: Connection = { socket, current: undefined, buffer: Buffer.alloc(0), head: undefined };
    socket.removeAllListeners('error');
    socket.on('data', (chunk: Buffer) => this.read(connection, chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => this.lost(connection));
    this.connections.push(connection);
    this.idle.push(connection);
  }

  private write(connection: Connection, request: PacedRequest): void {
    connection.current = request;
    let head = `${request.method} ${request.path} HTTP/1.1\r\nhost: ${this.url.host}\r\nconnection: keep-alive\r\ncontent-length: ${Buffer.byteLength(request.body)}\r\n`;
    for (const [name, value] of Object.entries(request.headers)) head += `${name}: ${value}\r\n`;
    connection.socket.write(`${head}\r\n${request.body}`);
  }

  private read(connection: Connection, chunk: Buffer): void {
    connection.buffer = connection.buffer.length === 0 ? chunk : Buffer.concat([connection.buffer, chunk]);
    if (!connection.head) {
      const end = connection.buffer.indexOf(headEnd);
      if (end < 0) return;
      const head = connection.buffer.subarray(0, end).toString('latin1');
      const status = Number(head.slice(9, 12));
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      const requestId = /\r\nx-request-id: *([^\r]+)/i.exec(head)?.[1];
      const serverTiming = readServerTiming(/\r\nserver-timing: *([^\r]+)/i.exec(head)?.[1] ?? null);
      connection.head = { status, requestId, serverTiming, end: end + headEnd.length + length };
    }
    if (connection.buffer.length < connection.head.end) return;
    const { status, requestId, serverTiming, end } = connection.head;
    const request = connection.current;
    connection.buffer = connection.buffer.subarray(end);
    connection.head = undefined;
    connection.current = undefined;
    if (request) this.onAnswer(request, { status, requestId, serverTiming, at: performance.now() });
    this.next(connection);
  }

  private next(connection: Connection): void {
    const request = this.queue.shift();
    if (request) this.write(connection, request);
    else this.idle.push(connection);
  }

  /** A connection closed under a request: that request failed; the connection is opened again. */
  private lost(connection: Connection): void {
    const index = this.connections.indexOf(connection);
    if (index >= 0) this.connections.splice(index, 1);
    const idleIndex = this.idle.indexOf(connection);
    if (idleIndex >= 0) this.idle.splice(idleIndex, 1);
    if (connection.current) this.onAnswer(connection.current, { status: 0, requestId: undefined, serverTiming: null, at: performance.now() });
    if (this.closed) return;
    void PacedClient.open(this.url)
      .then((socket) => {
        this.adopt(socket);
        this.idle.pop();
        this.next(this.connections.at(-1) as Connection);
      })
      .catch(() => undefined);
  }
}
