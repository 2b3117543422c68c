import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { DELIMITERS, parseImport, type Delimiter } from './parse.ts';

/** Recipient lists are larger than images: 10 MB holds well over the 50,000 rows one import takes. */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

function delimiterOf(value: string | undefined): Delimiter | undefined {
  if (!value) return undefined;
  const delimiter = value === 'tab' ? '\t' : value;
  if (!(DELIMITERS as readonly string[]).includes(delimiter)) throw badRequest('Choose comma, semicolon, colon or tab as the separator.', { field: 'delimiter' });
  return delimiter as Delimiter;
}

/** The import step's file upload (spec 3 §7: recipients/import-list): rows and headers, nothing stored yet. */
export function importRoutes(app: FastifyInstance, _context: AppContext): void {
  app.post('/api/recipients/import-list', { schema: { tags: ['send'] } }, async (request) => {
    requireAccountMember(request);
    let bytes: Buffer | null = null;
    let delimiter: string | undefined;
    for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES } })) {
      if (part.type === 'file') bytes = await part.toBuffer();
      else if (part.fieldname === 'delimiter') delimiter = String(part.value);
    }
    if (!bytes?.length) throw badRequest('Choose a CSV or XLSX file to import.', { field: 'file' });
    const table = await parseImport(bytes, delimiterOf(delimiter));
    return { headers: table.headers, data: table.rows, message: 'Success! Parsed import file.' };
  });
}
