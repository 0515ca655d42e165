// The pay page read and paid in lynx (test/firefox/lynx.ts), a text browser that runs no script, shows no
// style and keeps cookies by RFC 2109, against the real server the end-to-end suite starts: every page is
// read as the payer reads it, as text. Here beside Firefox's journeys because it needs that same server.
import { afterEach, expect, test } from 'vitest';
import { en } from '../../widget/shared/en.ts';
import { FINAL_MS, OTP, REFERENCE, WRONG_OTP } from '../journeys.ts';
import { dump, Lynx } from './lynx.ts';

const api = () => process.env.E2E_API_URL!;
const FORM = () => `${api()}/pay/lnk_fixed_ci?lang=en`;

let open: Lynx[] = [];
afterEach(async () => {
  await Promise.all(open.map((lynx) => lynx.close()));
  open = [];
});

function lynx(options: { cookies: boolean }) {
  const browser = new Lynx(FORM(), options);
  open.push(browser);
  return browser;
}

/** Lines of text, each trimmed, with lynx's runs of spaces as one. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter(Boolean);

/** Fills `lnk_fixed_ci`'s form from its first field (the merchant's) and presses Pay. */
function payFixedLink(browser: Lynx, phone: string) {
  browser.fill('AB-1234');
  browser.fill('Awa Kone');
  browser.fill('awa@example.com');
  browser.fill(phone);
  // The methods' five radio buttons (the first already chosen), then the Pay button.
  browser.down(5);
  browser.enter();
}

test('lynx -dump reads the form: title, amount, every field by its label, the pay button with its total', () => {
  const text = lines(dump(FORM()));
  expect(text[0]).toBe("Abonnement Premium — L'Écho d'Abidjan");
  expect(text).toContain('Un mois d’accès illimité au journal, sans publicité.');
  // Words apart, where the screen sets them apart by layout.
  expect(text).toContain('Amount to pay F CFA 15,000');
  expect(text.join(' ')).toContain('(*) MTN Mobile Money Fee F CFA 150 · Total F CFA 15,150');
  // The share block (its links first) then the language switch.
  expect(text).toContain('[1]WhatsApp [2]SMS');
  expect(text).toContain('English [3]Français [4]Kiswahili [5]Hausa [6]Yorùbá [7]Wolof');
  for (const label of ['Numéro d’abonné', en.name, en.email, en.phone])
    expect(text).toContain(`${label} ${'_'.repeat(20)}`);
  expect(text).toContain('(BUTTON) Pay F CFA 15,150 (BUTTON) Pay on your phone');
});

test('lynx pays: the code step, a wrong code, the right one, then the receipt; its cookies as it keeps them', async () => {
  const browser = lynx({ cookies: true });
  payFixedLink(browser, '+2250700000000');
  const code = lines(await browser.read());
  expect(code[0]).toBe(en.otpTitle);
  expect(code).toContain(en.otpText);
  const reference = code.find((line) => REFERENCE.test(line))!;
  expect(reference).toMatch(new RegExp(`^${REFERENCE.source}$`));
  expect(code.join(' ')).toMatch(/Tries left: 5/);

  browser.fill(WRONG_OTP);
  browser.enter(); // Confirm
  const wrong = lines(await browser.read());
  expect(wrong[0]).toBe(en.otpTitle);
  expect(wrong).toContain(en.wrongCode);
  expect(wrong.join(' ')).toMatch(/Tries left: 4/);

  browser.fill(OTP);
  browser.enter();
  const after = lines(await browser.read());
  // The outcome, or a page that says it is being confirmed; never "approve on your phone".
  const onReceipt = after.includes(en.receipt);
  if (!onReceipt) expect(after[0]).toBe(en.confirmingTitle);
  expect(after.join(' ')).not.toContain(en.processingTitle);

  // Until the provider's webhook is in: the page again, as its Refresh or "Check again" would load it.
  let receipt = after;
  const deadline = Date.now() + FINAL_MS;
  while (!receipt.includes(en.receipt)) {
    expect(receipt[0]).toBe(en.confirmingTitle);
    expect(receipt).toContain(en.confirmingText);
    expect(Date.now()).toBeLessThan(deadline);
    browser.reload();
    receipt = lines(await browser.read());
  }
  expect(receipt).toContain(en.receipt);
  expect(receipt).toContain(`✓ ${en.successTitle}`);
  expect(receipt).toContain(reference);
});

test('lynx with cookies off: the form says the page needs them, and shows nothing it was sent', async () => {
  const browser = lynx({ cookies: false });
  payFixedLink(browser, '+2250700000000');
  const refused = lines(await browser.read());
  expect(refused[0]).toBe("Abonnement Premium — L'Écho d'Abidjan");
  expect(refused.join(' ')).toContain(en.cookiesNeeded);
  // Refused before its body is read (the form's token and cookie come first): none of it is shown back.
  expect(refused.join(' ')).not.toContain('awa@example.com');
  expect(refused.join(' ')).toMatch(/Email _+/);
});
