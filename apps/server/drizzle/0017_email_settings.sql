CREATE TABLE "account_email_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'product' NOT NULL,
	"host" text,
	"port" integer,
	"security" text DEFAULT 'starttls' NOT NULL,
	"use_auth" boolean DEFAULT true NOT NULL,
	"username" text,
	"password_encrypted" text,
	"sender_email" text,
	"sender_name" text,
	"footer" text DEFAULT '' NOT NULL,
	"verified_at" timestamp with time zone,
	"google_email" text,
	"google_refresh_token" text,
	"microsoft_email" text,
	"microsoft_refresh_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_email_settings_mode" CHECK ("account_email_settings"."mode" in ('product', 'custom_smtp', 'gmail', 'microsoft365')),
	CONSTRAINT "account_email_settings_security" CHECK ("account_email_settings"."security" in ('tls', 'starttls', 'none')),
	CONSTRAINT "account_email_settings_port" CHECK ("account_email_settings"."port" is null or "account_email_settings"."port" between 1 and 65535)
);
--> statement-breakpoint
CREATE TABLE "email_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text NOT NULL,
	"browser_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "email_oauth_states_provider" CHECK ("email_oauth_states"."provider" in ('gmail', 'microsoft365'))
);
--> statement-breakpoint
ALTER TABLE "account_email_settings" ADD CONSTRAINT "account_email_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_oauth_states" ADD CONSTRAINT "email_oauth_states_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_oauth_states" ADD CONSTRAINT "email_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;