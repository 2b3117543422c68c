import { desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports } from '../src/db/schema.ts';
import { safeCell } from '../src/modules/exports/cells.ts';
import { exportEstimateMinutes } from '../src/modules/exports/estimate.ts';
import { EXPORT_LINK_DAYS, exportRemovalJob } from '../src/modules/exports/job.ts';
import { errorOf } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { type Person, saveProject, sendAndSettle, storeAccount, subUser } from './helpers/store-fixtures.ts';

let laurel: TestLaurel;
let premium: Awaited<ReturnType<typeof storeAccount>>;
let free: Awaited<ReturnType<typeof storeAccount>>;
let crew: number;

const HOSTILE: Person[] = [
  { first: '=HYPERLINK("http://evil.example","open")', last: 'Okafor', email: 'zoe@example.com', course: '+1+2' },
  { first: 'José', last: '-Núñez', email: 'jose@example.com', course: '@SUM(A1)' },
  { first: 'Åsa', last: 'Lindqvist', email: 'asa@example.com', course: 'Coastal, "advanced"' },
];

const consumed = new Map<string, number>();

/** The next export mail to an address, once its job has written the file and recorded the message. */
async function nextExportMail(address: string) {
  const seen = consumed.get(address) ?? 0;
  for (let i = 0; i < 300; i++) {
    const mails = (await laurel.mailsTo(address)).filter((m) => m.kind === 'export').sort((a, b) => a.id - b.id);
    if (mails.length > seen) {
      consumed.set(address, seen + 1);
      return mails[seen]!;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no export mail to ${address}`);
}

/** The link in the export mail, fetched the way a mail client's browser would: no session. */
async function download(address: string) {
  const mail = await nextExportMail(address);
  const url = /http:\/\/laurel\.test(\/api\/exports\/\S+)/.exec(mail.text)![1]!;
  const file = await laurel.app.inject({ method: 'GET', url, headers: { host: 'laurel.test' } });
  return { mail, url, file };
}

async function readXlsx(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, rows };
}

beforeAll(async () => {
  laurel = await startTestLaurel({ env: { WORKERS: '2' } });
  premium = await storeAccount(laurel, { premium: true });
  free = await storeAccount(laurel, { name: 'Free Harbour' });
  crew = await saveProject(premium.admin.client, premium.setId, 'Summer crew', HOSTILE);
  await sendAndSettle(premium.admin.client, crew);
});
afterAll(async () => {
  await laurel?.close();
});

describe('export rules', () => {
  it('estimates 3 minutes, or 3 per 250 recipients rounded from 250 on', () => {
    expect([1, 249, 250, 374, 375, 600, 1_000].map(exportEstimateMinutes)).toEqual([3, 3, 3, 3, 6, 6, 12]);
  });

  it('keeps cells that look like formulas as text', () => {
    expect(['=1+2', '+1', '-1', '@A1', '\tx', '\rx', 'plain', '1-2'].map(safeCell)).toEqual([
      "'=1+2",
      "'+1",
      "'-1",
      "'@A1",
      "'\tx",
      "'\rx",
      'plain',
      '1-2',
    ]);
  });

  it('is for premium accounts only', async () => {
    const project = await saveProject(free.admin.client, free.setId, 'Free crew', [
      { first: 'Ann', last: 'Anchor', email: 'ann@example.com' },
    ]);
    const refused = await free.admin.client.post('/api/projects/run-export', {
      project_id: project,
      project_title: 'Free crew',
      export_type: 'csv',
      email: free.admin.email,
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      error_type: 'upgrade',
      redirect: '/account/subscription',
      errors: ['Exports are available on the Basic Monthly plan or higher.'],
    });
  });
});

describe('exporting a project', () => {
  it('mails a signed link to an XLSX whose cells are safe to open', async () => {
    const started = await premium.admin.client.post('/api/projects/run-export', {
      project_id: crew,
      project_title: 'Summer crew',
      export_type: 'xlsx',
      email: premium.admin.email,
    });
    expect(started.json()).toEqual({
      success: true,
      message: 'Export started',
      email: premium.admin.email,
      recipients_count: 3,
      estimated_minutes: 3,
    });

    const { mail, file } = await download(premium.admin.email);
    expect(mail.subject).toBe('Your export is ready: Summer crew');
    expect(mail.html).toContain('Download XLSX');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers['content-disposition']).toContain('filename="Summer crew - recipients.xlsx"');

    const { sheet, rows } = await readXlsx(file.rawPayload);
    expect(sheet.name).toBe('Summer crew');
    expect(rows[0]).toEqual([
      'Project',
      'Certificate',
      'Certificate number',
      'First name',
      'Last name',
      'Email',
      'Course',
      'Expiration date',
      'Status',
      'Sent',
      'Opened',
      'Revoked',
    ]);
    expect(rows).toHaveLength(4);
    const [zoe, jose, asa] = rows.slice(1);
    expect(zoe!.slice(3, 9)).toEqual([
      `'=HYPERLINK("http://evil.example","open")`,
      'Okafor',
      'zoe@example.com',
      "'+1+2",
      '2030-12-31',
      'Sent',
    ]);
    expect(jose!.slice(4, 7)).toEqual(["'-Núñez", 'jose@example.com', "'@SUM(A1)"]);
    expect(asa!.slice(3, 7)).toEqual(['Åsa', 'Lindqvist', 'asa@example.com', 'Coastal, "advanced"']);
    expect(zoe![9]).toBeInstanceOf(Date);
    // No cell is a formula, whatever the recipient typed.
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it('writes CSV as UTF-8 text with a byte-order mark, quoting where needed', async () => {
    const started = await premium.admin.client.post('/api/projects/run-export', { project_id: crew, export_type: 'csv' });
    expect(started.json().message).toBe('Export started');
    const { file } = await download(premium.admin.email);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect([...file.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'Project,Certificate,Certificate number,First name,Last name,Email,Course,Expiration date,Status,Sent,Opened,Revoked',
    );
    expect(lines[1]).toMatch(
      /^Summer crew,Seamanship,\d+-0001,"'=HYPERLINK\(""http:\/\/evil\.example"",""open""\)",Okafor,zoe@example\.com,'\+1\+2,2030-12-31,Sent,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC,,$/,
    );
    expect(lines[3]).toContain('"Coastal, ""advanced"""');
  });

  it('writes CSV that stays safe opened with a semicolon or a comma as the separator', async () => {
    // Excel in much of Europe splits on semicolons: unquoted, the part after one would be a live formula.
    const name = 'Smith;=HYPERLINK("http://evil.example","x")';
    const project = await saveProject(premium.admin.client, premium.setId, 'Lisbon harbour', [
      { first: name, last: 'Tab\t+1;@SUM(A1)', email: 'smith@example.com', course: 'Line\n-1,=2' },
    ]);
    await premium.admin.client.post('/api/projects/run-export', { project_id: project, export_type: 'csv' });
    const { file } = await download(premium.admin.email);
    const text = file.rawPayload.subarray(3).toString('utf8');
    for (const delimiter of [';', ',']) {
      const cells = Papa.parse<string[]>(text, { delimiter, newline: '\r\n' }).data.flat();
      // Split on semicolons, the row falls into pieces at the separators inside its fields.
      expect(cells.length).toBeGreaterThan(3);
      expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    }
    // Read with its own separator, every value is there as typed, the apostrophes aside.
    const [, row] = Papa.parse<string[]>(text, { delimiter: ',', newline: '\r\n' }).data;
    expect(row!.slice(3, 7)).toEqual([
      `Smith;'=HYPERLINK("http://evil.example","x")`,
      "Tab\t'+1;'@SUM(A1)",
      'smith@example.com',
      "Line\n'-1,'=2",
    ]);
    // Fields holding a semicolon or a tab are quoted too, not only those with a comma.
    expect(text).toContain(`"Tab\t'+1;'@SUM(A1)"`);
  });

  it('starts one export for a repeated click, and refuses the link without its signature', async () => {
    // A project of its own: the same export asked for in the same minute by an earlier test would be this one.
    const project = await saveProject(premium.admin.client, premium.setId, 'Harbour pilots', [
      { first: 'Pia', last: 'Pilot', email: 'pia@example.com' },
    ]);
    const body = { project_id: project, export_type: 'xlsx', email: premium.admin.email };
    const exportMails = async () => (await laurel.mailsTo(premium.admin.email)).filter((m) => m.kind === 'export').length;
    const before = await exportMails();
    const clicks = await Promise.all([1, 2, 3].map(() => premium.admin.client.post('/api/projects/run-export', body)));
    expect(clicks.map((c) => c.json().message)).toEqual(['Export started', 'Export started', 'Export started']);
    const { url } = await download(premium.admin.email);
    await new Promise((r) => setTimeout(r, 500));
    expect(await exportMails()).toBe(before + 1);

    const unsigned = await laurel.app.inject({ method: 'GET', url: url.split('?')[0]!, headers: { host: 'laurel.test' } });
    expect(unsigned.statusCode).toBe(401);
    const forged = await laurel.app.inject({
      method: 'GET',
      url: url.replace(/sig=[^&]+/, 'sig=forged'),
      headers: { host: 'laurel.test' },
    });
    expect(forged.statusCode).toBe(401);
    const otherAccount = await free.admin.client.get(url.split('?')[0]!);
    expect(otherAccount.statusCode).toBe(404);
  });

  it('removes the file once its link has lapsed', async () => {
    const project = await saveProject(premium.admin.client, premium.setId, 'Lapsed crew', [
      { first: 'Lea', last: 'Lapse', email: 'lea@example.com' },
    ]);
    await premium.admin.client.post('/api/projects/run-export', { project_id: project, export_type: 'csv', email: premium.admin.email });
    const { url, file } = await download(premium.admin.email);
    expect(file.statusCode).toBe(200);
    const [record] = await laurel.context.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.file_key, /export-[^?]+/.exec(url)![0]));

    // The removal waits in the queue for as long as the mailed link is valid.
    const waiting = await laurel.context.db.execute(
      sql`select start_after from pgboss.job where name = ${exportRemovalJob.name} and (data->>'exportId')::bigint = ${record!.id}`,
    );
    const rows = (waiting as unknown as { rows: { start_after: string | Date }[] }).rows;
    expect(rows).toHaveLength(1);
    const delay = new Date(rows[0]!.start_after).getTime() - record!.finished_at!.getTime();
    expect(delay).toBeGreaterThan(EXPORT_LINK_DAYS * 86_400_000);
    expect(delay).toBeLessThan((EXPORT_LINK_DAYS + 1) * 86_400_000);

    await exportRemovalJob.handle({ exportId: record!.id }, laurel.context, undefined as never);
    const gone = await laurel.app.inject({ method: 'GET', url, headers: { host: 'laurel.test' } });
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).message).toBe('This export is no longer available. Please start it again from the Store.');
  });

  it('sends the link only to a user of the account', async () => {
    const refused = await premium.admin.client.post('/api/projects/run-export', {
      project_id: crew,
      export_type: 'csv',
      email: 'outsider@example.org',
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).errors[0]).toBe('The export can only be sent to a user of this account.');
  });

  it('scales the estimate with the number of recipients', async () => {
    const many = Array.from({ length: 400 }, (_, i) => ({ first: `Crew${i}`, last: 'Member', email: `crew${i}@example.com` }));
    const big = await saveProject(premium.admin.client, premium.setId, 'Fleet', many);
    expect((await premium.admin.client.get(`/api/projects/${big}/recipients-count`)).json()).toEqual({ recipients_count: 400 });
    const started = await premium.admin.client.post('/api/projects/run-export', { project_id: big, export_type: 'csv' });
    expect(started.json()).toMatchObject({ recipients_count: 400, estimated_minutes: 6 });
    const { file } = await download(premium.admin.email);
    expect(file.rawPayload.toString('utf8').trim().split('\r\n')).toHaveLength(401);
  });
});

describe('bulk and search exports', () => {
  it('exports several projects into one file and counts them first', async () => {
    const second = await saveProject(premium.admin.client, premium.setId, 'Winter crew', [
      { first: 'Kai', last: 'Keel', email: 'kai@example.com' },
    ]);
    const count = await premium.admin.client.post('/api/projects/bulk-recipients-count', { projects: [crew, second] });
    expect(count.json()).toEqual({ recipients_count: 4 });
    const started = await premium.admin.client.post('/api/projects/run-export-bulk', {
      projectIds: [crew, second],
      export_type: 'xlsx',
      email: premium.admin.email,
    });
    expect(started.json()).toMatchObject({ message: 'Export started', recipients_count: 4 });
    const { mail, file } = await download(premium.admin.email);
    expect(mail.subject).toBe('Your export is ready: 2 projects');
    const { rows } = await readXlsx(file.rawPayload);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Summer crew', 'Summer crew', 'Summer crew', 'Winter crew']);
  });

  it('exports the global search’s query with the chosen columns', async () => {
    const started = await premium.admin.client.post(`/api/recipients/${premium.accountId}/account-recipients-alldata`, {
      filter: { project: 'summer', status: 'sent', fields: { COURSE: 'coastal' } },
      columns: ['name', 'email', 'field:COURSE', 'status'],
      export_type: 'csv',
    });
    expect(started.json()).toMatchObject({ message: 'Export started', recipients_count: 1 });
    const { file } = await download(premium.admin.email);
    expect(file.rawPayload.subarray(3).toString('utf8').split('\r\n')).toEqual([
      'Name,Email,Course,Status',
      'Åsa Lindqvist,asa@example.com,"Coastal, ""advanced""",Sent',
    ]);
  });

  it('refuses another account’s project and another account in the path with 404', async () => {
    const foreign = await saveProject(free.admin.client, free.setId, 'Their crew', [
      { first: 'Ann', last: 'Anchor', email: 'ann@example.com' },
    ]);
    for (const response of [
      await premium.admin.client.post('/api/projects/run-export', { project_id: foreign, export_type: 'csv' }),
      await premium.admin.client.post('/api/projects/run-export-bulk', { projectIds: [crew, foreign], export_type: 'csv' }),
      await premium.admin.client.post('/api/projects/bulk-recipients-count', { projects: [foreign] }),
      await premium.admin.client.get(`/api/projects/${foreign}/recipients-count`),
      await premium.admin.client.post(`/api/recipients/${free.accountId}/account-recipients-alldata`, { filter: {} }),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
    }
  });

  it('lets a sub-user export only projects they may see', async () => {
    const sub = await subUser(laurel, premium.accountId, { allow_all_certificate_sets: true });
    const hidden = await sub.client.post('/api/projects/run-export', { project_id: crew, export_type: 'csv' });
    expect(hidden.statusCode).toBe(404);
    const own = await saveProject(sub.client, premium.setId, 'Sub crew', [{ first: 'Kai', last: 'Keel', email: 'kai@example.com' }]);
    const started = await sub.client.post('/api/projects/run-export', { project_id: own, export_type: 'csv' });
    expect(started.json()).toMatchObject({ message: 'Export started', email: sub.email, recipients_count: 1 });
    const { file } = await download(sub.email);
    expect(file.rawPayload.subarray(3).toString('utf8')).toContain('Sub crew');
    // A search export by the sub-user holds only their own projects' recipients.
    await sub.client.post(`/api/recipients/${premium.accountId}/account-recipients-alldata`, {
      filter: { email: 'example.com' },
      columns: ['project', 'email'],
      export_type: 'csv',
    });
    const [search] = await laurel.context.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.email, sub.email))
      .orderBy(desc(dataExports.id));
    expect(search).toMatchObject({ kind: 'search', title: 'Search results' });
    const { file: found } = await download(sub.email);
    expect(found.rawPayload.subarray(3).toString('utf8').split('\r\n').slice(1)).toEqual(['Sub crew,kai@example.com']);
  });
});
