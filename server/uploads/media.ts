/**
 * What an uploaded file really is, read from its first bytes (the declared type and the name are the
 * client's word, so neither decides), and a file name that is safe to store and hand back in a
 * Content-Disposition header.
 */

export const UPLOAD_TYPES = {
  'image/png': { extension: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  'image/jpeg': { extension: 'jpg', magic: [0xff, 0xd8, 0xff] },
  'application/pdf': { extension: 'pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // "%PDF-"
} as const;

export type UploadType = keyof typeof UPLOAD_TYPES;

/** The media type the bytes start with, or null when they are none of the accepted ones. */
export function sniffType(bytes: Uint8Array): UploadType | null {
  for (const [type, { magic }] of Object.entries(UPLOAD_TYPES) as [
    UploadType,
    (typeof UPLOAD_TYPES)[UploadType],
  ][]) {
    if (bytes.length >= magic.length && magic.every((byte, index) => bytes[index] === byte)) return type;
  }
  return null;
}

const MAX_NAME_LENGTH = 100;

/**
 * A payer's file name made harmless: no directories, no control or quoting characters, at most 100
 * characters, and the extension of what the file really is (`invoice.png` holding a PDF becomes
 * `invoice.pdf`, so the merchant's computer opens it with the right program).
 */
export function sanitiseFileName(name: string, type: UploadType): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // Controls, bidi overrides (which disguise `gpj.exe` as `exe.jpg`), and characters unsafe in headers or file systems.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069"<>:*?|%]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const stem = cleaned.replace(/\.[^.]*$/, '').trim() || 'upload';
  const extension = UPLOAD_TYPES[type].extension;
  return `${[...stem].slice(0, MAX_NAME_LENGTH - extension.length - 1).join('')}.${extension}`;
}

/** `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266 / RFC 5987). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
