// A very small schema checker for what the first screen reads back from storage (the stored
// user, the cached tenant). Full zod is ~90 KiB gzipped and zod/mini shares its core with the
// full zod that forms load later, so the first load checks shapes with this instead.

type Scalar = 'string' | 'number' | 'boolean';
/** A field's type: a scalar, a nullable or absent scalar ('string?'), or the values an enum allows. */
export type FieldRule = Scalar | `${Scalar}?` | readonly string[];

function fits(value: unknown, rule: FieldRule): boolean {
  if (Array.isArray(rule)) return typeof value === 'string' && rule.includes(value);
  const nullable = (rule as string).endsWith('?');
  if (value === null || value === undefined) return nullable;
  return typeof value === (nullable ? (rule as string).slice(0, -1) : rule);
}

/** True when `value` is an object whose fields follow `rules` (other fields are allowed). */
export function hasShape(value: unknown, rules: Record<string, FieldRule>): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(rules).every(([field, rule]) => fits(record[field], rule));
}
