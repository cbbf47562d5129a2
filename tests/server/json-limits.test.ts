// A JSON body is measured before it is parsed (server/http/request-body.ts, jsonBeyond): nested
// deeper than JSON_MAX_DEPTH, or holding more than JSON_MAX_VALUES values, it is refused unread.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, JSON_MAX_VALUES, jsonBeyond } from '../../server/http/request-body';
import { GREENFIELD, signIn, startServer, type TestServer } from './harness';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('jsonBeyond', () => {
  it('counts values and depth outside strings only', () => {
    expect(jsonBeyond(bytes('{"a":[1,2,3],"b":{"c":"d"}}'), 3, 8)).toBeUndefined();
    expect(jsonBeyond(bytes('[1,2,3,4,5,6,7,8,9,10]'), 3, 8)).toBe('values');
    expect(jsonBeyond(bytes('[[[[1]]]]'), 3, 100)).toBe('depth');
    // Commas, brackets and escaped quotes inside a string are text.
    expect(jsonBeyond(bytes(`["${',[{'.repeat(50)}\\",[[[["]`), 3, 8)).toBeUndefined();
  });
});

describe('a JSON body of too many values', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer('pglite');
    token = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
  });
  afterAll(() => server?.close());

  it('is refused 413 with a message before it is parsed; one within the limits is read as before', async () => {
    const many = `{"student_ids":[${'1,'.repeat(JSON_MAX_VALUES)}1],"privacy_preference":"private"}`;
    const refused = await server.call('POST', '/api/users/privacy-preference/bulk/', {
      host: GREENFIELD,
      token,
      body: many,
      headers: { 'content-type': 'application/json' },
    });
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe(`Too much at once: a request may hold at most ${JSON_MAX_VALUES.toLocaleString('en')} values.`);
    const deep = await server.call('POST', '/api/users/privacy-preference/bulk/', {
      host: GREENFIELD,
      token,
      body: `${'['.repeat(JSON_MAX_DEPTH + 1)}${']'.repeat(JSON_MAX_DEPTH + 1)}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(deep.status).toBe(400);
    const few = await server.call('POST', '/api/users/privacy-preference/bulk/', {
      host: GREENFIELD,
      token,
      json: { student_ids: [1, 2, 3], privacy_preference: 'private' },
    });
    expect(few.status).not.toBe(413);
    expect(few.status).toBeLessThan(500);
  });
});
