/**
 * A preview card's logo is fetched only from the public internet: never from this server's loopback or
 * private network, never through a redirect; a refused logo is simply no logo.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchLogo, isPublicAddress } from '../../../server/pay/preview-card-logo.ts';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

/** A logo server on 127.0.0.1 that records every request: `/logo.svg`, and `/redir` answering 302 to it. */
let server: Server;
let base: string;
const requests: string[] = [];
beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    requests.push(`${request.headers.host} ${request.url}`);
    if (request.url === '/redir') response.writeHead(302, { location: `${base}/logo.svg` }).end();
    else response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  requests.length = 0;
});

const own = {
  ownOrigin: 'http://pay.test',
  fetchLocal: async () => new Response(SVG, { headers: { 'content-type': 'image/svg+xml' } }),
};
/** `logo.example` resolves to the test's server, which counts as public here. */
const publicLooking = {
  ...own,
  resolve: async (name: string) =>
    name === 'logo.example' ? [{ address: '127.0.0.1', family: 4 as const }] : [],
  isAllowed: (address: string) => address === '127.0.0.1',
};
const port = () => new URL(base).port;

describe("a preview card's logo", () => {
  it('at 127.0.0.1 is never requested', async () => {
    expect(await fetchLogo(`${base}/logo.svg`, own)).toBeUndefined();
    expect(requests).toEqual([]);
  });

  it('behind a name that resolves to loopback is never requested', async () => {
    const resolve = async () => [
      { address: '93.184.215.14', family: 4 as const },
      { address: '::1', family: 6 as const },
    ];
    expect(await fetchLogo(`http://logo.example:${port()}/logo.svg`, { ...own, resolve })).toBeUndefined();
    expect(requests).toEqual([]);
  });

  it('on a public host is fetched, from the address that was checked', async () => {
    const logo = await fetchLogo(`http://logo.example:${port()}/logo.svg`, publicLooking);
    expect(logo).toEqual({ type: 'image/svg+xml', bytes: new Uint8Array(Buffer.from(SVG)) });
    expect(requests).toEqual([`logo.example:${port()} /logo.svg`]);
  });

  it('is not followed through a redirect (here to loopback)', async () => {
    expect(await fetchLogo(`http://logo.example:${port()}/redir`, publicLooking)).toBeUndefined();
    expect(requests).toEqual([`logo.example:${port()} /redir`]);
  });

  it('on this server itself is read in-process; another scheme is refused', async () => {
    expect((await fetchLogo('http://pay.test/sandbox/assets/merchant-logo.svg', own))?.type).toBe(
      'image/svg+xml',
    );
    expect(await fetchLogo('file:///etc/passwd', own)).toBeUndefined();
  });

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
    'not-an-ip',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});
