/**
 * The Node flags the server runs with: `npm start`, the Dockerfile's CMD, the end-to-end suite and the
 * bench all start `node <these> server/dist/main.js` (package.json and the Dockerfile repeat them;
 * test/server/node-flags.test.ts keeps them in step).
 *
 * Why a 4 MB semi-space: V8 sizes its young generation for a large heap (up to 16 MB per semi-space on
 * Node 20), and under payment load the backend's RSS peaked at 170 to 190 MB for a heap that needs far
 * less. With 4 MB the same load peaks at 120 to 160 MB (DESIGN section 10's budget is 150 MB), at no
 * measured cost in throughput: a request's objects die young either way.
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=4'];
