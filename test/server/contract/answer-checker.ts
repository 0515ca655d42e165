/**
 * Checks a real answer against the generated OpenAPI document, with an independent validator (ajv,
 * JSON Schema 2020-12 as OpenAPI 3.1 uses it): the status must be documented for the operation, every
 * required header present and each documented one valid, the media type one the operation declares, and
 * a JSON body valid against its schema. One stricter rule than the document's: an object that does not
 * say what else it may hold (`additionalProperties`) is checked as closed, so a field we send but do not
 * document fails the answer, as it would a client generated from the document.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** The document's keywords that are not JSON Schema: known to ajv, so it can resolve refs through them. */
const OPENAPI_KEYWORDS = [
  'openapi',
  'info',
  'servers',
  'tags',
  'paths',
  'components',
  'webhooks',
  'security',
];

const DOCUMENT_ID = 'https://pay.test/openapi.json';

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** `{$ref: '#/components/<kind>/<name>'}` as the object it names. */
function resolve(document: Json, value: Json): Json {
  if (typeof value.$ref !== 'string') return value;
  const [, , kind, name] = value.$ref.split('/');
  const components = document.components as Record<string, Record<string, Json>>;
  const target = components[kind ?? '']?.[name ?? ''];
  if (!target) throw new Error(`unresolved ${value.$ref}`);
  return target;
}

/** Marks every object schema that leaves its other keys unsaid as closed (see the header). */
function closeObjects(schema: unknown): void {
  if (Array.isArray(schema)) return schema.forEach(closeObjects);
  if (!schema || typeof schema !== 'object') return;
  const node = schema as Json;
  if ('allOf' in node) throw new Error('allOf: the closed-object check cannot see through it');
  if (node.properties && !('additionalProperties' in node) && !('unevaluatedProperties' in node))
    node.unevaluatedProperties = false;
  for (const [key, inner] of Object.entries(node)) {
    if (key === 'properties' && inner && typeof inner === 'object')
      Object.values(inner).forEach(closeObjects);
    else if (['items', 'anyOf', 'oneOf', 'prefixItems', 'additionalProperties'].includes(key))
      closeObjects(inner);
  }
}

const baseType = (mediaType: string) => mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
const parameters = (mediaType: string) =>
  mediaType
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);

export function answerChecker(generated: Json) {
  const document = structuredClone(generated);
  const components = document.components as Record<string, Record<string, Json>>;
  closeObjects(Object.values(components.schemas ?? {}));
  for (const methods of Object.values(document.paths as Record<string, Record<string, Json>>))
    for (const operation of Object.values(methods))
      for (const response of Object.values(operation.responses as Record<string, Json>))
        for (const media of Object.values((response.content ?? {}) as Record<string, Json>))
          closeObjects(media.schema);

  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addVocabulary(OPENAPI_KEYWORDS);
  ajv.addSchema(document, DOCUMENT_ID);

  const operations = new Map<string, { path: string; method: string; operation: Json }>();
  for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, Json>>))
    for (const [method, operation] of Object.entries(methods))
      operations.set(String(operation.operationId), { path, method, operation });

  function validate(ref: string, value: unknown): string[] {
    const check = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
    if (check(value)) return [];
    return (check.errors ?? []).map(
      (error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`,
    );
  }

  function checkHeaders(response: Json, answer: Answer): string[] {
    const problems: string[] = [];
    for (const [name, given] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
      const header = resolve(document, given);
      const value = answer.headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`header ${name} is required`);
        continue;
      }
      const schema = header.schema as Json;
      const typed = schema.type === 'integer' && /^-?[0-9]+$/.test(value) ? Number(value) : value;
      const check = ajv.compile(schema);
      if (!check(typed))
        problems.push(`header ${name}: ${JSON.stringify(value)} ${ajv.errorsText(check.errors)}`);
    }
    return problems;
  }

  function checkBody(operationId: string, status: string, response: Json, answer: Answer): string[] {
    const content = response.content as Record<string, Json> | undefined;
    if (!content) return answer.text === '' ? [] : [`no body is documented, got ${answer.text.slice(0, 80)}`];
    const given = answer.headers.get('content-type') ?? '';
    const declared = Object.keys(content).find(
      (type) =>
        baseType(type) === baseType(given) &&
        parameters(type).every((parameter) => parameters(given).includes(parameter)),
    );
    if (!declared) return [`media type ${given} is not one of ${Object.keys(content).join(', ')}`];
    if (baseType(declared) !== 'application/json') return [];
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return [`not JSON: ${answer.text.slice(0, 80)}`];
    }
    const { path, method } = operations.get(operationId)!;
    const ref = `${DOCUMENT_ID}#/${pointer('paths', path, method, 'responses', status, 'content', declared, 'schema')}`;
    return validate(ref, body);
  }

  return {
    operationIds: () => [...operations.keys()],
    /** The statuses the document gives `operationId`. */
    statuses(operationId: string): number[] {
      const found = operations.get(operationId);
      return found ? Object.keys(found.operation.responses as Json).map(Number) : [];
    },
    /** What is wrong with `answer` as an answer of `operationId`; empty when nothing is. */
    problems(operationId: string, answer: Answer): string[] {
      const found = operations.get(operationId);
      if (!found) return [`no operation ${operationId} in the document`];
      const responses = found.operation.responses as Record<string, Json>;
      const status = String(answer.status);
      const documented = responses[status];
      if (!documented) return [`status ${status} is not documented (${Object.keys(responses).join(', ')})`];
      const response = resolve(document, documented);
      return [...checkHeaders(response, answer), ...checkBody(operationId, status, response, answer)];
    },
  };
}

export type AnswerChecker = ReturnType<typeof answerChecker>;
