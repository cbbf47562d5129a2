// The page's entry: the HTML (drawn with its content by the server) is painted first, then the
// app is fetched and run (./main). The first paint needs no JavaScript, and neither the app's
// download nor its work holds it up on a slow phone. The modules this page will need are listed
// by the build (`app-modules`, build/prerender-plugin.ts) in an order where each comes after the
// modules it imports; they are preloaded together once painted, then run one per task, so no
// single task holds a slow phone's main thread for long.
import './styles.css';
// The stylesheets of what the server draws (the header's search, the library, sign-in, stories and
// charities) are imported here, not by their features, so they are one file with the rest: each
// stylesheet of its own held the first paint up by a round trip.
import '@/features/search/search.css';
import '@/features/library/library.css';
import '@/features/auth/auth.css';
import '@/features/stories/stories.css';
import '@/features/charities/charities.css';

const PRELOADS_PER_TASK = 4;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let started = false;
const start = async () => {
  if (started) return;
  started = true;
  const modules = document.querySelector<HTMLMetaElement>('meta[name="app-modules"]')?.content.split(' ').filter(Boolean) ?? [];
  // A preload costs the main thread about a millisecond to start: a few per task.
  for (let i = 0; i < modules.length; i += PRELOADS_PER_TASK) {
    if (i > 0) await nextTask();
    for (const href of modules.slice(i, i + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
  }
  for (const href of modules) {
    await nextTask();
    // A module that cannot be fetched now is fetched again by the app, which says so.
    await import(/* @vite-ignore */ href).catch(() => undefined);
  }
  await nextTask();
  await import('./main');
};
// The first frame is drawn once the stylesheet is in; the app starts right after it. A hidden
// tab draws no frames: there it starts at once.
const startHidden = () => {
  if (document.visibilityState === 'hidden') void start();
};
requestAnimationFrame(() => setTimeout(() => void start(), 0));
startHidden();
document.addEventListener('visibilitychange', startHidden);
