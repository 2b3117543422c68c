import { announcementCalls, type DashboardAction, type DashboardRange, dashboardCalls, systemCalls } from '@laurel/domain';
import { call } from '../api/call.ts';

export const statisticsKey = (range: DashboardRange) => ['dashboard', 'statistics', range] as const;
export const PROGRESS_KEY = ['dashboard', 'progress'] as const;
export const ACTIVE_ANNOUNCEMENT_KEY = ['announcements', 'active'] as const;

export const getStatistics = (range: DashboardRange) => call(dashboardCalls.getDashboardStatistics, { query: { range } });
export const getProgress = () => call(dashboardCalls.getDashboardProgress, {});
export const setDashboardAction = (body: DashboardAction) => call(dashboardCalls.setDashboardAction, { body });
export const getActiveAnnouncement = () => call(announcementCalls.getActiveAnnouncement, {});
/** Dismissing the announcement records it for this user; it is not shown to them again. */
export const dismissAnnouncement = () => call(systemCalls.markUpdateSystemSeen, {});
