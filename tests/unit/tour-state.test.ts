// The tour's states (run, then finished or skipped) and its memory on the device.
import { i18n } from '@/i18n/i18n';
import { describe, expect, it } from 'vitest';
import { rememberTour, rememberedTour, tourKey, tourStep } from '@/features/tours/tour-state';
import { tourFor, TOURS } from '@/features/tours/tours';

describe('tour states', () => {
  it('runs, then is finished or skipped; a replay runs again', () => {
    expect(tourStep('idle', 'START')).toBe('run');
    expect(tourStep('run', 'FINISH')).toBe('finished');
    expect(tourStep('run', 'SKIP')).toBe('skipped');
    expect(tourStep('skipped', 'START')).toBe('run');
    expect(tourStep('idle', 'SKIP')).toBe('idle');
    expect(tourStep('finished', 'SKIP')).toBe('finished');
  });

  it('is remembered per tour and user, and a damaged memory counts as never shown', () => {
    rememberTour('school-admin-dashboard', 7, 'skipped');
    expect(rememberedTour('school-admin-dashboard', 7)).toBe('skipped');
    expect(rememberedTour('school-admin-dashboard', 8)).toBeNull();
    expect(rememberedTour('teacher-dashboard', 7)).toBeNull();
    localStorage.setItem(tourKey('teacher-dashboard', 7), '{"state":"maybe","at":1}');
    expect(rememberedTour('teacher-dashboard', 7)).toBeNull();
    localStorage.setItem(tourKey('teacher-dashboard', 7), 'not json');
    expect(rememberedTour('teacher-dashboard', 7)).toBeNull();
  });

  it('each dashboard has its tour, in the product’s words', () => {
    expect(tourFor('/dashboard', 'teacher')).toBe(TOURS.teacher);
    expect(tourFor('/dashboard/', 'student')).toBe(TOURS.student);
    expect(tourFor('/admin-school/dashboard', 'school_admin')).toBe(TOURS.school);
    expect(tourFor('/admin-organization/dashboard', 'organization_admin')).toBe(TOURS.organization);
    expect(tourFor('/admin-panel/dashboard', 'upschool_admin')).toBe(TOURS.panel);
    expect(tourFor('/admin-school/classes', 'school_admin')).toBeNull();
    expect(TOURS.school.steps.some((s) => i18n._(s.description).includes('a charity can be edited only by its creator'))).toBe(true);
  });
});

describe('tour memory (tourMemory, the seam the server-backed memory will replace)', () => {
  it('remembers each person through sign-out: a shared tablet shows each child their tour once', async () => {
    const { tourMemory } = await import('@/features/tours/tour-state');
    const { wipePersonalData } = await import('@/data/personal-data');
    expect(await tourMemory.seen('student-dashboard', 41)).toBe(false);
    await tourMemory.remember('student-dashboard', 41, 'skipped');
    // Sign-out: localStorage cleared (the spec's logout) and the personal tables wiped.
    localStorage.clear();
    await wipePersonalData();
    expect(await tourMemory.seen('student-dashboard', 41)).toBe(true);
    expect(await tourMemory.seen('student-dashboard', 42)).toBe(false);
    expect(await tourMemory.seen('teacher-dashboard', 41)).toBe(false);
  });
});
