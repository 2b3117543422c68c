import { announcementCalls, type DashboardAction, type DashboardRange, dashboardCalls, systemCalls } from '@laurel/domain';
import { call } from '../../shared/api/call.ts';
import { dashboardKeys } from './query-keys.ts';

export const statisticsKey = (range: DashboardRange) => dashboardKeys.statistics(range);
export const PROGRESS_KEY = dashboardKeys.progress();
export const ACTIVE_ANNOUNCEMENT_KEY = dashboardKeys.activeAnnouncement();

export const getStatistics = (range: DashboardRange) => call(dashboardCalls.getDashboardStatistics, { query: { range } });
export const getProgress = () => call(dashboardCalls.getDashboardProgress, {});
export const setDashboardAction = (body: DashboardAction) => call(dashboardCalls.setDashboardAction, { body });
export const getActiveAnnouncement = () => call(announcementCalls.getActiveAnnouncement, {});
/** Dismissing the announcement records it for this user; it is not shown to them again. */
export const dismissAnnouncement = () => call(systemCalls.markUpdateSystemSeen, {});
