// Lint: typescript-eslint's recommended rules over every TypeScript file of the repository.
import js from '@eslint/js';
import compat from 'eslint-plugin-compat';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // A request body is read only through server/http/body.ts, which applies its byte limit first.
    files: ['server/**/*.ts', 'demo/**/*.ts'],
    ignores: ['server/http/body.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[object.property.name='req'][property.name=/^(json|text|parseBody|arrayBuffer|formData|blob)$/]",
          message:
            'Read bodies with readBodyBytes/readFormBody or jsonBodyFirst with c.req.valid("json") (server/http/body.ts): they apply the limit.',
        },
      ],
    },
  },
  {
    // Every web and JavaScript API the widget calls, checked against the browser floor (package.json's
    // `browserslist`, the list the build's target comes from). The build lowers syntax, never APIs: one
    // missing there is a payer's broken checkout. Each one flagged gets a guard or a fallback, or, where
    // widget/internal/support.ts already refuses a browser without it, a disable comment that says so.
    files: ['widget/**/*.ts'],
    ignores: ['widget/build/**'],
    ...compat.configs['flat/recommended'],
    settings: { lintAllEsApis: true },
  },
  {
    // At the floor `#name` ships as a WeakMap and a helper call per access; `private _name` is mangled to a
    // short property by the build (vite.config.ts), for hundreds of bytes less.
    files: ['widget/**/*.ts'],
    ignores: ['widget/build/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'PrivateIdentifier', message: 'Use a TypeScript `private _name`: `#name` costs bytes at the floor.' },
      ],
    },
  },
);
