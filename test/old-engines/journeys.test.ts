// The payer's journeys on the floor's own engines, Chromium 80 and 88 (old-chromium.ts), as on an Android
// phone: touch, a 360 px (and a 320 px) screen. Against the real server and merchant page that the end-to-end
// suite starts (test/e2e/global-setup.ts): the storefront's code step, the pay page with its widget, and
// the iframe mode, each to its success, with nothing sticking out and an empty console. Chromium 80 also
// leaves screenshots of each step in test-results/old-engines/ for a person to look at.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, onTestFailed, onTestFinished, test } from 'vitest';
import { en } from '../../widget/shared/en.ts';
import { FINAL_MS, FIXED_LINK, fixedLinkAnswers, OTP, PHONES, REFERENCE } from '../journeys.ts';
import { measureOverflow, overflowProblems } from '../layout-overflow.ts';
import {
  buttonByText,
  checkoutIframe,
  checkoutText,
  fieldByLabel,
  headingOf,
  inPage,
  widgetTookOver,
} from './in-page.ts';
import {
  launchOldChromium,
  OLD_CHROMIUMS,
  type OldBrowser,
  type OldFrame,
  type OldPage,
} from './old-chromium.ts';

const SHOTS = 'test-results/old-engines';
/**
 * A payment's event stream, which the widget aborts itself once the payment is final (the browser reports
 * it as a failed request, net::ERR_ABORTED); any other failure of it is one.
 */
const CLOSED_STREAM = /\/api\/v1\/payments\/pay_[0-9a-f]{32}\/events$/;
const STEP_MS = 10_000;

const storefront = (isolation = false) =>
  `${process.env.E2E_MERCHANT_URL}/?link=${FIXED_LINK}&locale=en&mobile${isolation ? '&isolation=iframe' : ''}`;
const payPage = () => `${process.env.E2E_API_URL}/pay/${FIXED_LINK}?lang=en`;

/** The step's heading, once it reads `title`. */
async function waitForHeading(ui: OldFrame, title: string, timeout = STEP_MS) {
  try {
    await ui.waitForFunction(`${inPage(headingOf)} === ${JSON.stringify(title)}`, { timeout, polling: 50 });
  } catch (error) {
    const shown = await ui.evaluate<string>(inPage(headingOf));
    throw new Error(`waited ${timeout} ms for the heading "${title}", the checkout shows "${shown}"`, {
      cause: error,
    });
  }
}

/** The checkout's form is on screen. */
async function waitForForm(ui: OldFrame) {
  await ui.waitForFunction(`!!${inPage(fieldByLabel, en.phone)}`, { timeout: STEP_MS, polling: 50 });
}

/** A touch on the control that `find` returns in the checkout, as a finger does (hit-tested, scrolled to). */
async function tap(ui: OldFrame, find: string) {
  await ui.waitForFunction(`!!${find}`, { timeout: STEP_MS, polling: 50 });
  const handle = await ui.evaluateHandle(find);
  await handle.asElement()!.tap();
  await handle.dispose();
}

async function type(page: OldPage, ui: OldFrame, label: string, text: string) {
  await tap(ui, inPage(fieldByLabel, label));
  await page.keyboard.type(text);
}

/** Fills `lnk_fixed_ci`'s form (the merchant's field, then the payer's) with the code-step number, and pays. */
async function payFixedLink(page: OldPage, ui: OldFrame) {
  for (const [label, answer] of fixedLinkAnswers(en)) await type(page, ui, label, answer);
  await type(page, ui, en.phone, PHONES.otp);
  await tap(ui, inPage(buttonByText, '^Pay '));
  await waitForHeading(ui, en.otpTitle);
}

async function confirmCode(page: OldPage, ui: OldFrame) {
  await type(page, ui, en.code, OTP);
  await tap(ui, inPage(buttonByText, `^${en.confirm}$`));
  await waitForHeading(ui, en.successTitle, FINAL_MS);
  expect(await ui.evaluate<string>(inPage(checkoutText))).toMatch(REFERENCE);
}

for (const engine of OLD_CHROMIUMS) {
  describe(`Chromium ${engine.major}`, () => {
    let browser: OldBrowser;
    let userAgent: string;
    beforeAll(async () => {
      browser = await launchOldChromium(engine);
      // An Android phone's Chrome of that version, as the server and the widget would see it.
      const version = (await browser.version()).replace(/^HeadlessChrome\//, '');
      userAgent = `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Mobile Safari/537.36`;
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
    });

    /** A phone of `width` px in a fresh context, and what lands in its console (page and frames). */
    async function openPhone(width: number): Promise<{ page: OldPage; logged: string[] }> {
      const context = await browser.createIncognitoBrowserContext();
      onTestFinished(() => context.close());
      const page = await context.newPage();
      await page.setUserAgent(userAgent);
      await page.setViewport({
        width,
        height: width === 320 ? 640 : 740,
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      const logged: string[] = [];
      page.on('pageerror', (error) => logged.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') logged.push(`console error: ${message.text()}`);
      });
      page.on('requestfailed', (request) => {
        const reason = request.failure()?.errorText ?? '';
        if (!(reason === 'net::ERR_ABORTED' && CLOSED_STREAM.test(request.url())))
          logged.push(`request failed: ${request.url()} ${reason}`);
      });
      // A journey that stalls fails on a timeout: the console says why.
      onTestFailed(() => console.error(`Chromium ${engine.major}'s console:`, logged));
      return { page, logged };
    }

    /** Nothing of the widget leaves the screen; on Chromium 80, a screenshot for a person to look at. */
    async function checkLayout(page: OldPage, width: number, step: string) {
      expect(overflowProblems(await page.evaluate(inPage(measureOverflow)), width)).toEqual([]);
      if (engine.major !== 80) return;
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({
        path: `${SHOTS}/chromium-${engine.major}-${width}-${step}.png`,
        fullPage: true,
      });
    }

    for (const width of [360, 320]) {
      test(`storefront at ${width} px: the code step to success, nothing sticking out`, async () => {
        const { page, logged } = await openPhone(width);
        await page.goto(storefront());
        await waitForForm(page);
        await checkLayout(page, width, 'form');
        await payFixedLink(page, page);
        await checkLayout(page, width, 'code');
        await confirmCode(page, page);
        await checkLayout(page, width, 'success');
        expect(logged).toEqual([]);
      });
    }

    test('pay page with JavaScript on: the widget takes over and pays', async () => {
      const { page, logged } = await openPhone(360);
      await page.goto(payPage());
      await page.waitForFunction(inPage(widgetTookOver), { timeout: STEP_MS, polling: 50 });
      await payFixedLink(page, page);
      await confirmCode(page, page);
      expect(logged).toEqual([]);
    });

    test('iframe mode: the checkout in its frame pays', async () => {
      const { page, logged } = await openPhone(360);
      await page.goto(storefront(true));
      await page.waitForFunction(`!!${inPage(checkoutIframe)}`, { timeout: STEP_MS, polling: 50 });
      const frame = await (await page.evaluateHandle(inPage(checkoutIframe))).asElement()!.contentFrame();
      await waitForForm(frame!);
      await payFixedLink(page, frame!);
      await confirmCode(page, frame!);
      expect(logged).toEqual([]);
    });
  });
}
