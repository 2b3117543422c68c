import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { parseCsv } from '../src/modules/imports/parse.ts';
import { ApiClient, errorOf, GOOD_PASSWORD, registerConfirmedAdmin, uniqueEmail } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

let laurel: TestLaurel;
let admin: Awaited<ReturnType<typeof registerConfirmedAdmin>>;
let setId: number;

beforeAll(async () => {
  laurel = await startTestLaurel();
  admin = await registerConfirmedAdmin(laurel);
  await laurel.context.db.update(accounts).set({ allowed_sets: 5 }).where(eq(accounts.id, admin.user.account!.id));
  setId = (
    await admin.client.post('/api/certificates', {
      name: 'Statistics',
      expiration_date_format: 'DD/MM/YYYY',
      elements: [
        { type: 'name', content: '[FIRST NAME] [LAST NAME]', styles: { left: '35px', top: '200px', width: '570px', height: '40px' } },
        {
          type: 'dynamicText',
          content: 'for completing [COURSE]',
          styles: { left: '120px', top: '260px', width: '400px', height: '30px' },
        },
        { type: 'expiration_date', content: '[EXPIRATION_DATE]', styles: { left: '120px', top: '320px', width: '300px', height: '30px' } },
      ],
    })
  ).json().id;
});
afterAll(async () => {
  await laurel?.close();
});

const NAMES = ['Zoë Okafor', 'José Ñúñez', 'Åsa Lindqvist', 'Chloé Dubois', 'Søren Kierkegaard'];

/** A CSV as spreadsheets export it in much of Europe: BOM, semicolons, accents. */
function europeanCsv(rows: number): Buffer {
  const lines = ['Prénom;Nom;E-mail;Cours;Expire'];
  for (let i = 0; i < rows; i++) {
    const [first, last] = NAMES[i % NAMES.length]!.split(' ');
    lines.push(`${first};${last};person${i}@example.com;Statistique;31/12/2027`);
  }
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\r\n'))]);
}

function mapRows(table: { rows: string[][] }) {
  return table.rows.map((r) => ({ FIRST_NAME: r[0]!, LAST_NAME: r[1]!, 'Email Address': r[2]!, COURSE: r[3]!, EXPIRATION_DATE: r[4]! }));
}

describe('saving a project', () => {
  it('saves 200 imported recipients with accents, certificate numbers and ISO expiration dates', async () => {
    const table = parseCsv(europeanCsv(200));
    const response = await admin.client.post('/api/projects', {
      title: 'Statistique 2027',
      key: 'Autumn cohort',
      certificate_id: setId,
      recipients: mapRows(table),
    });
    expect(response.statusCode).toBe(200);
    const project = response.json();
    expect(project).toMatchObject({
      title: 'Statistique 2027',
      key: 'Autumn cohort',
      recipients_count: 200,
      unsent_count: 200,
      sent_count: 0,
      certificate_name: 'Statistics',
    });

    const page = (await admin.client.get(`/api/recipients?project_id=${project.id}&limit=10&like=zo%C3%AB`)).json();
    expect(page.count).toBe(40);
    expect(page.recipients[0]).toMatchObject({
      first_name: 'Zoë',
      last_name: 'Okafor',
      meta: { COURSE: 'Statistique', EXPIRATION_DATE: '2027-12-31' },
      state: 'draft',
    });
    expect(page.recipients[0].certificate_number).toMatch(new RegExp(`^${project.id}-\\d{4}$`));
    expect(page.recipients[0]).not.toHaveProperty('token');
  });

  it('names the first bad email or expiration date and saves nothing', async () => {
    const rows = mapRows(parseCsv(europeanCsv(5)));
    rows[3]!['Email Address'] = 'not-an-email';
    const badEmail = await admin.client.post('/api/projects', { title: 'Bad email', certificate_id: setId, recipients: rows });
    expect(errorOf(badEmail)).toMatchObject({ error_type: 'invalid_email', errors: ['Invalid email format: not-an-email (row 4)'] });
    rows[3]!['Email Address'] = 'fixed@example.com';
    rows[1]!.EXPIRATION_DATE = '12/31/2027';
    const badDate = await admin.client.post('/api/projects', { title: 'Bad date', certificate_id: setId, recipients: rows });
    expect(errorOf(badDate).errors[0]).toBe('Please enter a valid expiration date in format - DD/MM/YYYY (row 2)');
    const unmapped = await admin.client.post('/api/projects', {
      title: 'Unmapped',
      certificate_id: setId,
      recipients: rows.map(({ COURSE: _course, ...rest }) => rest),
    });
    expect(errorOf(unmapped).errors[0]).toBe('Please map all data fields on cert to continue.');
    expect(
      (
        await admin.client.post('/api/projects', {
          title: 'Bad email',
          certificate_id: setId,
          recipients: mapRows(parseCsv(europeanCsv(2))),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('accepts a combined name column and refuses a taken title', async () => {
    const rows = [
      { 'FIRST_NAME LAST_NAME': 'Mary Ann Smith', 'Email Address': 'mary@example.com', COURSE: 'R', EXPIRATION_DATE: '01/01/2028' },
    ];
    const saved = await admin.client.post('/api/projects', { title: 'Combined', certificate_id: setId, recipients: rows });
    const listed = (await admin.client.get(`/api/recipients?project_id=${saved.json().id}`)).json().recipients[0];
    expect(listed).toMatchObject({ first_name: 'Mary Ann', last_name: 'Smith' });
    const taken = await admin.client.post('/api/projects', { title: 'combined', certificate_id: setId, recipients: rows });
    expect(errorOf(taken)).toMatchObject({ error_type: 'exist', errors: ['Project title must be unique.'] });
  });

  it('refuses a list holding bad rows on its own, naming every one, and saves nothing', async () => {
    const rows = mapRows(parseCsv(europeanCsv(6)));
    rows[1]!['Email Address'] = 'not-an-email@';
    rows[4]!['Email Address'] = ' ';
    rows[4]!.EXPIRATION_DATE = '2027-12-31';
    const refused = await admin.client.post('/api/projects', { title: 'Two bad rows', certificate_id: setId, recipients: rows });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      message: 'Invalid email format: not-an-email@ (row 2)',
      error_type: 'invalid_email',
      errors: [
        'Invalid email format: not-an-email@ (row 2)',
        'Missing email address (row 5).',
        'Please enter a valid expiration date in format - DD/MM/YYYY (row 5)',
      ],
    });
    // Nothing was kept: the same title is free once the rows are good.
    const good = rows.filter((_, index) => index !== 1 && index !== 4);
    const saved = await admin.client.post('/api/projects', { title: 'Two bad rows', certificate_id: setId, recipients: good });
    expect(saved.json()).toMatchObject({ recipients_count: 4 });
  });

  it('keeps a Chinese, Japanese or Korean full name whole and in its order', async () => {
    const person = (name: string, email: string) => ({
      'FIRST_NAME LAST_NAME': name,
      'Email Address': email,
      COURSE: 'R',
      EXPIRATION_DATE: '01/01/2028',
    });
    const saved = await admin.client.post('/api/projects', {
      title: 'Names as written',
      certificate_id: setId,
      recipients: [
        person('王小明', 'wang@example.com'),
        person('山田 太郎', 'yamada@example.com'),
        person('Zoë Ångström', 'zoe@example.com'),
      ],
    });
    const listed = (await admin.client.get(`/api/recipients?project_id=${saved.json().id}&sort=email`)).json().recipients;
    expect(listed.map((r: { first_name: string; last_name: string }) => [r.first_name, r.last_name])).toEqual([
      ['王小明', ''],
      ['山田 太郎', ''],
      ['Zoë', 'Ångström'],
    ]);
  });

  it('keeps projects to their account, and a sub-user to their own', async () => {
    const stranger = await registerConfirmedAdmin(laurel);
    const mine = (
      await admin.client.post('/api/projects', { title: 'Private', certificate_id: setId, recipients: mapRows(parseCsv(europeanCsv(1))) })
    ).json();
    expect((await stranger.client.get(`/api/projects/${mine.id}`)).statusCode).toBe(404);
    expect((await stranger.client.get(`/api/recipients?project_id=${mine.id}`)).statusCode).toBe(404);
    expect(
      (await stranger.client.post('/api/projects', { title: 'X', certificate_id: setId, recipients: mapRows(parseCsv(europeanCsv(1))) }))
        .statusCode,
    ).toBe(404);

    const email = uniqueEmail('sub');
    await laurel.context.db.insert(users).values({
      account_id: admin.user.account!.id,
      email,
      username: email,
      roles: ['account_user'],
      confirmed_at: new Date(),
      password_hash: await hashPassword(GOOD_PASSWORD),
    });
    const sub = new ApiClient(laurel);
    await sub.login(email, GOOD_PASSWORD);
    expect((await sub.get(`/api/projects/${mine.id}`)).statusCode).toBe(404);
    const own = await sub.post('/api/projects', {
      title: 'Sub project',
      certificate_id: setId,
      recipients: mapRows(parseCsv(europeanCsv(1))),
    });
    expect((await sub.get(`/api/projects/${own.json().id}`)).statusCode).toBe(200);
  });
});

describe('the store’s project list', () => {
  it('searches title and memo, renames, and soft-deletes', async () => {
    const rows = [{ FIRST_NAME: 'A', LAST_NAME: 'B', 'Email Address': 'ab@example.com', COURSE: 'C', EXPIRATION_DATE: '01/01/2030' }];
    const project = (
      await admin.client.post('/api/projects', { title: 'Winter 100% cohort', key: 'ask_me', certificate_id: setId, recipients: rows })
    ).json();
    const found = (await admin.client.get('/api/projects?like=100%25')).json();
    expect(found.projects.map((p: { id: number }) => p.id)).toEqual([project.id]);
    expect((await admin.client.get('/api/projects?like=ask_me')).json().count).toBe(1);
    const renamed = await admin.client.post(`/api/projects/${project.id}/update-memo`, { title: 'Winter cohort', memo: 'Second run' });
    expect(renamed.json()).toMatchObject({
      message: 'Memo saved',
      project: { title: 'Winter cohort', key: 'Second run', recipients_count: 1 },
    });
    expect((await admin.client.delete(`/api/projects/${project.id}`)).json().message).toBe('Record deleted');
    expect((await admin.client.get(`/api/projects/${project.id}`)).statusCode).toBe(404);
  });
});
