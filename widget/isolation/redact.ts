/**
 * What of an event's detail may leave the isolation frame: everything the merchant's page could learn
 * anyway, nothing of what the frame is there to protect. No phone number (the request's and the
 * customer's), no code (`otp`, `customerCode`), no payment token; and, in the provider's texts
 * (`message`), no run of four digits or more, where a provider may spell out a number or a code
 * ("Enter the code 123456 sent to 0700…"). A config's `messages` are the widget's labels (`customerCode`:
 * "Customer code"), public like the rest of the config: they pass as they are.
 */
const SECRET_KEYS = new Set(['phoneNumber', 'otp', 'customerCode', 'token']);
const DIGIT_RUN = /\+?\d(?:[\d .-]*\d){3,}/g;

export function redact(detail: unknown): unknown {
  if (Array.isArray(detail)) return detail.map(redact);
  if (!detail || typeof detail !== 'object') return detail;
  return Object.fromEntries(
    Object.entries(detail)
      .filter(([key]) => !SECRET_KEYS.has(key))
      .map(([key, value]) => [
        key,
        key === 'messages'
          ? value
          : key === 'message' && typeof value === 'string'
            ? value.replace(DIGIT_RUN, '•••')
            : redact(value),
      ]),
  );
}
