/**
 * WebKit as a payer's browser: MiniBrowser (WebKitGTK) over classic WebDriver, with what its driver lacks
 * made up here. It cannot click an input inside a shadow root (the click is refused as "intercepted"), so
 * every click is a pointer press and release at the element; it has no console endpoint, so the merchant
 * page loads test/e2e/console-hook.js first and `logged()` reads what it kept.
 */
import { Builder, Capabilities, WebDriver, WebElement, type WebElementPromise } from 'selenium-webdriver';
import { inject } from 'vitest';

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Final results arrive by webhook after SANDBOX_OUTCOME_DELAY_MS, then over the stream or a poll. */
export const FINAL_MS = 15_000;
const STEP_MS = 10_000;

/**
 * A new MiniBrowser: `--automation` lets the driver steer it, `--full-screen` drops its toolbar, so its
 * window (and the page) can be narrower than 447 px; `--dark-mode` makes the page prefer dark colours.
 */
export async function startBrowser(options: { dark?: boolean } = {}): Promise<WebDriver> {
  const capabilities = new Capabilities();
  capabilities.setBrowserName('MiniBrowser');
  capabilities.set('webkitgtk:browserOptions', {
    binary: MINIBROWSER,
    args: ['--automation', '--full-screen', ...(options.dark ? ['--dark-mode'] : [])],
  });
  return new Builder().usingServer(inject('webdriverUrl')).withCapabilities(capabilities).build();
}

/** The merchant page on the second origin, with the console hook. */
export const shop = (query: Record<string, string>) =>
  `${inject('merchantUrl')}/?${new URLSearchParams({ link: 'lnk_fixed_ci', locale: 'en', ...query })}&consolehook`;

/** Sets the viewport (the window: full-screen MiniBrowser has no chrome) and checks the page got it. */
export async function setWidth(driver: WebDriver, width: number, height = 720) {
  await driver.manage().window().setRect({ width, height });
  await driver.wait(
    async () => (await driver.executeScript('return document.documentElement.clientWidth')) === width,
    STEP_MS,
    `viewport never became ${width} px wide`,
  );
  await settled(driver);
}

/** Resolves once the page has drawn twice more: whatever the last change set off has been laid out. */
export const settled = (driver: WebDriver) =>
  driver.executeAsyncScript(
    `const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()));`,
  );

/** What the page's console hook kept: errors, warnings, uncaught exceptions, unhandled rejections. */
export const logged = (driver: WebDriver) =>
  driver.executeScript<string[]>('return window.__logged ?? ["console hook missing"]');

/**
 * The checkout's root where the payer's controls are: the element's shadow root (in the page, or in the
 * isolation frame once the driver has switched into it).
 */
const ROOT = `const root = document.querySelector('pay-checkout')?.shadowRoot;`;

/** Waits until a heading of the checkout reads `name` (a RegExp source, matched against its text). */
export async function waitForHeading(driver: WebDriver, name: RegExp, timeout = STEP_MS) {
  await driver.wait(
    () =>
      driver.executeScript<boolean>(
        `${ROOT} return !!root && [...root.querySelectorAll('h1, h2, h3')].some((h) => new RegExp(arguments[0]).test(h.textContent.trim()));`,
        name.source,
      ),
    timeout,
    `no heading ${name}`,
  );
}

/** Waits until the checkout's text (headings, labels, buttons) contains `text`. */
export async function waitForText(driver: WebDriver, text: string, timeout = STEP_MS) {
  await driver.wait(async () => (await checkoutText(driver)).includes(text), timeout, `no text ${text}`);
}

/** The checkout's text, white space collapsed. */
export const checkoutText = (driver: WebDriver) =>
  driver.executeScript<string>(`${ROOT} return root ? root.textContent.replace(/\\s+/g, ' ') : '';`);

/** The control a `<label>` of the checkout names (its text starts with `label`). */
export function field(driver: WebDriver, label: string): WebElementPromise {
  return driver.findElement(async () => {
    const found = await driver.executeScript<WebElement | null>(
      `${ROOT} const label = [...(root?.querySelectorAll('label') ?? [])].find((l) => l.textContent.trim().startsWith(arguments[0]));
       return label?.control ?? null;`,
      label,
    );
    return found ? [found] : [];
  });
}

/** A button (or button-like link) of the checkout whose text matches `name`. */
export function button(driver: WebDriver, name: RegExp): WebElementPromise {
  return driver.findElement(async () => {
    const found = await driver.executeScript<WebElement | null>(
      `${ROOT} return [...(root?.querySelectorAll('button, a') ?? [])].find((b) => new RegExp(arguments[0]).test(b.textContent.trim())) ?? null;`,
      name.source,
    );
    return found ? [found] : [];
  });
}

/**
 * A pointer click at the element's centre (a WebDriver element click is refused inside a shadow root),
 * once it is scrolled into view: the pointer cannot reach outside the viewport.
 */
export async function press(driver: WebDriver, element: WebElement) {
  await driver.executeScript(`arguments[0].scrollIntoView({ block: 'center' })`, element);
  await driver.actions().move({ origin: element }).press().release().perform();
}

/** Clicks into a field, then types as a payer does. */
export async function typeInto(driver: WebDriver, label: string, text: string) {
  const control = await field(driver, label);
  await press(driver, control);
  await control.sendKeys(text);
}

/** Switches the driver into the isolation frame (`<pay-checkout isolation="iframe">`'s own shadow root). */
export async function enterFrame(driver: WebDriver) {
  const frame = await driver.wait(
    () =>
      driver.executeScript<WebElement | null>(
        `return document.querySelector('pay-checkout')?.shadowRoot?.querySelector('iframe') ?? null;`,
      ),
    STEP_MS,
    'no isolation frame',
  );
  await driver.switchTo().frame(frame);
}
