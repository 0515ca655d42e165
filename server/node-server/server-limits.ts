/**
 * The Node server's own limits, from config: how many connections it holds at once, how long a client
 * may take to send its headers and its whole request, how long an idle keep-alive connection stays.
 *
 * `requestTimeout` covers receiving the request only (Node clears it once the request has been read),
 * so a response that streams for minutes, a payment's event stream, is not cut by it; a body trickled
 * in for longer than it (a slow-loris upload) is answered 408 and the connection closed.
 */
import type { Server } from 'node:http';

export interface ServerLimits {
  maxConnections: number;
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

export function applyServerLimits(server: Server, limits: ServerLimits): void {
  // Past it Node closes each new connection at once: the balancer retries another instance.
  server.maxConnections = limits.maxConnections;
  server.requestTimeout = limits.requestTimeoutMs;
  server.headersTimeout = limits.headersTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
}
