// The committed API contract (openapi/openapi.json and the PWA's generated types) must equal a
// fresh generation from the route schemas: run `npm run openapi` after changing a route.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTRACT_FILES, renderContract } from '../../server/openapi';

describe('the API contract', () => {
  it('is up to date with the route schemas', async () => {
    const fresh = await renderContract();
    expect(readFileSync(CONTRACT_FILES.json, 'utf8'), 'openapi/openapi.json is stale: run npm run openapi').toBe(fresh.json);
    expect(readFileSync(CONTRACT_FILES.types, 'utf8'), 'src/api/schema.d.ts is stale: run npm run openapi').toBe(fresh.types);
  });

  it('states who may call each operation', async () => {
    const doc = JSON.parse((await renderContract()).json);
    for (const [path, item] of Object.entries<Record<string, { description?: string }>>(doc.paths)) {
      for (const op of Object.values(item)) expect(op.description, path).toMatch(/Access: /);
    }
  });
});
