/**
 * The console's calls to the merchant API. The session cookie (HttpOnly, set by /console/login) goes
 * along by itself: the page never sees the API key. The error envelope becomes an ApiFailure whose
 * message can be shown as it is.
 */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

export interface ListAnswer<T> {
  total: number;
  page: number;
  pages: number;
  limit: number;
  data: T[];
}

interface ErrorEnvelope {
  error?: { code?: string; message?: string; fields?: { path: string; message: string }[] };
}

async function call<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...headers },
  };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const response = await fetch(path, init);
  const json = (await response.json().catch(() => ({}))) as ErrorEnvelope & T;
  if (!response.ok) {
    const fields = json.error?.fields ?? [];
    const detail = fields.map((field) => `${field.path || 'body'}: ${field.message}`).join('; ');
    const message = json.error?.message ?? `The server answered ${response.status}`;
    throw new ApiFailure(
      response.status,
      json.error?.code ?? 'unknown',
      detail ? `${message} (${detail})` : message,
      fields,
    );
  }
  return json;
}

/** `path` with the query's non-empty values. */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export const getJson = <T>(path: string) => call<T>('GET', path);
export const postJson = <T>(path: string, body: unknown, headers?: Record<string, string>) =>
  call<T>('POST', path, body, headers);

/** A fresh Idempotency-Key: 128 random bits in hex (`crypto.randomUUID` is missing from the floor's Chrome 80 and iOS 15.0). */
export const newIdempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );
