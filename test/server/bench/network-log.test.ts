import { EventEmitter } from 'node:events';
import type { CDPSession } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { NetworkLog } from '../../bench/network-log.ts';

/** DevTools' Network events as a page's session would send them; times in seconds of the browser's clock. */
function session() {
  const events = new EventEmitter();
  const log = new NetworkLog(events as unknown as CDPSession);
  const sent = (requestId: string, url: string, timestamp: number) =>
    events.emit('Network.requestWillBeSent', { requestId, request: { url }, timestamp });
  const data = (requestId: string, timestamp: number, encodedDataLength: number) =>
    events.emit('Network.dataReceived', { requestId, timestamp, encodedDataLength });
  const finished = (requestId: string, timestamp: number, encodedDataLength: number) =>
    events.emit('Network.loadingFinished', { requestId, timestamp, encodedDataLength });
  return { log, sent, data, finished };
}

describe('NetworkLog', () => {
  it('counts requests and bytes by a moment of the page, from its navigation, without data: URLs', () => {
    const { log, sent, data, finished } = session();
    sent('1', 'http://shop.test/', 100);
    finished('1', 100.9, 2_000);
    sent('2', 'http://pay.test/widget.js', 101);
    data('2', 101.5, 3_000);
    sent('3', 'data:image/svg+xml,<svg/>', 101.6);
    finished('3', 101.6, 0);
    finished('2', 102.2, 20_000);
    sent('4', 'http://pay.test/logo.svg', 102.5);
    finished('4', 103.3, 400);
    // Ready 1,700 ms after navigation: two requests sent, the page's 2,000 B and the script's 20,000 B.
    const figures = log.figures(1_700);
    expect(figures.beforeReady).toEqual({ requests: 2, bytes: 22_000 });
    expect(figures.urlsBeforeReady).toEqual(['http://shop.test/', 'http://pay.test/widget.js']);
    expect(figures.total).toEqual({ requests: 3, bytes: 22_400 });
    expect(figures.quietAt).toBeCloseTo(3_300);
  });
});
