// Starts the real server (built PWA + API) on a free port with a fresh data folder, as a user
// would with `npm start`, and stops it afterwards. It serves a copy of the build, so a test can
// publish a "new version" without touching dist/.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFreshServer } from '../../scripts/serve-fresh';

export default async function globalSetup() {
  if (!existsSync('dist/index.html')) throw new Error('Build the PWA first: npm run build');
  const staticDir = mkdtempSync(join(tmpdir(), 'storynest-build-'));
  cpSync('dist', staticDir, { recursive: true });
  const server = await startFreshServer({ SECRET_KEY: 'e2e-secret', STATIC_DIR: staticDir });
  process.env.E2E_PORT = String(server.port);
  process.env.E2E_STATIC_DIR = staticDir;
  return async () => {
    await server.stop();
    rmSync(staticDir, { recursive: true, force: true });
  };
}
