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
);
