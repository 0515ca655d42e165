import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature } from '../../../server/provider/signature.ts';

// Expected values computed once outside the code under test, e.g.
//   printf '%s' "$BODY" | openssl dgst -sha512 -hmac "$SECRET"
const BODY =
  '{"event":"disbursement.status","clientId":"client_123","deliveryId":"dlv_1","data":{"reference":"ref_1","status":"success"}}';
const SECRET = 'sk_test_secret';
const PREVIOUS_SECRET = 'sk_previous_secret';
const BODY_UNDER_SECRET =
  'b2f068f4658383c512e12c64d57f846784438ba203b8cb87678a28438236fe4fc67f1673b98f6702818432f718f8472ede928581de95a93314622f49746e9340';
const BODY_UNDER_PREVIOUS_SECRET =
  '72046944263931f8a4cdbf7656749969517607b9b856ab0139b573cdd73eb8e52a54adcccc97acc25bfd7ccf4f486689a161e6845a8d8c26f4cfc6afaa875073';

describe('signWebhook', () => {
  it('matches known HMAC-SHA512 answers', () => {
    expect(signWebhook(BODY, SECRET)).toBe(BODY_UNDER_SECRET);
    expect(signWebhook(BODY, PREVIOUS_SECRET)).toBe(BODY_UNDER_PREVIOUS_SECRET);
    // The RFC-style example from the HMAC literature.
    expect(signWebhook('The quick brown fox jumps over the lazy dog', 'key')).toBe(
      'b42af09057bac1e2d41708e48a902e09b5ff7f12ab428a4fe86653c73dd248fb82f948a549f7b791a5b41915ee4d1ec3935357e4e2317250d0372afa2ebeeb3a',
    );
    expect(signWebhook('', 'key')).toBe(
      '84fa5aa0279bbc473267d05a53ea03310a987cecc4c1535ff29b6d76b8f1444a728df3aadb89d4a9a6709e1998f373566e8f824a8ca93b1821f0b69bc2a2f65e',
    );
  });

  it('signs the UTF-8 bytes, the same whether given as text or as bytes', () => {
    const expected =
      'cdaba612509faefa109f5ac3a33f0c43eb1f7e0ef0f7ac5aed3e760706924d4e6be3540f9fba8324c6a8592071d7fb730b080e9784ce72fb5c8b56bfe9d95ef0';
    expect(signWebhook('héllo €', SECRET)).toBe(expected);
    expect(signWebhook(new TextEncoder().encode('héllo €'), SECRET)).toBe(expected);
  });
});

describe('verifyWebhookSignature', () => {
  const bytes = new TextEncoder().encode(BODY);

  it('accepts the right signature over the raw bytes or the same text', () => {
    expect(verifyWebhookSignature(bytes, BODY_UNDER_SECRET, [SECRET])).toBe(true);
    expect(verifyWebhookSignature(BODY, BODY_UNDER_SECRET, [SECRET])).toBe(true);
  });

  it('accepts upper-case hex and surrounding whitespace in the header', () => {
    expect(verifyWebhookSignature(bytes, ` ${BODY_UNDER_SECRET.toUpperCase()} `, [SECRET])).toBe(true);
  });

  it('accepts a body signed with the previous secret during a rotation, and only then', () => {
    expect(verifyWebhookSignature(bytes, BODY_UNDER_PREVIOUS_SECRET, [SECRET, PREVIOUS_SECRET])).toBe(true);
    expect(verifyWebhookSignature(bytes, BODY_UNDER_SECRET, [SECRET, PREVIOUS_SECRET])).toBe(true);
    expect(verifyWebhookSignature(bytes, BODY_UNDER_PREVIOUS_SECRET, [SECRET])).toBe(false);
  });

  it('rejects a signature under another secret, and ignores empty secrets', () => {
    expect(verifyWebhookSignature(bytes, BODY_UNDER_SECRET, ['another-secret'])).toBe(false);
    expect(verifyWebhookSignature(bytes, BODY_UNDER_SECRET, [])).toBe(false);
    expect(verifyWebhookSignature('', signWebhook('', ''), [''])).toBe(false);
  });

  it('rejects the same JSON with another key order or whitespace (never re-serialised)', () => {
    const reordered =
      '{"clientId":"client_123","event":"disbursement.status","deliveryId":"dlv_1","data":{"reference":"ref_1","status":"success"}}';
    const spaced = JSON.stringify(JSON.parse(BODY), null, 2);
    expect(JSON.parse(reordered)).toEqual(JSON.parse(BODY));
    expect(verifyWebhookSignature(reordered, BODY_UNDER_SECRET, [SECRET])).toBe(false);
    expect(verifyWebhookSignature(spaced, BODY_UNDER_SECRET, [SECRET])).toBe(false);
    expect(verifyWebhookSignature(`${BODY}\n`, BODY_UNDER_SECRET, [SECRET])).toBe(false);
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['empty', ''],
    ['not hex', 'z'.repeat(128)],
    ['too short', BODY_UNDER_SECRET.slice(0, 126)],
    ['too long', `${BODY_UNDER_SECRET}00`],
    ['odd length', BODY_UNDER_SECRET.slice(0, 127)],
    ['prefixed', `sha512=${BODY_UNDER_SECRET}`],
    ['a SHA-256 length', 'a'.repeat(64)],
  ])('rejects a %s header without throwing', (_label, header) => {
    expect(verifyWebhookSignature(bytes, header, [SECRET])).toBe(false);
  });
});
