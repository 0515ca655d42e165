/* global window, console */
// What a browser without a console endpoint for its driver (WebKit's WebDriver) logs, kept in the page:
// errors and warnings, uncaught exceptions and unhandled rejections. Loaded first in the merchant page's
// head (global-setup.ts, `consolehook`), so it hears the widget from its first line; the test reads
// `window.__logged`.
(() => {
  const logged = (window.__logged = []);
  const { error, warn } = console;
  console.error = (...parts) => (logged.push(`console.error: ${parts.join(' ')}`), error(...parts));
  console.warn = (...parts) => (logged.push(`console.warn: ${parts.join(' ')}`), warn(...parts));
  window.addEventListener('error', (event) => logged.push(`error: ${event.message}`));
  window.addEventListener('unhandledrejection', (event) =>
    logged.push(`unhandledrejection: ${String(event.reason)}`),
  );
})();
