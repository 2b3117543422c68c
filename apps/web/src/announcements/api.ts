import { api } from '../api/client.ts';

export interface Announcement {
  id?: number;
  title: string;
  content: string;
}

/** The system-update announcement: an array whose second item, when present, is the one to show. */
export const getUpdateSystemModal = () => api.get<[unknown, Announcement?] | []>('/users/show/modal/update-system');

/** Marks the announcement read so the next visit does not show it again. */
export const markUpdateSystemSeen = () => api.post<{ success: boolean }>('/users/show/modal/update-system/seen');
