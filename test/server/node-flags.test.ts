/**
 * `npm start` and the Dockerfile repeat the server's Node flags (server/node-flags.ts), which the
 * end-to-end suite and the bench take from the module: this keeps the four in step.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../server/node-flags.ts';

const root = new URL('../../', import.meta.url);

it('npm start runs the bundle with the server flags', () => {
  const { scripts } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(scripts.start).toMatch(new RegExp(`node ${SERVER_NODE_FLAGS.join(' ')} server/dist/main\\.js$`));
});

it("the Dockerfile's CMD runs the bundle with the server flags", () => {
  const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(new URL('Dockerfile', root), 'utf8'))?.[1];
  expect(JSON.parse(cmd ?? 'null')).toEqual(['node', ...SERVER_NODE_FLAGS, 'server/dist/main.js']);
});
