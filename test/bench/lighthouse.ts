/**
 * Lighthouse's Performance score, mobile preset (its default: a phone's viewport, 4x CPU and a slow 4G
 * network, both simulated from one real load), on one page, median of several runs. Lighthouse drives
 * Debian's Chromium through its DevTools port; everything stays on loopback, so it needs no network.
 */
import lighthouse from 'lighthouse';
import { launchChromium } from './browser.ts';
import { freePort } from '../free-port.ts';
import { median } from './stats.ts';

export interface LighthouseFigures {
  /** Performance scores (0 to 100), in the order of the runs. */
  scores: number[];
  median: number;
  /** Lighthouse's own CLS of the median run's page load. */
  cls: number;
}

/** `runs` Lighthouse runs of `url`, one browser for all (Lighthouse clears the cache and storage before each). */
export async function measureLighthouse(url: string, runs: number): Promise<LighthouseFigures> {
  const port = await freePort();
  const browser = await launchChromium([`--remote-debugging-port=${port}`]);
  try {
    const results: { score: number; cls: number }[] = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableFullPageScreenshot: true,
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no result');
      if (lhr.runtimeError)
        throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      const score = lhr.categories.performance?.score;
      // A null score means a metric could not be computed: the run says why in its warnings.
      if (typeof score !== 'number')
        throw new Error(`Lighthouse gave no score: ${lhr.runWarnings.join('; ') || 'no reason given'}`);
      results.push({
        score: Math.round(score * 100),
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      });
    }
    const scores = results.map((result) => result.score);
    const middle = median(scores);
    return {
      scores,
      median: middle,
      cls: results.find((result) => result.score === middle)?.cls ?? Number.NaN,
    };
  } finally {
    await browser.close();
  }
}
