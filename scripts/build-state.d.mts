// Types for build-state.mjs (plain JavaScript, so a production tree runs it without a compiler).
export const SERVER_ENTRIES: string[];
export const SERVER_OUT: string;
export const STAMP: string;
export function entryOutput(entry: string): string;
export function buildState(options?: { root?: string; checkSources?: boolean }): 'missing' | 'stale' | 'current';
