// The payment providers' SDKs hold secret keys and are large: they live on the server only.
// No browser file imports one, nor any server file (which could bring one along).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const SDKS = ['stripe', '@paypal/paypal-server-sdk', 'pg-sdk-node'];

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return files(path);
    return /\.(ts|tsx|js|mjs)$/.test(path) ? [path] : [];
  });
}

/** Every module specifier a file names (static, re-exported and dynamic imports alike). */
function specifiers(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
}

describe('payment SDKs stay on the server', () => {
  it('no browser file imports a payment SDK or server code', () => {
    const offending = files('src').flatMap((file) =>
      specifiers(readFileSync(join(ROOT, file), 'utf8'))
        .filter((spec) => {
          if (SDKS.some((sdk) => spec === sdk || spec.startsWith(`${sdk}/`))) return true;
          if (!spec.startsWith('.')) return false;
          return relative(ROOT, resolve(ROOT, dirname(file), spec)).startsWith('server');
        })
        .map((spec) => `${file} → ${spec}`),
    );
    expect(offending).toEqual([]);
  });

  it('the server does use them (so this check looks at real names)', () => {
    const named = files('server/providers/payments').flatMap((file) => specifiers(readFileSync(join(ROOT, file), 'utf8')));
    expect(SDKS.every((sdk) => named.includes(sdk))).toBe(true);
  });
});
