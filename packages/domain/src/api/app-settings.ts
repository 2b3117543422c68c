import { z } from 'zod';
import { defineCalls, okReply } from './contract.ts';

/**
 * The service-wide settings super-admins edit on Admin settings (docs/product/super-admin.md#screens, docs/product/super-admin.md#calls `GET/PUT settings`), one
 * typed list: the server stores each under its key in `app_settings`, the screen edits them, the sign-up
 * forms and the legal pages read them. A setting never saved has its default.
 */
export const LEGAL_CONTENT_MAX_LENGTH = 200_000;

const legalText = z.string().max(LEGAL_CONTENT_MAX_LENGTH, 'The text is too long.');

export const appSettingsShape = z
  .object({
    /** Whether the sign-up forms offer a promo code field (docs/product/super-admin.md#calls `GET admin settings/allow_promo_codes`). */
    allow_promo_codes: z.boolean(),
    /** The privacy policy at /privacy, as sanitised HTML; empty shows the default text. */
    privacy_policy: legalText,
    /** The terms of service at /terms and in the terms dialog, as sanitised HTML; empty shows the default text. */
    terms_of_service: legalText,
  })
  .meta({ id: 'AppSettings' });
export type AppSettingsValues = z.infer<typeof appSettingsShape>;
export type AppSettingKey = keyof AppSettingsValues;

export const APP_SETTING_DEFAULTS: Readonly<AppSettingsValues> = {
  allow_promo_codes: true,
  privacy_policy: '',
  terms_of_service: '',
};
export const APP_SETTING_KEYS = Object.keys(APP_SETTING_DEFAULTS) as AppSettingKey[];

export const LEGAL_PAGES = ['privacy', 'terms'] as const;
export type LegalPageName = (typeof LEGAL_PAGES)[number];
export const LEGAL_PAGE_SETTING: Readonly<Record<LegalPageName, 'privacy_policy' | 'terms_of_service'>> = {
  privacy: 'privacy_policy',
  terms: 'terms_of_service',
};
export const LEGAL_PAGE_TITLES: Readonly<Record<LegalPageName, string>> = { privacy: 'Privacy policy', terms: 'Terms of service' };

export const legalPage = z
  .object({
    /** Sanitised HTML the operator wrote; null until they write some, when the page shows the default text. */
    content: z.string().nullable(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'LegalPage' });
export type LegalPage = z.infer<typeof legalPage>;

export const appSettingsCalls = defineCalls('settings', {
  getAppSettings: {
    method: 'GET',
    path: '/api/settings',
    summary: 'Read the service-wide settings (super-admins)',
    access: 'session',
    response: appSettingsShape,
    errors: [403],
  },
  updateAppSettings: {
    method: 'PUT',
    path: '/api/settings',
    summary: 'Change some service-wide settings (super-admins)',
    description: 'Only the settings named in the body change; legal texts are sanitised. Each change is written to the audit log.',
    access: 'session',
    body: appSettingsShape.partial(),
    response: appSettingsShape,
    errors: [400, 403],
  },
  getLegalPage: {
    method: 'GET',
    path: '/api/legal/:page',
    summary: 'Read the privacy policy or the terms of service',
    access: 'public',
    params: z.object({ page: z.enum(LEGAL_PAGES) }),
    response: legalPage,
    errors: [400],
  },
});

/** The announcements super-admins publish (docs/product/dashboard.md#what-is-kept Announcement, docs/product/dashboard.md#calls `admin announcements`). */
export const ANNOUNCEMENT_CONTENT_MAX_LENGTH = 50_000;

export const adminAnnouncement = z
  .object({
    id: z.number().int(),
    title: z.string(),
    content: z.string(),
    /** 1 shows it to users (the newest one only), 0 keeps it as a draft. */
    status: z.union([z.literal(0), z.literal(1)]),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AdminAnnouncement' });
export type AdminAnnouncement = z.infer<typeof adminAnnouncement>;

export const announcementInput = z.object({
  /** Absent for a new announcement. */
  id: z.number().int().positive().optional(),
  title: z.string().trim().min(1, 'Give the announcement a title.').max(200),
  content: z.string().trim().min(1, 'Write the announcement.').max(ANNOUNCEMENT_CONTENT_MAX_LENGTH),
  status: z.union([z.literal(0), z.literal(1)]),
});
export type AnnouncementInput = z.infer<typeof announcementInput>;

export const announcementCalls = defineCalls('announcements', {
  listAnnouncements: {
    method: 'GET',
    path: '/api/admin/announcements',
    summary: 'List the announcements, newest first (super-admins)',
    access: 'session',
    response: z.object({ announcements: z.array(adminAnnouncement) }),
    errors: [403],
  },
  saveAnnouncement: {
    method: 'PUT',
    path: '/api/admin/announcements',
    summary: 'Create an announcement, or change one by id (super-admins)',
    description: 'The content is sanitised; links open in a new tab.',
    access: 'session',
    body: announcementInput,
    response: adminAnnouncement,
    errors: [400, 403, 404],
  },
  getActiveAnnouncement: {
    method: 'GET',
    path: '/api/admin/announcements/active',
    summary: 'Read the newest active announcement the user has not dismissed',
    description: 'Dismissing it (`POST /api/users/show/modal/update-system/seen`) records it for this user, who is not shown it again.',
    access: 'session',
    response: z.object({ announcement: z.object({ id: z.number().int(), title: z.string(), content: z.string() }).nullable() }),
  },
  deleteAnnouncement: {
    method: 'DELETE',
    path: '/api/admin/announcements/:id',
    summary: 'Delete an announcement (super-admins)',
    access: 'session',
    params: z.object({ id: z.coerce.number<number | string>().int().positive() }),
    response: okReply,
    errors: [403, 404],
  },
});
