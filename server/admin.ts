// `npm run admin:create -- --email someone@example.org [--first-name A --last-name B] [--force]`:
// creates the platform's first admin on the database the server would open (DATABASE_URL, else
// PGlite in DATA_DIR) and prints a one-time link, valid for a day, that sets its password (no
// password is ever typed on a command line or printed). It refuses while a platform admin
// exists, unless --force: then it adds this one (or, for an existing platform admin with this
// e-mail, prints a fresh link). A production install starts with no account at all; this is
// how the operator gets in.
import { parseArgs } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { users } from './db/schema';
import { createResetToken, resetLink } from './domains/auth/one-time-links';

const LINK_TTL_MS = 24 * 3600_000;
const USAGE = 'Usage: npm run admin:create -- --email someone@example.org [--first-name Ada --last-name Lovelace] [--force]';

function refuse(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

let args;
try {
  args = parseArgs({
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string', default: 'Platform' },
      'last-name': { type: 'string', default: 'Admin' },
      force: { type: 'boolean', default: false },
    },
  }).values;
} catch (err) {
  refuse(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`, 2);
}
const email = args.email?.trim().toLowerCase() ?? '';
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) refuse(`--email must be an e-mail address.\n${USAGE}`, 2);
const firstName = args['first-name'].trim().slice(0, 150) || 'Platform';
const lastName = args['last-name'].trim().slice(0, 150) || 'Admin';

let config;
try {
  config = loadConfig();
} catch (err) {
  refuse(err instanceof Error ? err.message : String(err));
}
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
try {
  const db = database.db;
  const now = new Date();
  const admins = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'upschool_admin'), eq(users.is_active, true)));
  if (admins.length && !args.force)
    refuse(
      `A platform admin exists already (${admins.map((a) => a.email).join(', ')}): nothing was created. ` +
        'To add another anyway, run it again with --force.',
    );
  const [taken] = await db.select({ id: users.id, role: users.role, tenant_id: users.tenant_id }).from(users).where(eq(users.email, email));
  if (taken && (taken.role !== 'upschool_admin' || taken.tenant_id !== null))
    refuse(`${email} already belongs to another account (${taken.role}): choose another e-mail address.`);
  const id =
    taken?.id ??
    (
      await db
        .insert(users)
        .values({ tenant_id: null, role: 'upschool_admin', email, first_name: firstName, last_name: lastName, password_hash: null })
        .returning({ id: users.id })
    )[0]!.id;
  if (taken) await db.update(users).set({ is_active: true }).where(eq(users.id, id));
  const link = resetLink(config.publicUrl.origin, await createResetToken(db, id, now, LINK_TTL_MS));
  process.stdout.write(
    `${taken ? 'The platform admin' : 'Created the platform admin'} ${email}.\n` +
      `Open this link within 24 hours to set its password (it works once):\n${link}\n`,
  );
} finally {
  await database.close();
}
