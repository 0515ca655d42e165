/**
 * QR codes of our own pay pages, mounted at /pay/qr: `GET /<linkId>.svg` and `GET /<linkId>.png` encode
 * `<publicUrl>/pay/<linkId>`, for a counter, a flyer or a desktop payer who pays on the phone. Only a link
 * the provider knows gets one (and `GET /h/<handoffId>.svg|png` a handoff's phone page while it is open), and the text is always built here: this is never a QR generator for text
 * of the caller's. `?download=1` answers it as a file to save (the console's download links).
 */
import type { Context } from 'hono';
import type { CheckoutService } from '../checkout/service.ts';
import { factory, type AppDeps } from '../env.ts';
import { ApiError } from '../http/errors.ts';
import { handoffPagePath } from '../handoffs/routes.ts';
import { ourLanguage } from './language.ts';
import type { HandoffService } from '../handoffs/service.ts';

/** IdSchema's rule (a path id of 1 to 100 of [A-Za-z0-9_-]), then the image type. */
const QR_FILE = /^([A-Za-z0-9_-]{1,100})\.(svg|png)$/;

/** Large enough to scan from a printed A5 flyer, small enough for a 2G phone. */
const PNG_WIDTH = 512;
/** Medium correction survives a crease or a smudge on a printed code without making it much denser. */
const OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;

const payPageUrl = (publicUrl: string, linkId: string) => `${publicUrl}/pay/${encodeURIComponent(linkId)}`;

/**
 * qrcode (and the PNG encoder it pulls in) is loaded by the first QR code asked for, not at start: few
 * requests want one, and a module loaded at start is resident for the process's life. `npm run bench`
 * measures the backend's RSS (its `peak RSS under load` line).
 */
const loadQrCode = () => import('qrcode').then((module) => module.default);

async function qrImage(c: Context, url: string, type: string, cacheControl: string, name: string) {
  const QRCode = await loadQrCode();
  const headers: Record<string, string> = {
    'Cache-Control': cacheControl,
    // An SVG opened as a page runs nothing and loads nothing.
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  };
  if (c.req.query('download') !== undefined)
    headers['Content-Disposition'] = `attachment; filename="pay-${name}.${type}"`;
  if (type === 'svg') {
    const svg = await QRCode.toString(url, { ...OPTIONS, type: 'svg' });
    return c.body(svg, 200, { ...headers, 'Content-Type': 'image/svg+xml; charset=utf-8' });
  }
  const png = await QRCode.toBuffer(url, { ...OPTIONS, type: 'png', width: PNG_WIDTH });
  return c.body(new Uint8Array(png), 200, { ...headers, 'Content-Type': 'image/png' });
}

export function qrRoutes(
  deps: Pick<AppDeps, 'publicUrl'>,
  checkout: Pick<CheckoutService, 'getConfig'>,
  handoffs: Pick<HandoffService, 'open'>,
) {
  const app = factory.createApp();
  // A handoff's code (`/pay/qr/h/<handoffId>.svg`): only while the handoff is open, and never cached,
  // since it stops working when the handoff expires.
  app.get('/h/:file', async (c: Context) => {
    const match = QR_FILE.exec(c.req.param('file') ?? '');
    if (!match) throw new ApiError(404, 'not_found', 'No QR code here');
    const [, id = '', type = ''] = match;
    await handoffs.open(id);
    const page = handoffPagePath(id, ourLanguage(c.req.query('lang')));
    return qrImage(c, `${deps.publicUrl}${page}`, type, 'no-store', id);
  });
  return app.get('/:file', async (c: Context) => {
    const match = QR_FILE.exec(c.req.param('file') ?? '');
    if (!match) throw new ApiError(404, 'not_found', 'No QR code here: ask for /pay/qr/<linkId>.svg or .png');
    const [, linkId = '', type = ''] = match;
    // Unknown links are a 404 (not_found), as the link's own API read answers.
    await checkout.getConfig('link', linkId, c.get('logger'));
    return qrImage(c, payPageUrl(deps.publicUrl, linkId), type, 'public, max-age=3600', linkId);
  });
}
