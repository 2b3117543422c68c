import { z } from 'zod';
import { defineCalls, fileReply, idParams, okReply, queryInt, timestamp } from './contract.ts';

/**
 * What designs are made of besides their text: the account's own fonts and the built-in ones, uploaded
 * images and stored files, the background and image libraries, and stock images (docs/product/super-admin.md#calls, docs/product/super-admin.md#rules-and-limits).
 */

// ---- Fonts ---------------------------------------------------------------------------------------------

/** A font an account uploaded for its certificates. */
export const customFont = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** The family name designs use for it (the font's name). */
    family: z.string(),
    /** The stored file's key. */
    file: z.string(),
    /** The font file's public address (`/api/files/{key}`). */
    url: z.string(),
  })
  .meta({ id: 'CustomFont' });
export type CustomFont = z.infer<typeof customFont>;

export const fontCalls = defineCalls('fonts', {
  listFonts: {
    method: 'GET',
    path: '/api/fonts',
    summary: "List the account's own fonts",
    access: 'session',
    response: z.object({ fonts: z.array(customFont) }),
  },
  uploadFont: {
    method: 'POST',
    path: '/api/font/uploads',
    summary: 'Upload a font (form fields `name` and `file`: TrueType, OpenType or WOFF) for the account’s certificates',
    access: 'session',
    body: 'multipart',
    response: customFont,
    errors: [413],
  },
  removeFonts: {
    method: 'POST',
    path: '/api/certificates/remove-fonts',
    summary: "Remove some of the account's own fonts",
    access: 'session',
    body: z.object({ fonts: z.array(z.number().int().positive()).max(100) }),
    response: okReply,
  },
  getFontFile: {
    method: 'GET',
    path: '/api/font-files/:pkg/:variant/:file',
    summary: 'Download a built-in certificate font, the very file certificates are drawn with',
    access: 'public',
    params: z.object({
      /** The font family's package (`open-sans`). */
      pkg: z.string().max(100),
      /** The face's variant (`400Regular`, `700Bold_Italic`). */
      variant: z.string().max(100),
      file: z.string().max(200),
    }),
    response: fileReply('The font file', 'font/ttf', 'font/otf'),
  },
});

// ---- Uploaded and stored files ---------------------------------------------------------------------

/** An image stored for a design: its public address and its size in pixels. */
export const uploadedImage = z
  .object({ imagepath: z.string(), width: z.number().int(), height: z.number().int() })
  .meta({ id: 'UploadedImage' });
export type UploadedImage = z.infer<typeof uploadedImage>;

export const fileCalls = defineCalls('files', {
  uploadCertificateImage: {
    method: 'POST',
    path: '/api/certificates/upload',
    summary: 'Upload an image (form field `file`) for a design: a background with `background=1`, else an image element',
    description: 'Sub-users need the right to create or edit certificate sets.',
    access: 'session',
    query: z.object({ background: z.string().optional(), noPdf: z.string().optional() }),
    body: 'multipart',
    response: uploadedImage,
    errors: [413],
  },
  uploadImage: {
    method: 'POST',
    path: '/api/upload',
    summary: 'Upload an image (form field `file`) for an email body, re-encoded and stored under an unguessable address',
    description: 'Sub-users need the right to edit emails; design images go to `/api/certificates/upload`.',
    access: 'session',
    body: 'multipart',
    response: uploadedImage,
    errors: [413],
  },
  getFile: {
    method: 'GET',
    path: '/api/files/:key',
    summary: 'Download a stored file by its unguessable key',
    description: 'Public: images appear in emails, certificates and portals. Email attachments come as downloads.',
    access: 'public',
    params: z.object({ key: z.string().max(100) }),
    response: fileReply('The file as stored: an image, a font, a PDF or an email attachment', '*/*'),
  },
});

// ---- Background and image libraries ------------------------------------------------------------------

/** An image of the background library or of the image (signature) library. */
export const libraryImage = z
  .object({
    id: z.number().int(),
    imagepath: z.string(),
    name: z.string().nullable(),
    sorting: z.number().int(),
    /** The account whose own image it is; null for the library super-admins keep for everyone. */
    account_id: z.number().int().nullable(),
  })
  .meta({ id: 'LibraryImage' });
export type LibraryImage = z.infer<typeof libraryImage>;

/** A library image as added, with its library and when. */
export const addedLibraryImage = libraryImage.extend({ kind: z.enum(['background', 'signature']), created_at: timestamp() });

const librarySort = z.object({
  sort: z.array(z.object({ id: z.number().int().positive(), sorting: z.number().int().min(0) })).max(1000),
});
const done = z.object({ success: z.boolean() });

export const libraryCalls = defineCalls('library', {
  listBackgrounds: {
    method: 'GET',
    path: '/api/backgrounds',
    summary: 'List the background library, in its order',
    access: 'session',
    response: z.object({ backgrounds: z.array(libraryImage) }),
  },
  addBackground: {
    method: 'POST',
    path: '/api/backgrounds',
    summary: 'Add an image (form field `file`) to the background library (super-admins)',
    access: 'session',
    body: 'multipart',
    response: addedLibraryImage,
    errors: [413],
  },
  deleteBackground: {
    method: 'DELETE',
    path: '/api/backgrounds/:id',
    summary: 'Remove an image from the background library (super-admins)',
    access: 'session',
    params: idParams,
    response: done,
  },
  sortBackgrounds: {
    method: 'PUT',
    path: '/api/backgrounds/sort',
    summary: 'Reorder the background library (super-admins)',
    access: 'session',
    body: librarySort,
    response: done,
  },
  listSignatures: {
    method: 'GET',
    path: '/api/signatures',
    summary: "List the image (signature) library, in its order: everyone's images, then your account's own",
    access: 'session',
    response: z.object({ signatures: z.array(libraryImage) }),
  },
  addSignature: {
    method: 'POST',
    path: '/api/signatures',
    summary: 'Add an image (form field `file`) to the image (signature) library',
    description: "Super-admins add to everyone's library; account admins and sub-users with the design right add to their account's own.",
    access: 'session',
    body: 'multipart',
    response: addedLibraryImage,
    errors: [413],
  },
  deleteSignature: {
    method: 'DELETE',
    path: '/api/signatures/:id',
    summary: "Remove an image from the image (signature) library: super-admins everyone's, account members their account's own",
    description: 'An account member removing an image of everyone’s library gets 403; another account’s image is a 404.',
    access: 'session',
    params: idParams,
    response: done,
  },
  sortSignatures: {
    method: 'PUT',
    path: '/api/signatures/sort',
    summary: 'Reorder the image (signature) library (super-admins)',
    access: 'session',
    body: librarySort,
    response: done,
  },
});

// ---- Stock images ------------------------------------------------------------------------------------

export const STOCK_IMAGE_TYPES = ['background', 'image'] as const;
export type StockImageType = (typeof STOCK_IMAGE_TYPES)[number];

export const stockImage = z
  .object({
    id: z.string(),
    /** What the picture shows, for the picker's label. */
    title: z.string(),
    /** Where the picker loads the small preview from. */
    thumb: z.string(),
    /** The full image; also what the client sends back to import it. */
    url: z.string(),
    author: z.string(),
    licence: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'StockImage' });
export type StockImage = z.infer<typeof stockImage>;

export const stockCalls = defineCalls('stock images', {
  searchStockImages: {
    method: 'GET',
    path: '/api/stock-images',
    summary: 'Search the stock images by keyword, six a page',
    access: 'session',
    query: z.object({
      where: z.string().max(200).default(''),
      type: z.enum(STOCK_IMAGE_TYPES).default('background'),
      page: queryInt(1, 1000).default(1),
    }),
    response: z.object({ images: z.array(stockImage), total: z.number().int() }),
  },
  getStockImage: {
    method: 'GET',
    path: '/api/stock-images/:id/:size',
    summary: 'Download a stock image, full size or as a thumbnail',
    description: 'Public: the art is Laurel’s own and free to use, and `<img>` tags send no session header.',
    access: 'public',
    params: z.object({ id: z.string().max(80), size: z.enum(['full', 'thumb']) }),
    response: fileReply('The image: textures as JPEG, motifs as PNG with transparency', 'image/jpeg', 'image/png'),
  },
  importStockImage: {
    method: 'POST',
    path: '/api/certificates/upload-stock',
    summary: "Copy a stock image into the account's own files, for a design",
    access: 'session',
    query: z.object({ noPdf: z.string().optional() }),
    body: z.object({
      /** The stock image's id, or its `url` as search returned it. */
      file: z.string().trim().min(1, 'Choose a stock image.').max(500),
    }),
    response: uploadedImage,
    errors: [404],
  },
});
