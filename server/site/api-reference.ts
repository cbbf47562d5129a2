// The API for integrators: GET /api/openapi.json (the OpenAPI 3.1 document the routes declare,
// the same one `npm run openapi` writes to openapi/openapi.json) and GET /api/docs, a reference
// page drawn here from that document: every operation with who may call it, its parameters, its
// body and its answers. Plain HTML and a little CSS, no script: the PWA's bundle is untouched.
import { Hono } from 'hono';
import { escapeHtml } from '../lib/html';
import type { AppEnv } from '../http/env';

interface Schema {
  $ref?: string;
  type?: string | string[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  format?: string;
  nullable?: boolean;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface Operation {
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
  security?: unknown[];
}
export interface ApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const e = escapeHtml;
const anchor = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** A schema in a few words: a named component links to its section; inline objects list their fields. */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    return `<a href="#schema-${anchor(name)}">${e(name)}</a>`;
  }
  if (schema.enum) return schema.enum.map((v) => `<code>${e(JSON.stringify(v))}</code>`).join(' | ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeOf).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'object'];
  return types
    .map((t) => {
      if (t === 'array') return `${typeOf(schema.items)}[]`;
      if (t === 'object' && schema.properties) return `{ ${fields(schema)} }`;
      return e(schema.format ? `${t} (${schema.format})` : t);
    })
    .join(' | ');
}

function fields(schema: Schema): string {
  return Object.entries(schema.properties ?? {})
    .map(([name, s]) => `${e(name)}${schema.required?.includes(name) ? '' : '?'}: ${typeOf(s)}`)
    .join(', ');
}

function bodies(content: Record<string, { schema?: Schema }> | undefined): string {
  if (!content) return '';
  return Object.entries(content)
    .map(([type, { schema }]) => `<div><code>${e(type)}</code> ${typeOf(schema)}</div>`)
    .join('');
}

function operation(method: string, path: string, op: Operation): string {
  const id = anchor(`${method}-${path}`);
  const params = (op.parameters ?? [])
    .map(
      (p) =>
        `<tr><td><code>${e(p.name)}</code></td><td>${e(p.in)}${p.required ? ', required' : ''}</td><td>${typeOf(p.schema)}</td><td>${e(p.description ?? '')}</td></tr>`,
    )
    .join('');
  const answers = Object.entries(op.responses ?? {})
    .map(([status, r]) => `<tr><td><code>${e(status)}</code></td><td>${e(r.description ?? '')}</td><td>${bodies(r.content)}</td></tr>`)
    .join('');
  return `<section class="op" id="${id}">
<h3><span class="m ${method}">${method.toUpperCase()}</span> <code>/api${e(path)}</code></h3>
<p>${e(op.summary ?? '')}</p>
${(op.description ?? '')
  .split('\n\n')
  .filter(Boolean)
  .map((p) => `<p class="note">${e(p)}</p>`)
  .join('')}
${params ? `<h4>Parameters</h4><table><tr><th>Name</th><th>In</th><th>Type</th><th></th></tr>${params}</table>` : ''}
${op.requestBody ? `<h4>Body</h4>${bodies(op.requestBody.content)}` : ''}
<h4>Answers</h4><table><tr><th>Status</th><th>Meaning</th><th>Body</th></tr>${answers}</table>
</section>`;
}

/** The whole reference page, grouped by the path's first segment. */
export function renderReference(doc: ApiDocument): string {
  const groups = new Map<string, string[]>();
  const index = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    const group = path.split('/')[1] || 'api';
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      groups.set(group, [...(groups.get(group) ?? []), operation(method, path, op)]);
      index.set(group, [
        ...(index.get(group) ?? []),
        `<li><a href="#${anchor(`${method}-${path}`)}"><span class="m ${method}">${method.toUpperCase()}</span> ${e(path)}</a></li>`,
      ]);
    }
  }
  const schemas = Object.entries(doc.components?.schemas ?? {})
    .map(([name, s]) => `<section id="schema-${anchor(name)}"><h3>${e(name)}</h3><p>${typeOf({ ...s, $ref: undefined })}</p></section>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(doc.info.title)} reference</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1B1F24;display:grid;grid-template-columns:minmax(14rem,20rem) 1fr}
nav{height:100vh;overflow:auto;position:sticky;top:0;padding:1rem;background:#EEF3FE;font-size:14px}
nav ul{list-style:none;padding:0;margin:0 0 1rem}nav a{color:#11365A;text-decoration:none}
main{padding:1rem 2rem;max-width:70rem}h2{border-bottom:2px solid #11365A;margin-top:2.5rem}
.op{border:1px solid #CBD5E1;border-radius:8px;padding:0 1rem 1rem;margin:1rem 0}
.m{font:700 12px monospace;padding:2px 6px;border-radius:4px;color:#fff;background:#374151}
.get{background:#1d6f42}.post{background:#11365A}.patch,.put{background:#8a5a00}.delete{background:#a4262c}
.note{color:#374151;font-size:14px}table{border-collapse:collapse;width:100%;font-size:14px}
td,th{border-top:1px solid #CBD5E1;padding:4px 8px;text-align:left;vertical-align:top}code{font-size:13px}
@media (max-width:50rem){body{display:block}nav{height:auto;position:static}}
</style></head><body>
<nav aria-label="Operations"><p><a href="/api/openapi.json">openapi.json</a></p>${[...index]
    .map(([group, items]) => `<h2 style="font-size:15px;margin:0.5rem 0">${e(group)}</h2><ul>${items.join('')}</ul>`)
    .join('')}</nav>
<main><h1>${e(doc.info.title)} ${e(doc.info.version)}</h1>
<p>${e(doc.info.description ?? '')} Every path below is under <code>/api</code> on a school's site (its subdomain or its own
domain: the host decides the school) or on the platform's host. Sign in with <code>POST /api/auth/token/</code> and send
<code>Authorization: Bearer &lt;access&gt;</code>; a change may carry an <code>Idempotency-Key</code> header so a retry is
applied once. The machine-readable document: <a href="/api/openapi.json"><code>/api/openapi.json</code></a> (OpenAPI 3.1).</p>
${[...groups].map(([group, ops]) => `<h2 id="group-${anchor(group)}">${e(group)}</h2>${ops.join('')}`).join('')}
<h2 id="schemas">Schemas</h2>${schemas}
</main></body></html>`;
}

/** GET /api/openapi.json and GET /api/docs, from the document `build` makes (made once, on first ask). */
export function apiReferenceRoutes(build: () => ApiDocument) {
  let doc: ApiDocument | undefined;
  let page: string | undefined;
  const current = () => (doc ??= build());
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => c.json(current(), 200, { 'Cache-Control': 'public, max-age=300' }))
    .get('/docs', (c) => c.html((page ??= renderReference(current())), 200, { 'Cache-Control': 'public, max-age=300' }));
}
