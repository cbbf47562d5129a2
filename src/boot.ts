// The page's entry: the HTML (drawn with its content by the server) is painted first, then the
// app is loaded and run (./main). The first paint needs no JavaScript, and the script's work does
// not hold it up on a slow phone. In a hidden tab, where frames wait, a short timer stands in.
import './styles.css';

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./main');
};
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 100);
