// Reads Prometheus's text exposition format strictly enough for tests: every line is a comment
// (# HELP / # TYPE), blank, or `name{label="value",...} number`; anything else throws.
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)(\s+-?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?\s*/gy;

export function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* /.test(line)) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`Not Prometheus text: ${line}`);
    const labels: Record<string, string> = {};
    const body = match[3] ?? '';
    LABEL.lastIndex = 0;
    let consumed = 0;
    for (let m = LABEL.exec(body); m; m = LABEL.exec(body)) {
      labels[m[1]!] = m[2]!.replace(/\\(.)/g, (_, ch: string) => (ch === 'n' ? '\n' : ch));
      consumed = LABEL.lastIndex;
    }
    if (consumed !== body.length) throw new Error(`Bad labels: ${line}`);
    // Values are Go floats: NaN and ±Inf in any case.
    const raw = match[4]!.toLowerCase();
    const value = raw === 'nan' ? NaN : /^[+-]?inf$/.test(raw) ? (raw.startsWith('-') ? -Infinity : Infinity) : Number(raw);
    if (Number.isNaN(value) && raw !== 'nan') throw new Error(`Bad value: ${line}`);
    samples.push({ name: match[1]!, labels, value });
  }
  return samples;
}

/** The value of the one sample with this name whose labels include `labels` (undefined when none). */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}
