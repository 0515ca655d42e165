import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Keeps `customElements.define` in the self-contained builds. Their entry, widget/embed.ts, re-exports
 * widget/index.ts, whose only side effect is that definition; the package's `sideEffects` names only its
 * shipped files (dist/), so without this the bundler would treat index.ts as pure and drop the definition.
 */
export function elementDefinition(): Plugin {
  return {
    name: 'pay-checkout-element-definition',
    load(id) {
      if (!id.endsWith('/widget/index.ts')) return null;
      return { code: readFileSync(id, 'utf8'), moduleSideEffects: true };
    },
  };
}
