import { expect } from '@open-wc/testing';
import { Step } from '../../widget/controllers/checkout-machine.ts';
import { config, FakeBackend, gate } from './fake-backend.ts';
import { $, mount, rendered, text } from './helpers.ts';

const json = (value: unknown) =>
  new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });
const readies = (events: Event[]) => events.filter((event) => event.type === 'pay-ready');

describe('<pay-checkout> pay-ready', () => {
  it("fires once the form is on screen in the locale's language, not when the config arrives before it", async () => {
    const file = gate<Response>();
    const answer = gate<Response>();
    const backend = new FakeBackend(config());
    backend.on('GET', 'locales/fr.json', () => file.promise);
    backend.on('GET', 'links/lnk_1', () => answer.promise);
    const { el, events } = await mount(backend, { link: 'lnk_1', locale: 'fr' }, { ready: false });

    answer.open(json({ statusCode: 200, data: config() }));
    // Nothing on screen tells the config is in while the messages are not: the state does.
    await rendered(el, () => el._state.step === Step.Form, 'the config in');
    el.requestUpdate();
    await el.updateComplete;
    // The form's config is in, its French messages are not: still the loading state, and no pay-ready.
    expect($(el, '.pay__loading[aria-busy="true"]')).not.to.equal(null);
    expect(readies(events)).to.have.length(0);

    file.open(await fetch('/widget/i18n/fr.json'));
    await rendered(el, () => text(el).includes('Montant à payer'), 'the French form');
    el.requestUpdate();
    await el.updateComplete;
    const ready = readies(events);
    expect(ready).to.have.length(1);
    expect((ready[0] as CustomEvent).detail.config).to.deep.equal(config());
  });
});
