// webhooksToSelf: the embedded sandbox's webhooks to this server's own URL reach its app in-process,
// with the method, headers and body as sent; every other URL goes to the fallback fetch.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { webhooksToSelf } from '../../../server/sandbox/in-process.ts';

const OWN = 'http://pay.test';

function echoApp() {
  return new Hono().post('/webhooks/payments', async (c) =>
    c.json({ signature: c.req.header('x-webhook-signature'), body: await c.req.text() }, 202),
  );
}

function elsewhereRecorder() {
  const urls: string[] = [];
  const elsewhere: typeof fetch = async (input) => {
    urls.push(String(input));
    return new Response('from the network', { status: 200 });
  };
  return { urls, elsewhere };
}

describe('webhooksToSelf', () => {
  it('hands a webhook to its own URL to the app, with its headers and body', async () => {
    const { urls, elsewhere } = elsewhereRecorder();
    const send = webhooksToSelf(OWN, { app: echoApp() }, elsewhere);
    const response = await send(`${OWN}/webhooks/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': 'sig' },
      body: '{"a":1}',
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ signature: 'sig', body: '{"a":1}' });
    expect(urls).toEqual([]);
  });

  it('sends other URLs, a look-alike host and any call before the app exists to the fallback', async () => {
    const { urls, elsewhere } = elsewhereRecorder();
    const target: { app?: Hono } = {};
    const send = webhooksToSelf(OWN, target, elsewhere);
    await send(`${OWN}/webhooks/payments`, { method: 'POST', body: '{}' });
    target.app = echoApp();
    await send('https://merchant.test/hook', { method: 'POST', body: '{}' });
    await send('http://pay.test.evil/webhooks/payments', { method: 'POST', body: '{}' });
    expect(urls).toEqual([
      `${OWN}/webhooks/payments`,
      'https://merchant.test/hook',
      'http://pay.test.evil/webhooks/payments',
    ]);
  });
});
