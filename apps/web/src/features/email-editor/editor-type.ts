import { type AccessUser, canEditEmails } from '@laurel/domain';

/**
 * Which email editor this is (docs/product/email-editor.md#editor-modes): a global template (admin), one project's email (project),
 * a quick edit that returns to where it was opened from, a read-only view for sub-users who may not
 * edit emails, or the usual editor of an existing set. A set made a moment ago in the builder ('new')
 * is an existing set here.
 */
export type EmailEditorType = 'existing' | 'preview' | 'admin' | 'quick-email-edit' | 'project';

export function emailEditorType(pathname: string, returnTo: string | null, user: AccessUser): EmailEditorType {
  if (pathname.startsWith('/admin/')) return 'admin';
  if (!canEditEmails(user)) return 'preview';
  if (pathname.startsWith('/store/projects/')) return 'project';
  if (returnTo) return 'quick-email-edit';
  return 'existing';
}

const APP_ORIGIN = 'https://app.invalid';

const isRefusedInPath = (char: string) => char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f;

/**
 * Only a path inside the app may be returned to, never another site. Browsers drop tabs and line
 * breaks from an address and read `\` as `/`, so `/<tab>/evil.example` would open `//evil.example`:
 * such characters refuse the value, and what is left must resolve to our own origin.
 */
export function safeReturnPath(value: string | null): string | null {
  if (!value?.startsWith('/') || [...value].some(isRefusedInPath)) return null;
  const url = new URL(value, APP_ORIGIN);
  return url.origin === APP_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : null;
}
