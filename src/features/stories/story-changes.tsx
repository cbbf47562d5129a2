// What changed in a child's story between two of its texts (what a teacher changed since it was
// handed in, what the child changed since the teacher's comment), word by word, as insertions and deletions (screen readers hear "added" and "removed").
import { useMemo } from 'react';
import { textChanged, wordDiff } from '@/contract/story-review';

export function StoryChanges({ before, after, title, open = false }: { before: string; after: string; title: string; open?: boolean }) {
  const parts = useMemo(() => wordDiff(before, after), [before, after]);
  if (!textChanged(parts)) return null;
  return (
    <details className="story-diff" open={open}>
      <summary>{title}</summary>
      <p>
        {parts.map((p, i) =>
          p.kind === 'same' ? (
            <span key={i}>{p.text}</span>
          ) : p.kind === 'added' ? (
            <ins key={i} aria-label={`added: ${p.text}`}>
              {p.text}
            </ins>
          ) : (
            <del key={i} aria-label={`removed: ${p.text}`}>
              {p.text}
            </del>
          ),
        )}
      </p>
    </details>
  );
}
