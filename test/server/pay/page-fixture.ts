// What the pay page's tests share: a fresh app (the app fixture) and a browser without script on it for
// every test, and the fixed link's form posted, as nearly every step of the page starts with it.
import { afterEach, beforeEach } from 'vitest';
import { startApp, type AppFixture, type AppFixtureOptions } from '../app-fixture.ts';
import { Browser, fixedLinkAnswers, formOf } from './helpers.ts';

export interface PayPageFixture {
  /** The running test's app. */
  t: AppFixture;
  /** A browser on it, with no cookies when the test starts. */
  browser: Browser;
  /** Closes the app and starts another with `options` (a rate limit), with a new browser. */
  restart(options: AppFixtureOptions): Promise<void>;
}

/**
 * Registers the hooks that start an app and a browser before each test of the calling file and close the
 * app after it. The object's fields are the running test's: read them inside a test, never at load time.
 */
export function payPageFixture(options: AppFixtureOptions = {}): PayPageFixture {
  const fixture: PayPageFixture = {
    t: undefined as unknown as AppFixture,
    browser: undefined as unknown as Browser,
    async restart(others) {
      await fixture.t.close();
      await start(others);
    },
  };
  async function start(startOptions: AppFixtureOptions) {
    fixture.t = await startApp(startOptions);
    fixture.browser = new Browser(fixture.t);
  }
  beforeEach(() => start(options));
  afterEach(() => fixture.t.close());
  return fixture;
}

/** Opens `lnk_fixed_ci`'s form in English and posts it, paying from `phone`: the post's answer. */
export async function postFixedLink(browser: Browser, phone: string) {
  const form = await browser.get('/pay/lnk_fixed_ci?lang=en');
  return browser.post('/pay/lnk_fixed_ci?lang=en', formOf(form.text, fixedLinkAnswers(phone)));
}
