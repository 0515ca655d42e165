/**
 * A multipart/form-data body (RFC 7578) read as it arrives, keeping of each part only what its caller
 * allows: hono's `parseBody` (the platform's `formData()`) reads the whole body and holds every part,
 * a 5 MB file and its copies included, before anyone can look at its size. Here each part's bytes are
 * counted as they come; a part past its allowance is cut, and one whose rule says so ends the read at
 * once (the rest of the body is never read).
 */
import { ApiError } from './errors.ts';

export interface PartHead {
  name: string;
  /** Present (possibly empty) on a file part. */
  filename?: string;
  type: string;
}

export interface PartRule {
  /**
   * Bytes of the part to keep; past them the part is `over` and the rest of it is dropped. 0: the part
   * is read past and left out of the answer.
   */
  keep: number;
  /** Past `keep`: stop reading the body here (the part then holds `keep` bytes and is the last). */
  stopWhenOver?: boolean;
}

export interface Part extends PartHead {
  data: Uint8Array<ArrayBuffer>;
  over: boolean;
}

/** Part headers larger than this are no browser's: a name, a file name, a type. */
const MAX_HEADER_BYTES = 16 * 1024;
const CRLF_CRLF = Buffer.from('\r\n\r\n');

/** The boundary of a multipart/form-data Content-Type, or undefined for any other type. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!/^multipart\/form-data\s*;/i.test(contentType ?? '')) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^";\s]{1,70}))/i.exec(contentType ?? '');
  return match?.[1] ?? match?.[2];
}

const malformed = () =>
  new ApiError(400, 'validation_failed', 'The request body is not a well-formed multipart form');

/**
 * Reads `chunks` as multipart parts split by `boundary`, asking `ruleFor` what to keep of each. Answers
 * the parts in order; the read ends at the closing boundary, or at a part over its allowance whose rule
 * says to stop (then the last part answered). A body that is not well-formed is a 400.
 */
export async function readMultipart(
  chunks: AsyncIterable<Uint8Array>,
  boundary: string,
  ruleFor: (head: PartHead) => PartRule,
): Promise<Part[]> {
  // Every boundary but the first follows a line break; the first is given one so all look alike.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const parts: Part[] = [];
  let buffer: Buffer = Buffer.from('\r\n');
  let state = 'preamble' as 'preamble' | 'after-delimiter' | 'headers' | 'data' | 'done';
  let current:
    { head: PartHead; rule: PartRule; kept: Uint8Array[]; size: number; over: boolean } | undefined;

  /** Adds `bytes` to the current part; false when the read should stop here. */
  function take(bytes: Uint8Array): boolean {
    if (!current || bytes.byteLength === 0) return true;
    const room = current.rule.keep - current.size;
    if (bytes.byteLength > room) {
      if (room > 0) current.kept.push(bytes.slice(0, room));
      current.size += Math.max(0, room);
      current.over = true;
      return !current.rule.stopWhenOver;
    }
    current.kept.push(bytes.slice());
    current.size += bytes.byteLength;
    return true;
  }

  function endPart() {
    if (!current) return;
    // A part its caller keeps nothing of is not answered at all: many tiny parts cost no memory.
    if (current.rule.keep === 0) {
      current = undefined;
      return;
    }
    const data = new Uint8Array(current.size);
    let offset = 0;
    for (const piece of current.kept) {
      data.set(piece, offset);
      offset += piece.byteLength;
    }
    parts.push({ ...current.head, data, over: current.over });
    current = undefined;
  }

  /** Moves through `buffer` as far as it can; false when the read should stop. */
  function advance(): boolean {
    for (;;) {
      if (state === 'preamble' || state === 'data') {
        const at = buffer.indexOf(delimiter);
        if (at < 0) {
          // All but a tail that could be the start of the delimiter is the part's (or the preamble's).
          const safe = Math.max(0, buffer.byteLength - (delimiter.byteLength - 1));
          if (state === 'data' && !take(buffer.subarray(0, safe))) return false;
          buffer = buffer.subarray(safe);
          return true;
        }
        if (state === 'data') {
          if (!take(buffer.subarray(0, at))) return false;
          endPart();
        }
        buffer = buffer.subarray(at + delimiter.byteLength);
        state = 'after-delimiter';
      } else if (state === 'after-delimiter') {
        if (buffer.byteLength < 2) return true;
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          state = 'done';
          return false;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd < 0) {
          if (buffer.byteLength > 256) throw malformed();
          return true;
        }
        // Only transport padding (spaces, tabs) may stand between a boundary and its line break.
        if (!/^[ \t]*$/.test(buffer.subarray(0, lineEnd).toString('latin1'))) throw malformed();
        buffer = buffer.subarray(lineEnd + 2);
        state = 'headers';
      } else if (state === 'headers') {
        // A part with no headers at all starts with the blank line itself.
        const at = buffer.subarray(0, 2).toString('latin1') === '\r\n' ? -2 : buffer.indexOf(CRLF_CRLF);
        if (at === -1) {
          if (buffer.byteLength > MAX_HEADER_BYTES) throw malformed();
          return true;
        }
        const head = partHead(at < 0 ? '' : buffer.subarray(0, at).toString('utf8'));
        current = { head, rule: ruleFor(head), kept: [], size: 0, over: false };
        buffer = buffer.subarray(at < 0 ? 2 : at + 4);
        state = 'data';
      } else return false;
    }
  }

  for await (const chunk of chunks) {
    buffer = buffer.byteLength ? Buffer.concat([buffer, chunk]) : Buffer.from(chunk);
    if (!advance()) break;
  }
  if (state === 'done') return parts;
  if (current?.over && current.rule.stopWhenOver) {
    endPart();
    return parts;
  }
  throw malformed();
}

/** A part's name, file name and type from its header lines. */
function partHead(headers: string): PartHead {
  let disposition = '';
  let type = 'text/plain';
  for (const line of headers.split('\r\n')) {
    const colon = line.indexOf(':');
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === 'content-disposition') disposition = value;
    else if (field === 'content-type') type = value;
  }
  if (!/^form-data\s*(;|$)/i.test(disposition)) throw malformed();
  const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
  if (name === undefined) throw malformed();
  const filename = /;\s*filename="([^"]*)"/i.exec(disposition)?.[1];
  return { name, type, ...(filename === undefined ? {} : { filename }) };
}
