import { type LibraryImage, libraryCalls } from '@laurel/domain';
import { call } from '../../../shared/api/call.ts';

export type LibraryKind = 'backgrounds' | 'signatures';

const form = (file: File) => {
  const data = new FormData();
  data.append('file', file);
  return data;
};
type Sort = { id: number; sorting: number }[];

/** The two shared libraries super-admins keep for every account: same shape, their own calls. */
export const libraryApi: Record<
  LibraryKind,
  {
    list(): Promise<LibraryImage[]>;
    add(file: File): Promise<unknown>;
    remove(id: number): Promise<unknown>;
    sort(sort: Sort): Promise<unknown>;
  }
> = {
  backgrounds: {
    list: async () => (await call(libraryCalls.listBackgrounds, {})).backgrounds,
    add: (file) => call(libraryCalls.addBackground, { form: form(file) }),
    remove: (id) => call(libraryCalls.deleteBackground, { params: { id } }),
    sort: (sort) => call(libraryCalls.sortBackgrounds, { body: { sort } }),
  },
  signatures: {
    // A super-admin's own account images are theirs, not the shared library's.
    list: async () => (await call(libraryCalls.listSignatures, {})).signatures.filter((image) => image.account_id === null),
    add: (file) => call(libraryCalls.addSignature, { form: form(file) }),
    remove: (id) => call(libraryCalls.deleteSignature, { params: { id } }),
    sort: (sort) => call(libraryCalls.sortSignatures, { body: { sort } }),
  },
};
