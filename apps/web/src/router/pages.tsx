import * as Account from '../pages/account/AccountPages.tsx';
import { AccountProfilePage } from '../pages/account/AccountProfilePage.tsx';
import { SubscriptionPage } from '../pages/account/SubscriptionPage.tsx';
import * as Admin from '../pages/admin/AdminPages.tsx';
import { OutboxListPage } from '../pages/admin/outbox/OutboxListPage.tsx';
import { OutboxMessagePage } from '../pages/admin/outbox/OutboxMessagePage.tsx';
import { LoginPage } from '../pages/auth/LoginPage.tsx';
import { AdminTemplatesPage } from '../pages/build/AdminTemplatesPage.tsx';
import { EditorPage } from '../pages/build/EditorPage.tsx';
import { ExistingSetsPage } from '../pages/build/ExistingSetsPage.tsx';
import { NewCertificatePage } from '../pages/build/NewCertificatePage.tsx';
import { PurchaseSetsPage } from '../pages/build/PurchaseSetsPage.tsx';
import { CertificatePage } from '../pages/certificate/CertificatePage.tsx';
import { CredentialsHomePage, CredentialsLoginPage } from '../pages/credentials/CredentialsPages.tsx';
import { DashboardPage } from '../pages/dashboard/DashboardPage.tsx';
import { EmailEditorPage } from '../pages/email/EmailEditorPage.tsx';
import { ConfirmAccountPage, ResetPasswordPage } from '../pages/password/SetPasswordPage.tsx';
import * as Portal from '../pages/portal/PortalPages.tsx';
import { PreferencesPage } from '../pages/preferences/PreferencesPage.tsx';
import { RegisterPage } from '../pages/register/RegisterPage.tsx';
import { RegisterSuccessPage } from '../pages/register/RegisterSuccessPage.tsx';
import { SendPage, SendProjectPage } from '../pages/send/SendPages.tsx';
import * as Store from '../pages/store/StorePages.tsx';
import type { PageDef, RoutePath } from './page-types.ts';

/**
 * The screen for every route of spec 1 §2. Keyed by the shared ROUTES, so a route added there does
 * not compile until it has a screen here.
 */
export const PAGES: Record<RoutePath, PageDef> = {
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
  '/store': { layout: 'store', title: 'Store', Page: Store.StoreProjectsPage },
  '/store/projects/:id': { layout: 'store', title: 'Project', Page: Store.StoreProjectPage },
  '/store/projects/:id/email': { layout: 'app', title: 'Project email', Page: EmailEditorPage },
  '/store/recipients': { layout: 'store', title: 'Recipients', Page: Store.StoreRecipientsPage },
  '/store/search': { layout: 'store', title: 'Search', Page: Store.StoreSearchPage },
  '/store/history': { layout: 'store', title: 'History', Page: Store.StoreHistoryPage },
  '/store/history/:id': { layout: 'store', title: 'History', Page: Store.StoreHistoryItemPage },

  '/account': { layout: 'account', title: 'Profile', Page: AccountProfilePage },
  '/account/manage-users': { layout: 'account', title: 'Users', Page: Account.ManageUsersPage },
  '/account/configure-portal-settings': { layout: 'account', title: 'Recipient portal', Page: Account.PortalSettingsPage },
  '/account/email-settings': { layout: 'account', title: 'Email settings', Page: Account.EmailSettingsPage },
  '/account/two-factored-authentication': { layout: 'account', title: 'Two-factor authentication', Page: Account.TwoFactorPage },
  '/account/single-sign-on': { layout: 'account', title: 'Single sign-on', Page: Account.SingleSignOnPage },
  '/api-integrations': { layout: 'account', title: 'API & integrations', Page: Account.ApiIntegrationsPage },
  '/account/subscription': { layout: 'account', title: 'Subscription', Page: SubscriptionPage },
  '/account/billing-subscriptions': { layout: 'account', title: 'Plans', Page: Account.PlansPage },
  '/account/purchase-credits': { layout: 'account', title: 'Purchase credits', Page: Account.PurchaseCreditsPage },
  '/account/automatic-purchases': { layout: 'account', title: 'Automatic purchases', Page: Account.AutomaticPurchasesPage },
  '/account/billing-information': { layout: 'account', title: 'Billing information', Page: Account.BillingInformationPage },
  '/account/billing-history': { layout: 'account', title: 'Billing history', Page: Account.BillingHistoryPage },
  '/account/updates': { layout: 'account', title: 'Updates', Page: Account.UpdatesPage },
  '/account/delete': { layout: 'account', title: 'Delete account', Page: Account.DeleteAccountPage },

  '/admin/build': { layout: 'app', title: 'Templates', Page: AdminTemplatesPage },
  '/admin/build/backgrounds': { layout: 'app', title: 'Backgrounds', Page: Admin.AdminBackgroundsPage },
  '/admin/build/images': { layout: 'app', title: 'Images', Page: Admin.AdminImagesPage },
  '/admin/build/mappings': { layout: 'app', title: 'Mappings', Page: Admin.AdminMappingsPage },
  '/admin/build/mappings/create': { layout: 'app', title: 'New mapping', Page: Admin.AdminMappingCreatePage },
  '/admin/build/mappings/:id': { layout: 'app', title: 'Mapping', Page: Admin.AdminMappingPage },
  '/admin/accounts': { layout: 'app', title: 'Accounts', Page: Admin.AdminAccountsPage },
  '/admin/accounts/settings': { layout: 'app', title: 'Settings', Page: Admin.AdminSettingsPage },
  '/admin/outbox': { layout: 'app', title: 'Outbox', Page: OutboxListPage },
  '/admin/outbox/:id': { layout: 'app', title: 'Message', Page: OutboxMessagePage },
  '/credits': { layout: 'app', title: 'Credits', Page: Admin.AdminCreditsPage },
  '/subscriptions': { layout: 'app', title: 'Subscriptions', Page: Admin.AdminSubscriptionsPage },
  '/announcements': { layout: 'app', title: 'Announcements', Page: Admin.AdminAnnouncementsPage },
  '/resend-attempts': { layout: 'app', title: 'Resend attempts', Page: Admin.AdminResendAttemptsPage },
  '/projects': { layout: 'app', title: 'Projects', Page: Admin.AdminProjectsPage },
  '/custom-domains': { layout: 'app', title: 'Custom domains', Page: Admin.AdminCustomDomainsPage },
  '/payg-log': { layout: 'app', title: 'PAYG log', Page: Admin.AdminPaygLogPage },
  '/promo-codes': { layout: 'app', title: 'Promo codes', Page: Admin.AdminPromoCodesPage },

  '/portal': { layout: 'portal', title: 'Your certificates', Page: Portal.PortalHomePage },
  '/portal/certificates': { layout: 'portal', title: 'My certificates', Page: Portal.PortalCertificatesPage },
  '/portal/login': { layout: 'portal', title: 'Sign in', Page: Portal.PortalLoginPage },
  '/portal/register': { layout: 'portal', title: 'Create your sign-in', Page: Portal.PortalRegisterPage },
  '/portal/set-password': { layout: 'portal', title: 'Choose your password', Page: Portal.PortalSetPasswordPage },
  '/credentials': { layout: 'credentials', title: 'My credentials', Page: CredentialsHomePage },
  '/credentials/login': { layout: 'credentials', title: 'Sign in', Page: CredentialsLoginPage },
  '/c/:token': { layout: 'public', title: 'Certificate', Page: CertificatePage },
  '/preferences/:token': { layout: 'public', title: 'Email preferences', Page: PreferencesPage },
};
