/** The Store's screens (spec 3 §2), under the names the router knows them by. */
export { HistoryPage as StoreHistoryPage } from './HistoryPage.tsx';
export { ProjectPage as StoreProjectPage } from './ProjectPage.tsx';
export { ProjectsPage as StoreProjectsPage } from './ProjectsPage.tsx';
export { RecipientsPage as StoreRecipientsPage } from './RecipientsPage.tsx';
export { SearchPage as StoreSearchPage } from './SearchPage.tsx';
export { SentStatusPage as StoreHistoryItemPage } from './SentStatusPage.tsx';
