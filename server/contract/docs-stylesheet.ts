/** The docs page's stylesheet, served as /docs/docs.css (the CSP allows styles from 'self' only). */
export const DOCS_CSS = `:root { color-scheme: light dark; font: 15px/1.5 system-ui, sans-serif; }
body { margin: 0 auto; max-width: 72rem; padding: 1rem 1.5rem 4rem; }
header small { font-weight: normal; opacity: 0.7; }
nav ul { columns: 2 22rem; padding: 0; list-style: none; }
nav a { text-decoration: none; overflow-wrap: anywhere; }
code { font: 0.9em ui-monospace, monospace; overflow-wrap: anywhere; }
h2 { border-bottom: 1px solid color-mix(in srgb, CanvasText 20%, transparent); margin-top: 3rem; }
section { margin: 2rem 0; scroll-margin-top: 1rem; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0; }
th, td { overflow-wrap: anywhere; border: 1px solid color-mix(in srgb, CanvasText 15%, transparent); padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; }
.method { display: inline-block; min-width: 3.2rem; font: 600 0.75rem ui-monospace, monospace; text-align: center; border-radius: 0.25rem; padding: 0.1rem 0.3rem; color: #fff; }
.method--get { background: #1864ab; }
.method--post { background: #2b8a3e; }
.optional { font-size: 0.8em; opacity: 0.7; }
.auth { font-size: 0.9em; }
`;
