// The roster as React state, read from the device (so it shows offline) and refreshed from the
// server when a roster screen opens online.
import { useEffect, useState } from 'react';
import { db, type ClassRecord, type LoginInfoRecord, type StudentRecord } from '@/data/db';
import { useLive } from '@/data/live';
import { syncRoster } from './roster-sync';
import { compareText } from '@/ui/format';

export type RosterLoad = 'loading' | 'ready' | 'failed';

const byName = (a: { name: string }, b: { name: string }) => compareText(a.name, b.name);

/** Refreshes the roster once per screen visit; answers whether the first refresh is done. */
export function useRosterRefresh(): RosterLoad {
  const [state, setState] = useState<RosterLoad>(navigator.onLine ? 'loading' : 'ready');
  useEffect(() => {
    if (!navigator.onLine) return;
    let live = true;
    // The screen needs the roster now; login details are refreshed in the background.
    syncRoster({ logins: false }).then(
      () => live && setState('ready'),
      (err) => {
        console.warn('the roster could not be refreshed', err);
        if (live) setState('failed');
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

export function useClasses(): ClassRecord[] | undefined {
  return useLive(async () => (await db.classes.toArray()).sort(byName));
}

export function useClass(id: number | undefined): ClassRecord | null | undefined {
  return useLive(async () => (id === undefined ? null : ((await db.classes.get(id)) ?? null)), [id]);
}

/** A class's students, or the whole roster (classId undefined). */
export function useStudents(classId?: number): StudentRecord[] | undefined {
  return useLive(
    () => (classId === undefined ? db.students.toArray() : db.students.where('class_id').equals(classId).toArray()),
    [classId],
  );
}

export function useStudent(id: number | undefined): StudentRecord | null | undefined {
  return useLive(async () => (id === undefined ? null : ((await db.students.get(id)) ?? null)), [id]);
}

/** A student's cached sign-in details (teachers see the class password). */
export function useLoginInfo(id: number | undefined): LoginInfoRecord | null | undefined {
  return useLive(async () => (id === undefined ? null : ((await db.logins.get(id)) ?? null)), [id]);
}
