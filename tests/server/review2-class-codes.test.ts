// Class codes are random (never made from the class's name), long enough that guessing one at
// the roster lookup's rate limit is impractical, and easy for a child to copy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { classes } from '../../server/db/schema';
import { CLASS_CODE_ALPHABET, CLASS_CODE_LENGTH, newClassCode } from '../../server/domains/roster/class-codes';
import { HILLSIDE, signIn, startServer, TARGETS, type TestServer } from './harness';

it('draws eight characters without look-alikes, about 39.6 bits', () => {
  const codes = new Set(Array.from({ length: 2000 }, newClassCode));
  expect(codes.size).toBe(2000);
  for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
  expect(CLASS_CODE_LENGTH * Math.log2(CLASS_CODE_ALPHABET.length)).toBeGreaterThan(39);
});

describe.each(TARGETS)('class codes on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  }, 180_000);
  afterAll(() => server.close());

  it('gives an imported class a random code, not one made from its name', async () => {
    const admin = (await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost')).access;
    const csv = 'Class,First Name,Last Name\nKestrels,Ola,Nowak\nKingfishers,Ben,Adeyemi\n';
    const sent = await server.call('POST', '/api/forms/bulk-enrolment/', {
      host: HILLSIDE,
      json: { name: 'Office', email: 'office@hillside.example', school_name: 'Hillside Academy', file_name: 'pupils.csv', csv },
      address: '10.9.9.9',
    });
    expect(sent.status).toBe(201);
    expect((await server.call('POST', `/api/forms/${sent.body.id}/import/`, { host: 'localhost', token: admin })).status).toBe(200);
    const made = await server.database.db
      .select()
      .from(classes)
      .where(inArray(classes.name, ['Kestrels', 'Kingfishers']));
    expect(made).toHaveLength(2);
    for (const cls of made) {
      expect(cls.class_id).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
      expect(cls.class_id).not.toMatch(/^K(ESTRE|INGFI)/);
    }
  });
});
