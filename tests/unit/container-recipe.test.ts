// No image can be built here, so the container recipe is held to the scripts the tests run:
// the Dockerfile builds with `npm ci` and `npm run build`, installs the runtime dependencies
// only, copies everything the start script needs, and starts with the start script's own
// command (tests/prod starts the built tree the same way); compose and Caddy agree on the names.
// `npm run lint` checks the Dockerfile's syntax (dockerfile-utils).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_OUT } from '../../scripts/build-state.mjs';

const dockerfile = readFileSync('Dockerfile', 'utf8').replace(/\\\n\s*/g, ' ');
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
const stages = dockerfile.split(/^FROM /m).slice(1);
const build = stages[0] ?? '';
const runtime = stages[1] ?? '';

describe('the Dockerfile', () => {
  it('builds in one stage with the npm scripts the tests run', () => {
    expect(stages).toHaveLength(2);
    expect(build).toMatch(/^RUN npm ci\b/m);
    expect(build).toMatch(/^RUN npm run build$/m);
    expect(scripts.build).toBe('node scripts/build.mjs');
  });

  it('runs the built tree with runtime dependencies only, as an unprivileged user, in production', () => {
    expect(runtime).toMatch(/^RUN npm ci --omit=dev\b/m);
    expect(runtime).toMatch(/^ENV NODE_ENV=production\b/m);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\/api\/health/m);
    expect(runtime).toContain('COPY --from=build /app/dist ./dist');
    expect(runtime).toContain(`COPY --from=build /app/${SERVER_OUT} ./${SERVER_OUT}`);
    // Every script the start script imports is copied beside it.
    const start = readFileSync('scripts/start.mjs', 'utf8');
    const imported = [...start.matchAll(/from '\.\/([^']+)'/g)].map((m) => `scripts/${m[1]}`);
    const copied = /^COPY (scripts\/\S+ )+\.\/scripts\/$/m.exec(runtime)?.[0] ?? '';
    for (const file of ['scripts/start.mjs', ...imported]) expect(copied).toContain(file);
  });

  it('starts with the start script itself (npm would not pass SIGTERM on to the server)', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(runtime)?.[1];
    expect(JSON.parse(cmd!)).toEqual(scripts.start!.split(' '));
  });
});

describe('compose.yaml and the Caddyfile', () => {
  const compose = readFileSync('compose.yaml', 'utf8');
  const caddyfile = readFileSync('Caddyfile', 'utf8');

  it('runs two production processes of the image on PostgreSQL, behind one proxy they trust', () => {
    expect(compose).toMatch(/^ {2}db:\n {4}image: postgres:/m);
    expect(compose).toMatch(/^ {2}app:\n {4}build: \.$/m);
    expect(compose).toMatch(/replicas: 2/);
    expect(compose).toMatch(/NODE_ENV: production/);
    expect(compose).toMatch(/DATABASE_URL: postgres:\/\/.*@db:5432\//);
    expect(compose).toMatch(/TRUST_PROXY: '1'/);
    expect(compose).toMatch(/^ {2}caddy:\n {4}image: caddy:2/m);
  });

  it('serves the platform and every school site, asking the server before a certificate', () => {
    expect(caddyfile).toMatch(/^\{\$PLATFORM_HOST\} \{$/m);
    expect(caddyfile).toMatch(/^\*\.\{\$PLATFORM_HOST\}, https:\/\/ \{$/m);
    expect(caddyfile).toMatch(/^\t\task http:\/\/app:8080\/api\/tls\/allowed$/m);
    expect(caddyfile).toMatch(/^\t\ton_demand$/m);
    expect(caddyfile).toMatch(/name app\n\t+port 8080/);
  });
});
