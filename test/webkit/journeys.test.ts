// The payer's journeys in WebKit (WebKitGTK's MiniBrowser over WebDriver, test/webkit/browser.ts), against
// the same server and merchant page as the Chromium end-to-end suite. One browser serves every test: a
// session costs seconds to start. Each journey ends with the merchant page's console empty.
import { By, type WebDriver } from 'selenium-webdriver';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { measureOverflow, overflowProblems } from '../layout-overflow.ts';
import {
  button,
  checkoutText,
  enterFrame,
  FINAL_MS,
  logged,
  press,
  setWidth,
  shop,
  startBrowser,
  typeInto,
  waitForHeading,
  waitForText,
} from './browser.ts';

let driver: WebDriver;

beforeAll(async () => {
  driver = await startBrowser();
});
afterAll(async () => {
  await driver?.quit();
});
beforeEach(async () => {
  await driver.switchTo().defaultContent();
  await setWidth(driver, 1024);
});

/** Fills the form of `lnk_fixed_ci` (a required text field of the merchant's, then the payer) and pays. */
async function payFixedLink(phone: string) {
  await waitForHeading(driver, /Abonnement Premium/);
  await typeInto(driver, 'Numéro d’abonné', 'AB-1234');
  await typeInto(driver, 'Full name', 'Awa Koné');
  await typeInto(driver, 'Email', 'awa@example.com');
  await typeInto(driver, 'Phone number', phone);
  await press(driver, await button(driver, /^Pay /));
}

async function confirmCode(code: string) {
  await waitForHeading(driver, /^Enter your code$/);
  await typeInto(driver, 'Code', code);
  await press(driver, await button(driver, /^Confirm$/));
}

async function expectSuccess() {
  await waitForHeading(driver, /^Payment successful$/, FINAL_MS);
  expect(await checkoutText(driver)).toMatch(/pay_[0-9a-f]{32}/);
}

/** On the sandbox's page for the provider: approve, then wait to be back on the shop with our reference. */
async function approveOnProviderPage() {
  await driver.wait(async () => /\/sandbox\/checkout\//.test(await driver.getCurrentUrl()), 10_000);
  // The sandbox's own page (no shadow root): a plain WebDriver click works there.
  await driver.findElement(By.xpath(`//button[normalize-space()='Approve']`)).click();
  await driver.wait(
    async () => (await driver.getCurrentUrl()).includes('pay_reference=pay_'),
    10_000,
    'never back on the shop',
  );
}

describe('in the page', () => {
  it('OTP: the code, then success; the console stays empty', async () => {
    await driver.get(shop({}));
    await payFixedLink('0700000000');
    await confirmCode('123456');
    await expectSuccess();
    expect(await logged(driver)).toEqual([]);
  });

  it('the provider’s page (08): approved there, back on the shop, success', async () => {
    await driver.get(shop({}));
    await payFixedLink('0700000008');
    await approveOnProviderPage();
    await expectSuccess();
    expect(await logged(driver)).toEqual([]);
  });

  it('the French link (the link’s own language): the form in French', async () => {
    await driver.get(shop({ locale: '' }));
    await waitForText(driver, 'Page de paiement sécurisée');
    await button(driver, /^Payer /);
    expect(await logged(driver)).toEqual([]);
  });
});

describe('isolation mode, the checkout in a frame on the server’s origin', () => {
  // The frame is as tall as the checkout, and the pointer reaches only what the top window shows.
  beforeEach(() => setWidth(driver, 1024, 1500));

  it('OTP: the code, then success; the console stays empty', async () => {
    await driver.get(shop({ isolation: 'iframe' }));
    await enterFrame(driver);
    await payFixedLink('0700000000');
    await confirmCode('123456');
    await expectSuccess();
    await driver.switchTo().defaultContent();
    expect(await logged(driver)).toEqual([]);
  });

  it('the provider’s page (08) opens in the top window, and the shop resumes on return', async () => {
    await driver.get(shop({ isolation: 'iframe' }));
    await enterFrame(driver);
    await payFixedLink('0700000008');
    await driver.switchTo().defaultContent();
    await approveOnProviderPage();
    await enterFrame(driver);
    await expectSuccess();
    await driver.switchTo().defaultContent();
    expect(await logged(driver)).toEqual([]);
  });

  // WebKit (2.50) never hands a `<link rel=preload as=fetch>` to a later fetch() or XMLHttpRequest, so a
  // preloaded config was read twice here; the page now carries it, and the frame asks for it not at all.
  it('the frame reads its config from the page itself: no config request at all', async () => {
    await driver.get(shop({ isolation: 'iframe' }));
    await enterFrame(driver);
    await waitForHeading(driver, /Abonnement Premium/);
    const reads = await driver.executeScript<string[]>(
      `return performance.getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname === '/api/v1/links/lnk_fixed_ci')
        .map((entry) => entry.initiatorType);`,
    );
    expect(reads).toEqual([]);
  });
});

describe('at 320 px, the narrowest phones', () => {
  async function expectNothingOverflows() {
    const layout = await driver.executeScript<ReturnType<typeof measureOverflow>>(measureOverflow);
    expect(overflowProblems(layout, 320)).toEqual([]);
  }

  it('the form, English and French, and the result: nothing overflows', async () => {
    await setWidth(driver, 320);
    await driver.get(shop({ locale: '' }));
    await waitForText(driver, 'Page de paiement sécurisée');
    await expectNothingOverflows();
    await driver.get(shop({}));
    await payFixedLink('0700000000');
    await confirmCode('123456');
    await expectSuccess();
    await expectNothingOverflows();
    expect(await logged(driver)).toEqual([]);
  });

  /** Each method option whose words (their line boxes) reach outside its content box, into its padding or beyond. */
  const spilling = () =>
    driver.executeScript<string[]>(`
      return [...document.querySelector('pay-checkout').shadowRoot.querySelectorAll('label:has(> input[type=radio])')]
        .filter((option) => {
          const outer = option.getBoundingClientRect();
          const style = getComputedStyle(option);
          const inset = (side) => parseFloat(style['padding' + side]) + parseFloat(style['border' + side + 'Width']);
          const words = document.createRange();
          words.selectNodeContents(option.lastElementChild);
          const text = words.getBoundingClientRect();
          return text.top < outer.top + inset('Top') - 0.5 || text.bottom > outer.bottom - inset('Bottom') + 0.5 ||
            text.left < outer.left + inset('Left') - 0.5 || text.right > outer.right - inset('Right') + 0.5;
        })
        .map((option) => option.textContent.trim() + ' ' + Math.round(option.getBoundingClientRect().height));`);

  it('narrowed from 400 px (a phone turned upright), each method option grows to hold its words', async () => {
    // Twice: WebKit got the first page right, and kept the one-line height from the second on.
    for (let load = 0; load < 2; load++) {
      await setWidth(driver, 400, 1500);
      await driver.get(shop({ locale: '' }));
      await waitForHeading(driver, /Abonnement Premium/);
      expect(await spilling()).toEqual([]);
      // The French "Page de paiement sécurisée" takes two lines at 320 px: its option must grow.
      await setWidth(driver, 320, 1500);
      expect(await spilling()).toEqual([]);
      await expectNothingOverflows();
    }
    expect(await logged(driver)).toEqual([]);
  });
});
