// The pay page's script (widget/pay-page/upgrade.ts), built beside the widget in `dist/` by the widget's
// own build (widget/build/frame-script.ts), and served as /widget/pay-checkout-page.js.
import { sideScriptConfig } from '../build/side-script.ts';

export default sideScriptConfig(
  new URL('./upgrade.ts', import.meta.url),
  'PayCheckoutPage',
  'pay-checkout-page.js',
);
