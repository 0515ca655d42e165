// The isolation page's frame script (widget/isolation/frame.ts), built beside the widget in `dist/` by
// the widget's own build (widget/build/frame-script.ts), and served as /widget/pay-checkout-frame.js.
import { sideScriptConfig } from '../build/side-script.ts';

export default sideScriptConfig(
  new URL('./frame.ts', import.meta.url),
  'PayCheckoutFrame',
  'pay-checkout-frame.js',
);
