/**
 * The Node flags the server runs with: `npm start`, the Dockerfile's CMD, the end-to-end suite and the
 * bench all start `node <these> server/dist/main.js` (package.json and the Dockerfile repeat them;
 * test/server/node-flags.test.ts keeps them in step).
 *
 * Why a 4 MB semi-space: V8 sizes its young generation for a large heap (up to 16 MB per semi-space on
 * Node 20), and under payment load the backend's RSS peaked well above its budget (150 MB:
 * docs/performance.md#budgets) for a heap that needs far less. With 4 MB the same load stays near the
 * budget at no measured cost in throughput: a request's objects die young either way.
 *
 * Why a heap growing factor of 1.5: after each full collection V8 lets the old generation grow to up to
 * four times what survived before collecting again, and under payment load the heap swelled to several
 * times what survives, mostly garbage. Growing by half keeps the peak lower; the extra full collections
 * did not show in the payment rate. `npm run bench` measures both: its `peak RSS under load` and
 * `POST /api/v1/payments` lines.
 *
 * With `--enable-source-maps`, Node holds the bundle's source map in memory for the process's life; the
 * build leaves the sources' text out of it (`--sources-content=false` in `build:server`), since stack
 * traces need only its mappings and the sources sit beside the bundle. Same measure: `peak RSS under load`.
 */
export const SERVER_NODE_FLAGS = [
  '--enable-source-maps',
  '--max-semi-space-size=4',
  '--heap-growing-percent=50',
];
