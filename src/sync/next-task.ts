// Resolves in a later task: what follows does not lengthen the current one, so long work (a start,
// a pull) gives a slow phone's main thread back between its steps. (src/boot.ts keeps its own
// copy: the entry imports nothing it can avoid.)
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
