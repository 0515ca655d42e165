/**
 * The card thread's deadline: a card that takes too long (a logo built to be slow) has its thread ended
 * and is drawn again without its logo, and the cards asked for after it are not held up. The thread and
 * the clock are fakes: nothing is drawn and no time passes but the test's.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  cardThreadDrawer,
  type CardLayout,
  type CardThread,
} from '../../../server/pay/preview-card-worker.ts';

const DEADLINE = 2000;
const layout = (name: string): CardLayout => ({ tree: name, width: 1200, height: 630 });
const png = (name: string) => new Uint8Array(Buffer.from(name));

/** A thread that records what it is asked and answers only when the test says so. */
class FakeThread extends EventEmitter implements CardThread {
  asked: { id: number; card: string }[] = [];
  terminated = false;
  /** Says it is ready when first asked, unless the test holds it back to say so itself. */
  constructor(private startsAtOnce = true) {
    super();
  }
  postMessage(message: { id: number; card: CardLayout }) {
    if (this.startsAtOnce && this.asked.length === 0) this.ready();
    this.asked.push({ id: message.id, card: message.card.tree as string });
  }
  ready() {
    this.emit('message', { ready: true });
  }
  terminate() {
    this.terminated = true;
    this.emit('exit');
  }
  answer(index: number) {
    const { id, card } = this.asked[index]!;
    this.emit('message', { id, png: png(card) });
  }
}

const START = 30_000;

function setup({ threadsStartAtOnce = true } = {}) {
  const threads: FakeThread[] = [];
  const timers: { fire: () => void; ms: number; cancelled: boolean }[] = [];
  const draw = cardThreadDrawer({
    spawn: () => {
      const thread = new FakeThread(threadsStartAtOnce);
      threads.push(thread);
      return thread;
    },
    startMs: START,
    deadlineMs: DEADLINE,
    idleMs: 60_000,
    schedule: (fire, ms) => {
      const timer = { fire, ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  });
  /** Runs out the deadline of the card being drawn. */
  const deadlinePasses = () => {
    const live = timers.filter((timer) => timer.ms === DEADLINE && !timer.cancelled);
    expect(live).toHaveLength(1);
    live[0]!.cancelled = true;
    live[0]!.fire();
  };
  const liveTimers = () => timers.filter((timer) => !timer.cancelled && timer.ms !== 60_000);
  return { draw, threads, deadlinePasses, liveTimers };
}

const settled = <T>(promise: Promise<T>) => {
  const state: { value?: T; error?: unknown } = {};
  promise.then(
    (value) => (state.value = value),
    (error: unknown) => (state.error = error),
  );
  return state;
};

describe('the card thread', () => {
  it('ends a card past its deadline, draws it without its logo, and then draws the next card', async () => {
    const { draw, threads, deadlinePasses } = setup();
    const slow = settled(draw(layout('slow with logo'), layout('slow without logo')));
    const next = settled(draw(layout('next'), layout('next without logo')));
    expect(threads).toHaveLength(1);
    expect(threads[0]!.asked.map(({ card }) => card)).toEqual(['slow with logo']);

    deadlinePasses();
    expect(threads[0]!.terminated).toBe(true);
    expect(threads).toHaveLength(2);
    expect(threads[1]!.asked.map(({ card }) => card)).toEqual(['slow without logo']);
    threads[1]!.answer(0);
    await Promise.resolve();
    expect(slow.value).toEqual(png('slow without logo'));

    expect(threads[1]!.asked.map(({ card }) => card)).toEqual(['slow without logo', 'next']);
    threads[1]!.answer(1);
    await Promise.resolve();
    expect(next.value).toEqual(png('next'));
    // A late answer from the ended thread changes nothing.
    threads[0]!.answer(0);
    expect(threads[1]!.terminated).toBe(false);
  });

  it('fails only that card when even the card without its logo runs out of time', async () => {
    const { draw, threads, deadlinePasses } = setup();
    const slow = settled(draw(layout('slow'), layout('still slow')));
    const next = settled(draw(layout('next'), layout('next without logo')));
    deadlinePasses();
    deadlinePasses();
    await Promise.resolve();
    expect(String(slow.error)).toMatch(/took over 2000 ms/);
    expect(threads).toHaveLength(3);
    expect(threads[2]!.asked.map(({ card }) => card)).toEqual(['next']);
    threads[2]!.answer(0);
    await Promise.resolve();
    expect(next.value).toEqual(png('next'));
  });

  it("counts a card's time from its thread being ready, not from the thread's start", async () => {
    const { draw, threads, liveTimers, deadlinePasses } = setup({ threadsStartAtOnce: false });
    const first = settled(draw(layout('first'), layout('first without logo')));
    // Loading (a second or more on a busy machine) is under the start deadline, not the card's.
    expect(liveTimers().map((timer) => timer.ms)).toEqual([START]);
    threads[0]!.ready();
    expect(liveTimers().map((timer) => timer.ms)).toEqual([DEADLINE]);
    threads[0]!.answer(0);
    await Promise.resolve();
    expect(first.value).toEqual(png('first'));
    // The thread stays ready: the next card's deadline is the drawing's at once.
    void draw(layout('second'), layout('second without logo'));
    expect(liveTimers().map((timer) => timer.ms)).toEqual([DEADLINE]);
    deadlinePasses();
    expect(threads).toHaveLength(2);
    expect(liveTimers().map((timer) => timer.ms)).toEqual([START]);
  });

  it('ends a thread that is never ready and tries the card in a new one', async () => {
    const { draw, threads, liveTimers } = setup({ threadsStartAtOnce: false });
    const card = settled(draw(layout('card'), layout('card without logo')));
    liveTimers()[0]!.fire();
    expect(threads[0]!.terminated).toBe(true);
    expect(threads[1]!.asked.map(({ card }) => card)).toEqual(['card without logo']);
    threads[1]!.ready();
    threads[1]!.answer(0);
    await Promise.resolve();
    expect(card.value).toEqual(png('card without logo'));
  });

  it('draws a card again without its logo when its thread dies drawing it (out of memory)', async () => {
    const { draw, threads } = setup();
    const card = settled(draw(layout('huge'), layout('plain')));
    threads[0]!.emit('exit');
    expect(threads[1]!.asked.map(({ card }) => card)).toEqual(['plain']);
    threads[1]!.answer(0);
    await Promise.resolve();
    expect(card.value).toEqual(png('plain'));
  });
});
