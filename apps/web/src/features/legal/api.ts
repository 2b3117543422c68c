import { appSettingsCalls, type LegalPageName } from '@laurel/domain';
import { call } from '../../shared/api/call.ts';

export const getLegalPage = (page: LegalPageName) => call(appSettingsCalls.getLegalPage, { params: { page } });
