// Story review and publishing, shared by the server and the PWA: the messages a teacher and a
// child see, the review comment's limits, and "what changed" between the text a child submitted
// and the text after a teacher's edits (a word diff). Plain TypeScript: no zod here.

export const STORY_MSG = {
  approved: /*i18n*/ 'Story approved and published.',
  returned: /*i18n*/ 'Story sent back with your comment.',
  notWaiting: /*i18n*/ 'Only a story waiting for review can be approved or sent back.',
  commentNeeded: /*i18n*/ 'Please write a short comment for the child.',
  commentTooLong: /*i18n*/ 'Please keep the comment under 500 characters.',
  featured: /*i18n*/ 'Stories featured.',
  unfeatured: /*i18n*/ 'Stories unfeatured.',
  privacy: /*i18n*/ 'Privacy Preference updated successfully!',
  archived: /*i18n*/ 'Stories archived.',
  restored: /*i18n*/ 'Stories restored.',
  noSuchStories: /*i18n*/ 'Some of these stories are not in your classes.',
  noneSelected: /*i18n*/ 'Please select at least one story.',
  noneWaiting: /*i18n*/ 'No stories are waiting for review.',
} as const;

export const REVIEW_COMMENT_MAX = 500;

/** The plain text of a story body (server-rendered HTML): for the diff and the review screen. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/blockquote)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*/g, '\n')
    .trim();
}

export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

/**
 * What changed from `before` to `after`, word by word (longest common subsequence), merged into
 * runs. Stories are short (a few thousand words at most); beyond that the diff falls back to
 * "all removed, all added" rather than use quadratic memory.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = before.split(/(\s+)/).filter(Boolean);
  const b = after.split(/(\s+)/).filter(Boolean);
  if (a.length * b.length > 25_000_000) {
    return [
      { kind: 'removed', text: before },
      { kind: 'added', text: after },
    ].filter((p) => p.text) as DiffPart[];
  }
  const rows = a.length + 1;
  const cols = b.length + 1;
  const lcs = new Uint32Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * cols + j] = a[i] === b[j] ? lcs[(i + 1) * cols + j + 1]! + 1 : Math.max(lcs[(i + 1) * cols + j]!, lcs[i * cols + j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts.at(-1);
    if (last && last.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push('same', a[i]!);
      i++;
      j++;
    } else if (lcs[(i + 1) * cols + j]! >= lcs[i * cols + j + 1]!) push('removed', a[i++]!);
    else push('added', b[j++]!);
  }
  while (i < a.length) push('removed', a[i++]!);
  while (j < b.length) push('added', b[j++]!);
  return parts;
}

/** Whether a teacher changed the text the child submitted. */
export const textChanged = (parts: DiffPart[]) => parts.some((p) => p.kind !== 'same' && p.text.trim() !== '');

/** The statistics state's fallback messages, shown when a load fails without a message of its own. */
export const STATS_MSG = {
  storyStats: /*i18n*/ 'Failed to fetch story stats',
  analytics: /*i18n*/ 'Failed to fetch analytics',
  reactionStats: /*i18n*/ 'Failed to fetch reaction stats',
  impactCount: /*i18n*/ 'Failed to fetch impact count',
} as const;
