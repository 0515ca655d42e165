/**
 * A client that leaves the sandbox mid-body (over a real socket) is answered 499 and not reported as an
 * unexpected sandbox error.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, expect, it, onTestFinished, vi } from 'vitest';
import { serveOnLoopback, type Loopback } from '../loopback.ts';
import { AUTH_HEADERS, startSandbox, type SandboxFixture } from './fixture.ts';

let sandbox: SandboxFixture;
let server: Loopback;
/** Each answer the sandbox's fetch handler gives over the socket, in order. */
const answers: Promise<Response>[] = [];
let answered: () => void = () => {};

beforeAll(async () => {
  sandbox = await startSandbox();
  server = await serveOnLoopback((request, env) => {
    const answer = Promise.resolve(sandbox.sandbox.app.fetch(request, env));
    answers.push(answer);
    answered();
    return answer;
  });
});
afterAll(async () => {
  await server.close();
  await sandbox.close();
});

it('a direct charge cut off mid-body is a 499, not an unexpected error', async () => {
  const unexpected = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  // The worker's console is shared with the files that run after this one (isolate: false): restore it
  // even when an expectation below fails.
  onTestFinished(() => unexpected.mockRestore());
  const arrived = new Promise<void>((resolve) => (answered = resolve));
  const outgoing = httpRequest({
    host: '127.0.0.1',
    port: server.port,
    path: '/payments/v1/payments/direct-charge',
    method: 'POST',
    headers: { ...AUTH_HEADERS, 'content-type': 'application/json', 'content-length': '200' },
  });
  outgoing.on('error', () => undefined); // we cut it off ourselves
  outgoing.write('{"provider":"mtn-ci",', () => setImmediate(() => outgoing.destroy()));
  await arrived;
  const answer = await answers[0];
  expect(answer?.status).toBe(499);
  expect(unexpected).not.toHaveBeenCalled();
});
