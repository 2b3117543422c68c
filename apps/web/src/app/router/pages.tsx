import { type ComponentType, lazy } from 'react';
import type { LazyScreen, PageDef, RoutePath } from './page-types.ts';

/**
 * A screen loaded on first use, so an area's code is downloaded only when someone opens it. Each
 * screen file is a chunk of its own (the import must name the file literally for Vite to split it);
 * the code a screen shares with the rest of its area goes to chunks of that area.
 *
 * Once its code is in, the screen renders at once: React.lazy alone would suspend on the first render
 * even then, and React holds a revealed fallback for a moment, which would keep the loader up longer.
 */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyScreen {
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = module[name];
      return { default: module[name] };
    });
    return loading;
  };
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per screen at module level, never while rendering, so each screen keeps one stable component
  function Screen() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Screen, { preload });
}

// auth, register
const LoginPage = screen(() => import('../../features/auth/LoginPage.tsx'), 'LoginPage');
const ConfirmAccountPage = screen(() => import('../../features/auth/ConfirmAccountPage.tsx'), 'ConfirmAccountPage');
const ResetPasswordPage = screen(() => import('../../features/auth/ResetPasswordPage.tsx'), 'ResetPasswordPage');
const RegisterPage = screen(() => import('../../features/register/RegisterPage.tsx'), 'RegisterPage');
const RegisterSuccessPage = screen(() => import('../../features/register/RegisterSuccessPage.tsx'), 'RegisterSuccessPage');

// build, email-editor, dashboard, send
const ExistingSetsPage = screen(() => import('../../features/designer/ExistingSetsPage.tsx'), 'ExistingSetsPage');
const NewCertificatePage = screen(() => import('../../features/designer/NewCertificatePage.tsx'), 'NewCertificatePage');
const PurchaseSetsPage = screen(() => import('../../features/designer/PurchaseSetsPage.tsx'), 'PurchaseSetsPage');
const EditorPage = screen(() => import('../../features/designer/EditorPage.tsx'), 'EditorPage');
const AdminTemplatesPage = screen(() => import('../../features/designer/AdminTemplatesPage.tsx'), 'AdminTemplatesPage');
const EmailEditorPage = screen(() => import('../../features/email-editor/EmailEditorPage.tsx'), 'EmailEditorPage');
const DashboardPage = screen(() => import('../../features/dashboard/DashboardPage.tsx'), 'DashboardPage');
const SendPage = screen(() => import('../../features/send/SendPage.tsx'), 'SendPage');
const SendProjectPage = screen(() => import('../../features/send/SendProjectPage.tsx'), 'SendProjectPage');

// store
const ProjectsPage = screen(() => import('../../features/store/ProjectsPage.tsx'), 'ProjectsPage');
const ProjectPage = screen(() => import('../../features/store/ProjectPage.tsx'), 'ProjectPage');
const RecipientsPage = screen(() => import('../../features/store/RecipientsPage.tsx'), 'RecipientsPage');
const SearchPage = screen(() => import('../../features/store/SearchPage.tsx'), 'SearchPage');
const HistoryPage = screen(() => import('../../features/store/HistoryPage.tsx'), 'HistoryPage');
const SentStatusPage = screen(() => import('../../features/store/SentStatusPage.tsx'), 'SentStatusPage');

// account
const AccountProfilePage = screen(() => import('../../features/account/AccountProfilePage.tsx'), 'AccountProfilePage');
const ManageUsersPage = screen(() => import('../../features/team/ManageUsersPage.tsx'), 'ManageUsersPage');
const PortalSettingsPage = screen(() => import('../../features/portal-settings/PortalSettingsPage.tsx'), 'PortalSettingsPage');
const EmailSettingsPage = screen(() => import('../../features/email-settings/EmailSettingsPage.tsx'), 'EmailSettingsPage');
const TwoFactorPage = screen(() => import('../../features/two-factor/TwoFactorPage.tsx'), 'TwoFactorPage');
const SingleSignOnPage = screen(() => import('../../features/sso/SingleSignOnPage.tsx'), 'SingleSignOnPage');
const ApiIntegrationsPage = screen(() => import('../../features/integrations/ApiIntegrationsPage.tsx'), 'ApiIntegrationsPage');
const ApiReferencePage = screen(() => import('../../features/integrations/ApiReferencePage.tsx'), 'ApiReferencePage');
const SubscriptionPage = screen(() => import('../../features/billing/SubscriptionPage.tsx'), 'SubscriptionPage');
const PlansPage = screen(() => import('../../features/billing/PlansPage.tsx'), 'PlansPage');
const PurchaseCreditsPage = screen(() => import('../../features/billing/PurchaseCreditsPage.tsx'), 'PurchaseCreditsPage');
const AutomaticPurchasesPage = screen(() => import('../../features/billing/AutomaticPurchasesPage.tsx'), 'AutomaticPurchasesPage');
const BillingInformationPage = screen(() => import('../../features/billing/BillingInformationPage.tsx'), 'BillingInformationPage');
const BillingHistoryPage = screen(() => import('../../features/billing/BillingHistoryPage.tsx'), 'BillingHistoryPage');
const BillingRedirectPage = screen(() => import('../../features/billing/BillingRedirectPage.tsx'), 'BillingRedirectPage');
const UpdatesPage = screen(() => import('../../features/account/UpdatesPage.tsx'), 'UpdatesPage');
const DeleteAccountPage = screen(() => import('../../features/account/DeleteAccountPage.tsx'), 'DeleteAccountPage');

// admin
const AdminBackgroundsPage = screen(() => import('../../features/admin/AdminBackgroundsPage.tsx'), 'AdminBackgroundsPage');
const AdminImagesPage = screen(() => import('../../features/admin/AdminImagesPage.tsx'), 'AdminImagesPage');
const AdminMappingsPage = screen(() => import('../../features/admin/AdminMappingsPage.tsx'), 'AdminMappingsPage');
const AdminMappingCreatePage = screen(() => import('../../features/admin/AdminMappingCreatePage.tsx'), 'AdminMappingCreatePage');
const AdminMappingPage = screen(() => import('../../features/admin/AdminMappingPage.tsx'), 'AdminMappingPage');
const AdminAccountsPage = screen(() => import('../../features/admin/AdminAccountsPage.tsx'), 'AdminAccountsPage');
const AdminSettingsPage = screen(() => import('../../features/admin/AdminSettingsPage.tsx'), 'AdminSettingsPage');
const OutboxListPage = screen(() => import('../../features/admin/outbox/OutboxListPage.tsx'), 'OutboxListPage');
const OutboxMessagePage = screen(() => import('../../features/admin/outbox/OutboxMessagePage.tsx'), 'OutboxMessagePage');
const ActivityPage = screen(() => import('../../features/admin/activity/ActivityPage.tsx'), 'ActivityPage');
const AdminCreditsPage = screen(() => import('../../features/admin/AdminCreditsPage.tsx'), 'AdminCreditsPage');
const AdminSubscriptionsPage = screen(() => import('../../features/admin/AdminSubscriptionsPage.tsx'), 'AdminSubscriptionsPage');
const AdminAnnouncementsPage = screen(() => import('../../features/admin/AdminAnnouncementsPage.tsx'), 'AdminAnnouncementsPage');
const AdminResendAttemptsPage = screen(() => import('../../features/admin/AdminResendAttemptsPage.tsx'), 'AdminResendAttemptsPage');
const AdminProjectsPage = screen(() => import('../../features/admin/AdminProjectsPage.tsx'), 'AdminProjectsPage');
const AdminCustomDomainsPage = screen(() => import('../../features/admin/AdminCustomDomainsPage.tsx'), 'AdminCustomDomainsPage');
const AdminPaygLogPage = screen(() => import('../../features/admin/AdminPaygLogPage.tsx'), 'AdminPaygLogPage');
const AdminPromoCodesPage = screen(() => import('../../features/admin/AdminPromoCodesPage.tsx'), 'AdminPromoCodesPage');

// portal, credentials, public pages
const PortalHomePage = screen(() => import('../../features/portal/PortalHomePage.tsx'), 'PortalHomePage');
const PortalCertificatesPage = screen(() => import('../../features/portal/PortalCertificatesPage.tsx'), 'PortalCertificatesPage');
const PortalLoginPage = screen(() => import('../../features/portal/PortalLoginPage.tsx'), 'PortalLoginPage');
const PortalRegisterPage = screen(() => import('../../features/portal/PortalRegisterPage.tsx'), 'PortalRegisterPage');
const PortalSetPasswordPage = screen(() => import('../../features/portal/PortalSetPasswordPage.tsx'), 'PortalSetPasswordPage');
const CredentialsHomePage = screen(() => import('../../features/credentials/CredentialsHomePage.tsx'), 'CredentialsHomePage');
const CredentialsLoginPage = screen(() => import('../../features/credentials/CredentialsLoginPage.tsx'), 'CredentialsLoginPage');
const VerifyPage = screen(() => import('../../features/verify/VerifyPage.tsx'), 'VerifyPage');
const PreferencesPage = screen(() => import('../../features/preferences/PreferencesPage.tsx'), 'PreferencesPage');
const PrivacyPage = screen(() => import('../../features/legal/LegalPage.tsx'), 'PrivacyPage');
const TermsPage = screen(() => import('../../features/legal/LegalPage.tsx'), 'TermsPage');

/**
 * The screen for every route of docs/product/access-and-routes.md#screens. Keyed by the shared ROUTES, so a route added there does
 * not compile until it has a screen here. A certificate's page (`/c/:token`) is HTML the server
 * renders itself (modules/delivery/certificate-page-html.ts), light enough for a phone.
 */
export const PAGES: Record<Exclude<RoutePath, '/c/:token'>, PageDef> = {
  '/': { layout: 'auth', title: 'Sign in', Page: LoginPage },
  '/login': { layout: 'auth', title: 'Sign in', Page: LoginPage },
  '/register': { layout: 'auth', title: 'Create your account', Page: RegisterPage },
  '/register/success': { layout: 'auth', title: 'Check your inbox', Page: RegisterSuccessPage },
  '/user/confirm/:code': { layout: 'auth', title: 'Confirm your account', Page: ConfirmAccountPage },
  '/user/reset/:code': { layout: 'auth', title: 'Reset your password', Page: ResetPasswordPage },

  '/build': { layout: 'app', title: 'Build', Page: ExistingSetsPage },
  '/build/new': { layout: 'app', title: 'New certificate', Page: NewCertificatePage },
  '/build/purchase': { layout: 'app', title: 'More certificate sets', Page: PurchaseSetsPage },
  '/build/:id': { layout: 'app', title: 'Certificate builder', Page: EditorPage },
  '/build/:id/email': { layout: 'app', title: 'Certificate email', Page: EmailEditorPage },
  '/admin/build/:id': { layout: 'app', title: 'Template builder', Page: EditorPage },
  '/admin/build/:id/email': { layout: 'app', title: 'Template email', Page: EmailEditorPage },
  '/dashboard': { layout: 'app', title: 'Dashboard', Page: DashboardPage },
  '/send': { layout: 'app', title: 'Send', Page: SendPage },
  '/send/:id/send': { layout: 'app', title: 'Send', Page: SendProjectPage },
  '/store': { layout: 'store', title: 'Store', Page: ProjectsPage },
  '/store/projects/:id': { layout: 'store', title: 'Project', Page: ProjectPage },
  '/store/projects/:id/email': { layout: 'app', title: 'Project email', Page: EmailEditorPage },
  '/store/recipients': { layout: 'store', title: 'Recipients', Page: RecipientsPage },
  '/store/search': { layout: 'store', title: 'Search', Page: SearchPage },
  '/store/history': { layout: 'store', title: 'History', Page: HistoryPage },
  '/store/history/:id': { layout: 'store', title: 'History', Page: SentStatusPage },

  '/account': { layout: 'account', title: 'Profile', Page: AccountProfilePage },
  '/account/manage-users': { layout: 'account', title: 'Users', Page: ManageUsersPage },
  '/account/configure-portal-settings': { layout: 'account', title: 'Recipient portal', Page: PortalSettingsPage },
  '/account/email-settings': { layout: 'account', title: 'Email settings', Page: EmailSettingsPage },
  '/account/two-factored-authentication': { layout: 'account', title: 'Two-factor authentication', Page: TwoFactorPage },
  '/account/single-sign-on': { layout: 'account', title: 'Single sign-on', Page: SingleSignOnPage },
  '/api-integrations': { layout: 'account', title: 'API & integrations', Page: ApiIntegrationsPage },
  '/api-integrations/reference': { layout: 'account', title: 'API reference', Page: ApiReferencePage },
  '/account/subscription': { layout: 'account', title: 'Subscription', Page: SubscriptionPage },
  '/account/billing-subscriptions': { layout: 'account', title: 'Plans', Page: PlansPage },
  '/account/purchase-credits': { layout: 'account', title: 'Purchase credits', Page: PurchaseCreditsPage },
  '/account/automatic-purchases': { layout: 'account', title: 'Automatic purchases', Page: AutomaticPurchasesPage },
  '/account/billing-information': { layout: 'account', title: 'Billing information', Page: BillingInformationPage },
  '/account/billing-history': { layout: 'account', title: 'Billing history', Page: BillingHistoryPage },
  '/account/billing-redirect': { layout: 'account', title: 'Payment', Page: BillingRedirectPage },
  '/account/updates': { layout: 'account', title: 'Updates', Page: UpdatesPage },
  '/account/delete': { layout: 'account', title: 'Delete account', Page: DeleteAccountPage },

  '/admin/build': { layout: 'app', title: 'Templates', Page: AdminTemplatesPage },
  '/admin/build/backgrounds': { layout: 'app', title: 'Backgrounds', Page: AdminBackgroundsPage },
  '/admin/build/images': { layout: 'app', title: 'Images', Page: AdminImagesPage },
  '/admin/build/mappings': { layout: 'app', title: 'Mappings', Page: AdminMappingsPage },
  '/admin/build/mappings/create': { layout: 'app', title: 'New mapping', Page: AdminMappingCreatePage },
  '/admin/build/mappings/:id': { layout: 'app', title: 'Mapping', Page: AdminMappingPage },
  '/admin/accounts': { layout: 'app', title: 'Accounts', Page: AdminAccountsPage },
  '/admin/accounts/settings': { layout: 'app', title: 'Settings', Page: AdminSettingsPage },
  '/admin/outbox': { layout: 'app', title: 'Outbox', Page: OutboxListPage },
  '/admin/outbox/:id': { layout: 'app', title: 'Message', Page: OutboxMessagePage },
  '/admin/activity': { layout: 'app', title: 'Activity', Page: ActivityPage },
  '/credits': { layout: 'app', title: 'Credits', Page: AdminCreditsPage },
  '/subscriptions': { layout: 'app', title: 'Subscriptions', Page: AdminSubscriptionsPage },
  '/announcements': { layout: 'app', title: 'Announcements', Page: AdminAnnouncementsPage },
  '/resend-attempts': { layout: 'app', title: 'Resend attempts', Page: AdminResendAttemptsPage },
  '/projects': { layout: 'app', title: 'Projects', Page: AdminProjectsPage },
  '/custom-domains': { layout: 'app', title: 'Custom domains', Page: AdminCustomDomainsPage },
  '/payg-log': { layout: 'app', title: 'PAYG log', Page: AdminPaygLogPage },
  '/promo-codes': { layout: 'app', title: 'Promo codes', Page: AdminPromoCodesPage },

  '/portal': { layout: 'portal', title: 'Your certificates', Page: PortalHomePage },
  '/portal/certificates': { layout: 'portal', title: 'My certificates', Page: PortalCertificatesPage },
  '/portal/login': { layout: 'portal', title: 'Sign in', Page: PortalLoginPage },
  '/portal/register': { layout: 'portal', title: 'Create your sign-in', Page: PortalRegisterPage },
  '/portal/set-password': { layout: 'portal', title: 'Choose your password', Page: PortalSetPasswordPage },
  '/credentials': { layout: 'credentials', title: 'My credentials', Page: CredentialsHomePage },
  '/credentials/login': { layout: 'credentials', title: 'Sign in', Page: CredentialsLoginPage },
  '/verify': { layout: 'public', title: 'Verify a certificate', Page: VerifyPage },
  '/preferences/:token': { layout: 'public', title: 'Email preferences', Page: PreferencesPage },
  '/privacy': { layout: 'public', title: 'Privacy policy', Page: PrivacyPage },
  '/terms': { layout: 'public', title: 'Terms of service', Page: TermsPage },
};
