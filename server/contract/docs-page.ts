/**
 * The API reference as one static HTML page, rendered on the server from the OpenAPI document: no CDN,
 * no script (it runs under the app's strict CSP), one stylesheet at /docs/docs.css. Built once per
 * process, since the document only changes with the code.
 */
import type { JsonSchema, OpenApiDocument } from './openapi.ts';
import { anchor, detailsHtml, escapeHtml, prose, typeHtml } from './docs-text.ts';

const SECURITY_TEXT: Record<string, string> = {
  merchantKey: '<code>Authorization: Bearer MERCHANT_API_KEY</code>',
  consoleSession: 'the console session cookie',
};

const operationAnchor = (method: string, path: string) =>
  `op-${method}-${path.replace(/[^A-Za-z0-9]+/g, '-')}`;

function table(head: string[], rows: string[][]): string {
  if (rows.length === 0) return '';
  const th = head.map((cell) => `<th scope="col">${cell}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>`;
}

function contentHtml(content: unknown): string {
  if (!content || typeof content !== 'object') return '';
  return Object.entries(content as Record<string, { schema?: JsonSchema }>)
    .map(([type, media]) => {
      const data = (media.schema?.properties as Record<string, JsonSchema> | undefined)?.data;
      // Envelopes are described once in the intro; show what is inside them.
      const inner = data ? `envelope of ${typeHtml(data)}` : typeHtml(media.schema);
      return `<code>${escapeHtml(type)}</code>: ${inner}`;
    })
    .join('<br>');
}

function operationHtml(
  path: string,
  method: string,
  operation: JsonSchema,
  shared: Record<string, JsonSchema>,
): string {
  const parameters = ((operation.parameters as JsonSchema[] | undefined) ?? []).map((given) => {
    // Shared headers (Idempotency-Key, Payment-Token) are references into components.parameters.
    const parameter =
      typeof given.$ref === 'string' ? (shared[given.$ref.split('/').pop() ?? ''] ?? {}) : given;
    const schema = (parameter.schema as JsonSchema | undefined) ?? {};
    const name = `<code>${escapeHtml(String(parameter.name))}</code>${parameter.required ? '' : ' <span class="optional">optional</span>'}`;
    return [
      name,
      escapeHtml(String(parameter.in)),
      typeHtml(schema),
      detailsHtml({ ...schema, description: parameter.description }),
    ];
  });
  const responses = Object.entries(operation.responses as Record<string, JsonSchema>).map(
    ([status, response]) => {
      const isError = typeof response.$ref === 'string';
      return [
        escapeHtml(status),
        isError
          ? `error envelope (<a href="#${anchor('ErrorEnvelope')}">ErrorEnvelope</a>)`
          : `${prose(String(response.description ?? ''))}<br>${contentHtml(response.content)}`,
      ];
    },
  );
  const body = (operation.requestBody as { content?: unknown } | undefined)?.content;
  // Public operations declare `security: []`; the others name each way in (any one of them will do).
  const ways = ((operation.security as Record<string, string[]>[] | undefined) ?? []).flatMap(Object.keys);
  const secured = ways.length
    ? `<p class="auth">Merchant: ${ways.map((way) => SECURITY_TEXT[way] ?? escapeHtml(way)).join(' or ')}</p>`
    : '';
  return `<section class="operation" id="${operationAnchor(method, path)}">
<h3><span class="method method--${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h3>
<p>${prose(String(operation.summary ?? ''))}</p>
${operation.description ? `<p>${prose(String(operation.description))}</p>` : ''}${secured}
${table(['Parameter', 'In', 'Type', 'Details'], parameters)}
${body ? `<p>Body: ${contentHtml(body)}</p>` : ''}
${table(['Status', 'Answer'], responses)}
</section>`;
}

function schemaHtml(id: string, schema: JsonSchema): string {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const properties = Object.entries((schema.properties as Record<string, JsonSchema> | undefined) ?? {}).map(
    ([name, property]) => [
      `<code>${escapeHtml(name)}</code>${required.has(name) ? '' : ' <span class="optional">optional</span>'}`,
      typeHtml(property),
      detailsHtml(property),
    ],
  );
  const summary = properties.length === 0 ? `<p>${typeHtml(schema)}</p>` : '';
  return `<section class="schema" id="${anchor(id)}"><h3>${escapeHtml(id)}</h3>
${typeof schema.description === 'string' ? `<p>${prose(schema.description)}</p>` : ''}${summary}
${table(['Field', 'Type', 'Details'], properties)}</section>`;
}

export function renderDocsPage(document: OpenApiDocument): string {
  const info = document.info as { title: string; version: string; description: string };
  const { schemas: components, parameters: shared } = document.components as Record<
    string,
    Record<string, JsonSchema>
  >;
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  const toc = operations
    .map(
      ({ path, method }) =>
        `<li><a href="#${operationAnchor(method, path)}"><span class="method method--${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> ${escapeHtml(path)}</a></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} ${escapeHtml(info.version)}</title>
<link rel="stylesheet" href="/docs/docs.css">
<link rel="icon" href="data:,">
</head>
<body>
<header><h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1><p>${prose(info.description)}</p>
<p><a href="/openapi.json">openapi.json</a></p></header>
<nav aria-label="Operations"><ul>${toc}</ul></nav>
<main>
<h2>Operations</h2>
${operations.map(({ path, method, operation }) => operationHtml(path, method, operation, shared ?? {})).join('\n')}
<h2>Schemas</h2>
${Object.entries(components ?? {})
  .map(([id, schema]) => schemaHtml(id, schema))
  .join('\n')}
</main>
</body>
</html>
`;
}
