// A multipart/form-data body (RFC 7578) split into its parts with Buffer's native search, without
// copying a byte: each part's data is a view of the body. undici's parser (Request.formData())
// walks a 50 MB upload in JavaScript and copies it twice, holding the event loop for seconds; this
// finds the few delimiters and leaves the bytes where they are. A body that is not well formed, or
// has more parts than any form of ours sends, is refused (null).

/** One part of a form: a field (no filename) or a file. */
export interface FormPart {
  name: string;
  /** Set for a file (possibly empty, as a browser sends a file input left empty). */
  filename?: string;
  /** The part's Content-Type (a file's type as the client claims it). */
  type: string;
  data: Uint8Array;
}

/** More parts than this is no form of ours: refused rather than walked. */
export const MAX_PARTS = 200;
/** A part's headers end within this many bytes (a name, a filename, a type). */
const MAX_HEAD = 16 * 1024;

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

/** The boundary a multipart/form-data content type names, or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2])! : null;
}

const param = (head: string, name: string) => {
  const m = new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(head) ?? new RegExp(`;\\s*${name}=([^;\\s]+)`, 'i').exec(head);
  return m ? m[1]!.replace(/\\(.)/g, '$1') : undefined;
};

/** The parts of `body`, in order, or null when it is not a well-formed form of at most MAX_PARTS parts. */
export function parseMultipart(body: Uint8Array, boundary: string): FormPart[] | null {
  const buf = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter opens the body (a preamble before it is allowed and ignored).
  let at = buf.subarray(0, delimiter.length).equals(delimiter) ? 0 : buf.indexOf(next);
  if (at < 0) return null;
  if (at > 0) at += 2;
  const parts: FormPart[] = [];
  for (;;) {
    at += delimiter.length;
    // `--` after a delimiter closes the body.
    if (buf[at] === 0x2d && buf[at + 1] === 0x2d) return parts;
    // Transport padding (spaces, tabs) may follow a delimiter before its line break.
    while (buf[at] === 0x20 || buf[at] === 0x09) at++;
    if (!buf.subarray(at, at + 2).equals(CRLF)) return null;
    at += 2;
    const headEnd = buf.indexOf(HEAD_END, at);
    if (headEnd < 0 || headEnd - at > MAX_HEAD) return null;
    const head = buf.subarray(at, headEnd).toString('utf8');
    const end = buf.indexOf(next, headEnd + 4);
    if (end < 0) return null;
    const disposition = /^content-disposition:\s*form-data(.*)$/im.exec(head)?.[1];
    const name = disposition === undefined ? undefined : param(disposition, 'name');
    if (name === undefined) return null;
    const filename = param(disposition!, 'filename');
    const type = /^content-type:\s*(.+)$/im.exec(head)?.[1]?.trim() ?? (filename === undefined ? 'text/plain' : 'application/octet-stream');
    parts.push({ name, ...(filename === undefined ? {} : { filename }), type, data: body.subarray(headEnd + 4, end) });
    if (parts.length > MAX_PARTS) return null;
    at = end + 2;
  }
}
