// The page's entry: the HTML (drawn with its content by the server) is painted first, then the
// app is fetched and run (./main). The first paint needs no JavaScript, and neither the app's
// download nor its work holds it up on a slow phone. The modules this page will need are listed
// by the build (`app-modules`, build/prerender-plugin.ts) and preloaded together once painted.
// In a hidden tab, where frames wait, a short timer stands in.
import './styles.css';
// The stylesheets of what the server draws (the header's search, the library, sign-in, stories and
// charities) are imported here, not by their features, so they are one file with the rest: each
// stylesheet of its own held the first paint up by a round trip.
import '@/features/search/search.css';
import '@/features/library/library.css';
import '@/features/auth/auth.css';
import '@/features/stories/stories.css';
import '@/features/charities/charities.css';

let started = false;
const start = () => {
  if (started) return;
  started = true;
  for (const href of document.querySelector<HTMLMetaElement>('meta[name="app-modules"]')?.content.split(' ') ?? []) {
    if (!href) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  void import('./main');
};
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 100);
