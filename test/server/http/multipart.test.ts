import { expect, it } from 'vitest';
import { multipartBoundary, readMultipart, type PartRule } from '../../../server/http/multipart.ts';

const UTF8 = new TextEncoder();
const BODY = UTF8.encode(
  'preamble\r\n--b0\r\nContent-Disposition: form-data; name="note"\r\n\r\nAwa Ndiaye, ça va\r\n' +
    '--b0\r\ncontent-disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n' +
    '%PDF-\r\n--b1 near\r\n-b0\r\n--b0  \r\nContent-Disposition: form-data; name="skipped"\r\n\r\nzzz\r\n--b0--\r\nepilogue',
);

/** `body` in pieces of `size` bytes, so every boundary and header falls across chunks somewhere. */
async function* inPieces(body: Uint8Array, size: number) {
  for (let at = 0; at < body.byteLength; at += size) yield body.subarray(at, at + size);
}

const rule = ({ name }: { name: string }): PartRule => (name === 'skipped' ? { keep: 0 } : { keep: 100 });

it('reads the same parts whatever the chunks, keeping only what each rule allows', async () => {
  for (const size of [1, 2, 3, 7, 64, BODY.byteLength]) {
    const parts = await readMultipart(inPieces(BODY, size), 'b0', rule);
    expect(
      parts.map(({ name, filename, type, data, over }) => ({
        name,
        filename,
        type,
        text: new TextDecoder().decode(data),
        over,
      })),
    ).toEqual([
      { name: 'note', filename: undefined, type: 'text/plain', text: 'Awa Ndiaye, ça va', over: false },
      {
        name: 'file',
        filename: 'a.pdf',
        type: 'application/pdf',
        text: '%PDF-\r\n--b1 near\r\n-b0',
        over: false,
      },
    ]);
  }
});

it('cuts a part at its allowance, and stops reading there when its rule says so', async () => {
  const cut = await readMultipart(inPieces(BODY, 5), 'b0', () => ({ keep: 4 }));
  expect(cut.map((part) => [part.name, new TextDecoder().decode(part.data), part.over])).toEqual([
    ['note', 'Awa ', true],
    ['file', '%PDF', true],
    ['skipped', 'zzz', false],
  ]);
  let read = 0;
  async function* counted() {
    for await (const piece of inPieces(BODY, 5)) {
      read += piece.byteLength;
      yield piece;
    }
  }
  const stopped = await readMultipart(counted(), 'b0', ({ filename }) => ({
    keep: 3,
    stopWhenOver: filename !== undefined,
  }));
  expect(stopped.map((part) => part.name)).toEqual(['note', 'file']);
  expect(read).toBeLessThan(BODY.byteLength - 60);
});

it('refuses a body that is not multipart as sent: no closing boundary, no name, endless headers', async () => {
  const bad = [
    '--b0\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end',
    '--b0\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b0--',
    `--b0\r\nX-Long: ${'h'.repeat(20_000)}`,
    'no boundary at all',
  ];
  for (const body of bad)
    await expect(readMultipart(inPieces(UTF8.encode(body), 100), 'b0', rule)).rejects.toMatchObject({
      status: 400,
    });
});

it("reads the boundary from a form's Content-Type only", () => {
  expect(multipartBoundary('multipart/form-data; boundary=----x1')).toBe('----x1');
  expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary="a b"')).toBe('a b');
  expect(multipartBoundary('multipart/mixed; boundary=x')).toBeUndefined();
  expect(multipartBoundary('application/x-www-form-urlencoded')).toBeUndefined();
  expect(multipartBoundary(undefined)).toBeUndefined();
});
