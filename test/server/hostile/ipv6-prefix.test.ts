/**
 * An IPv6 subscriber owns a /64 and may send every request from a fresh address in it. Behind one proxy
 * (TRUST_PROXY=1), addresses rotated inside one /64 are one client for the login limit (10 a minute),
 * the upload quota (20 an hour) and the handoff limit (`create`, 30 a minute); two /64s are two clients;
 * an IPv4-mapped address is its IPv4 address.
 */
import { expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { addressKey, withoutPort } from '../../../server/http/client-ip.ts';
import { TEST_PUBLIC_URL, type AppFixture } from '../app-fixture.ts';
import { eachEngine } from './engines.ts';

/** An address of the /64 `2001:db8:7:<net>::/64`, different for every `host`. */
const inNet = (net: number, host: number) => `2001:db8:7:${net.toString(16)}:${host.toString(16)}:1:2:3`;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

const login = (t: AppFixture, from: string) =>
  t.request('POST', '/console/login', 'apiKey=mk_wrong_0123456789abcdef', {
    'content-type': 'application/x-www-form-urlencoded',
    origin: TEST_PUBLIC_URL,
    'x-forwarded-for': from,
  });

async function upload(t: AppFixture, from: string): Promise<number> {
  const form = new FormData();
  form.append('file', new File([PNG], 'proof.png'));
  const res = await t.app.request('/api/v1/uploads', {
    method: 'POST',
    body: form,
    headers: { 'x-forwarded-for': from },
  });
  return res.status;
}

const handoff = (t: AppFixture, from: string) =>
  t.request('POST', '/api/v1/handoffs', { link: 'lnk_fixed_ci' }, { 'x-forwarded-for': from });

async function statuses(count: number, send: (i: number) => Promise<number>): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < count; i++) answers.push(await send(i));
  return answers;
}

it('keys IPv6 by its prefix, IPv4-mapped addresses as IPv4, and leaves anything else as it is', () => {
  expect(addressKey('2001:db8:7:1:ffff:1:2:3', 64)).toBe('2001:db8:7:1:0:0:0:0/64');
  expect(addressKey('2001:DB8:7:1::9%eth0', 64)).toBe('2001:db8:7:1:0:0:0:0/64');
  expect(addressKey('2001:db8:7:1ff::1', 56)).toBe('2001:db8:7:100:0:0:0:0/56');
  expect(addressKey('2001:db8::1', 128)).toBe('2001:db8:0:0:0:0:0:1/128');
  expect(addressKey('::ffff:198.51.100.7', 64)).toBe('198.51.100.7');
  expect(addressKey('::ffff:c633:6407', 64)).toBe('198.51.100.7');
  expect(addressKey('198.51.100.7', 64)).toBe('198.51.100.7');
  expect(addressKey('unknown', 64)).toBe('unknown');
});

it('drops the port a proxy writes beside a forwarded address, and nothing else', () => {
  expect(withoutPort('198.51.100.7:1001')).toBe('198.51.100.7');
  expect(withoutPort('[2001:db8:9:9::1]:1001')).toBe('2001:db8:9:9::1');
  expect(withoutPort('[2001:db8:9:9::1]')).toBe('2001:db8:9:9::1');
  expect(withoutPort('2001:db8:9:9::1')).toBe('2001:db8:9:9::1');
  expect(withoutPort('198.51.100.7')).toBe('198.51.100.7');
  expect(withoutPort('unknown')).toBe('unknown');
});

it('refuses an IPv6 prefix length that is not a number of bits between 16 and 128', () => {
  expect(loadConfig({}).ipv6PrefixLength).toBe(64);
  expect(loadConfig({ IPV6_PREFIX_LENGTH: '56' }).ipv6PrefixLength).toBe(56);
  expect(() => loadConfig({ IPV6_PREFIX_LENGTH: '/64' })).toThrow(
    'IPV6_PREFIX_LENGTH must be a whole number of bits, e.g. 64',
  );
  expect(() => loadConfig({ IPV6_PREFIX_LENGTH: '129' })).toThrow('IPV6_PREFIX_LENGTH must be at most 128');
  expect(() => loadConfig({ IPV6_PREFIX_LENGTH: '8' })).toThrow('IPV6_PREFIX_LENGTH must be at least 16');
});

eachEngine('one IPv6 /64 is one client', (instance) => {
  it('40 logins from 40 addresses of one /64 meet the login limit of 10; another /64 is not refused', async () => {
    const t = await instance({ TRUST_PROXY: '1' });
    const answers = await statuses(40, async (i) => (await login(t, inNet(1, i + 1))).status);
    expect(answers).toEqual([...Array(10).fill(303), ...Array(30).fill(429)]);
    expect((await login(t, inNet(2, 1))).status).toBe(303);
  });

  it('a forwarded address with a port is one client whatever its port, IPv4 and IPv6 alike', async () => {
    const t = await instance({ TRUST_PROXY: '1' });
    const v4 = await statuses(12, async (i) => (await login(t, `198.51.100.9:${1000 + i}`)).status);
    expect(v4).toEqual([...Array(10).fill(303), ...Array(2).fill(429)]);
    const v6 = await statuses(12, async (i) => (await login(t, `[${inNet(5, i + 1)}]:${1000 + i}`)).status);
    expect(v6).toEqual([...Array(10).fill(303), ...Array(2).fill(429)]);
  });

  it('an IPv4-mapped address and its IPv4 address share one login budget', async () => {
    const t = await instance({ TRUST_PROXY: '1' });
    const answers = await statuses(
      12,
      async (i) => (await login(t, i % 2 ? '198.51.100.7' : '::ffff:198.51.100.7')).status,
    );
    expect(answers).toEqual([...Array(10).fill(303), ...Array(2).fill(429)]);
  });

  it('30 uploads from 30 addresses of one /64 meet the quota of 20; another /64 still uploads', async () => {
    const t = await instance({ TRUST_PROXY: '1' });
    const answers = await statuses(30, (i) => upload(t, inNet(3, i + 1)));
    expect(answers).toEqual([...Array(20).fill(201), ...Array(10).fill(429)]);
    expect(await upload(t, inNet(4, 1))).toBe(201);
  });

  it('40 handoffs from 40 addresses of one /64 meet the limit of 30; another /64 still makes one', async () => {
    const t = await instance({ TRUST_PROXY: '1' });
    const answers = await statuses(40, async (i) => (await handoff(t, inNet(5, i + 1))).status);
    expect(answers).toEqual([...Array(30).fill(201), ...Array(10).fill(429)]);
    expect((await handoff(t, inNet(6, 1))).status).toBe(201);
  });

  it('IPV6_PREFIX_LENGTH=48 makes a whole /48 one client', async () => {
    const t = await instance({ TRUST_PROXY: '1', IPV6_PREFIX_LENGTH: '48' });
    const answers = await statuses(11, async (i) => (await login(t, inNet(i + 16, 1))).status);
    expect(answers).toEqual([...Array(10).fill(303), 429]);
  });
});
