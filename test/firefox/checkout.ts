// The payer's moves on the checkout in puppeteer's terms (Firefox suite and its screenshots): controls found
// by role and accessible name inside the widget's shadow root, in the page or in the iframe mode's frame.
import type { Frame, Page } from 'puppeteer-core';
import { en, type Messages } from '../../widget/shared/en.ts';
import { fixedLinkAnswers } from '../journeys.ts';

/** Where the payer's controls are: the page itself, or the checkout's frame. */
export type Checkout = Page | Frame;

/** A control of the checkout by its role and accessible name, as a payer or a screen reader finds it. */
export const byName = (role: string, name: string) =>
  `pay-checkout >>> ::-p-aria([name="${name}"][role="${role}"])`;
export const byLabel = (label: string) => byName('textbox', label);

/** The checkout's frame, once the iframe mode has put it on the page. */
export async function checkoutFrame(page: Page): Promise<Frame> {
  const iframe = await page.waitForSelector('pay-checkout >>> iframe');
  return iframe!.contentFrame();
}

export async function waitForHeading(ui: Checkout, name: string, timeout = 5_000) {
  await ui.waitForSelector(byName('heading', name), { timeout });
}

/** Fills `lnk_fixed_ci`'s form in the payer's language with `phone`, and pays. */
export async function payFixedLink(ui: Checkout, phone: string, messages: Messages = en) {
  for (const [label, answer] of fixedLinkAnswers(messages)) await ui.locator(byLabel(label)).fill(answer);
  await ui.locator(byLabel(messages.phone)).fill(phone);
  await ui.locator('pay-checkout >>> button[type="submit"]').click();
}

export async function enterCode(ui: Checkout, code: string, messages: Messages = en) {
  await ui.locator(byLabel(messages.code)).fill(code);
  await ui.locator(byName('button', messages.confirm)).click();
}
