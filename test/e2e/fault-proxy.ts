/**
 * A payer's bad mobile network, in front of the real server: an HTTP proxy that passes every request on
 * (event streams included, chunk by chunk) except those a test arms a fault for:
 *
 * - `drop`: the request reaches the server and is answered there, then the connection is closed with
 *   nothing written back: the server did the work, the payer never hears of it.
 * - `cut`: the answer's head and half its body reach the browser, then the connection is closed.
 * - `stall`: the server's answer is held until the test lets it go (`release()`).
 *
 * Every fault is reported as it happens (`Armed.hits`, `Armed.next()`), so tests wait on events, never
 * on time. A fault applies to every matching request until `disarm()`: Chromium sends a POST again by
 * itself when a reused connection closes without an answer, and each of those must be lost as well.
 */
import {
  createServer,
  request as forward,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault = 'drop' | 'cut' | 'stall';

/** What a fault is armed for: a method and a path (before the query) or a test of the path. */
export interface Matcher {
  method: string;
  path: string | RegExp;
}

/** A request a fault was applied to, once the server's answer was in. */
export interface Hit {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The server's status and body, as the browser should have received them. */
  status: number;
  body: string;
}

export interface Armed {
  readonly hits: Hit[];
  /** Resolves with the next hit (or the first one already there, when `after` hits are fewer). */
  next(after?: number): Promise<Hit>;
  /** Lets the stalled answers go, and stalls no more. */
  release(): void;
  /** From now on matching requests pass. */
  disarm(): void;
}

interface Rule extends Matcher {
  fault: Fault;
  armed: boolean;
  hits: Hit[];
  waiting: { after: number; resolve: (hit: Hit) => void }[];
  released: Promise<void>;
}

const matches = (rule: Matcher, method: string, path: string) =>
  rule.method === method && (typeof rule.path === 'string' ? rule.path === path : rule.path.test(path));

export class FaultProxy {
  readonly url: string;
  private readonly _server: Server;
  private readonly _target: URL;
  private readonly _rules: Rule[] = [];
  private readonly _sockets = new Set<Socket>();

  private constructor(server: Server, target: string) {
    this._server = server;
    this._target = new URL(target);
    const { port } = server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    server.on('connection', (socket) => {
      this._sockets.add(socket);
      socket.on('close', () => this._sockets.delete(socket));
    });
  }

  /** A proxy to `target` on 127.0.0.1:`port` (0: any free port). */
  static async start(target: string, port = 0): Promise<FaultProxy> {
    let proxy: FaultProxy | undefined;
    const server = createServer((incoming, outgoing) => proxy!.handle(incoming, outgoing));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    return (proxy = new FaultProxy(server, target));
  }

  arm(matcher: Matcher, fault: Fault): Armed {
    let release!: () => void;
    const rule: Rule = {
      ...matcher,
      fault,
      armed: true,
      hits: [],
      waiting: [],
      released: new Promise<void>((resolve) => (release = resolve)),
    };
    this._rules.push(rule);
    return {
      hits: rule.hits,
      next: (after = rule.hits.length) =>
        rule.hits.length > after
          ? Promise.resolve(rule.hits[after]!)
          : new Promise<Hit>((resolve) => rule.waiting.push({ after, resolve })),
      release: () => {
        rule.armed = false;
        release();
      },
      disarm: () => {
        rule.armed = false;
      },
    };
  }

  /** Stops listening and closes every connection still open (a held event stream, a stall). */
  async close() {
    for (const rule of this._rules) rule.armed = false;
    const closed = new Promise<void>((resolve) => this._server.close(() => resolve()));
    for (const socket of this._sockets) socket.destroy();
    await closed;
  }

  private handle(incoming: IncomingMessage, outgoing: ServerResponse) {
    const method = incoming.method ?? 'GET';
    const path = (incoming.url ?? '/').split('?')[0]!;
    const rule = this._rules.find((candidate) => candidate.armed && matches(candidate, method, path));
    const upstream = forward(
      {
        host: this._target.hostname,
        port: this._target.port,
        method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        if (!rule) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
          // Event streams pass as they come: each chunk is written through at once.
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => void this.fault(rule, incoming, outgoing, answer, Buffer.concat(chunks)));
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  }

  private async fault(
    rule: Rule,
    incoming: IncomingMessage,
    outgoing: ServerResponse,
    answer: IncomingMessage,
    body: Buffer,
  ) {
    const hit: Hit = {
      method: incoming.method ?? 'GET',
      path: (incoming.url ?? '/').split('?')[0]!,
      headers: incoming.headers,
      status: answer.statusCode ?? 0,
      body: body.toString('utf8'),
    };
    const headers = { ...answer.headers, 'content-length': String(body.length) };
    delete headers['transfer-encoding'];
    if (rule.fault === 'drop') {
      incoming.socket.destroy();
    } else if (rule.fault === 'cut') {
      outgoing.writeHead(hit.status, headers);
      await new Promise((written) => outgoing.write(body.subarray(0, Math.floor(body.length / 2)), written));
      incoming.socket.destroy();
    }
    // Reported once the fault is done (a stall: once the answer is held), before a stall's release.
    rule.hits.push(hit);
    const ready = rule.waiting.filter((waiter) => waiter.after < rule.hits.length);
    rule.waiting = rule.waiting.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.resolve(rule.hits[waiter.after]!);
    if (rule.fault === 'stall') {
      await rule.released;
      outgoing.writeHead(hit.status, headers);
      outgoing.end(body);
    }
  }
}
