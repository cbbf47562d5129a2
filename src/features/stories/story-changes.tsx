// What changed in a child's story between two of its texts (what a teacher changed since it was
// handed in, what the child changed since the teacher's comment), word by word, as insertions and deletions (screen readers hear "added" and "removed").
import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { textChanged, wordDiff } from '@/contract/story-review';

export function StoryChanges({ before, after, title, open = false }: { before: string; after: string; title: string; open?: boolean }) {
  const { t } = useLingui();
  const parts = useMemo(() => wordDiff(before, after), [before, after]);
  if (!textChanged(parts)) return null;
  return (
    <details className="story-diff" open={open}>
      <summary>{title}</summary>
      <p>
        {parts.map(({ kind, text }, i) =>
          kind === 'same' ? (
            <span key={i}>{text}</span>
          ) : kind === 'added' ? (
            <ins key={i} aria-label={t`added: ${text}`}>
              {text}
            </ins>
          ) : (
            <del key={i} aria-label={t`removed: ${text}`}>
              {text}
            </del>
          ),
        )}
      </p>
    </details>
  );
}
