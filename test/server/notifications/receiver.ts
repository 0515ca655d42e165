/**
 * A merchant's webhook endpoint on a real socket (127.0.0.1, port 0) that checks every delivery with the
 * independent `standardwebhooks` package, the way a merchant would. It answers what the test scripts:
 * a status, `'hang'` (never answers: the sender's timeout must fire) or `'reset'` (drops the connection).
 *
 * The package checks `webhook-timestamp` against Date.now(); the test's clock is not the wall clock, so
 * the test fakes Date (only Date: no timers) and the receiver sets it to the test clock before verifying.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { vi } from 'vitest';

export type ReceiverAnswer = number | 'hang' | 'reset';

export interface ReceivedDelivery {
  headers: Record<string, string>;
  body: string;
  /** What `Webhook.verify` answered (the parsed payload), or null when it refused. */
  verified: unknown;
  verifyError: string | null;
  answer: ReceiverAnswer;
}

export interface Receiver {
  url: string;
  readonly deliveries: ReceivedDelivery[];
  answerNext(...answers: ReceiverAnswer[]): void;
  /** Resolves once `count` deliveries have arrived. */
  arrived(count: number): Promise<void>;
  close(): Promise<void>;
}

/** `secret` as the merchant holds it; `raw` for a secret that is not in the `whsec_` form. */
export async function startReceiver(options: {
  secret: string;
  raw?: boolean;
  /** The test clock's time, which the sender signs with. */
  now: () => number;
}): Promise<Receiver> {
  const webhook = new Webhook(options.secret, options.raw ? { format: 'raw' } : undefined);
  const deliveries: ReceivedDelivery[] = [];
  const scripted: ReceiverAnswer[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const hanging: ServerResponse[] = [];

  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      request.on('error', reject);
    });

  const server = createServer((request, response) => {
    void read(request).then((body) => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      vi.setSystemTime(options.now());
      let verified: unknown = null;
      let verifyError: string | null = null;
      try {
        verified = webhook.verify(body, headers);
      } catch (error) {
        verifyError = error instanceof Error ? error.message : String(error);
      }
      const answer = scripted.shift() ?? 200;
      deliveries.push({ headers, body, verified, verifyError, answer });
      for (const waiter of waiters.filter((w) => deliveries.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      if (answer === 'hang') return void hanging.push(response);
      if (answer === 'reset') return void request.socket.destroy();
      // A merchant that cannot verify must refuse: the sender then retries.
      const status = verifyError ? 400 : answer;
      // A redirect points back here: following it would show up as one more delivery.
      const location = status >= 300 && status < 400 ? { location: '/hooks/moved' } : {};
      response
        .writeHead(status, { 'content-type': 'text/plain', ...location })
        .end(status < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/hooks/pay`,
    deliveries,
    answerNext: (...answers) => void scripted.push(...answers),
    arrived: (count) =>
      deliveries.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A URL on which nothing listens: connections are refused. */
export async function refusingUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hooks/pay`;
}
