// fast-check arbitraries for the fuzzer: values derived from a JSON schema of the contract (valid
// ones, near misses and wrong types), and the nasty strings an attacker types into any field.
import fc from 'fast-check';
import { deref, type JsonSchema } from './contract';

/** Strings that break naive parsers: path tricks, encodings, null bytes, unicode, injections. */
export const NASTY = [
  '',
  ' ',
  '%2e%2e',
  '..',
  '%2e%2e%2f%2e%2e%2fhealth',
  '..%2f..%2foutbox%2fbatch',
  '%252e%252e',
  '%c0%ae%c0%ae',
  '%',
  '%zz',
  '%00',
  '\u0000',
  'a\u0000b',
  '-1',
  '0',
  '1.5',
  '1e999',
  'NaN',
  'Infinity',
  '99999999999999999999999',
  '0x10',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  "' or 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '${7*7}',
  '__proto__',
  'constructor',
  '\u202eevil',
  '𝓐𝓶𝓪𝓻𝓪 😀',
  'Zoë Ñandú',
  '\ud800',
  'ROBINS4',
  'HILL3',
];

export const nasty = fc.constantFrom(...NASTY);

/** A long string (a megabyte is the body limit's business; this stays fast on PGlite). */
export const huge = fc
  .integer({ min: 1_000, max: 120_000 })
  .chain((n) => fc.constantFrom('a', '9', 'é', '😀', '%2e').map((c) => c.repeat(n)));

const unicode = fc.string({ unit: 'binary', maxLength: 40 });

/** Any string: ordinary, unicode, nasty or huge. */
export const anyString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: unicode },
  { weight: 3, arbitrary: nasty },
  { weight: 1, arbitrary: huge },
);

/** A JSON value of any shape (the wrong type for nearly every field). */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308),
  anyString,
  fc.array(fc.integer(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 500));
    } catch {
      /* a pattern fast-check cannot read: fall back to plain strings */
    }
  }
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.format === 'uuid') return fc.uuid();
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 200) });
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : undefined);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : undefined);
  if (integer) {
    // Small ids hit real rows far more often than uniform 32-bit values would.
    const lo = Math.max(min ?? -1000, -(2 ** 31));
    const hi = Math.min(max ?? 2 ** 31 - 1, 2 ** 31 - 1);
    return fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: Math.max(lo, 0), max: Math.max(Math.min(hi, 600), Math.max(lo, 0)) }) },
      fc.integer({ min: lo, max: hi }),
    );
  }
  return fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true });
}

/** Values a schema accepts (as far as a generator can tell: patterns and formats are honoured). */
export function valid(input: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const schema = deref(input);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) return fc.oneof(...(schema[key] as JsonSchema[]).map((s) => valid(s, depth)));
  }
  if (Array.isArray(schema.allOf)) return valid(Object.assign({}, ...(schema.allOf as JsonSchema[]).map(deref)), depth);
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  const options = type.map((t: string | undefined): fc.Arbitrary<unknown> => {
    switch (t) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return numberFor(schema, true);
      case 'number':
        return numberFor(schema, false);
      case 'string':
        return stringFor(schema);
      case 'array': {
        const max = Math.min(schema.maxItems ?? 5, depth > 1 ? 2 : 6);
        return fc.array(valid(schema.items ?? {}, depth + 1), { minLength: Math.min(schema.minItems ?? 0, max), maxLength: max });
      }
      case 'object':
        return objectFor(schema, depth, valid);
      default:
        return depth > 2 ? fc.jsonValue({ maxDepth: 1 }) : fc.jsonValue({ maxDepth: 2 });
    }
  });
  return options.length === 1 ? options[0]! : fc.oneof(...options);
}

function objectFor(schema: JsonSchema, depth: number, field: (s: JsonSchema, depth: number) => fc.Arbitrary<unknown>) {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set<string>(schema.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, prop] of Object.entries(properties)) record[name] = field(prop, depth + 1);
  return fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
}

/** Near misses: the schema's shape with some fields wrong, missing, nasty or extra. */
export function mutated(input: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const schema = deref(input);
  const field = (s: JsonSchema, d: number) =>
    fc.oneof(
      { weight: 3, arbitrary: valid(s, d) },
      { weight: 1, arbitrary: wrongType },
      { weight: 1, arbitrary: d < 3 ? mutated(s, d + 1) : wrongType },
    );
  if (schema.type === 'object' || schema.properties) {
    return fc
      .tuple(
        objectFor({ ...schema, required: [] }, depth, field),
        fc.dictionary(
          anyString.filter((k) => k.length < 50),
          wrongType,
          { maxKeys: 2 },
        ),
      )
      .map(([obj, extra]) => ({ ...extra, ...(obj as object) }));
  }
  if (schema.type === 'array') return fc.array(field(schema.items ?? {}, depth + 1), { maxLength: 8 });
  return fc.oneof({ weight: 2, arbitrary: valid(schema, depth) }, { weight: 1, arbitrary: wrongType });
}

/** The text of a JSON body: valid, mutated, of the wrong type, or not JSON at all. */
export function bodyText(schema: JsonSchema): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: valid(schema).map((v) => JSON.stringify(v)) },
    { weight: 4, arbitrary: mutated(schema).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: wrongType.map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.constantFrom(
          '',
          '{',
          '{"a":',
          '[1,2',
          'nul',
          '{"a":1}}',
          '\u0000',
          '{"__proto__":{"x":1}}',
          '"\\ud800"',
          '{"a":"\\u0000"}',
          '1e999999',
          '{'.repeat(5000),
        ),
        anyString,
        fc.jsonValue().map((v) => JSON.stringify(v).slice(0, -1)),
      ),
    },
  );
}

/** A generated value as the text of a form field or URL part. */
export function asText(v: unknown): string {
  return typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
}

/** A multipart body: the schema's fields as text and files, or garbage. */
export function formData(schema: JsonSchema): fc.Arbitrary<FormData> {
  const properties = Object.entries((deref(schema).properties ?? {}) as Record<string, JsonSchema>);
  const part = ([name, prop]: [string, JsonSchema]) =>
    prop.format === 'binary'
      ? fc.oneof(
          fc.uint8Array({ maxLength: 2000 }).map((bytes) => ({ name, file: new Blob([bytes]), filename: 'x.bin' })),
          fc
            .constantFrom(
              'name,surname\nAmara,Okafor\n',
              'first_name,last_name\n,\n"unterminated',
              '\u0000\u0000',
              '﻿first_name;last_name\r\nZoë;Ñ\r\n',
            )
            .map((text) => ({ name, file: new Blob([text], { type: 'text/csv' }), filename: '../../etc/passwd.csv' })),
        )
      : fc.oneof(
          valid(prop).map((v) => ({ name, text: asText(v) })),
          anyString.map((text) => ({ name, text })),
        );
  return fc
    .tuple(
      fc.subarray(properties).chain((picked) => fc.tuple(...picked.map(part))),
      fc.array(fc.tuple(anyString, anyString), { maxLength: 2 }),
    )
    .map(([parts, extra]) => {
      const form = new FormData();
      for (const p of parts as { name: string; text?: string; file?: Blob; filename?: string }[]) {
        if (p.file) form.append(p.name, p.file, p.filename);
        else form.append(p.name, p.text ?? '');
      }
      for (const [k, v] of extra) form.append(k, v);
      return form;
    });
}

/** Header values: printable Latin-1 only (anything else the HTTP client itself refuses). */
export const headerValue = fc.oneof(
  fc.uuid(),
  fc.string({ maxLength: 40 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
  fc.constantFrom(
    '',
    ' ',
    'x'.repeat(600),
    '../../',
    '%00',
    'null',
    'Bearer',
    'Bearer ',
    'Bearer x.y.z',
    'Basic YWRtaW46YWRtaW4=',
    'Zo\u00eb',
  ),
);

export const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json;;;',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=zzz',
  'application/xml',
  '*/*',
  'application/vnd.api+json',
  '',
);

/**
 * The largest value a schema accepts, within about `budget` characters of JSON: every field
 * present, strings at their maxLength, numbers at their maximum, arrays at their maxItems. Strings
 * with a pattern or format are the longest of a few the schema's generator makes.
 */
export function largest(input: JsonSchema, budget: number, depth = 0): unknown {
  const schema = deref(input);
  const longest = (values: unknown[]) =>
    values.reduce((a, b) => ((JSON.stringify(b) ?? '').length > (JSON.stringify(a) ?? '').length ? b : a));
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return longest(schema.enum);
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) return longest((schema[key] as JsonSchema[]).map((s) => largest(s, budget, depth)));
  }
  if (Array.isArray(schema.allOf)) return largest(Object.assign({}, ...(schema.allOf as JsonSchema[]).map(deref)), budget, depth);
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t: string) => t !== 'null');
  switch (types[0]) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 2 ** 31 - 1);
    case 'string':
      if (schema.pattern || schema.format) return longest(fc.sample(stringFor(schema), { numRuns: 20, seed: 1 }));
      return 'a'.repeat(Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 1_000, budget)));
    case 'array': {
      const count = Math.min(schema.maxItems ?? 50, depth > 3 ? 2 : Infinity);
      const item = largest(schema.items ?? {}, Math.max(16, budget / Math.max(count, 1)), depth + 1);
      const fits = Math.floor(budget / ((JSON.stringify(item) ?? '').length + 1));
      return Array.from({ length: Math.max(schema.minItems ?? 0, Math.min(count, fits)) }, () => item);
    }
    case 'object': {
      const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
      const share = Math.max(16, budget / Math.max(properties.length, 1));
      return Object.fromEntries(properties.map(([name, prop]) => [name, largest(prop, share, depth + 1)]));
    }
    default:
      return null; // a field of any shape: the expensive shapes are put there
  }
}
