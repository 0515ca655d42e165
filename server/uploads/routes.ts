/**
 * Upload routes, mounted at /api/v1/uploads: a payer's file for a `file-upload` field (public,
 * limited), and the merchant's download of it (bearer). The checks live in service.ts.
 */
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { answer, errors, MERCHANT_ONLY, pathIds, PUBLIC, single } from '../contract/describe.ts';
import { UploadSchema } from '../contract/schemas.ts';
import { createOpenApiApp, type AppDeps } from '../env.ts';
import { clientKey } from '../http/client-ip.ts';
import { readFormBody } from '../http/body.ts';
import { ApiError, ClientClosedRequest, validationFailed } from '../http/errors.ts';
import { requireMerchant } from '../middleware/merchant-auth.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import type { RateLimiter } from '../rate-limits/limiter.ts';
import { attachmentDisposition, UPLOAD_TYPES } from './media.ts';
import { findUpload, storeUpload } from './service.ts';

const createUpload = createRoute({
  method: 'post',
  path: '/',
  tags: ['Checkout'],
  operationId: 'createUpload',
  summary: 'Upload a file for a file-upload field',
  description:
    'PNG, JPEG or PDF (read from the bytes), at most 5 MB; deleted after 1 h unless a payment uses it; a per-IP quota counts every attempt, refused ones included.',
  security: PUBLIC,
  request: {
    // Described, not handed to a validator: the quota is counted before a byte is read, then the
    // handler judges the one file by its bytes.
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
            required: ['file'],
          },
        },
      },
    },
  },
  responses: { 201: single('Stored', UploadSchema), ...errors(400, 413, 415, 429) },
});

const downloadUpload = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Merchant'],
  operationId: 'downloadUpload',
  summary: 'Download an uploaded file',
  security: MERCHANT_ONLY,
  request: { params: pathIds('id', 'Upload id') },
  responses: {
    200: answer(
      'The file, as an attachment',
      Object.fromEntries(
        Object.keys(UPLOAD_TYPES).map((type) => [
          type,
          { schema: { type: 'string', contentMediaType: type } },
        ]),
      ),
    ),
    ...errors(400, 401, 404, 429),
  },
});

export function uploadRoutes(deps: Pick<AppDeps, 'config' | 'store' | 'clock'>, limiter: RateLimiter) {
  const { config } = deps;
  const ipOf = (c: Context) => clientKey(c, config);
  return createOpenApiApp()
    .openapi(
      {
        ...createUpload,
        // The quota is taken before the body is read, in one atomic step per attempt: a client over it
        // costs no parsing, concurrent uploads cannot all slip under it, and a refused body (too large,
        // not a file we take) has spent its place like a stored one. Its size is createApp's limit.
        middleware: [rateLimit(limiter, 'upload', ipOf)] as const,
      },
      async (c) => {
        const ip = ipOf(c);
        let form: Record<string, unknown>;
        try {
          form = await readFormBody(c, { all: true });
        } catch (error) {
          if (error instanceof ApiError || error instanceof ClientClosedRequest) throw error;
          throw validationFailed(
            [{ path: 'file', code: 'invalid', message: 'send multipart/form-data with one file' }],
            'The upload is not valid multipart',
          );
        }
        const file = form.file;
        if (!(file instanceof File)) {
          const message = Array.isArray(file)
            ? 'send exactly one file'
            : 'is required (a multipart file field)';
          throw validationFailed([
            { path: 'file', code: Array.isArray(file) ? 'invalid' : 'required', message },
          ]);
        }
        const upload = await storeUpload(deps, file, ip);
        return c.json({ statusCode: 201, data: upload }, 201);
      },
    )
    .openapi({ ...downloadUpload, middleware: requireMerchant(config.merchantApiKeys) }, async (c) => {
      const upload = await findUpload(deps, c.req.valid('param').id);
      if (!upload) throw new ApiError(404, 'not_found', 'Upload not found');
      return c.body(new Uint8Array(upload.data), 200, {
        'Content-Type': upload.type,
        'Content-Length': String(upload.size),
        'Content-Disposition': attachmentDisposition(upload.name),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      });
    });
}
