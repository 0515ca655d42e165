/**
 * The payer's figures: a backend of its own (a fresh database: the load runs' thousands of payments
 * would otherwise weigh on the link reads) that lets the merchant's storefront origin call its API, the
 * storefront's three pages, the link's own pay page (no script), and the demo's storefront (`/`, two embedded checkouts) for layout shift and
 * Lighthouse. Throttled loads first, then Lighthouse, so the two never share the machine.
 */
import { chromiumInstalled, CHROMIUM } from './browser.ts';
import { measureLighthouse, type LighthouseFigures } from './lighthouse.ts';
import { measurePayerLoads, type PayerLoad } from './payer-loads.ts';
import { withStorefront } from './storefront/pages.ts';

/** The fixed-amount link in French: its first frame needs the French messages as well as the config. */
const LINK = 'lnk_fixed_ci';
export const PAYER_LOADS = 5;
/**
 * The pay page and its inline floor are loaded more often, in a rotation of their own. The two are within
 * a few percent of each other while single loads vary by about 80 ms (standard deviation; most of a load
 * passes before the document's first script runs, the same for both), and their budget is 1.0x: the
 * ratio of two medians of 5 loads varies by about 0.09, of 15 by 0.06, of 30 by 0.04 (resampled from 40
 * loads of each, 2026-11-29). A load of either takes 3 to 4 s with the wait for a quiet network.
 */
export const PAY_PAGE_LOADS = 30;
export const LIGHTHOUSE_RUNS = 5;

export type PayerPage =
  'floor' | 'inlineScriptFloor' | 'bare' | 'snippet' | 'inlineFloor' | 'payPage' | 'demo';

export interface PayerFigures {
  loads: Record<PayerPage, PayerLoad[]>;
  /** Or why Lighthouse could not run. */
  lighthouse: LighthouseFigures | { notMeasured: string };
}

/** Not measured when Chromium is missing; a failed load throws, a failed Lighthouse run says why. */
export async function measurePayer(): Promise<PayerFigures | { notMeasured: string }> {
  if (!chromiumInstalled()) return { notMeasured: `no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)` };
  return withStorefront(LINK, async (backend, storefront) => {
    const demo = `${backend.url}/`;
    const embeds = await measurePayerLoads(
      {
        floor: storefront.pageUrl('floor'),
        inlineScriptFloor: storefront.pageUrl('inlineScript'),
        bare: storefront.pageUrl('bare'),
        snippet: storefront.pageUrl('snippet'),
        demo,
      },
      PAYER_LOADS,
    );
    const payPages = await measurePayerLoads(
      {
        // The pay page's own floor: its form alone in a bare page (storefront/pages.ts).
        inlineFloor: storefront.pageUrl('inline'),
        // The same link's pay page on the backend: a server-rendered form that needs no script at all.
        payPage: `${backend.url}/pay/${LINK}`,
      },
      PAY_PAGE_LOADS,
    );
    const loads = { ...embeds, ...payPages };
    // The pay page's form is enabled before its scripts run (they are deferred: the widget that takes the
    // form over comes later), so its time is the server form's, with or without JavaScript.
    const lighthouse = await measureLighthouse(demo, LIGHTHOUSE_RUNS).catch((error: unknown) => ({
      notMeasured: error instanceof Error ? error.message : String(error),
    }));
    return { loads, lighthouse };
  });
}
