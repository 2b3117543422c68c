import { type AccessUser, canEditEmails } from '@laurel/domain';

/**
 * Which email editor this is (spec 2 §2.5): a global template (admin), one project's email (project),
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

/** Only a path inside the app may be returned to, never another site. */
export function safeReturnPath(value: string | null): string | null {
  return value?.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : null;
}
