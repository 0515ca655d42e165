// Debian's Firefox ESR as the Firefox suite drives it: puppeteer-core over WebDriver BiDi (Firefox's own
// remote agent, no geckodriver), headless, with the storage rules a payer's Firefox has.
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

/** `FIREFOX_PATH` names another binary. */
export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Puppeteer's test profile (@puppeteer/browsers, `defaultProfilePreferences`) sets
 * `browser.contentblocking.features.standard` to a list holding `cookieBehavior0`: a Firefox that reads
 * that list then accepts every cookie and gives a third-party frame its unpartitioned storage, which no
 * payer's Firefox does. Firefox 153 no longer reads the list (its standard category is the defaults),
 * but the suite must not depend on that, so these restore Firefox's shipped defaults explicitly:
 * - `network.cookie.cookieBehavior` (and `.pbmode`, private windows) 5: reject trackers and partition
 *   every third party's cookies and storage by top-level site ("Total Cookie Protection"), the value in
 *   Firefox's own defaults/preferences/firefox.js;
 * - the standard list without `cookieBehavior0`, so a Firefox that reads it keeps partitioning.
 * The suite checks the result: the backend's frame on another site must not have storage access.
 * Puppeteer also forces one content process for all sites (`fission.webContentIsolationStrategy` 0,
 * applied after these, so it cannot be undone here): frames share a process, not storage.
 */
export const payerStoragePrefs = {
  'network.cookie.cookieBehavior': 5,
  'network.cookie.cookieBehavior.pbmode': 5,
  'browser.contentblocking.features.standard': '-tp,tpPrivate,cookieBehavior5,cookieBehaviorPBM5',
};

/**
 * Scrollbars that float over the content, as on a phone: the desktop's classic ones take 12 px off the
 * layout's width, so a 320 px window would lay the checkout out in 308 px.
 */
const phoneScrollbars = { 'ui.useOverlayScrollbars': 1 };

export function launchFirefox(extraPrefs: Record<string, unknown> = {}): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: firefoxPath,
    headless: true,
    extraPrefsFirefox: { ...payerStoragePrefs, ...phoneScrollbars, ...extraPrefs },
  });
}

/**
 * What lands in the page's console from now on (the page and its frames): errors and warnings, and
 * uncaught errors.
 */
export function consoleOf(page: Page): string[] {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warn')
      logged.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => logged.push(`pageerror: ${String(error)}`));
  return logged;
}
