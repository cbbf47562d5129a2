// Runs inside Chromium on the server's origin: the real roster pull into IndexedDB, then the
// class table's first page and the class login PDF, timed. bench/roster.ts bundles this file
// and calls window.rosterBench.run().
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { db } from '@/data/db';
import { buildLoginPdf } from '@/features/roster/login-cards';
import { syncLoginInfo, syncRoster } from '@/features/roster/roster-sync';
import { StudentTable } from '@/features/roster/student-table';
import { signInTeacher } from './sign-in';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (x: number) => Math.round(x * 10) / 10;

async function run({ classCode, runs, cards }: { classCode: string; runs: number; cards: number }) {
  await db.delete();
  await db.open();
  const { access, refresh, user } = await signInTeacher();
  localStorage.setItem('accessToken', access);
  localStorage.setItem('refreshToken', refresh);
  localStorage.setItem('user', JSON.stringify(user));

  let t = performance.now();
  await syncRoster();
  const pullMs = performance.now() - t;
  const cls = await db.classes.where('class_id').equals(classCode).first();
  if (!cls) throw new Error(`no class ${classCode}`);

  // First page: read the class from IndexedDB and render the table (filters, sort, page of 20).
  const host = document.body.appendChild(document.createElement('div'));
  const firstPage: number[] = [];
  const reads: number[] = [];
  let rendered = 0;
  let students = 0;
  for (let i = 0; i < runs; i++) {
    const root = createRoot(host);
    t = performance.now();
    const [rows, classes] = await Promise.all([db.students.where('class_id').equals(cls.id).toArray(), db.classes.toArray()]);
    reads.push(performance.now() - t);
    flushSync(() => root.render(<StudentTable students={rows} classes={classes} />));
    firstPage.push(performance.now() - t);
    rendered = host.querySelectorAll('tbody tr').length;
    students = rows.length;
    root.unmount();
  }

  // The login PDF of a class of `cards` students, from login details cached on the device.
  const logins = (await syncLoginInfo(cls.id)).slice(0, cards);
  const pdf: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    t = performance.now();
    bytes = (await buildLoginPdf(cls.name, logins)).byteLength;
    pdf.push(performance.now() - t);
  }
  await db.delete();

  return {
    classStudents: students,
    rowsOnFirstPage: rendered,
    rosterPullMs: round(pullMs),
    firstPageMs: round(median(firstPage)),
    firstPageColdMs: round(firstPage[0]!),
    firstPageReadMs: round(median(reads)),
    loginPdfCards: logins.length,
    loginPdfMs: round(median(pdf)),
    loginPdfColdMs: round(pdf[0]!),
    loginPdfKiB: Math.round(bytes / 1024),
  };
}

(globalThis as unknown as { rosterBench: { run: typeof run } }).rosterBench = { run };
