// The lint refuses a server import of widget code outside widget/shared/, and any import of widget/shared/
// past its own folder (eslint.config.js): what the server runs must not hang on code shaped by the widget's
// byte budget. test/server/wiring.test.ts checks the same over the whole import graph.
import { ESLint } from 'eslint';
import { expect, test } from 'vitest';

const eslint = new ESLint();
/** Loading the config, its plugins and the widget's types (for typed rules) is slow on a busy machine. */
const LOAD = 120_000;

/** The specifiers `no-restricted-imports` refuses in `code`, linted as if it were the file at `filePath`. */
async function refused(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map(({ message }) => /^'([^']+)'/.exec(message)?.[1] ?? message);
}

test(
  'a server file may import widget/shared/ and nothing else of the widget',
  async () => {
    const planted = [
      "import type { Payment } from '../../widget/shared/contract.ts';",
      "import { parseAmount } from '../../widget/shared/money.ts';",
      "import { formatDate } from '../../widget/internal/dates.ts';",
      "import type { Messages } from '../../widget/i18n/index.ts';",
      "export { readTranslationFiles } from '../../widget/build/translation-files.ts';",
      "import { PayCheckout } from 'pay-checkout';",
      "import { Hono } from 'hono';",
      "import { html } from './html.ts';",
      'export type { Payment, Messages };',
      'export { parseAmount, formatDate, PayCheckout, Hono, html };',
    ].join('\n');
    expect(await refused(planted, 'server/pay/form-input.ts')).toEqual([
      '../../widget/internal/dates.ts',
      '../../widget/i18n/index.ts',
      '../../widget/build/translation-files.ts',
      'pay-checkout',
    ]);
    // server/config.ts sits one folder higher; server/widget-assets/ is a server folder, not the widget.
    expect(
      await refused(
        "import '../widget/internal/css.ts';\nimport '../widget-assets/routes.ts';",
        'server/config.ts',
      ),
    ).toEqual(['../widget/internal/css.ts']);
  },
  LOAD,
);

test(
  'widget/shared/ imports only its own files; the rest of the widget is not held to it',
  async () => {
    const planted = [
      "import { html } from 'lit';",
      "import { intlLocale } from './intl-locale.ts';",
      "import { css } from '../internal/css.ts';",
      'export { html, intlLocale, css };',
    ].join('\n');
    expect(await refused(planted, 'widget/shared/money.ts')).toEqual(['lit', '../internal/css.ts']);
    expect(await refused(planted, 'widget/internal/dates.ts')).toEqual([]);
  },
  LOAD,
);
