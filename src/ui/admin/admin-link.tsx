// A link inside an admin area whose address is built as text (declarations name their screens by
// path): a plain <a> for the keyboard, new tabs and screen readers, routed in-app on a click.
import type { ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';

export function AdminLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const router = useRouter();
  return (
    <a
      href={href}
      className={className}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        void router.navigate({ href });
      }}
    >
      {children}
    </a>
  );
}
