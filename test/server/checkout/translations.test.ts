/**
 * A link's config carries the widget's messages in the link's language, so the widget's first form is
 * in that language with no second request; the translations are read once, from widget/i18n.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../../widget/shared/en.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { sandboxAdmin } from './helpers.ts';

const french = JSON.parse(readFileSync('widget/i18n/fr.json', 'utf8')) as Record<string, string>;

let t: AppFixture | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await t?.close();
  t = undefined;
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

function translationsDir(files: Record<string, unknown>) {
  const dir = mkdtempSync(join(tmpdir(), 'pay-translations-'));
  dirs.push(dir);
  for (const [name, messages] of Object.entries(files))
    writeFileSync(join(dir, name), JSON.stringify(messages));
  return dir;
}

const createLink = (app: AppFixture, id: string, locale?: string) =>
  sandboxAdmin(app, 'POST', '/payment-links', {
    id,
    title: 'Concert',
    isAmountFixed: true,
    amount: 5_000,
    currency: 'XOF',
    country: 'CI',
    ...(locale ? { locale } : {}),
  });

describe("a link's config and its language", () => {
  it("carries the messages of the link's language, region or not, from the cached answer too", async () => {
    t = await startApp();
    expect((await createLink(t, 'lnk_fr_ci', 'fr-CI')).status).toBe(201);
    for (const read of ['first', 'cached']) {
      const { status, json } = await t.request('GET', '/api/v1/links/lnk_fr_ci');
      expect(status, read).toBe(200);
      expect(json.data.locale, read).toBe('fr-CI');
      expect(json.data.messages, read).toEqual(french);
    }
  });

  it('carries no messages for English, no locale, or a language without a translation', async () => {
    t = await startApp();
    await createLink(t, 'lnk_english', 'en-NG');
    await createLink(t, 'lnk_no_locale');
    await createLink(t, 'lnk_zulu', 'zu');
    for (const id of ['lnk_english', 'lnk_no_locale', 'lnk_zulu']) {
      const { status, json } = await t.request('GET', `/api/v1/links/${id}`);
      expect(status, id).toBe(200);
      expect(json.data, id).not.toHaveProperty('messages');
    }
  });

  it('reads the translations of the folder it is given', async () => {
    const made = Object.fromEntries(Object.entries(en).map(([key, english]) => [key, `xx ${english}`]));
    t = await startApp({ translationsDir: translationsDir({ 'xx.json': made }) });
    await createLink(t, 'lnk_xx', 'xx');
    await createLink(t, 'lnk_fr', 'fr');
    expect((await t.request('GET', '/api/v1/links/lnk_xx')).json.data.messages).toEqual(made);
    expect((await t.request('GET', '/api/v1/links/lnk_fr')).json.data).not.toHaveProperty('messages');
  });

  it('refuses to start with a translation that misses a message, naming the file and the key', async () => {
    const { wrongCode: _missing, ...incomplete } = french;
    const dir = translationsDir({ 'fr.json': incomplete });
    await expect(startApp({ translationsDir: dir })).rejects.toThrow(
      `${join(dir, 'fr.json')} is not a complete translation: wrongCode: missing`,
    );
  });

  it('refuses to start with a translation that is not JSON, naming the file', async () => {
    const dir = translationsDir({});
    writeFileSync(join(dir, 'fr.json'), '{"loading": ');
    await expect(startApp({ translationsDir: dir })).rejects.toThrow(`${join(dir, 'fr.json')} is not JSON`);
  });
});
