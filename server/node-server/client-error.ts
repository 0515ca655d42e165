/**
 * Requests Node refuses before the app sees them (a request line and headers over Node's size limit,
 * unparsable HTTP, a request that took too long to arrive) answered in our error envelope with the API
 * security headers, instead of Node's bare status line. Node stops parsing such a connection, so the
 * answer is a complete HTTP/1.1 response written to the socket, which is then closed.
 *
 * Node does not tell a long URL from a large header block (both count toward one limit, reported as
 * HPE_HEADER_OVERFLOW), so both are 431 `request_header_too_large`.
 *
 * It hooks Node's `clientError` on the server object because these requests never reach Hono: it is part
 * of starting the server (main.ts), and reads no request or response object.
 */
import { STATUS_CODES } from 'node:http';
import type { ServerType } from '@hono/node-server';
import type { Duplex } from 'node:stream';
import { Hono } from 'hono';
import { apiSecurityHeaders } from '../middleware/security-headers.ts';

interface ClientErrorAnswer {
  status: number;
  code: string;
  message: string;
}

/** The answer for one of Node's parser or timeout errors (`error.code`); 400 for anything unknown. */
function clientErrorAnswer(code: string | undefined): ClientErrorAnswer {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        code: 'request_header_too_large',
        message: 'The request line and headers are too large',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'HPE_HEADER_TIMEOUT':
      return { status: 408, code: 'request_timeout', message: 'The request took too long to arrive' };
    default:
      return { status: 400, code: 'bad_request', message: 'The request is not valid HTTP' };
  }
}

/** The API security headers exactly as the app sends them, as header lines: read once from a probe answer. */
async function apiSecurityHeaderLines(): Promise<string[]> {
  const probe = await new Hono()
    .use(apiSecurityHeaders)
    .get('/', (c) => c.body(null, 204))
    .request('/');
  return [...probe.headers].map(([name, value]) => `${name}: ${value}`);
}

/** The whole response, head and body, as bytes ready for the socket. */
function clientErrorResponse(answer: ClientErrorAnswer, securityHeaders: string[]): string {
  const body = JSON.stringify({
    statusCode: answer.status,
    error: { code: answer.code, message: answer.message },
  });
  const head = [
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
    ...securityHeaders,
  ];
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

/** Installs the answer on an http server (replacing Node's default, which only applies with no listener). */
export async function answerClientErrors(server: ServerType): Promise<void> {
  const securityHeaders = await apiSecurityHeaderLines();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // The client is gone or the socket already closed: there is no one to answer.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorResponse(clientErrorAnswer(error.code), securityHeaders));
  });
}
