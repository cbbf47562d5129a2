// Starts the real server (built PWA + API) on a free port with a fresh data folder, as a user
// would with `npm start`, and stops it afterwards.
import { existsSync } from 'node:fs';
import { startFreshServer } from '../../scripts/serve-fresh';

export default async function globalSetup() {
  if (!existsSync('dist/index.html')) throw new Error('Build the PWA first: npm run build');
  const server = await startFreshServer({ SECRET_KEY: 'e2e-secret' });
  process.env.E2E_PORT = String(server.port);
  return () => server.stop();
}
