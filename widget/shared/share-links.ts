/**
 * Where a payer or a merchant shares an address: WhatsApp and SMS as plain links, which open the app
 * with the message written and need no script. The pay page, the receipt and the console build them
 * here, so all three send the same message the same way.
 */

export interface ShareLinks {
  /** WhatsApp's own click-to-chat address: the app (or WhatsApp Web) opens with the message, no number. */
  whatsApp: string;
  /**
   * The phone's messages app with the message and no number. `sms:?&body=` is the one form both opens
   * on Android (which reads `?body=`) and on iOS (which reads `&body=`).
   */
  sms: string;
}

/** The message is `text` then `url` on a line of its own (the URL alone when there is no text). */
export function shareLinks(text: string, url: string): ShareLinks {
  const message = encodeURIComponent(text ? `${text}\n${url}` : url);
  return { whatsApp: `https://wa.me/?text=${message}`, sms: `sms:?&body=${message}` };
}
