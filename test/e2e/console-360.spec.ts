// The merchant console on a merchant's phone (360 px), in English and in French number formats: every
// tab reads as cards (each row of a table stacks its cells, every value beside its column's name),
// nothing sticks out of the screen or is cut, and the status line above the tabs is the current tab's,
// never the one of the tab left behind. Each payment link's card carries its QR code and its share
// actions. Screenshots of the links tab (light and dark) land in test-results/console-360/.
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { measureClippedText } from '../layout-clipping.ts';
import { measureDocumentOverflow, overflowProblems } from '../layout-overflow.ts';
import { DEMO_MERCHANT_API_KEY } from '../../server/config.ts';
import { api, logInToConsole, paidPayment } from './helpers.ts';

const WIDTH = 360;
const SHOTS = 'test-results/console-360';

interface Tab {
  name: string;
  /** Shown once the tab's data is drawn. */
  ready: (page: Page) => Locator;
  /** The status line once the tab is drawn: its own words, or nothing. */
  status: RegExp;
}

const region = (name: string | RegExp) => (page: Page) => page.getByRole('region', { name });

const TABS: Tab[] = [
  { name: 'Payments', ready: region('Payments, newest first'), status: /^Showing \d+ payments?\b/ },
  {
    name: 'Collections',
    ready: region('Collection transactions, newest first'),
    status: /^Showing \d+ collections?\b/,
  },
  { name: 'Payment links', ready: region('Payment links'), status: /^Showing \d+ payment links?\b/ },
  // The payouts tab announces nothing when it opens: its line stays empty until a payout is requested.
  { name: 'Payouts', ready: region('Latest payouts'), status: /^$/ },
  {
    name: 'Wallets',
    ready: region('Wallet balances by country and currency'),
    status: /^\d+ wallets shown\.$/,
  },
  {
    name: 'Notifications',
    ready: (page) => page.locator('#panel-notifications .pager'),
    status: /^Showing \d+ notifications?\b/,
  },
  {
    name: 'Reconciliation',
    ready: region(/^Successes per currency/),
    status: /^\d+ difference\(s\) from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\.$/,
  },
];

/**
 * Runs in the page: each table the tab shows, and whether it reads as cards there: every row a block of
 * its own, every cell a block named by its column (`data-label`).
 */
function tablesAsCards(panel: string) {
  return [...document.querySelectorAll(`${panel} table`)]
    .filter((table) => table.getBoundingClientRect().width > 1)
    .map((table) => {
      const rows = [...table.querySelectorAll('tbody tr')];
      const cells = rows.flatMap((row) => [...row.children]);
      return {
        table: table.querySelector('caption')?.textContent ?? '',
        rows: rows.length,
        cards: rows.every((row) => getComputedStyle(row).display === 'block'),
        labelled: cells.every((cell) => (cell.getAttribute('data-label') ?? '') !== ''),
      };
    });
}

const statusLine = (page: Page) => page.locator('#console-status');

/** A payout of F CFA 2,000 to `phoneNumber` through the merchant API, so the payouts tab lists one. */
async function payout(page: Page, phoneNumber: string) {
  const headers = { authorization: `Bearer ${DEMO_MERCHANT_API_KEY}` };
  const recipient = await page.request.post(`${api()}/api/v1/payouts/recipients/validate`, {
    headers,
    data: { provider: 'mtn-ci', account: { phoneNumber } },
  });
  expect(recipient.status(), await recipient.text()).toBe(201);
  const { data } = (await recipient.json()) as { data: { id: string } };
  const made = await page.request.post(`${api()}/api/v1/payouts`, {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: { transferRecipientId: data.id, amount: 2000 },
  });
  expect(made.status(), await made.text()).toBe(201);
}

/** Each tab in turn: drawn as cards, nothing cut or past the screen, under its own status line. */
async function checkTabs(page: Page) {
  for (const tab of TABS) {
    await page.getByRole('tab', { name: tab.name, exact: true }).click();
    await expect(tab.ready(page)).toBeVisible();
    await expect.soft(statusLine(page), `${tab.name}: the status line`).toHaveText(tab.status);
    const panel = `#${await page.getByRole('tabpanel').getAttribute('id')}`;
    expect.soft(overflowProblems(await page.evaluate(measureDocumentOverflow), WIDTH), tab.name).toEqual([]);
    expect.soft(await page.evaluate(measureClippedText, panel), tab.name).toEqual([]);
    for (const table of await page.evaluate(tablesAsCards, panel))
      expect.soft(table, `${tab.name}: ${table.table}`).toMatchObject({ cards: true, labelled: true });
  }
  // Back to a tab already drawn: its own line again, not the last tab's.
  await page.getByRole('tab', { name: 'Payment links' }).click();
  await expect(statusLine(page)).toHaveText(/^Showing \d+ payment links?\b/);
}

/** The links tab: each card's QR code, WhatsApp and SMS links to its pay page, and "Copy link". */
async function checkLinkCards(page: Page) {
  await page.getByRole('tab', { name: 'Payment links' }).click();
  const cards = page.getByRole('region', { name: 'Payment links' }).locator('tbody tr');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(1);
  const addressOf = async (card: Locator) => {
    const id = (await card.locator('td[data-label="Link"]').textContent())!.trim();
    return new URL(`/pay/${id}`, page.url()).href;
  };
  for (let index = 0; index < count; index++) {
    const card = cards.nth(index);
    const url = await addressOf(card);
    // The message ends with the address, encoded (the pay page's own test checks the whole message).
    const encoded = encodeURIComponent(url).replace(/[.?]/g, '\\$&');
    await expect(card.getByRole('img', { name: `QR code of ${url}` })).toBeVisible();
    const whatsApp = card.getByRole('link', { name: /WhatsApp/ });
    await expect(whatsApp).toHaveAttribute('href', new RegExp(`^https://wa\\.me/\\?text=.*%0A${encoded}$`));
    await expect(whatsApp).toHaveAttribute('rel', 'noopener');
    await expect(card.getByRole('link', { name: /SMS/ })).toHaveAttribute(
      'href',
      new RegExp(`^sms:\\?&body=.*%0A${encoded}$`),
    );
    await expect(card.getByRole('button', { name: /^Copy link of / })).toBeVisible();
  }
  // "Copy link" puts the pay page's address on the clipboard, and says so.
  const first = cards.first();
  await first.getByRole('button', { name: /^Copy link of / }).click();
  await expect(statusLine(page)).toHaveText(/^Link of .+ copied\.$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await addressOf(first));
  return cards;
}

test.use({ viewport: { width: WIDTH, height: 740 } });

test("every tab reads as cards at 360 px with nothing cut, under its own status line; each link's card shares", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // At least one payment and one payout to list, whatever ran before: a number no other spec pays from.
  await paidPayment(page, '+2250700003601');
  await payout(page, '+2250700003601');
  // One login for both languages: the console allows ten a minute from one address, for the whole suite.
  await logInToConsole(page);
  const storageState = await page.context().storageState();
  for (const locale of ['en-GB', 'fr-FR']) {
    await test.step(locale, async () => {
      const context = await browser.newContext({
        viewport: { width: WIDTH, height: 740 },
        locale,
        storageState,
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      const consolePage = await context.newPage();
      await consolePage.goto(`${api()}/console`);
      await expect(consolePage.getByRole('tab', { name: 'Payments' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await checkTabs(consolePage);
      const cards = await checkLinkCards(consolePage);
      for (const colorScheme of ['light', 'dark'] as const) {
        await consolePage.emulateMedia({ colorScheme });
        await consolePage.screenshot({ path: `${SHOTS}/links-${locale}-${colorScheme}.png`, fullPage: true });
        // The first cards as the phone's screen shows them.
        await cards.first().scrollIntoViewIfNeeded();
        await consolePage.screenshot({ path: `${SHOTS}/links-${locale}-${colorScheme}-screen.png` });
      }
      await context.close();
    });
  }
});
