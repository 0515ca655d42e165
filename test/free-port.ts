/**
 * A free port of the loopback, for a child server that must be told its port up front (the built
 * server, the bench's backend, the sandbox, a throwaway PostgreSQL): the system picks one, and the
 * probe gives it back.
 */
import { createServer, type AddressInfo } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
