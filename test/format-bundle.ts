/**
 * test/format-cases.ts bundled for a browser page of its own (Firefox, WebKit): the module runs as the
 * widget's build runs it, and the page answers its table.
 */
import { build } from 'esbuild';

/** A script whose value is the engine's table (`renderFormatCases()`), as JSON. */
export async function formatCasesScript(): Promise<string> {
  const bundled = await build({
    entryPoints: ['test/format-cases.ts'],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'formatCases',
  });
  return `${bundled.outputFiles[0]!.text}; JSON.stringify(formatCases.renderFormatCases())`;
}
