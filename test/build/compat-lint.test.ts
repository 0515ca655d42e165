// The lint checks the widget's APIs against the browser floor (eslint.config.js, package.json's
// `browserslist`): a call that a floor browser lacks is an error in widget code, and only there.
import { ESLint } from 'eslint';
import { expect, test } from 'vitest';

const eslint = new ESLint();
/** Loading the config and its plugins takes seconds on a busy machine; the lint itself is quick. */
const LOAD = 60_000;

/**
 * The compat rule's messages for `code`, linted as if it were the file at `filePath`: an existing file, as
 * the widget is linted with type information, which TypeScript's project has only for its own files.
 */
async function compatMessages(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'compat/compat')
    .map(({ message }) => message);
}

// Object.hasOwn: Chrome 93 and iOS Safari 15.4; the floor holds Chrome 80 and iOS 15.0.
const BELOW_FLOOR = "export const own = Object.hasOwn({ a: 1 }, 'a');\n";

test(
  'an API missing from a floor browser is an error in the widget, naming the browsers',
  async () => {
    expect(await compatMessages(BELOW_FLOOR, 'widget/shared/money.ts')).toEqual([
      expect.stringMatching(/^Object\.hasOwn\(\) is not supported in .*Chrome 80/),
    ]);
  },
  LOAD,
);

test(
  'the server and the build plugins (Node) are not held to the browser floor',
  async () => {
    expect(await compatMessages(BELOW_FLOOR, 'server/app.ts')).toEqual([]);
    expect(await compatMessages(BELOW_FLOOR, 'widget/build/browser-targets.ts')).toEqual([]);
  },
  LOAD,
);
