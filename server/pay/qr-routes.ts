/**
 * QR codes of our own pay pages, mounted at /pay/qr: `GET /<linkId>.svg` and `GET /<linkId>.png` encode
 * `<publicUrl>/pay/<linkId>`, for a counter, a flyer or a desktop payer who pays on the phone. Only a link
 * the provider knows gets one (and `GET /h/<handoffId>.svg|png` a handoff's phone page while it is open), and the text is always built here: this is never a QR generator for text
 * of the caller's. `?download=1` answers it as a file to save (the console's download links).
 */
import type { Context } from 'hono';
import type { Clock } from '../clock.ts';
import type { CheckoutService } from '../checkout/service.ts';
import { factory, type AppDeps } from '../env.ts';
import { clientKey } from '../http/client-ip.ts';
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

export type QrType = 'svg' | 'png';
/** Draws the QR code of `text`: the SVG's markup or the PNG's bytes. */
export type QrDrawer = (text: string, type: QrType) => Promise<string | Uint8Array<ArrayBuffer>>;

export const drawQr: QrDrawer = async (text, type) => {
  const QRCode = await loadQrCode();
  if (type === 'svg') return QRCode.toString(text, { ...OPTIONS, type: 'svg' });
  return new Uint8Array(await QRCode.toBuffer(text, { ...OPTIONS, type: 'png', width: PNG_WIDTH }));
};

/**
 * Drawn images are kept, so each (its text and type: a link's page, or a handoff's in its language) is
 * drawn once: a PNG costs about 76 ms of CPU, and drawing one per request let one client slow every
 * payer's link read. A few kB each, at most MAX_IMAGES (the least recently used goes first); a handoff's
 * until the handoff expires. The key is built here from what the image encodes, so query parameters the
 * route does not read (`?x=1`, `?x=2`...) cannot make it draw again. Single flight: concurrent requests
 * for one image share its drawing.
 */
const MAX_IMAGES = 500;

export function qrImages(clock: Clock, draw: QrDrawer = drawQr, maxImages = MAX_IMAGES) {
  const images = new Map<string, { image: Promise<string | Uint8Array<ArrayBuffer>>; expiresAt: number }>();
  return (text: string, type: QrType, keepUntil = Number.POSITIVE_INFINITY) => {
    const key = `${type} ${text}`;
    const kept = images.get(key);
    images.delete(key);
    if (kept && kept.expiresAt > clock.now()) {
      images.set(key, kept); // most recently used last
      return kept.image;
    }
    if (images.size >= maxImages) {
      const oldest = images.keys().next().value;
      if (oldest !== undefined) images.delete(oldest);
    }
    const entry = { image: draw(text, type), expiresAt: keepUntil };
    images.set(key, entry);
    entry.image.catch(() => {
      if (images.get(key) === entry) images.delete(key);
    });
    return entry.image;
  };
}

type QrImages = ReturnType<typeof qrImages>;

async function qrImage(
  c: Context,
  image: string | Uint8Array<ArrayBuffer>,
  type: QrType,
  cacheControl: string,
  name: string,
) {
  const headers: Record<string, string> = {
    'Cache-Control': cacheControl,
    // An SVG opened as a page runs nothing and loads nothing.
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  };
  if (c.req.query('download') !== undefined)
    headers['Content-Disposition'] = `attachment; filename="pay-${name}.${type}"`;
  if (typeof image === 'string')
    return c.body(image, 200, { ...headers, 'Content-Type': 'image/svg+xml; charset=utf-8' });
  return c.body(image, 200, { ...headers, 'Content-Type': 'image/png' });
}

export function qrRoutes(
  deps: Pick<AppDeps, 'publicUrl' | 'clock' | 'config'>,
  checkout: Pick<CheckoutService, 'getConfig'>,
  handoffs: Pick<HandoffService, 'open'>,
  images: QrImages = qrImages(deps.clock),
) {
  const app = factory.createApp();
  // A handoff's code (`/pay/qr/h/<handoffId>.svg`): only while the handoff is open, and never cached by
  // browsers, since it stops working when the handoff expires; kept here until then.
  app.get('/h/:file', async (c: Context) => {
    const match = QR_FILE.exec(c.req.param('file') ?? '');
    if (!match) throw new ApiError(404, 'not_found', 'No QR code here');
    const [, id = '', type = ''] = match;
    const row = await handoffs.open(id);
    const page = `${deps.publicUrl}${handoffPagePath(id, ourLanguage(c.req.query('lang')))}`;
    const image = await images(page, type as QrType, Number(row.expires_at));
    return qrImage(c, image, type as QrType, 'no-store', id);
  });
  return app.get('/:file', async (c: Context) => {
    const match = QR_FILE.exec(c.req.param('file') ?? '');
    if (!match) throw new ApiError(404, 'not_found', 'No QR code here: ask for /pay/qr/<linkId>.svg or .png');
    const [, linkId = '', type = ''] = match;
    // Unknown links are a 404 (not_found), as the link's own API read answers.
    await checkout.getConfig('link', linkId, c.get('logger'), { client: clientKey(c, deps.config) });
    const image = await images(payPageUrl(deps.publicUrl, linkId), type as QrType);
    return qrImage(c, image, type as QrType, 'public, max-age=3600', linkId);
  });
}
