import { expect } from '@open-wc/testing';
import { en } from '../../widget/shared/en.ts';
import { config, FakeBackend, gate } from './fake-backend.ts';
import { $, mount, rendered, submit, text } from './helpers.ts';

/** A made-up complete translation: every English message marked, placeholders kept. */
const marked = (mark: string) =>
  Object.fromEntries(Object.entries(en).map(([key, english]) => [key, `${mark} ${english}`]));
const json = (value: unknown) =>
  new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });

describe('<pay-checkout> language from the first frame', () => {
  it("uses the messages that came with the config, with no request for the link's locale file", async () => {
    const french = (await (await fetch('/widget/i18n/fr.json')).json()) as Record<string, string>;
    const backend = new FakeBackend(config({ locale: 'fr', messages: french }));
    const { el } = await mount(backend);
    expect(text(el)).to.contain('Montant à payer');
    expect($(el, '.pay')!.lang).to.equal('fr');
    expect(backend.requests.map((request) => request.path)).to.deep.equal(['links/lnk_1']);
  });

  it('fetches the language the attribute names beside the config, and shows no text until it is in', async () => {
    const file = gate<Response>();
    const answer = gate<Response>();
    const backend = new FakeBackend(config());
    backend.on('GET', 'locales/sw.json', () => file.promise);
    backend.on('GET', 'links/lnk_1', () => answer.promise);
    const { el } = await mount(backend, { link: 'lnk_1', locale: 'sw' }, { ready: false });
    // Both on their way at once: the locale file does not wait for the config.
    expect(backend.requests.map((request) => request.path)).to.deep.equal(['links/lnk_1', 'locales/sw.json']);
    expect(text(el)).to.equal('');
    answer.open(json({ statusCode: 200, data: config() }));
    await answer.promise;
    await el.updateComplete;
    expect(text(el)).to.equal('');
    expect($(el, '.pay__loading[aria-busy="true"]')).not.to.equal(null);
    file.open(json(marked('SW')));
    await rendered(el, () => text(el).includes('SW Amount to pay'), 'Swahili-like messages');
    expect(submit(el).textContent!.trim()).to.match(/^SW Pay /);
    expect($(el, '.pay')!.lang).to.equal('sw');
  });

  it('shows English throughout, never a mix, when the locale file is incomplete', async () => {
    const { wrongCode: _missing, ...incomplete } = marked('HA');
    const backend = new FakeBackend(config());
    backend.on('GET', 'locales/ha.json', () => json(incomplete));
    const { el } = await mount(backend, { link: 'lnk_1', locale: 'ha' });
    await rendered(el, () => text(el).includes('Amount to pay'), 'English');
    expect(text(el)).not.to.contain('HA ');
    expect($(el, '.pay')!.lang).to.equal('en');
    expect(submit(el).textContent!.trim()).to.equal(
      `Pay ${new Intl.NumberFormat('en', { style: 'currency', currency: 'XOF' }).format(15000)}`,
    );
  });

  it('follows a change of <html lang> at run time', async () => {
    const backend = new FakeBackend(config());
    backend.on('GET', 'locales/yo.json', () => json(marked('YO')));
    const { el } = await mount(backend);
    expect(text(el)).to.contain('Amount to pay');
    document.documentElement.lang = 'yo';
    try {
      await rendered(el, () => text(el).includes('YO Amount to pay'), 'page language');
      expect($(el, '.pay')!.lang).to.equal('yo');
    } finally {
      document.documentElement.lang = '';
    }
  });
});
