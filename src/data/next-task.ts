// Resolves in a later task: what follows does not lengthen the current one, so long work (a start,
// a pull) gives a slow phone's main thread back between its steps. It lives in src/data, the lowest
// of the browser's folders that use it (the device database's loader waits on it; sync, the app
// and the start import it from here). src/boot.ts keeps its own copy: the entry imports nothing
// it can avoid.
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
