// Starts the real server (built PWA + API) on a free port with a fresh data folder, as a user
// would with `npm start`, and stops it afterwards. It serves a copy of the build, so a test can
// publish a "new version" without touching dist/.
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFreshServer } from '../../scripts/serve-fresh';
import { messageText, startSmtpPeer } from '../server/smtp-peer';

export default async function globalSetup() {
  if (!existsSync('dist/index.html')) throw new Error('Build the PWA first: npm run build');
  const staticDir = mkdtempSync(join(tmpdir(), 'storynest-build-'));
  cpSync('dist', staticDir, { recursive: true });
  // The journeys read the e-mails the server sends (a school's confirmation link, a reset link):
  // a local SMTP peer takes them, and each session's text is written to a file of E2E_MAIL_DIR.
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
  process.env.E2E_PORT = String(server.port);
  process.env.E2E_STATIC_DIR = staticDir;
  process.env.E2E_MAIL_DIR = mailDir;
  return async () => {
    clearInterval(dump);
    await server.stop();
    await smtp.close();
    rmSync(mailDir, { recursive: true, force: true });
    rmSync(staticDir, { recursive: true, force: true });
  };
}
