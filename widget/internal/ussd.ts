/**
 * USSD codes in a provider's instructions ("Dial *144*8*1# to get a code") become tappable `tel:` links
 * on a phone. The rest of the message stays plain text.
 */
import { html, type TemplateResult } from 'lit';
import { telHref, USSD } from '../shared/dial-codes.ts';

export { telHref, USSD };

/** The message as text with each USSD code as a `tel:` link. */
export function withDialLinks(message: string): (string | TemplateResult)[] {
  const parts: (string | TemplateResult)[] = [];
  let last = 0;
  for (const match of message.matchAll(USSD)) {
    parts.push(message.slice(last, match.index));
    parts.push(html`<a class="pay__ussd" href=${telHref(match[0])}>${match[0]}</a>`);
    last = match.index + match[0].length;
  }
  parts.push(message.slice(last));
  return parts;
}
