/**
 * The widget's only edge to the outside world, so tests (and hosts with their own needs) can pass
 * another: requests, uploads with progress, navigation, and the clock behind every delay.
 */

export interface Transport {
  fetch(url: string, init: RequestInit): Promise<Response>;
  /** POSTs a form with upload progress (0 to 1), which `fetch` cannot report. */
  upload(
    url: string,
    body: FormData,
    onProgress: (fraction: number) => void,
    signal: AbortSignal,
  ): Promise<Response>;
  /** Sends the payer's window to another page (a hosted checkout, the merchant's `redirectUrl`). */
  navigate(url: string): void;
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

/** The browser's own transport. */
export const browserTransport: Transport = {
  fetch: (url, init) => fetch(url, init),
  upload: (url, body, onProgress, signal) =>
    new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', url);
      request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
      request.onload = () =>
        resolve(
          new Response(request.status === 204 ? null : request.responseText, {
            status: request.status,
            headers: { 'content-type': request.getResponseHeader('content-type') ?? '' },
          }),
        );
      request.onerror = request.onabort = () => reject(new TypeError('upload failed'));
      signal.addEventListener('abort', () => request.abort());
      request.send(body);
    }),
  navigate: (url) => location.assign(url),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (id) => window.clearTimeout(id),
};

export interface ServerSentEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * Reads a `text/event-stream` body (the WHATWG parsing rules: `event`, `data` joined by newlines, `id`,
 * comments ignored) and calls `onEvent` for each event, and `onBytes` for whatever arrives (a heartbeat
 * comment too); resolves when the stream ends.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ServerSentEvent) => void,
  onBytes?: () => void,
) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let type = '';
  let id: string | undefined;
  let data: string[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    onBytes?.();
    buffer += decoder.decode(value, { stream: true });
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (!line) {
        if (data.length) onEvent({ event: type || 'message', data: data.join('\n'), id });
        type = '';
        data = [];
        continue;
      }
      const colon = line.indexOf(':');
      if (colon === 0) continue;
      const field = colon < 0 ? line : line.slice(0, colon);
      const text = colon < 0 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
      if (field === 'data') data.push(text);
      else if (field === 'event') type = text;
      else if (field === 'id') id = text;
    }
  }
}
