/** The server takes lists up to 10 MB (well over the 50,000 rows one import holds). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** What a recipient list may be: CSV (or other delimited text) and Excel workbooks. */
export const IMPORT_ACCEPT = {
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt', '.tsv'],
  'text/tab-separated-values': ['.tsv'],
  'application/vnd.ms-excel': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

/** Workbooks are read as they are; any other file is text whose separator the issuer confirms. */
export const isWorkbook = (file: File) =>
  /\.xlsx$/i.test(file.name) || file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const rejectionMessage = (code: string | undefined) =>
  code === 'file-too-large' ? 'The file is larger than 10 MB.' : 'Choose a CSV file or an Excel workbook (.xlsx).';
