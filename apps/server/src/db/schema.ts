import type { RecipientState } from '@laurel/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The database schema. Every row that belongs to a customer carries `account_id`, and every query
 * on such a table filters by it (tenant scoping). Migrations are generated from this file with
 * `npm run db:generate -w @laurel/server` and applied at start.
 */

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    imagepath: text('imagepath'),
    country: text('country').notNull().default('US'),
    state: text('state'),
    category: text('category').notNull().default('Company Category'),
    /** Pay-as-you-go credits; the ledger of issue 5 becomes their source of truth. */
    credits: integer('credits').notNull().default(0),
    subscription_credits: integer('subscription_credits').notNull().default(0),
    subscription_updated: timestamp('subscription_updated', { withTimezone: true }),
    subscription_in_pending: boolean('subscription_in_pending').notNull().default(false),
    stripe_active: boolean('stripe_active').notNull().default(false),
    stripe_plan: text('stripe_plan'),
    stripe_id: text('stripe_id'),
    /** The Stripe subscription the account's plan comes from; kept in step with Stripe by the webhooks. */
    stripe_subscription_id: text('stripe_subscription_id'),
    /** A failed payment's reason, shown once on the billing information screen and then cleared. */
    billing_error: text('billing_error'),
    allowed_sets: integer('allowed_sets').notNull().default(1),
    /**
     * Credits the account received for payments whose money went back to the cardholder (a refund, a
     * dispute) but had already spent: kept here and shown, never taken from later purchases. Each change
     * is a row of `billing_reversals`.
     */
    credits_owed: integer('credits_owed').notNull().default(0),
    allow_qrcode: boolean('allow_qrcode').notNull().default(false),
    allow_two_side_certificate: boolean('allow_two_side_certificate').notNull().default(false),
    promo_code: text('promo_code'),
    registration_source: text('registration_source'),
    opt_in: boolean('opt_in').notNull().default(false),
    is_banned: boolean('is_banned').notNull().default(false),
    help_center_shown: boolean('help_center_shown'),
    recipients_no_login: boolean('recipients_no_login').notNull().default(false),
    /** Every user of the account must turn on two-factor authentication before using the app. */
    require_two_factor: boolean('require_two_factor').notNull().default(false),
    trial_started_at: timestamp('trial_started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Notification-day flags (docs/product/super-admin.md#rules-and-limits): the days on which the account is notified; a super-admin changes 10, 80, 87, 89. */
    notify_days: integer('notify_days').array().notNull().default(sql`'{7,10,13,80,87,89}'::integer[]`),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('accounts_url_unique').on(t.url),
    index('accounts_created_idx').on(t.created_at),
    // The notification-day run looks accounts up by the day their trial started.
    index('accounts_trial_started_idx').on(t.trial_started_at),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** Stored lowercased: sign-in is case-insensitive. */
    email: text('email').notNull(),
    username: text('username').notNull(),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    /** The first role is the user's role; an empty list is a portal user (docs/product/recipient-portal.md#who-may-do-what). */
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    password_hash: text('password_hash'),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
    /** When the user accepted the Terms of Service (registering, or confirming their account); asked once. */
    terms_accepted_at: timestamp('terms_accepted_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    banned: boolean('banned').notNull().default(false),
    image: text('image'),
    opt_in: boolean('opt_in').notNull().default(false),
    review: boolean('review').notNull().default(false),
    show_intro: boolean('show_intro').notNull().default(true),
    show_updates: boolean('show_updates').notNull().default(true),
    allow_all_certificate_sets: boolean('allow_all_certificate_sets').notNull().default(true),
    allowed_certificate_sets: integer('allowed_certificate_sets').array().notNull().default(sql`'{}'::integer[]`),
    allow_all_users_projects: boolean('allow_all_users_projects').notNull().default(false),
    allow_certificate_set_create: boolean('allow_certificate_set_create').notNull().default(false),
    allow_certificate_set_edits: boolean('allow_certificate_set_edits').notNull().default(false),
    allow_certificate_email_edits: boolean('allow_certificate_email_edits').notNull().default(false),
    /** Which colleagues' projects a sub-user sees besides their own, when not allowed everyone's. */
    allowed_users: integer('allowed_users').array().notNull().default(sql`'{}'::integer[]`),
    /** What is left of the sub-user's allocation, debited with each send; -1 unlimited. */
    allocated_credits: integer('allocated_credits').notNull().default(-1),
    /** The allocation as the admin last set it. */
    original_allocated_credits: integer('original_allocated_credits').notNull().default(-1),
    /** Monthly top-up of the allocation (run by the billing work); never with unlimited credits. */
    auto_refill_credits: boolean('auto_refill_credits').notNull().default(false),
    refill_credits: integer('refill_credits').notNull().default(0),
    /** The admin who added this sub-user. */
    created_by: integer('created_by'),
    pagination: jsonb('pagination').$type<Record<string, number>>().notNull().default({}),
    last_announcement_seen: integer('last_announcement_seen').notNull().default(0),
    /** The dashboard's hide-tasks toggle: null until the user chooses (docs/product/dashboard.md#flows). */
    hide_tasks: boolean('hide_tasks'),
    last_login_at: timestamp('last_login_at', { withTimezone: true }),
    /** The TOTP key of enabled two-factor authentication, encrypted (secrets.ts `encryptSecret`). */
    two_factor_secret: text('two_factor_secret'),
    /** A key handed out by `google-2fa-key` and not yet confirmed with a PIN, encrypted. */
    two_factor_pending_secret: text('two_factor_pending_secret'),
    two_factor_enabled_at: timestamp('two_factor_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code of this step or an earlier one is refused (no replay). */
    two_factor_last_step: integer('two_factor_last_step'),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_account_idx').on(t.account_id)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    token_hash: text('token_hash').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set while an admin acts as `user_id`: the admin's own user id, to switch back to. */
    impersonator_id: integer('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_unique').on(t.token_hash), index('sessions_user_idx').on(t.user_id)],
);

/** One-time codes mailed to users: account confirmation, password reset, email change. */
export const userCodes = pgTable(
  'user_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    code_hash: text('code_hash').notNull(),
    new_email: text('new_email'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_codes_hash_unique').on(t.code_hash),
    check('user_codes_kind', sql`${t.kind} in ('confirm', 'reset', 'email_change', 'sign_in', 'two_factor_disable')`),
  ],
);

/** Two-factor recovery codes: shown once at enrolment, kept as SHA-256 only, each good for one use. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_hash_unique').on(t.code_hash), index('two_factor_recovery_codes_user_idx').on(t.user_id)],
);

/** Failed sign-ins, counted per address and per IP for the 429 rule. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_failures_key_idx').on(t.key, t.created_at)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account_id: integer('account_id'),
    user_id: integer('user_id'),
    actor_id: integer('actor_id'),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_account_idx').on(t.account_id, t.created_at),
    // The activity log reads every account's entries newest first, a page at a time.
    index('audit_log_created_idx').on(t.created_at, t.id),
  ],
);

/**
 * Every message the product sends from its own address. With SMTP_URL set a job delivers it; without, it stays
 * here as the outbox that super-admins read at /admin/outbox, and certificate emails are kept here too instead of
 * being sent (those that leave by SMTP are not copied: docs/decisions/0071-outbox-and-activity-log.md).
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account_id: integer('account_id'),
    /** A certificate email's project (kept only for the outbox's listing: no foreign key, the project may go first). */
    project_id: integer('project_id'),
    kind: text('kind').notNull(),
    to_address: text('to_address').notNull(),
    from_address: text('from_address').notNull(),
    subject: text('subject').notNull(),
    /** Null for plain-text-only messages. */
    html: text('html'),
    text: text('text').notNull(),
    reply_to: text('reply_to'),
    cc: text('cc').array().notNull().default(sql`'{}'::text[]`),
    bcc: text('bcc').array().notNull().default(sql`'{}'::text[]`),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** Stored files sent along: `key` in the file store, the name and type the recipient sees. */
    attachments: jsonb('attachments').$type<{ key: string; filename: string; contentType: string }[]>().notNull().default([]),
    message_id: text('message_id').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_messages_created_idx').on(t.created_at),
    // A delivery retried after a crash finds the message it already kept; an account's test emails are counted per day.
    index('mail_messages_message_id_idx').on(t.message_id),
    index('mail_messages_account_kind_idx').on(t.account_id, t.kind, t.created_at),
    // The outbox's two views, newest first: certificate emails (a send keeps thousands) and the rest.
    index('mail_messages_certificate_idx').on(t.id).where(sql`${t.kind} = 'certificate'`),
    index('mail_messages_account_mail_idx').on(t.id).where(sql`${t.kind} <> 'certificate'`),
    check('mail_messages_status', sql`${t.status} in ('queued', 'sent', 'kept', 'failed')`),
  ],
);

export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  status: boolean('status').notNull().default(false),
  ...timestamps,
});

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    promo_value: text('promo_value').notNull(),
    type: text('type').notNull().default('default'),
    amount: integer('amount').notNull().default(0),
    coupon_id: text('coupon_id'),
    usage_limit: integer('usage_limit'),
    used_count: integer('used_count').notNull().default(0),
    expire_date: timestamp('expire_date', { withTimezone: true }),
    is_active: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('promo_codes_value_unique').on(t.promo_value),
    check('promo_codes_type', sql`${t.type} in ('default', 'first-time-registering', 'percentage')`),
  ],
);

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A certificate set: the design (versioned JSON of @laurel/certificate, restored with
 * `migrateDesign` on load) and the delivery email's design, owned by one account.
 */
export const certificateSets = pgTable(
  'certificate_sets',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    style_id: integer('style_id'),
    design: jsonb('design').$type<Record<string, unknown>>().notNull(),
    email: jsonb('email').$type<Record<string, unknown>>().notNull().default({}),
    created_by: integer('created_by'),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    /** What the set's credentials say of the achievement, as the issuer wrote it; empty for the default sentence. */
    achievement_description: text('achievement_description').notNull().default(''),
    achievement_criteria: text('achievement_criteria').notNull().default(''),
    /** The set's opaque public id (96 random bits, hex), given with its first credential: its achievement image's address. */
    public_id: text('public_id'),
    ...timestamps,
  },
  (t) => [
    index('certificate_sets_account_idx').on(t.account_id, t.id),
    uniqueIndex('certificate_sets_name_unique').on(t.account_id, sql`lower(${t.name})`).where(sql`${t.deleted_at} is null`),
    uniqueIndex('certificate_sets_public_id_unique').on(t.public_id),
  ],
);

/** Global templates ("styles") that super-admins design and every account starts from. */
export const styles = pgTable(
  'styles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    sorting: integer('sorting').notNull().default(0),
    design: jsonb('design').$type<Record<string, unknown>>().notNull(),
    email: jsonb('email').$type<Record<string, unknown>>().notNull().default({}),
    url_requirements: text('url_requirements'),
    ...timestamps,
  },
  (t) => [uniqueIndex('styles_name_unique').on(sql`lower(${t.name})`)],
);

/** Every stored file (uploads, backgrounds, fonts, rendered certificates): who owns it and where it lives. */
export const storedFiles = pgTable(
  'files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account_id: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** The name in the store and in its public URL: 128+ random bits, never a sequence. */
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    original_name: text('original_name'),
    width: integer('width'),
    height: integer('height'),
    created_by: integer('created_by'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('files_key_unique').on(t.key), index('files_account_idx').on(t.account_id, t.kind)],
);

/**
 * The background library and the image (signature) library: images super-admins offer to everyone
 * (no account), and images an account added to its own image library.
 */
export const libraryImages = pgTable(
  'library_images',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    imagepath: text('imagepath').notNull(),
    name: text('name'),
    sorting: integer('sorting').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('library_images_kind_idx').on(t.kind, t.sorting),
    index('library_images_account_idx').on(t.account_id, t.kind),
    check('library_images_kind', sql`${t.kind} in ('background', 'signature')`),
  ],
);

/** Fonts an account uploaded for its certificates. */
export const accountFonts = pgTable(
  'account_fonts',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    file_key: text('file_key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_fonts_name_unique').on(t.account_id, sql`lower(${t.name})`)],
);

/** Files attached to a certificate set's email (docs/product/builder.md#calls: certificates/{id}/uploads). */
export const certificateUploads = pgTable(
  'certificate_uploads',
  {
    id: serial('id').primaryKey(),
    certificate_id: integer('certificate_id')
      .notNull()
      .references(() => certificateSets.id, { onDelete: 'cascade' }),
    file_key: text('file_key').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('certificate_uploads_certificate_idx').on(t.certificate_id)],
);

/**
 * The credits ledger: append-only, one row per grant or debit. The account's `credits` (pay-as-you-go)
 * and `subscription_credits` columns are the running balances of its two buckets, changed only in the
 * same transaction as the row that explains the change.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    bucket: text('bucket').notNull(),
    delta: integer('delta').notNull(),
    kind: text('kind').notNull(),
    /** Idempotency key: the same grant or debit is never applied twice (a payment event, a recipient's send). */
    reference: text('reference'),
    actor_id: integer('actor_id'),
    note: text('note'),
    /** What a purchase was paid, in the currency's smallest unit; null for every entry that is not a purchase. */
    amount_paid: integer('amount_paid'),
    currency: text('currency'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_account_idx').on(t.account_id, t.id),
    // The pay-as-you-go log reads purchases by date across accounts; the ledger is mostly send debits.
    index('credit_ledger_purchases_idx').on(t.created_at).where(sql`${t.kind} in ('purchase', 'automatic_purchase')`),
    uniqueIndex('credit_ledger_reference_unique').on(t.reference),
    check('credit_ledger_bucket', sql`${t.bucket} in ('payg', 'subscription')`),
    check('credit_ledger_delta', sql`${t.delta} <> 0`),
  ],
);

/**
 * A project: one list of recipients sent one certificate set. It keeps its own snapshot of the set
 * (design and email as they were when the project was saved), so later edits of the set never change
 * certificates already issued.
 */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id'),
    certificate_id: integer('certificate_id'),
    title: text('title').notNull(),
    /** The memo (spec: `key`). */
    key: text('key').notNull().default(''),
    /** `uploads`: the set's attached files when the project was saved, which its messages carry (older projects have none). */
    snapshot: jsonb('snapshot')
      .$type<{ name: string; design: Record<string, unknown>; email: Record<string, unknown>; uploads?: SnapshotFile[] }>()
      .notNull(),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull().default({}),
    filename: text('filename'),
    sender_name: text('sender_name'),
    resend_attempts: integer('resend_attempts').notNull().default(0),
    /** Group resends the project may make; a super-admin raises it for a project that must go out again (docs/product/super-admin.md#rules-and-limits: 5). */
    resend_limit: integer('resend_limit').notNull().default(5),
    /** A send larger than one chunk, while its recipients are still being queued (modules/delivery/send-plan.ts). */
    pending_send: jsonb('pending_send').$type<SendPlan>(),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('projects_account_idx').on(t.account_id, t.id),
    uniqueIndex('projects_title_unique').on(t.account_id, sql`lower(${t.title})`).where(sql`${t.deleted_at} is null`),
  ],
);

/**
 * A send being queued a chunk at a time: the recipients chosen when it was asked for, how many are done,
 * and what moving one to `queued` means for this kind of send.
 */
/** A file a project's messages carry: a key of the file store, kept while any snapshot names it. */
export interface SnapshotFile {
  key: string;
  filename: string;
  contentType: string;
}

export interface SendPlan {
  ids: number[];
  done: number;
  /** The states a chosen recipient may still be in to be queued; one that has moved on is left alone. */
  from: RecipientState[];
  event: 'queued' | 'resend';
  /** Which resend counter the send adds to. */
  counts: 'resend_errored' | 'resend_individual' | null;
  /** Whether the chosen recipients were paid for by the send, so that one left alone gets its credit back. */
  paid: boolean;
  /** The send's ledger reference; refunds name it. */
  reference: string;
  at: string;
}

/** A recipient of a project and the delivery state of their certificate. */
export const recipients = pgTable(
  'recipients',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    account_id: integer('account_id').notNull(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    email: text('email').notNull(),
    /** The certificate's data fields by their upper-case names; EXPIRATION_DATE as YYYY-MM-DD. */
    meta: jsonb('meta').$type<Record<string, string>>().notNull().default({}),
    /** The public certificate link's identifier: 192 random bits. */
    token: text('token').notNull(),
    certificate_number: text('certificate_number').notNull(),
    state: text('state').$type<RecipientState>().notNull().default('draft'),
    attempt: integer('attempt').notNull().default(0),
    message_id: text('message_id'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    accessed_at: timestamp('accessed_at', { withTimezone: true }),
    /** The first download of the PDF from the public link, and the first add to LinkedIn from the certificate page. */
    downloaded_at: timestamp('downloaded_at', { withTimezone: true }),
    linkedin_at: timestamp('linkedin_at', { withTimezone: true }),
    sent_details: jsonb('sent_details').$type<{ event: string; at: string; detail?: string }[]>().notNull().default([]),
    resend_errored: integer('resend_errored').notNull().default(0),
    resend_individual: integer('resend_individual').notNull().default(0),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    /** What the issuer said when revoking, shown after the date on the certificate's page; null without a reason or while valid. */
    revocation_reason: text('revocation_reason'),
    /**
     * Which version of the issued certificate the row describes: 1 as sent, one more each time a correction changes
     * what it says (the earlier ones are kept in `certificate_versions`).
     */
    certificate_version: integer('certificate_version').notNull().default(1),
    /** The holder's own note on this certificate, written in a portal (500 characters at most); the issuer never sees it. */
    portal_memo: text('portal_memo'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('recipients_token_unique').on(t.token),
    // The credentials portal lists one address's certificates across every issuer.
    index('recipients_email_idx').on(t.email),
    index('recipients_project_idx').on(t.project_id, t.last_name),
    index('recipients_account_email_idx').on(t.account_id, t.email),
    // The dashboard counts the unique people sent to in a date range.
    index('recipients_account_sent_idx').on(t.account_id, t.sent_at, t.email).where(sql`${t.sent_at} is not null`),
    // The public verification form looks certificates up by number, whatever case the verifier typed.
    index('recipients_certificate_number_idx').on(sql`upper(${t.certificate_number})`),
    // Open Badges status lists are drawn from an account's revoked certificates: few, found without reading the rest.
    index('recipients_account_revoked_idx').on(t.account_id).where(sql`${t.revoked_at} is not null`),
    check('recipients_state', sql`${t.state} in ('draft', 'queued', 'sending', 'sent', 'bounced', 'failed', 'suppressed')`),
  ],
);

/**
 * A project's recipients counted by delivery state (docs/product/delivery.md#what-is-kept), kept by triggers on `recipients` (see
 * migration 0013) in the statement that changes them, so lists and the dashboard read a row instead of
 * counting recipients on every view. Every project has its row from the moment it is created.
 */
export const projectCounters = pgTable('project_counters', {
  project_id: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  recipients: integer('recipients').notNull().default(0),
  draft: integer('draft').notNull().default(0),
  /** Queued or sending. */
  pending: integer('pending').notNull().default(0),
  sent: integer('sent').notNull().default(0),
  bounced: integer('bounced').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  suppressed: integer('suppressed').notNull().default(0),
  /** Sent, and the certificate page never opened. */
  unvisited: integer('unvisited').notNull().default(0),
  /** The certificate page opened at least once, whatever the state now. */
  opened: integer('opened').notNull().default(0),
  /** Waiting for a first send, or failed and still within the project resend limit. */
  sendable: integer('sendable').notNull().default(0),
});

/**
 * A project's delivery events counted per UTC day, kept by the same kind of statement triggers as
 * `project_counters` (migration 0021): the dashboard sums a few rows per project and day instead of
 * reading every recipient. `sent` counts by the day of `sent_at`, `opened`, `downloaded` and `linkedin`
 * by the day of their first occurrence, `bounced` by the day the bounce was recorded.
 */
export const projectDailyStats = pgTable(
  'project_daily_stats',
  {
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    sent: integer('sent').notNull().default(0),
    opened: integer('opened').notNull().default(0),
    downloaded: integer('downloaded').notNull().default(0),
    linkedin: integer('linkedin').notNull().default(0),
    bounced: integer('bounced').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.project_id, t.day] })],
);

/** Addresses an account may no longer mail: the recipient unsubscribed, or their server refused them for good. */
export const suppressions = pgTable(
  'suppressions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    reason: text('reason').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('suppressions_account_email_unique').on(t.account_id, t.email),
    check('suppressions_reason', sql`${t.reason} in ('unsubscribe', 'bounce', 'complaint')`),
  ],
);

/**
 * Saved column mappings of the send wizard (docs/product/send-wizard.md#what-is-kept): an account's own, or global ones
 * (account_id null) that super-admins keep for everyone. Each rule maps an import column (title)
 * to a certificate field key, or to nothing.
 */
export const mappings = pgTable(
  'mappings',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rules: jsonb('rules').$type<{ title: string; mapped: string | string[] | null }[]>().notNull(),
    created_by: integer('created_by'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mappings_account_idx').on(t.account_id, t.id),
    uniqueIndex('mappings_name_unique').on(sql`coalesce(${t.account_id}, 0)`, sql`lower(${t.name})`),
  ],
);

/**
 * Recipient exports to CSV or XLSX (docs/product/store.md#calls `run-export`): one row per request, unique by a digest of
 * what was asked and when (to the minute), so a repeated click starts nothing new. The job writes the
 * file under `file_key` (unguessable) and mails a signed link once it is ready.
 */
export const dataExports = pgTable(
  'exports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    export_type: text('export_type').notNull(),
    email: text('email').notNull(),
    title: text('title').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('queued'),
    file_key: text('file_key').notNull(),
    row_count: integer('row_count'),
    error: text('error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('exports_key_unique').on(t.key),
    uniqueIndex('exports_file_key_unique').on(t.file_key),
    index('exports_account_idx').on(t.account_id, t.id),
    check('exports_kind', sql`${t.kind} in ('projects', 'search')`),
    check('exports_type', sql`${t.export_type} in ('csv', 'xlsx')`),
    check('exports_status', sql`${t.status} in ('queued', 'done', 'failed')`),
  ],
);

/**
 * An account's own way of sending certificate mail (docs/product/account.md#what-is-kept "Email settings"): the product's server,
 * its own SMTP server, or Gmail / Microsoft 365 by OAuth 2. Secrets (the SMTP password, the refresh
 * tokens) are stored encrypted with `encryptSecret`; `updated_at` moves on every save, so a cached
 * transport built from older settings is known to be stale.
 */
export const accountEmailSettings = pgTable(
  'account_email_settings',
  {
    account_id: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull().default('product'),
    host: text('host'),
    port: integer('port'),
    security: text('security').notNull().default('starttls'),
    use_auth: boolean('use_auth').notNull().default(true),
    username: text('username'),
    password_encrypted: text('password_encrypted'),
    sender_email: text('sender_email'),
    sender_name: text('sender_name'),
    footer: text('footer').notNull().default(''),
    verified_at: timestamp('verified_at', { withTimezone: true }),
    google_email: text('google_email'),
    google_refresh_token: text('google_refresh_token'),
    microsoft_email: text('microsoft_email'),
    microsoft_refresh_token: text('microsoft_refresh_token'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('account_email_settings_mode', sql`${t.mode} in ('product', 'custom_smtp', 'gmail', 'microsoft365')`),
    check('account_email_settings_security', sql`${t.security} in ('tls', 'starttls', 'none')`),
    check('account_email_settings_port', sql`${t.port} is null or ${t.port} between 1 and 65535`),
  ],
);

/**
 * OAuth 2 authorisations under way (Gmail, Microsoft 365): found by the hash of the `state` the provider
 * sends back, bound to the admin who started them and to their browser (a cookie's hash), kept ten minutes.
 */
export const emailOauthStates = pgTable(
  'email_oauth_states',
  {
    state_hash: text('state_hash').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    code_verifier: text('code_verifier').notNull(),
    browser_hash: text('browser_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('email_oauth_states_provider', sql`${t.provider} in ('gmail', 'microsoft365')`)],
);

/**
 * What remains of a deleted account: who asked, from where and when, when the removal finished, how much
 * it removed and the credit ledger's totals (the ledger's rows go with the account). It has no foreign key
 * to `accounts`, so it outlives the row it describes.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id').notNull(),
    account_name: text('account_name').notNull(),
    account_url: text('account_url').notNull(),
    requested_by_user_id: integer('requested_by_user_id'),
    requested_by_email: text('requested_by_email'),
    ip: text('ip'),
    requested_at: timestamp('requested_at', { withTimezone: true }).notNull(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    /** What the removal took away so far, by kind; each batch adds to it in the transaction that removes its rows. */
    removed: jsonb('removed').$type<Record<string, number>>().notNull().default({}),
    /** The credit ledger as it stood when the account went: balances and totals per bucket. */
    ledger: jsonb('ledger').$type<Record<string, unknown>>(),
  },
  (t) => [uniqueIndex('account_deletions_account_unique').on(t.account_id)],
);

/**
 * Notification-day emails already sent (docs/product/super-admin.md#rules-and-limits): one per account, day and trial, so a run that overlaps
 * another sends nothing twice and a restarted free trial notifies again.
 */
export const accountNotifications = pgTable(
  'account_notifications',
  {
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    trial_started_at: timestamp('trial_started_at', { withTimezone: true }).notNull(),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.day, t.trial_started_at] })],
);

/**
 * The public link tokens of a deleted account's recipients, and nothing else of them: the link then says
 * the certificate was withdrawn by its issuer, instead of "not found".
 */
export const withdrawnCertificates = pgTable('withdrawn_certificates', {
  token: text('token').primaryKey(),
  deletion_id: integer('deletion_id')
    .notNull()
    .references(() => accountDeletions.id, { onDelete: 'cascade' }),
});

/** Stripe events already handled, by event id: a delivery of the same event again changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  account_id: integer('account_id'),
  processed_at: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a payment bought that is not credits (certificate sets), once per purchase: the reference names
 * the checkout session, so the two events that can report one payment apply it once.
 */
export const billingFulfilments = pgTable('billing_fulfilments', {
  reference: text('reference').primaryKey(),
  account_id: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  quantity: integer('quantity').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Money of a payment that went back to the cardholder and what it took back: one row per Stripe refund,
 * per dispute that withdrew funds, and per dispute won (`stripe-refund:{refund}`, `stripe-dispute:{dispute}`,
 * `stripe-dispute:{dispute}:won`). The reference is also the ledger entry's for the credits taken from the
 * bucket; what the bucket no longer held is owed (`accounts.credits_owed`). Negative figures give back.
 */
export const billingReversals = pgTable(
  'billing_reversals',
  {
    reference: text('reference').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    charge_id: text('charge_id').notNull(),
    /** The ledger reference of what the payment bought (`checkout:…`, `payment:…`, `invoice:…`). */
    source: text('source').notNull(),
    reason: text('reason').$type<'refund' | 'dispute' | 'dispute_won'>().notNull(),
    /** The money this refund or dispute returned, in the currency's smallest unit. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    credits_taken: integer('credits_taken').notNull(),
    credits_owed: integer('credits_owed').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_reversals_charge_idx').on(t.account_id, t.charge_id)],
);

/**
 * A use of a percentage promo code held for a Checkout session from the moment it is made: counted as a
 * use once the session is paid, released when it expires. A code's limit counts held uses too, so
 * checkouts opened at the same time cannot together pass it.
 */
export const promoCodeHolds = pgTable(
  'promo_code_holds',
  {
    /** Random; the session carries it in its metadata (`promo_hold`). */
    id: text('id').primaryKey(),
    promo_code_id: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    session_id: text('session_id'),
    status: text('status').$type<'held' | 'used' | 'released'>().notNull().default('held'),
    /** After this the session can no longer be paid: a hold still open then is settled from Stripe. */
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('promo_code_holds_code_idx').on(t.promo_code_id, t.status),
    check('promo_code_holds_status', sql`${t.status} in ('held', 'used', 'released')`),
  ],
);

/** An account's automatic purchase: the pack bought when the balance falls under the threshold. */
export const automaticPurchases = pgTable('automatic_purchases', {
  account_id: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  credits: integer('credits').notNull(),
  threshold: integer('threshold').notNull(),
  /** Cleared when a purchase is made for a crossing; set again once the balance is back at or above the threshold. */
  armed: boolean('armed').notNull().default(true),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each time the balance fell under the threshold and a pack was charged (or the charge failed). */
export const automaticPurchaseCrossings = pgTable(
  'automatic_purchase_crossings',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    credits: integer('credits').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    balance: integer('balance').notNull(),
    payment_intent: text('payment_intent'),
    /** pending (charge not yet asked), charged (Stripe accepted it), failed (Stripe refused it; the reason in error). */
    status: text('status').notNull().default('pending'),
    error: text('error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('automatic_purchase_crossings_account_idx').on(t.account_id, t.id)],
);

/**
 * An account's own portal address (docs/product/recipient-portal.md#what-is-kept Custom domain, SSL). One per account; `host` is stored
 * lower-case without scheme or path. The TLS key is kept encrypted (secrets.ts, bound to the row's
 * account), the certificate chain as PEM with its leaf's expiry in `not_after` for the admin list.
 */
export const customDomains = pgTable(
  'custom_domains',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    host: text('host').notNull(),
    active: boolean('active').notNull().default(true),
    is_ssl: boolean('is_ssl').notNull().default(false),
    certificate: text('certificate'),
    certificate_key: text('certificate_key'),
    not_after: timestamp('not_after', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('custom_domains_account_idx').on(t.account_id),
    uniqueIndex('custom_domains_host_idx').on(t.host),
    check('custom_domains_host_lower', sql`${t.host} = lower(${t.host})`),
  ],
);

/**
 * How an account's recipient portal looks (docs/product/recipient-portal.md#what-is-kept "Portal settings"): the settings as one document
 * (`settings`, the contract's shape; its `support_email.validated` is never read), the support address last confirmed
 * by an emailed code, and the code under way (its hash, the address it went to, expiry and wrong tries).
 */
export const portalSettings = pgTable('portal_settings', {
  account_id: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').notNull().default({}),
  validated_email: text('validated_email'),
  code_email: text('code_email'),
  code_hash: text('code_hash'),
  code_expires_at: timestamp('code_expires_at', { withTimezone: true }),
  code_attempts: integer('code_attempts').notNull().default(0),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An account's SAML identity provider (docs/product/sign-in-and-sessions.md#what-is-kept SSO configuration), one per account. `public_id` is
 * the opaque id in the service provider's addresses (`/saml/{public_id}/acs`); the IdP's certificate is
 * public and kept as given.
 */
export const ssoConfigurations = pgTable('sso_configurations', {
  id: serial('id').primaryKey(),
  account_id: integer('account_id')
    .notNull()
    .unique()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  public_id: text('public_id').notNull().unique(),
  provider: text('provider').notNull(),
  idp_entity_id: text('idp_entity_id').notNull(),
  sso_url: text('sso_url').notNull(),
  x509_cert: text('x509_cert').notNull(),
  enabled: boolean('enabled').notNull().default(false),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** AuthnRequests we sent, until they expire: a response must answer one of them (InResponseTo), once. */
export const ssoRequests = pgTable('sso_requests', {
  request_id: text('request_id').primaryKey(),
  configuration_id: integer('configuration_id')
    .notNull()
    .references(() => ssoConfigurations.id, { onDelete: 'cascade' }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Assertions already used to sign in, kept until they expire, so the same assertion never signs in twice. */
export const ssoAssertions = pgTable(
  'sso_assertions',
  {
    configuration_id: integer('configuration_id')
      .notNull()
      .references(() => ssoConfigurations.id, { onDelete: 'cascade' }),
    assertion_id: text('assertion_id').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.configuration_id, t.assertion_id] })],
);

/**
 * A finished outside sign-in (SAML or OpenID Connect) waiting for the app to take it: the browser
 * carries the code in the address's fragment and exchanges it once, within a minute, for a session.
 */
export const ssoHandovers = pgTable('sso_handovers', {
  code_hash: text('code_hash').primaryKey(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  method: text('method').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Social sign-ins under way: state, nonce and PKCE verifier, bound to the browser that began them. */
export const oidcLoginStates = pgTable('oidc_login_states', {
  state_hash: text('state_hash').primaryKey(),
  provider: text('provider').notNull(),
  code_verifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  browser_hash: text('browser_hash').notNull(),
  /** The portal host to hand the session to (the credentials portal's `account={host}`); null for the app. */
  landing_host: text('landing_host'),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * API keys of the public REST API (/v1): a user's key acts as that user. The secret is shown once and
 * kept only as its SHA-256; the prefix stays readable so the owner can recognise the key. One live key
 * per user: issuing a new one revokes the old one in the same transaction.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The first characters of the key as given out (`lrl_live_` and eight more): shown on the screen. */
    prefix: text('prefix').notNull(),
    secret_hash: text('secret_hash').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_secret_unique').on(t.secret_hash),
    uniqueIndex('api_keys_live_per_user').on(t.user_id).where(sql`${t.revoked_at} is null`),
  ],
);

/**
 * The first answer to each POST of the public API that carried an `Idempotency-Key`, kept 24 hours: a
 * retry with the same key and body gets it again instead of running twice. `status` is null while the
 * first request still runs.
 */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    key_id: integer('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    idempotency_key: text('idempotency_key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    request_hash: text('request_hash').notNull(),
    status: integer('status'),
    reply: text('reply'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key_id, t.idempotency_key] }), index('api_idempotency_created_idx').on(t.key_id, t.created_at)],
);

/**
 * An account's webhook endpoints: where its events are POSTed, which ones, and the signing
 * secret, encrypted with `encryptSecret` (bound to the endpoint's id) and shown once.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secret: text('secret').notNull(),
    secret_hint: text('secret_hint').notNull(),
    ...timestamps,
  },
  // Every state change asks whether its account has an enabled endpoint: one index probe.
  (t) => [index('webhook_endpoints_account_idx').on(t.account_id, t.id)],
);

/** One event as its endpoints receive it; `id` (`evt_...`) is the `webhook-id` receivers de-duplicate by. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_events_account_idx').on(t.account_id, t.created_at)],
);

/** An event on its way to one endpoint: retried with backoff until `retry_until`, then failed. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account_id: integer('account_id').notNull(),
    endpoint_id: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event_id: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    retry_until: timestamp('retry_until', { withTimezone: true }).notNull(),
    last_status_code: integer('last_status_code'),
    last_attempt_at: timestamp('last_attempt_at', { withTimezone: true }),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_unique').on(t.endpoint_id, t.event_id),
    index('webhook_deliveries_endpoint_idx').on(t.endpoint_id, t.id),
    check('webhook_deliveries_state', sql`${t.state} in ('pending', 'delivered', 'failed')`),
  ],
);

/** Every attempt at a delivery, as the delivery log shows it. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    delivery_id: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    status_code: integer('status_code'),
    response_excerpt: text('response_excerpt').notNull().default(''),
    duration_ms: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [uniqueIndex('webhook_attempts_delivery_attempt_unique').on(t.delivery_id, t.attempt)],
);

/**
 * Request counters every API process shares: the per-address route limits and the public API's per-key
 * limit, one fixed window per key. The table is UNLOGGED (migration 0027): a crash may forget a minute of
 * counts, and writing them costs no WAL.
 */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  /** Milliseconds since the epoch on the counting process's clock. */
  window_start: bigint('window_start', { mode: 'number' }).notNull(),
  window_ms: integer('window_ms').notNull(),
  hits: integer('hits').notNull(),
});

/** Each account's send-rate token bucket, shared by every worker process (UNLOGGED, as above). */
export const sendRateBuckets = pgTable('send_rate_buckets', {
  key: text('key').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  /** Milliseconds since the epoch when the tokens were last counted. */
  at: bigint('at', { mode: 'number' }).notNull(),
});

// ---- Open Badges 3.0 (modules/open-badges) ----------------------------------------------------------

/**
 * An account as an Open Badges issuer: the opaque id in its did:web DID (`did:web:<host>:issuers:<public_id>`),
 * so the account's number is never published, and the next free position in its revocation status lists.
 */
export const openBadgeIssuers = pgTable('open_badge_issuers', {
  account_id: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  public_id: text('public_id').notNull().unique(),
  next_status_index: integer('next_status_index').notNull().default(0),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The issuer's Ed25519 keys. The newest one not retired signs; every key stays listed in the DID document, so a
 * credential signed before a rotation still verifies. The secret key is encrypted with APP_SECRET.
 */
export const openBadgeKeys = pgTable(
  'open_badge_keys',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Multibase (z-base58btc) Multikey public key; also the fragment of the verification method's id. */
    public_key_multibase: text('public_key_multibase').notNull(),
    secret_key_encrypted: text('secret_key_encrypted').notNull(),
    /** When a newer key took over signing; null for the current key. */
    retired_at: timestamp('retired_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('open_badge_keys_current_unique').on(t.account_id).where(sql`${t.retired_at} is null`),
    uniqueIndex('open_badge_keys_public_unique').on(t.public_key_multibase),
  ],
);

/**
 * A recipient's signed OpenBadgeCredential, kept as signed (`json`, not `jsonb`, so its text keeps the order it
 * was signed in) and served and baked the same every time. `status_index` is its position in the account's
 * revocation status lists.
 */
export const openBadgeCredentials = pgTable(
  'open_badge_credentials',
  {
    recipient_id: bigint('recipient_id', { mode: 'number' })
      .primaryKey()
      .references(() => recipients.id, { onDelete: 'cascade' }),
    account_id: integer('account_id').notNull(),
    credential: json('credential').$type<Record<string, unknown>>().notNull(),
    /** The verification method that signed it. */
    key_id: text('key_id').notNull(),
    status_index: integer('status_index').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The certificate version it was signed for (`recipients.certificate_version` then). */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('open_badge_credentials_status_unique').on(t.account_id, t.status_index)],
);

/**
 * Each earlier version of an issued certificate, kept when a correction replaced it: what it said, the credential
 * it carried (whose status-list position is set from then on, so verifiers anywhere see it withdrawn), and when,
 * why and by whom it was replaced. The current version is the recipient's row and its `open_badge_credentials` row.
 */
export const certificateVersions = pgTable(
  'certificate_versions',
  {
    recipient_id: bigint('recipient_id', { mode: 'number' })
      .notNull()
      .references(() => recipients.id, { onDelete: 'cascade' }),
    account_id: integer('account_id').notNull(),
    version: integer('version').notNull(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    meta: jsonb('meta').$type<Record<string, string>>().notNull(),
    /** Null for a version issued before credentials existed. */
    credential: json('credential').$type<Record<string, unknown>>(),
    key_id: text('key_id'),
    status_index: integer('status_index'),
    issued_at: timestamp('issued_at', { withTimezone: true }).notNull(),
    superseded_at: timestamp('superseded_at', { withTimezone: true }).notNull(),
    /** What replaced it: `correction` (its names, dates or data fields changed). */
    superseded_by: text('superseded_by').$type<'correction'>().notNull(),
    /** What the change touched: `first_name`, `last_name` and data-field keys. */
    changed: jsonb('changed').$type<string[]>().notNull().default([]),
    /** The user who made the change, as the audit log keeps it (no reference: the record outlives the user). */
    changed_by: integer('changed_by'),
  },
  (t) => [
    primaryKey({ columns: [t.recipient_id, t.version] }),
    // Status lists and the verify page find a superseded credential by its position.
    uniqueIndex('certificate_versions_status_unique').on(t.account_id, t.status_index).where(sql`${t.status_index} is not null`),
  ],
);

/**
 * The SHA-256 of every certificate file handed out (the PDF, and the PNG at each width drawn), by recipient, version
 * and kind: the verify page calls a PDF or PNG the document that was issued only when it is exactly one of these.
 */
export const issuedCertificateFiles = pgTable(
  'issued_certificate_files',
  {
    sha256: text('sha256').notNull(),
    recipient_id: bigint('recipient_id', { mode: 'number' })
      .notNull()
      .references(() => recipients.id, { onDelete: 'cascade' }),
    account_id: integer('account_id').notNull(),
    version: integer('version').notNull(),
    kind: text('kind').$type<'pdf' | 'png'>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sha256, t.recipient_id, t.version, t.kind] }),
    // Deleting recipients (a project or an account) finds their rows without reading the table.
    index('issued_certificate_files_recipient_idx').on(t.recipient_id),
  ],
);
