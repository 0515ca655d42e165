/**
 * JSON Schema fragments as short, escaped HTML for the docs page: a type (`string`, `Payment[]`, a link
 * to a component) and its constraints. Everything from the document is escaped: descriptions hold
 * merchant-facing text, and a page that renders markup from data is one typo away from an injection.
 */
import type { JsonSchema } from './openapi.ts';
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Escaped text where `backticks` become <code>: the only markup the document's prose uses. */
export function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

export const anchor = (id: string) => `schema-${id.replace(/[^A-Za-z0-9_-]/g, '-')}`;

function refName(schema: JsonSchema): string | undefined {
  return typeof schema.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;
}

/** The type of a schema, as HTML. */
export function typeHtml(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  const name = refName(schema);
  if (name) return `<a href="#${anchor(name)}">${escapeHtml(name)}</a>`;
  if (Array.isArray(schema.enum))
    return schema.enum.map((value) => `<code>${escapeHtml(JSON.stringify(value))}</code>`).join(' | ');
  if ('const' in schema) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const parts = schema[key];
    if (Array.isArray(parts))
      return parts.map((part) => typeHtml(part as JsonSchema)).join(key === 'allOf' ? ' &amp; ' : ' | ');
  }
  if (schema.type === 'array') return `${typeHtml(schema.items as JsonSchema | undefined)}[]`;
  if (
    schema.type === 'object' &&
    schema.additionalProperties &&
    typeof schema.additionalProperties === 'object'
  ) {
    return `map of ${typeHtml(schema.additionalProperties as JsonSchema)}`;
  }
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? 'any');
  return escapeHtml(schema.format ? `${type} (${String(schema.format)})` : type);
}

const CONSTRAINTS: [string, string][] = [
  ['minLength', 'min length'],
  ['maxLength', 'max length'],
  ['minimum', 'min'],
  ['exclusiveMinimum', 'more than'],
  ['maximum', 'max'],
  ['maxProperties', 'max keys'],
  ['pattern', 'pattern'],
  ['default', 'default'],
];

/** Description and constraints of a property, as HTML: "The merchant's reference. (max length 100)". */
export function detailsHtml(schema: JsonSchema): string {
  const constraints = CONSTRAINTS.filter(([key]) => {
    if (!(key in schema)) return false;
    // The safe-integer ceiling of every integer and the regex behind a format say nothing to a reader.
    if (key === 'maximum') return schema.maximum !== Number.MAX_SAFE_INTEGER;
    return key !== 'pattern' || schema.format === undefined;
  }).map(([key, label]) => `${label} <code>${escapeHtml(String(schema[key]))}</code>`);
  const description = typeof schema.description === 'string' ? prose(schema.description) : '';
  if (constraints.length === 0) return description;
  return description ? `${description} (${constraints.join(', ')})` : constraints.join(', ');
}
