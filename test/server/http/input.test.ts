/**
 * Path ids (server/http/input.ts): the fast check pathId makes first must accept exactly what IdSchema
 * accepts, and a refusal must still name the rule that was broken.
 */
import fc from 'fast-check';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { IdSchema } from '../../../server/contract/common.ts';
import { renderError } from '../../../server/http/errors.ts';
import { pathId } from '../../../server/http/input.ts';

const app = new Hono()
  .get('/things/:id', (c) => c.json({ statusCode: 200, data: pathId(c, 'id') }, 200))
  .onError((error, c) => renderError(error, c));

const read = async (id: string) => {
  const response = await app.request(`/things/${encodeURIComponent(id)}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('pathId', () => {
  it('accepts exactly the ids IdSchema accepts, and returns them unchanged', async () => {
    const ids = fc
      .oneof(
        fc.stringMatching(/^[A-Za-z0-9_-]{1,100}$/),
        fc.string({ minLength: 1, maxLength: 120 }),
        fc.stringMatching(/^[A-Za-z0-9_-]{95,110}$/),
      )
      // "." and ".." are dot segments: URL parsing removes them, so no request carries them as an id.
      .filter((id) => id !== '.' && id !== '..');
    await fc.assert(
      fc.asyncProperty(ids, async (id) => {
        const { status, body } = await read(id);
        if (IdSchema.safeParse(id).success)
          expect({ status, body }).toEqual({ status: 200, body: { statusCode: 200, data: id } });
        else expect(status).toBe(400);
      }),
      { numRuns: 300 },
    );
  });

  it('names the broken rule when it refuses', async () => {
    const { status, body } = await read('a'.repeat(101));
    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: {
        code: 'validation_failed',
        fields: [{ path: 'id', message: 'must be at most 100 characters' }],
      },
    });
    expect((await read('a b')).body).toMatchObject({
      error: { fields: [{ path: 'id', message: 'may only contain letters, digits, _ and -' }] },
    });
  });
});
