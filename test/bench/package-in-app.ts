/**
 * What `import 'pay-checkout'` adds to a merchant's app: a plain Vite app with the packed package
 * installed (test/packed-app.ts) is built without the import and with it, and the difference in brotli
 * bytes of its scripts is the widget's cost on the npm route, to set beside the IIFE's (Lit included in
 * both). Needs `npm run build` first. Run alone: `node --import tsx test/bench/package-in-app.ts`.
 */
import { pathToFileURL } from 'node:url';
import { packedApp } from '../packed-app.ts';
import { brotliSize } from './probes.ts';

/** The app's own line, the same in both builds. */
const SHOP = "document.body.append('A shop');\n";

export interface PackageInApp {
  /** Brotli bytes (q11) the import adds to the app's scripts, each file compressed on its own. */
  added: number;
  /** The packed tarball's own size, for scale. */
  tarballBytes: number;
}

export async function measurePackageInApp(): Promise<PackageInApp> {
  const app = packedApp();
  try {
    const bytes = (outDir: string) =>
      app.scripts(outDir).reduce((sum, file) => sum + (brotliSize(pathToFileURL(file)) ?? 0), 0);
    const without = bytes(await app.build(SHOP, 'without'));
    const withWidget = bytes(await app.build(`import 'pay-checkout';\n${SHOP}`, 'with'));
    return { added: withWidget - without, tarballBytes: app.tarballBytes };
  } finally {
    app.remove();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const iife = brotliSize(new URL('../../dist/pay-checkout.iife.js', import.meta.url));
  const { added, tarballBytes } = await measurePackageInApp();
  process.stdout.write(
    `import 'pay-checkout' in a plain Vite app adds ${added} B brotli q11 (the IIFE: ${iife ?? 'not built'} B; tarball ${tarballBytes} B)\n`,
  );
}
