/** Measurements that are not HTTP load: memory, an in-process hot loop, and the widget's transfer size. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { drawQr } from '../../server/pay/qr-routes.ts';
import { signWebhook, verifyWebhookSignature } from '../../server/provider/signature.ts';

/**
 * Linux's CPU pressure (PSI, "some" over the last 10 s): the share of time runnable tasks waited for a
 * CPU. Near 0 on a quiet machine; high means other work competed with the bench. Null where unavailable.
 */
export function cpuPressure(): number | null {
  try {
    const match = /some avg10=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return match?.[1] ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Webhook signature checks per second on a 600-byte body, with a current and an (empty) previous secret
 * as the ingest route will pass them. The clock is read once per batch so it does not dominate the loop.
 */
export function verifyThroughput(durationMs = 1000, maxOps = 10_000_000): { opsPerSecond: number; rejected: number } {
  const secret = 'sk_bench_webhook_secret';
  const body = JSON.stringify({ event: 'payment.completed', data: { reference: 'x'.repeat(530) } });
  const rawBody = Buffer.from(body.padEnd(600, ' ').slice(0, 600));
  const signature = signWebhook(rawBody, secret);
  const secrets = [secret, ''];
  let ops = 0;
  let rejected = 0; // a genuine signature must always pass; anything else means the benchmark is wrong
  const start = performance.now();
  const deadline = start + durationMs;
  while (ops < maxOps && performance.now() < deadline) {
    for (let i = 0; i < 256; i++, ops++) if (!verifyWebhookSignature(rawBody, signature, secrets)) rejected += 1;
  }
  return { opsPerSecond: (ops * 1000) / (performance.now() - start), rejected };
}

/**
 * PNG QR codes drawn per second, each of a text never drawn before (a pay page's address, as the route
 * draws it): what a request costs the server when the image is not kept, the route's cold path.
 * In this process, after one draw that loads qrcode.
 */
export async function qrDrawThroughput(durationMs = 2000): Promise<{ opsPerSecond: number; cpuMsPerDraw: number }> {
  await drawQr('http://127.0.0.1/pay/lnk_warm_up', 'png');
  let draws = 0;
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  while (performance.now() - start < durationMs) await drawQr(`http://127.0.0.1:8787/pay/lnk_bench_${draws++}`, 'png');
  const cpu = process.cpuUsage(cpuBefore);
  return { opsPerSecond: (draws * 1000) / (performance.now() - start), cpuMsPerDraw: (cpu.user + cpu.system) / 1000 / draws };
}

/** Brotli size at quality 11 (what a CDN pre-compresses with), or null when the file is not there. */
export function brotliSize(file: URL): number | null {
  if (!existsSync(file)) return null;
  const compressed = brotliCompressSync(readFileSync(file), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });
  return compressed.length;
}

/** Each locale file under `dir` with its brotli size (each has its own budget); empty when none is built. */
export function localeSizes(dir: URL): { name: string; bytes: number }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ name, bytes: brotliSize(new URL(name, dir)) ?? 0 }));
}
