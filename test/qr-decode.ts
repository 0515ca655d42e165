// What a QR code reader finds in a PNG image: the suites that show a handoff's QR code (Playwright's
// Chromium, Firefox over BiDi) read it as a phone's camera would.
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The text a QR code reader finds in a PNG image. */
export function decodeQr(png: Buffer | Uint8Array): string | undefined {
  const image = PNG.sync.read(Buffer.from(png));
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}
