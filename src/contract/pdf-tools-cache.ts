// Where the device keeps what it needs to make a PDF beyond the code the service worker precaches:
// the text shaper's WebAssembly and the fonts (built as hashed files under /assets/, so a kept
// copy never goes stale). They are not precached: together they weigh about 1.6 MB (0.6 MB as
// sent, compressed), and only a device that makes PDFs needs them. The service worker keeps
// each one the first time it is fetched, and a teacher's device fetches them ahead with its
// class's login details (src/ui/pdf-tools.ts), so login cards print offline.
export const PDF_TOOLS_CACHE = 'pdf-tools';

/** Whether a path on the app's origin is one of those files. */
export const isPdfTool = (path: string) => /^\/assets\/[^/]+\.(?:wasm|ttf)$/.test(path);
