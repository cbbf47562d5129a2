// Login cards end to end without a browser: the teacher's login details from the API become the
// class's PDF (the product's own generator), its QR codes are read back from the PDF's drawing
// and one of them signs the child in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLoginCard } from '../../src/contract/login-card';
import { buildLoginPdf, CARD, pdfFileName } from '../../src/features/roster/login-cards';
import { activateSource } from '../../src/i18n/i18n';
import { qrTextsInPdf } from '../support/pdf-qr';
import { pdfSource } from '../support/pdf-scripts';
import { GREENFIELD, startServer, signIn, type TestServer } from './harness';

describe('login cards', () => {
  let server: TestServer;
  let teacher: string;
  beforeAll(async () => {
    // The device's words are in its language: English here, as the app starts (src/main.tsx).
    activateSource();
    server = await startServer('pglite');
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
  });
  afterAll(() => server.close());

  it('prints one QR per student whose code signs that student in', async () => {
    const classes = await server.call('GET', '/api/v1/teacher/school-classes/', { host: GREENFIELD, token: teacher });
    const robins = classes.body.results.find((c: { class_id: string }) => c.class_id === 'ROBINS4');
    const info = await server.call('GET', `/api/v1/teacher/student-login-info/${robins.id}/`, { host: GREENFIELD, token: teacher });
    const cards = info.body.results;
    const pdf = await buildLoginPdf(robins.name, cards);
    const bytes = new Uint8Array(pdf);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const [width, height] = /\/MediaBox \[ ?0 0 ([\d.]+) ([\d.]+) ?\]/.exec(new TextDecoder('latin1').decode(bytes))!.slice(1).map(Number);
    expect([Math.round(width!), Math.round(height!)]).toEqual([595, 842]); // A4 portrait, in points
    expect(pdfFileName(robins.name)).toBe('Class_Year_4_Robins_LoginDetails.pdf');

    const texts = qrTextsInPdf(pdf);
    expect(texts).toHaveLength(cards.length);
    const amara = texts.map(parseLoginCard).find((r) => r.ok && r.card.username === 'amara.okafor');
    expect(amara).toEqual({ ok: true, card: { username: 'amara.okafor', password: 'kite-7' } });

    // The last card's QR, as the child's tablet would send it.
    const last = parseLoginCard(texts.at(-1)!);
    if (!last.ok) throw new Error('the last card has no readable QR code');
    const signedIn = await server.call('POST', '/api/auth/token/', { host: GREENFIELD, json: last.card });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.username).toBe(cards.at(-1).username);
  });

  it('draws each QR 60 pt square inside a 120 pt card', async () => {
    const pdf = await buildLoginPdf('Owls', [
      { first_name: 'Zoe', last_name: 'Zhang', username: 'zoe.zhang', password: 'moon-3', class_code: 'OWLS5' },
    ]);
    const path = /q 0 g ((?:[\d.]+ [\d.]+ [\d.]+ [\d.]+ re ?)+) f Q/.exec(pdfSource(pdf))![1]!;
    const squares = [...path.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re/g)].map((m) => m.slice(1, 5).map(Number));
    const xs = squares.map((s) => s[0]!);
    const right = Math.max(...squares.map((s) => s[0]! + s[2]!));
    expect(right - Math.min(...xs)).toBeCloseTo(CARD.qr, 1);
    expect(CARD.height).toBe(120);
  });

  it('refuses a card without a password', async () => {
    await expect(
      buildLoginPdf('Owls', [{ first_name: 'A', last_name: 'B', username: 'a.b', password: '', class_code: 'OWLS5' }]),
    ).rejects.toThrow('Failed to generate QR code: Missing credentials');
  });
});
