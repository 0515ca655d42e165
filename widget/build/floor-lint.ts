/**
 * The es-x rules (eslint-plugin-es-x) for code that ships to browsers, at the floor's level: read from
 * the same `browserslist` as the build (browser-targets.ts), never a year written here. eslint.config.js
 * applies them; test/build/floor-lint.test.ts checks what they flag.
 */
import esx from 'eslint-plugin-es-x';
import { floorTargets } from './browser-targets.ts';
import { editionOf, INTL, LAGGARDS, LANGUAGE, laggardsOf } from './ecma-editions.ts';
import { RUNTIME_NEEDS } from '../internal/runtime-needs.ts';

/**
 * Syntax the build lowers to the floor's targets, checked on its output by test/build/floor-syntax.test.ts:
 * allowed in the sources. Everything else es-x knows stays forbidden beyond the floor: built-ins and
 * regular expressions (a flag given as a string to `new RegExp` too), which the build passes through as
 * written, and syntax it cannot lower (top-level `await`).
 */
export const LOWERED_SYNTAX = [
  'es-x/no-class-fields',
  'es-x/no-class-instance-fields',
  'es-x/no-class-static-fields',
  'es-x/no-class-private-fields',
  'es-x/no-class-private-methods',
  'es-x/no-class-static-block',
  'es-x/no-private-in',
  'es-x/no-logical-assignment-operators',
  'es-x/no-numeric-separators',
];

type Severity = 'error' | 'off';

/** es-x's name for the rule about `Intl.DisplayNames` or `String.prototype.replaceAll`, where it has one. */
export const esxRuleOf = (path: string) => `es-x/no-${path.toLowerCase().replaceAll('.', '-')}`;

/** The rules of one of es-x's flat configs. */
function configRules(name: string): Record<string, Severity> {
  const config = (esx.configs as Record<string, { rules?: Record<string, Severity> } | undefined>)[name];
  if (config?.rules === undefined) throw new Error(`eslint-plugin-es-x has no config ${name}`);
  return config.rules;
}

/**
 * The es-x rules for `targets`: everything newer than the editions they run, and the LAGGARDS they lack,
 * bar the features in `allowed` (paths from the global object, as in RUNTIME_NEEDS).
 */
export function esxRules(targets: readonly string[], allowed: readonly string[]): Record<string, Severity> {
  const rules: Record<string, Severity> = {
    ...configRules(`flat/restrict-to-es${editionOf(targets, LANGUAGE)}`),
    ...configRules(`flat/restrict-to-es${editionOf(targets, INTL)}-intl-api`),
  };
  for (const rule of laggardsOf(targets)) rules[rule] = 'error';
  for (const rule of LOWERED_SYNTAX) rules[rule] = 'off';
  for (const path of allowed) if (esxRuleOf(path) in rules) rules[esxRuleOf(path)] = 'off';
  return rules;
}

/**
 * The rules at the declared floor. `gated`: code that runs only once canRun() has passed, which refuses
 * a browser without one of RUNTIME_NEEDS, so may use them unguarded.
 */
export const floorEsxRules = (gated: boolean) => esxRules(floorTargets(), gated ? RUNTIME_NEEDS : []);

export { LAGGARDS, RUNTIME_NEEDS };
