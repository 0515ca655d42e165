/**
 * Upload routes, mounted at /api/v1/uploads: a payer's file for a `file-upload` field (public,
 * limited), and the merchant's download of it (bearer). The checks live in service.ts.
 */
import { factory, type AppDeps } from '../env.ts';
import { limitBody } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import { ApiError, validationFailed } from '../http/errors.ts';
import { pathId } from '../http/input.ts';
import { requireMerchant } from '../http/merchant-auth.ts';
import { attachmentDisposition } from './media.ts';
import { assertUploadQuota, findUpload, MAX_UPLOAD_BYTES, storeUpload } from './service.ts';

/** The file plus the multipart envelope around it (boundaries, part headers, a long file name). */
const MULTIPART_OVERHEAD = 64 * 1024;

const tooLarge = () => new ApiError(413, 'payload_too_large', 'The file is larger than 5 MB');

export function uploadRoutes(deps: Pick<AppDeps, 'config' | 'store' | 'clock'>) {
  const { config } = deps;
  return factory
    .createApp()
    .post(
      '/',
      limitBody(MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD, tooLarge),
      async (c) => {
        const ip = clientIp(c, config.trustProxy);
        // Counted before the body is read: a client over its quota costs no parsing.
        await assertUploadQuota(deps, ip, config.rateLimits);
        let form: Record<string, unknown>;
        try {
          form = await c.req.parseBody({ all: true });
        } catch (error) {
          if (error instanceof ApiError) throw error;
          throw validationFailed(
            [{ path: 'file', message: 'send multipart/form-data with one file' }],
            'The upload is not valid multipart',
          );
        }
        const file = form.file;
        if (!(file instanceof File)) {
          const message = Array.isArray(file)
            ? 'send exactly one file'
            : 'is required (a multipart file field)';
          throw validationFailed([{ path: 'file', message }]);
        }
        const upload = await storeUpload(deps, file, ip);
        return c.json({ statusCode: 201, data: upload }, 201);
      },
    )
    .get('/:id', requireMerchant(config.merchantApiKeys), async (c) => {
      const upload = await findUpload(deps, pathId(c, 'id'));
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
