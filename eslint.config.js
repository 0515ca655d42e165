// Lint: typescript-eslint's recommended rules over every TypeScript file of the repository.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // @hono/node-server adds Content-Length *into* a plain header object that reaches it (c.body with one
      // header, a Response's init): a shared constant would send the next answer with this one's length.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(body|newResponse)$/][arguments.2.type='Identifier']",
          message:
            'Pass a fresh header object (`{ ...HEADERS }`): @hono/node-server writes Content-Length into it.',
        },
        {
          selector:
            "NewExpression[callee.name='Response'] > ObjectExpression > Property[key.name='headers'][value.type='Identifier']",
          message:
            'Pass a fresh header object (`{ ...HEADERS }`): @hono/node-server writes Content-Length into it.',
        },
      ],
    },
  },
);
