/**
 * DNS rebinding: a page on `rebind.evil.test`, whose name now resolves to 127.0.0.1, reaches the
 * loopback-bound server as its own origin; only its Host header gives it away. Real HTTP, since the Host
 * header is what is attacked. The server binds 127.0.0.1 (HOST's default), as `npm start` does.
 */
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { AppFixture } from '../app-fixture.ts';
import { useAppOnLoopback, type Loopback } from '../loopback.ts';

let t: AppFixture;
let server: Loopback;
useAppOnLoopback((app, loopback) => {
  t = app;
  server = loopback;
});

/** GET `path` on the loopback server with the Host header `host`; answers the status and parsed body. */
function get(path: string, host: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path, headers: { host } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a loopback-bound server asked under a name that is not its own', () => {
  it.each(['/demo/faults', '/api/v1/links/lnk_fixed_ci', '/healthz'])(
    'refuses %s with 403 forbidden in the envelope',
    async (path) => {
      const res = await get(path, `rebind.evil.test:${server.port}`);
      expect(res).toEqual({
        status: 403,
        body: {
          statusCode: 403,
          error: {
            code: 'forbidden',
            message: `This server answers only on loopback names and pay.test, not rebind.evil.test; open http://pay.test`,
          },
        },
      });
    },
  );

  it.each(['127.0.0.1', 'localhost', '[::1]', 'pay.test'])('answers when asked as %s', async (name) => {
    const res = await get('/demo/faults', `${name}:${server.port}`);
    expect(res.status).toBe(200);
    expect(t.config.host).toBe('127.0.0.1');
  });
});
