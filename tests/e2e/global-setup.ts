// Starts the real server (built PWA + API) on a free port with a fresh data folder, as a user
// would with `npm start`, once for each of the run's workers, and stops them afterwards. Each
// worker has a product of its own (its server, demo data, SMTP peer and copy of the build), so
// the journeys of one never see the other's changes; playwright.config.ts gives each worker its
// own as E2E_PORT, E2E_STATIC_DIR and E2E_MAIL_DIR. A copy of the build lets a test publish a "new
// version" without touching dist/.
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startFreshServer } from '../../scripts/serve-fresh';
import { messageText, startSmtpPeer } from '../server/smtp-peer';

/** One worker's product: its server, its build, and the e-mails its server sent (as files). */
async function startProduct() {
  const staticDir = mkdtempSync(join(tmpdir(), 'storynest-build-'));
  cpSync('dist', staticDir, { recursive: true });
  // The journeys read the e-mails the server sends (a school's confirmation link, a reset link):
  // a local SMTP peer takes them, and each session's text is written to a file of the mail folder.
  const mailDir = mkdtempSync(join(tmpdir(), 'storynest-mail-'));
  const smtp = await startSmtpPeer();
  const written = new Map<number, string>();
  const dump = setInterval(() => {
    smtp.sessions.forEach((session, i) => {
      const text = messageText(session);
      if (written.get(i) !== text) writeFileSync(join(mailDir, `${i}.eml`), text);
      written.set(i, text);
    });
  }, 200);
  const server = await startFreshServer({
    SECRET_KEY: 'e2e-secret',
    STATIC_DIR: staticDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}?tls=none`,
    TEST_HOOKS: '1',
  });
  return {
    port: server.port,
    staticDir,
    mailDir,
    async stop() {
      clearInterval(dump);
      await server.stop();
      await smtp.close();
      rmSync(mailDir, { recursive: true, force: true });
      rmSync(staticDir, { recursive: true, force: true });
    },
  };
}

export default async function globalSetup(config: FullConfig) {
  if (!existsSync('dist/index.html')) throw new Error('Build the PWA first: npm run build');
  const started = await Promise.allSettled(Array.from({ length: config.workers }, startProduct));
  const products = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    // Not left behind: a server that started would go on loading the machine after the run.
    await Promise.all(products.map((p) => p.stop()));
    throw failed.reason;
  }
  process.env.E2E_PORTS = products.map((p) => p.port).join(',');
  process.env.E2E_STATIC_DIRS = products.map((p) => p.staticDir).join(',');
  process.env.E2E_MAIL_DIRS = products.map((p) => p.mailDir).join(',');
  return async () => {
    await Promise.all(products.map((p) => p.stop()));
  };
}
