// Security headers on every answer: a Content-Security-Policy without inline scripts or eval (only
// WebAssembly may be compiled: the PDFs' text shaper is WASM), and no-store on API answers that
// carry tokens or personal data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GREENFIELD, startServer, type TestServer } from './harness';

describe('security headers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite');
  });
  afterAll(() => server.close());

  it.each(['/api/current-tenant', '/api/auth/token/', '/library', '/'])('%s carries a strict CSP', async (path) => {
    const res = await server.call(path.includes('token') ? 'POST' : 'GET', path, {
      host: GREENFIELD,
      json: path.includes('token') ? {} : undefined,
    });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    // Without it the browser refuses to compile the shaper (HarfBuzz) and no PDF is made.
    expect(csp).toMatch(/script-src[^;]*'wasm-unsafe-eval'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('marks API answers no-store', async () => {
    const res = await server.call('POST', '/api/auth/token/', {
      host: GREENFIELD,
      json: { username: 'teacher@greenfield.example', password: 'Teach-demo-1' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
