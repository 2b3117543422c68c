/**
 * What `npm run bench:check` (check.ts) works out once the benches have run: the figures on each bench's last
 * key=value line, the same-run ratios among them, the last recorded ratios in RESULTS.md, how far each moved,
 * and RESULTS.md with a new record. Nothing here runs a bench, reads a clock or touches a file, so it is
 * unit-tested (bench/test/check-ratios.test.ts).
 *
 * A same-run ratio compares two things measured in the same run on the same machine (Laurel's PDF against
 * Chromium's, the pool against one thread), so it moves far less with the machine than a rate does. Every ratio a
 * bench prints is named `<a>_vs_<b>` or `<a>_ratio` and is better when higher.
 */

/** One bench's machine-readable line: key to value, as printed. */
export type Figures = Record<string, string>;

/** The last recorded ratios: the fenced `bench-check` block of RESULTS.md. */
export interface CheckRecord {
  date: string;
  commit: string;
  machine: string;
  note?: string;
  /** What a ratio depends on besides the code, by bench (`send.recipients`): ratios are compared only at equal settings. */
  settings: Record<string, string>;
  /** `<bench>.<ratio>` to its value, e.g. `render.pdf_vs_chromium`. */
  ratios: Record<string, number>;
}

export type Verdict = 'ok' | 'fell' | 'missing' | 'new' | 'other settings';

export interface Comparison {
  name: string;
  recorded?: number;
  now?: number;
  /** now / recorded - 1 */
  change?: number;
  verdict: Verdict;
}

/** A ratio may fall this much (10%) before the check fails: one run's noise on a quiet machine stays within it. */
export const TOLERANCE = 0.1;

const KEY = /^[A-Za-z][A-Za-z0-9_]*$/;
const META_KEYS = ['date', 'commit', 'machine', 'note'] as const;

export const isRatioKey = (key: string) => key.includes('_vs_') || key.endsWith('_ratio');

/** A line made only of `key=value` tokens, or undefined for any other line (prose, a table row, an empty line). */
export function parseKeyValueLine(line: string): Figures | undefined {
  const tokens = line.trim().split(/\s+/);
  if (tokens[0] === '') return undefined;
  const figures: Figures = {};
  for (const token of tokens) {
    const at = token.indexOf('=');
    if (at <= 0 || at === token.length - 1 || !KEY.test(token.slice(0, at))) return undefined;
    figures[token.slice(0, at)] = token.slice(at + 1);
  }
  return figures;
}

/**
 * The bench's summary: the last line of its output made only of key=value tokens. Searching from the end rather
 * than taking the very last line lets a bench print a closing remark after it without breaking the check.
 */
export function lastKeyValueLine(output: string): { line: string; figures: Figures } | undefined {
  const lines = output.split(/\r?\n/);
  for (let i = lines.length - 1; i >= 0; i--) {
    const figures = parseKeyValueLine(lines[i]!);
    if (figures) return { line: lines[i]!.trim(), figures };
  }
  return undefined;
}

/** The same-run ratios of one bench's figures, named `<bench>.<key>`; a value that is not a number is left out. */
export function ratiosOf(bench: string, figures: Figures): Record<string, number> {
  const ratios: Record<string, number> = {};
  for (const [key, value] of Object.entries(figures)) {
    const number = Number(value);
    if (isRatioKey(key) && value !== '' && Number.isFinite(number)) ratios[`${bench}.${key}`] = number;
  }
  return ratios;
}

const BLOCK = /^```bench-check[ \t]*\r?\n([\s\S]*?)^```[ \t]*$/m;

/** The last record in RESULTS.md, or undefined when it has no `bench-check` block. Throws on a line it cannot read. */
export function parseRecord(markdown: string): CheckRecord | undefined {
  const block = BLOCK.exec(markdown);
  if (!block) return undefined;
  const record: CheckRecord = { date: '', commit: '', machine: '', settings: {}, ratios: {} };
  for (const raw of block[1]!.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const at = line.indexOf('=');
    if (at <= 0) throw new Error(`RESULTS.md, bench-check block: "${line}" is not key=value`);
    const key = line.slice(0, at).trim();
    const value = line.slice(at + 1).trim();
    if ((META_KEYS as readonly string[]).includes(key)) {
      record[key as (typeof META_KEYS)[number]] = value;
      continue;
    }
    const dot = key.indexOf('.');
    if (dot <= 0) throw new Error(`RESULTS.md, bench-check block: "${key}" is neither ${META_KEYS.join(', ')} nor <bench>.<name>`);
    if (isRatioKey(key.slice(dot + 1))) {
      const number = Number(value);
      if (value === '' || !Number.isFinite(number)) throw new Error(`RESULTS.md, bench-check block: ${key}=${value} is not a number`);
      record.ratios[key] = number;
    } else {
      record.settings[key] = value;
    }
  }
  return record;
}

/** The block's text for a record: metadata, then settings and ratios in a stable order. */
export function formatRecord(record: CheckRecord): string {
  const lines = [`date=${record.date}`, `commit=${record.commit}`, `machine=${record.machine}`];
  if (record.note) lines.push(`note=${record.note}`);
  for (const key of Object.keys(record.settings).sort()) lines.push(`${key}=${record.settings[key]}`);
  for (const key of Object.keys(record.ratios).sort()) lines.push(`${key}=${record.ratios[key]}`);
  return `\`\`\`bench-check\n${lines.join('\n')}\n\`\`\``;
}

const settingsOf = (settings: Record<string, string>, bench: string) =>
  Object.fromEntries(Object.entries(settings).filter(([key]) => key.startsWith(`${bench}.`)));

function sameSettings(a: Record<string, string>, b: Record<string, string>, bench: string): boolean {
  const left = settingsOf(a, bench);
  const right = settingsOf(b, bench);
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) => left[key] === right[key]);
}

/**
 * Each ratio of the record against this run's: `fell` when it lost more than the tolerance, `missing` when the
 * record has it and this run did not print it (a renamed key or a bench that stopped printing it must not pass
 * silently), `new` when there is no record of it yet, `other settings` when the record was taken with other
 * settings for that bench (a send of another size), so the two are not compared.
 */
export function compareRatios(
  recorded: CheckRecord | undefined,
  now: { settings: Record<string, string>; ratios: Record<string, number> },
  tolerance = TOLERANCE,
): Comparison[] {
  const names = [...Object.keys(recorded?.ratios ?? {}), ...Object.keys(now.ratios).filter((name) => !(name in (recorded?.ratios ?? {})))];
  return names.map((name): Comparison => {
    const before = recorded?.ratios[name];
    const after = now.ratios[name];
    if (before === undefined) return { name, now: after, verdict: 'new' };
    if (after === undefined) return { name, recorded: before, verdict: 'missing' };
    const change = after / before - 1;
    if (!sameSettings(recorded!.settings, now.settings, name.slice(0, name.indexOf('.')))) {
      return { name, recorded: before, now: after, change, verdict: 'other settings' };
    }
    return { name, recorded: before, now: after, change, verdict: after < before * (1 - tolerance) ? 'fell' : 'ok' };
  });
}

export const failures = (rows: Comparison[]) => rows.filter((row) => row.verdict === 'fell' || row.verdict === 'missing');

const percent = (change: number) => `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}%`;

const VERDICT_TEXT: Record<Verdict, string> = {
  ok: '',
  fell: `FELL more than ${TOLERANCE * 100}%`,
  missing: 'MISSING: not printed by this run',
  new: 'no record yet',
  'other settings': 'recorded with other settings: not compared',
};

/** The comparison as an aligned text table: ratio, recorded, now, change (figures right-aligned), and what the check makes of it. */
export function formatTable(rows: Comparison[]): string {
  const cells = [
    ['ratio', 'recorded', 'now', 'change', ''],
    ...rows.map((row) => [
      row.name,
      row.recorded === undefined ? '-' : String(row.recorded),
      row.now === undefined ? '-' : String(row.now),
      row.change === undefined ? '-' : percent(row.change),
      VERDICT_TEXT[row.verdict],
    ]),
  ];
  const widths = cells[0]!.map((_, column) => Math.max(...cells.map((line) => line[column]!.length)));
  return cells
    .map((line) =>
      line.map((cell, column) => (column === 0 || column === 4 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '),
    )
    .map((line) => line.trimEnd())
    .join('\n');
}

/** One sentence per failing ratio, for the end of the check's output. */
export function describeFailures(rows: Comparison[]): string[] {
  return failures(rows).map((row) =>
    row.verdict === 'missing'
      ? `${row.name}: recorded ${row.recorded}, not printed by this run`
      : `${row.name}: ${row.recorded} -> ${row.now} (${percent(row.change!)})`,
  );
}

/** A table row for a bench's history: date, commit, machine, the figures as printed, notes. */
export function historyRow(cells: { date: string; commit: string; machine: string; figures: string; notes: string }): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  return `| ${cell(cells.date)} | ${cell(cells.commit)} | ${cell(cells.machine)} | \`${cell(cells.figures)}\` | ${cell(cells.notes)} |`;
}

/**
 * RESULTS.md with a row added at the top of the table under `heading` (its first table after that heading,
 * newest first), or an error when that heading has no table before the next heading.
 */
export function insertHistoryRow(markdown: string, heading: string, row: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) throw new Error(`RESULTS.md has no heading "${heading}"`);
  for (let i = start + 1; i < lines.length; i++) {
    if (/^#{1,6}\s/.test(lines[i]!)) break;
    if (/^\|(\s*:?-{3,}:?\s*\|)+\s*$/.test(lines[i]!)) {
      lines.splice(i + 1, 0, row);
      return lines.join('\n');
    }
  }
  throw new Error(`RESULTS.md has no table under "${heading}"`);
}

/** RESULTS.md with its `bench-check` block replaced by `record`, or an error when it has none. */
export function replaceRecord(markdown: string, record: CheckRecord): string {
  if (!BLOCK.test(markdown)) throw new Error('RESULTS.md has no ```bench-check block');
  return markdown.replace(BLOCK, () => formatRecord(record));
}
