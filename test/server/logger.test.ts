// The request logger (server/logger.ts): its lines carry the request id; the pino child behind it is made
// only when a line is written, so a request that logs nothing, or only at levels that are off, makes none.
import { expect, it, vi } from 'vitest';
import { createLogger, requestLogger } from '../../server/logger.ts';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(level, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines, child: vi.spyOn(logger, 'child') };
}

it('writes lines that carry the request id', () => {
  const { logger, lines } = capture('info');
  const log = requestLogger(logger, 'req-1');
  log.info({ reference: 'pay_1' }, 'payment created');
  log.child({ part: 'stream' }).warn('stream failed');
  expect(lines).toMatchObject([
    { requestId: 'req-1', reference: 'pay_1', msg: 'payment created' },
    { requestId: 'req-1', part: 'stream', msg: 'stream failed' },
  ]);
});

it('makes no child for a request that writes nothing, or only at levels that are off', () => {
  const { logger, lines, child } = capture('error');
  const log = requestLogger(logger, 'req-2');
  log.warn({ reference: 'pay_2' }, 'webhook for a payment we do not know');
  log.info('request');
  expect(child).not.toHaveBeenCalled();
  expect(lines).toEqual([]);
  log.error('unexpected');
  expect(child).toHaveBeenCalledTimes(1);
  expect(lines).toMatchObject([{ requestId: 'req-2', msg: 'unexpected' }]);
});
