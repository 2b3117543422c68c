import {
  type ActivityQuery,
  type AdminProjectQuery,
  type AnnouncementInput,
  type AppSettingsValues,
  adminCalls,
  announcementCalls,
  appSettingsCalls,
  creditCalls,
  importCalls,
  type MappingBody,
  mappingCalls,
  type OutboxQuery,
  projectAdminCalls,
  projectCalls,
} from '@laurel/domain';
import { call } from '../../shared/api/call.ts';
import { adminKeys } from './query-keys.ts';

export const listOutbox = (query: OutboxQuery) => call(adminCalls.listOutboxMessages, { query });

export const getOutboxMessage = (id: string) => call(adminCalls.getOutboxMessage, { params: { id } });

export const listActivity = (query: ActivityQuery) => call(adminCalls.listActivity, { query });

/** Service-wide settings (docs/product/super-admin.md#calls `GET/PUT settings`) and announcements (`admin announcements`). */
export const SETTINGS_KEY = adminKeys.settings();
export const getAppSettings = () => call(appSettingsCalls.getAppSettings, {});
export const updateAppSettings = (body: Partial<AppSettingsValues>) => call(appSettingsCalls.updateAppSettings, { body });
export const ANNOUNCEMENTS_KEY = adminKeys.announcements();
export const listAnnouncements = () => call(announcementCalls.listAnnouncements, {});
export const saveAnnouncement = (body: AnnouncementInput) => call(announcementCalls.saveAnnouncement, { body });
export const deleteAnnouncement = (id: number) => call(announcementCalls.deleteAnnouncement, { params: { id } });

export const listAdminProjects = (query: Partial<AdminProjectQuery>) => call(projectAdminCalls.listAdminProjects, { query });

export const updateResendAttempts = (project_id: number, resend_attempts: number) =>
  call(projectAdminCalls.updateResendAttempts, { body: { project_id, resend_attempts } });

export const recoverProject = (id: number) => call(projectAdminCalls.recoverProject, { params: { id } });

export const deleteProjectForever = (id: number) => call(projectCalls.deleteProject, { params: { id }, query: { permanently: true } });

export const getPaygLog = (dateStart: string, dateEnd: string) => call(creditCalls.getPaygLog, { query: { dateStart, dateEnd } });

export const listGlobalMappings = () => call(mappingCalls.listMappings, { query: { 'where[global]': '1' } });

export const createGlobalMapping = (body: MappingBody) => call(mappingCalls.createMapping, { body: { ...body, global: true } });

export const updateMapping = (id: number, body: MappingBody) => call(mappingCalls.updateMapping, { params: { id }, body });

export const deleteMapping = (id: number) => call(mappingCalls.deleteMapping, { params: { id } });

/**
 * A sample list's column titles for a mapping (docs/product/super-admin.md#calls): the file is kept with `uploads`, then
 * `recipients/import-list` reads it by its `upload_id`.
 */
export async function readSampleTitles(file: File): Promise<string[]> {
  const upload = new FormData();
  upload.append('file', file, file.name);
  const kept = await call(importCalls.keepUpload, { form: upload });
  const read = new FormData();
  read.append('upload_id', kept.upload_id);
  return (await call(importCalls.importRecipientList, { form: read })).headers;
}
