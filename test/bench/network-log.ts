/**
 * What one throttled page load sent and received, read from the DevTools protocol's Network events of its
 * page (the page's own HTML included; `data:` URLs are no request, and are left out). Each event carries
 * the browser's monotonic clock, so the figures can be cut at a moment the page measured itself (its pay
 * button enabled, in ms since navigation) after the load: the navigation's own request is time zero.
 * Bytes are the encoded bytes off the wire, headers included, as DevTools' "transferred" column counts them,
 * each request's whole: Chromium tells them when a request has finished (its `dataReceived` events
 * carry no encoded length), so "bytes then" are those of the requests sent by then, what the page had
 * asked for.
 */
import type { CDPSession } from '@playwright/test';

export interface NetworkCount {
  requests: number;
  bytes: number;
}

export interface NetworkFigures {
  /** Requests sent before the pay button was enabled, and their bytes. */
  beforeReady: NetworkCount;
  /** The same until the network went quiet. */
  total: NetworkCount;
  /** Ms from navigation to the last byte of the load. */
  quietAt: number;
  /** The requests sent before the button was enabled, in order: what a change should cut. */
  urlsBeforeReady: string[];
}

/** No request in flight for this long: the page asks for nothing more (the slowest round trip is 800 ms). */
const QUIET_MS = 2500;
const QUIET_LIMIT_MS = 60_000;

interface Request {
  url: string;
  /** Seconds, the browser's monotonic clock. */
  sentAt: number;
  /** Seconds: the request's last event (finished, or a chunk of its body). */
  lastAt: number;
  /** Off the wire, headers included, once it finished. */
  bytes: number;
  done: boolean;
}

export class NetworkLog {
  private readonly requests: Request[] = [];
  private readonly byId = new Map<string, Request>();
  private lastEventAt = performance.now();

  constructor(session: CDPSession) {
    session.on('Network.requestWillBeSent', (event) => {
      if (event.request.url.startsWith('data:')) return;
      // A redirect keeps its id: the old request ends here, the new one is a round trip of its own.
      const previous = this.byId.get(event.requestId);
      if (previous && event.redirectResponse) previous.done = true;
      const request: Request = {
        url: event.request.url,
        sentAt: event.timestamp,
        lastAt: event.timestamp,
        bytes: 0,
        done: false,
      };
      this.requests.push(request);
      this.byId.set(event.requestId, request);
      this.lastEventAt = performance.now();
    });
    session.on('Network.dataReceived', (event) => {
      const request = this.byId.get(event.requestId);
      if (request) request.lastAt = event.timestamp;
      this.lastEventAt = performance.now();
    });
    session.on('Network.loadingFinished', (event) => {
      const request = this.byId.get(event.requestId);
      if (!request) return;
      request.lastAt = event.timestamp;
      request.bytes = event.encodedDataLength;
      request.done = true;
      this.lastEventAt = performance.now();
    });
    session.on('Network.loadingFailed', (event) => {
      const request = this.byId.get(event.requestId);
      if (request) request.done = true;
      this.lastEventAt = performance.now();
    });
  }

  /** Resolves once no request has been in flight, and no byte has arrived, for QUIET_MS. */
  async quiet(): Promise<void> {
    const started = performance.now();
    for (;;) {
      const idleFor = performance.now() - this.lastEventAt;
      const busy = this.requests.some((request) => !request.done);
      if ((!busy && idleFor >= QUIET_MS) || performance.now() - started > QUIET_LIMIT_MS) return;
      await new Promise((resolve) => setTimeout(resolve, busy ? 100 : QUIET_MS - idleFor));
    }
  }

  /** The figures, cut at `readyMs` after navigation. */
  figures(readyMs: number): NetworkFigures {
    const start = this.requests[0]?.sentAt ?? 0;
    const ms = (seconds: number) => (seconds - start) * 1000;
    const count = (cut: number): NetworkCount => {
      const sent = this.requests.filter((request) => ms(request.sentAt) <= cut);
      return { requests: sent.length, bytes: sent.reduce((sum, request) => sum + request.bytes, 0) };
    };
    const lastByte = Math.max(0, ...this.requests.map((request) => ms(request.lastAt)));
    return {
      beforeReady: count(readyMs),
      total: count(Number.POSITIVE_INFINITY),
      quietAt: lastByte,
      urlsBeforeReady: this.requests
        .filter((request) => ms(request.sentAt) <= readyMs)
        .map((request) => request.url),
    };
  }
}
