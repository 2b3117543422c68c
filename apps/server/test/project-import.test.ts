import { PERMISSION_MESSAGES } from '@laurel/domain';
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, recipients } from '../src/db/schema.ts';
import { ApiClient, errorOf, type FormPart } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { saveProject, storeAccount, subUser } from './helpers/store-fixtures.ts';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const IMPORT_URL = '/api/recipients/import-project-recipients-list';

/** The columns of the club's export as the wizard matched them; "Notes" was left unmatched. */
const MAPPING = {
  Prénom: 'FIRST_NAME',
  Nom: 'LAST_NAME',
  Courriel: 'Email Address',
  Formation: 'COURSE',
  Échéance: 'EXPIRATION_DATE',
  Notes: '',
};

let laurel: TestLaurel;
let owner: Awaited<ReturnType<typeof storeAccount>>;
let other: Awaited<ReturnType<typeof storeAccount>>;
let fileProject: number;
let typedProject: number;

const upload = (client: ApiClient | null, parts: FormPart[]) => (client ?? new ApiClient(laurel)).upload(IMPORT_URL, parts);

/** A semicolon-separated CSV with a byte-order mark, as spreadsheet programs in much of Europe save it. */
const csv = (lines: string[]) => Buffer.concat([BOM, Buffer.from(`${lines.join('\r\n')}\r\n`)]);

const importFile = (client: ApiClient, projectId: number, file: Buffer, delimiter?: string) =>
  upload(client, [
    ...(delimiter ? [{ name: 'delimiter', value: delimiter }] : []),
    { name: 'project_id', value: String(projectId) },
    { name: 'file', value: file, filename: 'crew.csv' },
  ]);

const CLUB_HEADER = 'courriel;PRÉNOM; Nom ;Notes;Formation;Échéance';

beforeAll(async () => {
  laurel = await startTestLaurel();
  owner = await storeAccount(laurel);
  other = await storeAccount(laurel, { name: 'Other Harbour' });
  const saved = await owner.admin.client.post('/api/projects', {
    title: 'Club export',
    certificate_id: owner.setId,
    filename: 'club.csv',
    mapping: MAPPING,
    recipients: [
      { FIRST_NAME: 'Ada', LAST_NAME: 'Byron', 'Email Address': 'ada@example.com', COURSE: 'Navigation', EXPIRATION_DATE: '31/12/2030' },
    ],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  fileProject = saved.json().id;
  typedProject = await saveProject(owner.admin.client, owner.setId, 'Typed in', [{ first: 'Kai', last: 'Keel', email: 'kai@example.com' }]);
});
afterAll(async () => {
  await laurel?.close();
});

describe('a project keeps the columns it was saved with', () => {
  it('stores the wizard’s matching, and the field keys for a list typed in by hand', async () => {
    const [file] = await laurel.context.db.select({ mapping: projects.mapping }).from(projects).where(eq(projects.id, fileProject));
    expect(file!.mapping).toEqual(MAPPING);
    const fields = (await owner.admin.client.get(`/api/projects/${typedProject}/data-fields`)).json();
    expect(fields.import_columns).toEqual(['FIRST_NAME', 'LAST_NAME', 'Email Address', 'EXPIRATION_DATE', 'COURSE']);
    // In the certificate's field order, the unmatched column last.
    expect((await owner.admin.client.get(`/api/projects/${fileProject}/data-fields`)).json().import_columns).toEqual([
      'Prénom',
      'Nom',
      'Courriel',
      'Échéance',
      'Formation',
      'Notes',
    ]);
  });

  it('lists the fields the columns fill as the account’s data fields, not the column titles', async () => {
    expect(
      (await owner.admin.client.get(`/api/accounts/${owner.accountId}/data-fields`)).json().fields.map((f: { key: string }) => f.key),
    ).toEqual(['COURSE', 'EXPIRATION_DATE']);
  });

  it('refuses a matching that names a field the certificate lacks, or leaves one out', async () => {
    const base = {
      certificate_id: owner.setId,
      recipients: [
        { FIRST_NAME: 'Ada', LAST_NAME: 'Byron', 'Email Address': 'ada@example.com', COURSE: 'Navigation', EXPIRATION_DATE: '31/12/2030' },
      ],
    };
    const unknown = await owner.admin.client.post('/api/projects', {
      ...base,
      title: 'Unknown field',
      mapping: { ...MAPPING, Notes: 'SHOE_SIZE' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toMatchObject({
      error_type: 'mapping',
      errors: ['The column "Notes" is matched to a field this certificate does not have.'],
    });
    const { Formation: _course, ...withoutCourse } = MAPPING;
    const incomplete = await owner.admin.client.post('/api/projects', { ...base, title: 'No course column', mapping: withoutCourse });
    expect(errorOf(incomplete)).toMatchObject({ error_type: 'mapping', errors: ['Please map all data fields on cert to continue.'] });
  });
});

describe('POST /api/recipients/import-project-recipients-list', () => {
  it('maps a file with the project’s columns, in any order and letter case, into the rows add-recipients takes', async () => {
    const file = csv([
      CLUB_HEADER,
      'zoe@example.com;Zoë;Ñúñez;vegetarian;Pilotage;31/12/2030',
      // A spreadsheet's date cell saved as ISO is written in the certificate's format.
      'JOSE@example.com;José;Åström;;Day Skipper;2031-06-30',
    ]);
    const response = await importFile(owner.admin.client, fileProject, file, ';');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { FIRST_NAME: 'Zoë', LAST_NAME: 'Ñúñez', 'Email Address': 'zoe@example.com', COURSE: 'Pilotage', EXPIRATION_DATE: '31/12/2030' },
        {
          FIRST_NAME: 'José',
          LAST_NAME: 'Åström',
          'Email Address': 'JOSE@example.com',
          COURSE: 'Day Skipper',
          EXPIRATION_DATE: '30/06/2031',
        },
      ],
      headers: ['courriel', 'PRÉNOM', 'Nom', 'Notes', 'Formation', 'Échéance'],
      message: 'Success! Parsed import file.',
    });
    // Nothing is stored until the rows are added.
    expect(await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, fileProject))).toHaveLength(1);
  });

  it('reads the first sheet of a workbook the same way', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Crew');
    sheet.addRow(['Prénom', 'Nom', 'Courriel', 'Notes', 'Formation', 'Échéance']);
    sheet.addRow(['Åsa', 'Lindqvist', 'asa@example.com', '', 'Coastal Skipper', new Date(Date.UTC(2029, 0, 5))]);
    const response = await upload(owner.admin.client, [
      { name: 'project_id', value: String(fileProject) },
      { name: 'file', value: Buffer.from(await workbook.xlsx.writeBuffer()), filename: 'crew.xlsx' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual([
      {
        FIRST_NAME: 'Åsa',
        LAST_NAME: 'Lindqvist',
        'Email Address': 'asa@example.com',
        COURSE: 'Coastal Skipper',
        EXPIRATION_DATE: '05/01/2029',
      },
    ]);
  });

  it('holds a project typed in by hand to its field names', async () => {
    const file = csv(['first_name;last_name;EMAIL ADDRESS;Course;Expiration_Date', 'Li;Wei;li@example.com;Navigation;01/02/2031']);
    const response = await importFile(owner.admin.client, typedProject, file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual([
      { FIRST_NAME: 'Li', LAST_NAME: 'Wei', 'Email Address': 'li@example.com', COURSE: 'Navigation', EXPIRATION_DATE: '01/02/2031' },
    ]);
  });

  it('refuses a file whose columns differ, naming what is missing and what is not expected', async () => {
    const renamed = await importFile(
      owner.admin.client,
      fileProject,
      csv(['Mail;Prénom;Nom;Notes;Formation;Échéance', 'zoe@example.com;Zoë;Ñúñez;;Pilotage;31/12/2030']),
      ';',
    );
    expect(renamed.statusCode).toBe(400);
    expect(errorOf(renamed)).toMatchObject({
      error_type: 'not_equal',
      errors: [`The file's columns must match the project's: missing "Courriel"; unexpected "Mail".`],
    });

    const extra = await importFile(
      owner.admin.client,
      fileProject,
      csv([`${CLUB_HEADER};Shoe size`, 'zoe@example.com;Zoë;Ñúñez;;Pilotage;31/12/2030;42']),
    );
    expect(errorOf(extra)).toMatchObject({
      error_type: 'not_equal',
      errors: [`The file's columns must match the project's: unexpected "Shoe size".`],
    });

    const fewer = await importFile(
      owner.admin.client,
      fileProject,
      csv(['Courriel;Prénom;Nom;Formation;Échéance', 'zoe@example.com;Zoë;Ñúñez;Pilotage;31/12/2030']),
    );
    expect(errorOf(fewer)).toMatchObject({
      error_type: 'not_equal',
      errors: [`The file's columns must match the project's: missing "Notes".`],
    });
  });

  it('names the first bad address, a missing one, or both', async () => {
    const invalid = await importFile(
      owner.admin.client,
      fileProject,
      csv([CLUB_HEADER, 'zoe@example.com;Zoë;Ñúñez;;Pilotage;31/12/2030', 'jose@example;José;Åström;;Day Skipper;31/12/2030']),
    );
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid)).toMatchObject({ error_type: 'invalid_email', errors: ['Invalid email format: jose@example (row 2)'] });

    const missing = await importFile(
      owner.admin.client,
      fileProject,
      csv([CLUB_HEADER, ';Zoë;Ñúñez;;Pilotage;31/12/2030', ';José;Åström;;Day Skipper;31/12/2030']),
    );
    expect(errorOf(missing)).toMatchObject({ error_type: 'missing_email', errors: ['Missing email address (row 1 and 1 more).'] });

    const both = await importFile(
      owner.admin.client,
      fileProject,
      csv([CLUB_HEADER, 'zoe@;Zoë;Ñúñez;;Pilotage;31/12/2030', ';José;Åström;;Day Skipper;31/12/2030']),
    );
    expect(errorOf(both)).toMatchObject({
      error_type: 'both',
      errors: ['Missing email address (row 2).', 'Invalid email format: zoe@ (row 1)'],
    });
  });

  it('refuses an expiration date not in the certificate’s format, naming the row', async () => {
    const response = await importFile(
      owner.admin.client,
      fileProject,
      csv([CLUB_HEADER, 'zoe@example.com;Zoë;Ñúñez;;Pilotage;31/12/2030', 'jose@example.com;José;Åström;;Day Skipper;12/31/2030']),
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      error_type: 'invalid_date',
      errors: ['Please enter a valid expiration date in format - DD/MM/YYYY (row 2)'],
    });
  });

  it('refuses a file with only its header row, a missing project and a missing file', async () => {
    const empty = await importFile(owner.admin.client, fileProject, csv([CLUB_HEADER]));
    expect(errorOf(empty)).toMatchObject({ error_type: 'empty', errors: ['The file has no rows to import.'] });
    const noProject = await upload(owner.admin.client, [{ name: 'file', value: csv([CLUB_HEADER]), filename: 'crew.csv' }]);
    expect(noProject.statusCode).toBe(400);
    expect(errorOf(noProject).field).toBe('project_id');
    const noFile = await upload(owner.admin.client, [{ name: 'project_id', value: String(fileProject) }]);
    expect(errorOf(noFile).field).toBe('file');
  });

  it('answers 404 for another account’s project, and 401 without a session', async () => {
    const file = csv([CLUB_HEADER, 'zoe@example.com;Zoë;Ñúñez;;Pilotage;31/12/2030']);
    const stranger = await importFile(other.admin.client, fileProject, file);
    expect(stranger.statusCode).toBe(404);
    expect(errorOf(stranger).errors[0]).toBe('Error 404. Page not found.');
    expect(
      (
        await upload(null, [
          { name: 'project_id', value: String(fileProject) },
          { name: 'file', value: file, filename: 'crew.csv' },
        ])
      ).statusCode,
    ).toBe(401);
  });

  it('keeps sub-users to the projects they see, and needs send rights', async () => {
    const file = csv([CLUB_HEADER, 'zoe@example.com;Zoë;Ñúñez;;Pilotage;31/12/2030']);
    const ownOnly = await subUser(laurel, owner.accountId, { allow_all_certificate_sets: true });
    expect((await importFile(ownOnly.client, fileProject, file)).statusCode).toBe(404);
    const viewer = await subUser(laurel, owner.accountId, {
      allow_all_users_projects: true,
      allow_all_certificate_sets: false,
      allowed_certificate_sets: [],
    });
    const refused = await importFile(viewer.client, fileProject, file);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).errors[0]).toBe(PERMISSION_MESSAGES.send);
    const sender = await subUser(laurel, owner.accountId, { allow_all_users_projects: true, allow_all_certificate_sets: true });
    expect((await importFile(sender.client, fileProject, file)).statusCode).toBe(200);
  });

  it('returns rows that add-recipients takes as they are', async () => {
    const file = csv([
      CLUB_HEADER,
      'Zoe@Example.com;Zoë;Ñúñez;;Pilotage;31/12/2030',
      'jose@example.com;José;Åström;;Day Skipper;2031-06-30',
    ]);
    const imported = await importFile(owner.admin.client, fileProject, file);
    expect(imported.statusCode, imported.body).toBe(200);
    const added = await owner.admin.client.post(`/api/projects/${fileProject}/add-recipients`, { recipients: imported.json().data });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ added: 2, message: 'Recipient added' });
    const rows = await laurel.context.db
      .select()
      .from(recipients)
      .where(eq(recipients.project_id, fileProject))
      .orderBy(asc(recipients.id));
    expect(rows.map((r) => [r.first_name, r.last_name, r.email, r.meta, r.state])).toEqual([
      ['Ada', 'Byron', 'ada@example.com', { COURSE: 'Navigation', EXPIRATION_DATE: '2030-12-31' }, 'draft'],
      ['Zoë', 'Ñúñez', 'zoe@example.com', { COURSE: 'Pilotage', EXPIRATION_DATE: '2030-12-31' }, 'draft'],
      ['José', 'Åström', 'jose@example.com', { COURSE: 'Day Skipper', EXPIRATION_DATE: '2031-06-30' }, 'draft'],
    ]);
  });

  it('is listed in the API document with the store’s calls', async () => {
    const doc = (await owner.admin.client.get('/api/openapi.json')).json();
    expect(doc.paths[IMPORT_URL]?.post?.tags).toEqual(['store']);
  });
});
