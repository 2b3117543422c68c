export type { EmailSettingsRow } from './presenter.ts';
export { type OwnSender, ownSender } from './sending.ts';
