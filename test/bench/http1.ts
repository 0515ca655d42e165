/**
 * A minimal keep-alive HTTP/1.1 client connection for the load generator: one request at a time, the
 * answer's status read and its body skipped, never parsed or kept.
 *
 * Why not node:http: on a 2-core machine the generator's CPU is taken from the server under test, and
 * node:http spends several times more per request (IncomingMessage objects, header maps, stream
 * machinery) than this does. With node:http the bare baseline was limited by the client, which would have
 * flattered every ratio. Framing handled: Content-Length, chunked, and no body (204/304, HEAD).
 */
import net from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

export class Http1Connection {
  private socket: net.Socket | null = null;
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: ((status: number) => void) | null = null;
  private head: boolean;

  constructor(
    private readonly target: URL,
    private readonly method: string,
    private readonly headerText: string,
    private readonly timeoutMs: number,
  ) {
    this.head = method === 'HEAD';
  }

  /** Sends one request; resolves to the status code, or -1 on a transport failure or timeout. */
  send(body: string | undefined, extraHeaderText = ''): Promise<number> {
    const socket = this.socket ?? this.connect();
    const path = `${this.target.pathname}${this.target.search}`;
    const length = body === undefined ? '' : `content-length: ${Buffer.byteLength(body)}\r\n`;
    return new Promise((resolve) => {
      this.waiting = resolve;
      socket.write(`${this.method} ${path} HTTP/1.1\r\n${this.headerText}${extraHeaderText}${length}\r\n${body ?? ''}`);
    });
  }

  close() {
    const socket = this.socket;
    this.socket = null;
    this.buffered = Buffer.alloc(0);
    socket?.destroy();
  }

  private connect(): net.Socket {
    const socket = net.connect({ host: this.target.hostname, port: Number(this.target.port || 80), noDelay: true });
    socket.setTimeout(this.timeoutMs, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
      this.consume();
    });
    // A dead socket fails the request in flight; the next send opens a fresh one.
    // A socket we dropped ourselves (close()) is no longer this.socket and must not touch its successor.
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.buffered = Buffer.alloc(0);
      this.finish(-1);
    });
    socket.on('error', () => undefined); // 'close' follows and reports it
    this.socket = socket;
    return socket;
  }

  private finish(status: number) {
    const resolve = this.waiting;
    this.waiting = null;
    resolve?.(status);
  }

  /** Completes the waiting request once its whole answer is buffered. */
  private consume() {
    const buf = this.buffered;
    const headerEnd = buf.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const status = Number(buf.toString('latin1', 9, 12));
    const headers = buf.toString('latin1', 0, headerEnd).toLowerCase();
    let end = headerEnd + 4;
    const length = /\r\ncontent-length:\s*(\d+)/.exec(headers);
    if (this.head || status === 204 || status === 304) {
      // no body
    } else if (length?.[1]) {
      end += Number(length[1]);
      if (buf.length < end) return;
    } else if (/\r\ntransfer-encoding:[^\r]*chunked/.test(headers)) {
      const chunkedEnd = endOfChunked(buf, end);
      if (chunkedEnd < 0) return;
      end = chunkedEnd;
    } else {
      return; // body ends at close: 'close' reports the request as failed, which it is for a benchmark
    }
    this.buffered = buf.subarray(end);
    if (/\r\nconnection:\s*close/.test(headers)) this.close();
    this.finish(status);
  }
}

/** Offset just past a chunked body starting at `from`, or -1 while incomplete (trailers not supported). */
function endOfChunked(buf: Buffer, from: number): number {
  let at = from;
  for (;;) {
    const lineEnd = buf.indexOf(CRLF, at);
    if (lineEnd < 0) return -1;
    const size = parseInt(buf.toString('latin1', at, lineEnd), 16);
    if (Number.isNaN(size)) return -1;
    at = lineEnd + 2 + size + 2;
    if (size === 0) return buf.length >= at ? at : -1;
    if (buf.length < at) return -1;
  }
}
