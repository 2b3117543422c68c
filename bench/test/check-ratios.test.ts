import { describe, expect, it } from 'vitest';
import {
  type CheckRecord,
  compareRatios,
  describeFailures,
  failures,
  formatRecord,
  formatTable,
  historyRow,
  insertHistoryRow,
  lastKeyValueLine,
  parseKeyValueLine,
  parseRecord,
  ratiosOf,
  replaceRecord,
} from '../check-ratios.ts';

const RENDER_OUTPUT = `cores=2 certificates=1000 elements: background, 6 text (2 fonts), QR code
pdf: 1000 in 2760 ms, 2.76 ms each, 197 KB avg; rss 300 -> 320 MB
chromium (50, one warm page): page.pdf 52.0 ms each, screenshot 80.1 ms each
pool: 4000 PDFs on 2 workers in 11396 ms; peak rss 900 MB
pdf_per_s=362 png_per_s=60 pdf_vs_chromium=18.9 png_vs_chromium=1.3 pool_pdf_per_s=351 print_bg_pdf_per_s=328 print_bg_png_per_s=70 credentials_per_s=2900 pool_vs_one_thread=0.97 credentials_vs_stock=11.8
`;

const RESULTS = `# Benchmark results

Some prose.

## bench:check

\`\`\`bench-check
date=2026-11-26
commit=fd427cf
machine=2 cores, Intel(R) Xeon(R) Processor, Node not recorded
note=issue 42, one run
render.pdf_vs_chromium=18.9
render.pool_vs_one_thread=0.97
\`\`\`

## bench:render

| Date | Commit | Machine | Figures | Notes |
| --- | --- | --- | --- | --- |
| 2026-11-26 | fd427cf | 2 cores | PDF 2.76 ms | issue 42 |

## bench:send

| Date | Commit | Machine | Figures | Notes |
| --- | --- | --- | --- | --- |
| 2026-11-24 | d52284f | 2 cores | 222/s | issue 42 |
`;

describe('a bench summary line', () => {
  it('reads a line of key=value tokens and nothing else', () => {
    expect(parseKeyValueLine('recipients=300 seconds=9.3 credentials_ratio=1.52')).toEqual({
      recipients: '300',
      seconds: '9.3',
      credentials_ratio: '1.52',
    });
    expect(parseKeyValueLine('pool: 4000 PDFs on 2 workers')).toBeUndefined();
    expect(parseKeyValueLine('cores=2 certificates=1000 elements: background')).toBeUndefined();
    expect(parseKeyValueLine('')).toBeUndefined();
    expect(parseKeyValueLine('a= b=1')).toBeUndefined();
    expect(parseKeyValueLine('=1')).toBeUndefined();
  });

  it('takes the last such line, so progress lines before it and a remark after it do not matter', () => {
    const output = `accepted=81 recorded_sent=60 failed=0 t=10.9s\nrecipients=300 per_s=32 credentials_ratio=0.97 message_bytes=41000\nsink closed\n`;
    expect(lastKeyValueLine(output)).toEqual({
      line: 'recipients=300 per_s=32 credentials_ratio=0.97 message_bytes=41000',
      figures: { recipients: '300', per_s: '32', credentials_ratio: '0.97', message_bytes: '41000' },
    });
    expect(lastKeyValueLine('only prose here\n')).toBeUndefined();
  });

  it('keeps the same-run ratios, named by bench, and leaves rates and non-numbers out', () => {
    const { figures } = lastKeyValueLine(RENDER_OUTPUT)!;
    expect(ratiosOf('render', figures)).toEqual({
      'render.pdf_vs_chromium': 18.9,
      'render.png_vs_chromium': 1.3,
      'render.pool_vs_one_thread': 0.97,
      'render.credentials_vs_stock': 11.8,
    });
    expect(ratiosOf('send', { per_s: '80', credentials_ratio: '0.97', other_ratio: 'n/a' })).toEqual({ 'send.credentials_ratio': 0.97 });
  });
});

describe('the record in RESULTS.md', () => {
  it('reads metadata, settings and ratios from the bench-check block', () => {
    expect(parseRecord(RESULTS)).toEqual({
      date: '2026-11-26',
      commit: 'fd427cf',
      machine: '2 cores, Intel(R) Xeon(R) Processor, Node not recorded',
      note: 'issue 42, one run',
      settings: {},
      ratios: { 'render.pdf_vs_chromium': 18.9, 'render.pool_vs_one_thread': 0.97 },
    });
    expect(parseRecord('# no block\n')).toBeUndefined();
  });

  it('refuses a line it cannot read rather than comparing against half a record', () => {
    const broken = (line: string) => RESULTS.replace('render.pool_vs_one_thread=0.97', line);
    expect(() => parseRecord(broken('render.pool_vs_one_thread 0.97'))).toThrow(/not key=value/);
    expect(() => parseRecord(broken('render.pool_vs_one_thread=fast'))).toThrow(/not a number/);
    expect(() => parseRecord(broken('pool_vs_one_thread=0.97'))).toThrow(/<bench>\.<name>/);
  });

  it('writes a record that reads back the same, and replaces only the block', () => {
    const record: CheckRecord = {
      date: '2026-12-01',
      commit: 'abc1234 + uncommitted changes',
      machine: '2 cores, Intel(R) Xeon(R) Processor, Node v22.23.3',
      note: 'load average 0.3 at start',
      settings: { 'send.recipients': '1000' },
      ratios: { 'send.credentials_ratio': 0.95, 'render.pdf_vs_chromium': 45.1 },
    };
    const updated = replaceRecord(RESULTS, record);
    expect(parseRecord(updated)).toEqual(record);
    expect(updated).toContain('Some prose.');
    expect(updated).toContain('| 2026-11-26 | fd427cf | 2 cores | PDF 2.76 ms | issue 42 |');
    expect(updated.match(/```bench-check/g)).toHaveLength(1);
    expect(formatRecord(record)).toBe(
      [
        '```bench-check',
        'date=2026-12-01',
        'commit=abc1234 + uncommitted changes',
        'machine=2 cores, Intel(R) Xeon(R) Processor, Node v22.23.3',
        'note=load average 0.3 at start',
        'send.recipients=1000',
        'render.pdf_vs_chromium=45.1',
        'send.credentials_ratio=0.95',
        '```',
      ].join('\n'),
    );
    expect(() => replaceRecord('# no block\n', record)).toThrow(/no ```bench-check/);
  });

  it("adds a history row at the top of the named bench's table, newest first", () => {
    const row = historyRow({ date: '2026-12-01', commit: 'abc1234', machine: '2 cores', figures: 'pdf_per_s=1300', notes: 'a | b' });
    expect(row).toBe('| 2026-12-01 | abc1234 | 2 cores | `pdf_per_s=1300` | a \\| b |');
    const lines = insertHistoryRow(RESULTS, '## bench:send', row).split('\n');
    const at = lines.indexOf('## bench:send');
    expect(lines.slice(at + 2, at + 6)).toEqual([
      '| Date | Commit | Machine | Figures | Notes |',
      '| --- | --- | --- | --- | --- |',
      row,
      '| 2026-11-24 | d52284f | 2 cores | 222/s | issue 42 |',
    ]);
    expect(() => insertHistoryRow(RESULTS, '## bench:web', row)).toThrow(/no heading/);
    expect(() => insertHistoryRow(RESULTS, '## bench:check', row)).toThrow(/no table/);
  });
});

describe('comparing with the record', () => {
  const recorded: CheckRecord = {
    date: '2026-11-26',
    commit: 'fd427cf',
    machine: '2 cores',
    settings: { 'send.recipients': '1000' },
    ratios: { 'render.pdf_vs_chromium': 20, 'render.pool_vs_one_thread': 1, 'send.credentials_ratio': 0.9 },
  };

  it('names a ratio that fell by more than 10%, and lets one within 10% or risen pass', () => {
    const rows = compareRatios(recorded, {
      settings: { 'send.recipients': '1000' },
      ratios: { 'render.pdf_vs_chromium': 17.9, 'render.pool_vs_one_thread': 0.91, 'send.credentials_ratio': 1.2 },
    });
    expect(rows.map((row) => [row.name, row.verdict])).toEqual([
      ['render.pdf_vs_chromium', 'fell'],
      ['render.pool_vs_one_thread', 'ok'],
      ['send.credentials_ratio', 'ok'],
    ]);
    expect(rows[0]!.change).toBeCloseTo(-0.105);
    expect(describeFailures(rows)).toEqual(['render.pdf_vs_chromium: 20 -> 17.9 (-10.5%)']);
  });

  it('treats exactly 10% lower as within the tolerance', () => {
    const rows = compareRatios(recorded, { settings: recorded.settings, ratios: { ...recorded.ratios, 'render.pdf_vs_chromium': 18 } });
    expect(failures(rows)).toEqual([]);
  });

  it('fails on a recorded ratio this run did not print, and lists a new one without failing', () => {
    const rows = compareRatios(recorded, {
      settings: recorded.settings,
      ratios: { 'render.pdf_vs_chromium': 20, 'send.credentials_ratio': 0.9, 'render.png_vs_chromium': 1.5 },
    });
    expect(rows.map((row) => [row.name, row.verdict])).toEqual([
      ['render.pdf_vs_chromium', 'ok'],
      ['render.pool_vs_one_thread', 'missing'],
      ['send.credentials_ratio', 'ok'],
      ['render.png_vs_chromium', 'new'],
    ]);
    expect(describeFailures(rows)).toEqual(['render.pool_vs_one_thread: recorded 1, not printed by this run']);
  });

  it("does not compare a bench's ratios recorded with other settings (a send of another size)", () => {
    const rows = compareRatios(recorded, {
      settings: { 'send.recipients': '300' },
      ratios: { ...recorded.ratios, 'send.credentials_ratio': 0.5 },
    });
    expect(rows.find((row) => row.name === 'send.credentials_ratio')!.verdict).toBe('other settings');
    expect(failures(rows)).toEqual([]);
  });

  it('without any record, lists every ratio as new', () => {
    const rows = compareRatios(undefined, { settings: {}, ratios: { 'render.pdf_vs_chromium': 20 } });
    expect(rows).toEqual([{ name: 'render.pdf_vs_chromium', now: 20, verdict: 'new' }]);
  });

  it('prints name, recorded, now and change in aligned columns', () => {
    const table = formatTable(
      compareRatios(recorded, {
        settings: recorded.settings,
        ratios: { 'render.pdf_vs_chromium': 15, 'render.pool_vs_one_thread': 1.1, 'send.credentials_ratio': 0.9 },
      }),
    );
    expect(table.split('\n')).toEqual([
      'ratio                      recorded  now  change',
      'render.pdf_vs_chromium           20   15  -25.0%  FELL more than 10%',
      'render.pool_vs_one_thread         1  1.1  +10.0%',
      'send.credentials_ratio          0.9  0.9   +0.0%',
    ]);
  });
});
