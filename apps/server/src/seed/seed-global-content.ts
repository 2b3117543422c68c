import { prepareForSave } from '@laurel/certificate';
import { defaultEmailDesign, MERGE_FIELDS } from '@laurel/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { appSettings, libraryImages, styles } from '../db/schema.ts';
import { prepareEmail } from '../modules/certificates/index.ts';
import { backgroundPath, ensureBackgroundFiles, ensurePrintBackgrounds } from './background-files.ts';
import { BACKGROUNDS } from './backgrounds/index.ts';
import { TEMPLATES, type TemplateSeed } from './templates/index.ts';

/** What has been offered once. A name or path listed here is never added again, so a deletion sticks. */
const SEEDED_TEMPLATES_KEY = 'seed.templates';
const SEEDED_BACKGROUNDS_KEY = 'seed.backgrounds';
/** Serialises seeding between API processes starting at the same moment on one database. */
const SEED_LOCK = 7_310_421;

export interface SeedReport {
  backgroundsStored: number;
  templatesAdded: string[];
  backgroundsListed: number;
  ms: number;
}

async function readList(tx: Db, key: string): Promise<Set<string>> {
  const [row] = await tx.select().from(appSettings).where(eq(appSettings.key, key));
  const value = row?.value as { items?: unknown } | undefined;
  return new Set(Array.isArray(value?.items) ? value.items.filter((v): v is string => typeof v === 'string') : []);
}

async function writeList(tx: Db, key: string, items: Set<string>, now: Date): Promise<void> {
  const value = { items: [...items].sort() };
  await tx
    .insert(appSettings)
    .values({ key, value, updated_at: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updated_at: now } });
}

function templateRow(template: TemplateSeed, sorting: number) {
  return {
    name: template.name,
    sorting,
    design: prepareForSave(template.design) as unknown as Record<string, unknown>,
    email: prepareEmail({}, { ...defaultEmailDesign(), reply_to: MERGE_FIELDS.accountEmail, email_subject: template.subject }),
  };
}

/**
 * Gives a fresh install its global templates and background library, and keeps them in place on
 * every start: backgrounds are drawn into the file store only when their file is missing; templates
 * and library entries are added once, never over a super-admin's edits and never again after a
 * super-admin deleted them.
 */
export async function seedGlobalContent(context: AppContext): Promise<SeedReport> {
  const started = performance.now();
  const backgroundsStored = await ensureBackgroundFiles(context);
  // A throwaway data dir (tests) skips them: they would cost every test server a minute of drawing.
  if (context.env.DATA_DIR !== 'memory://') {
    void ensurePrintBackgrounds(context).then(
      (drawn) => drawn && context.log.info({ drawn }, 'print backgrounds drawn'),
      (err) => context.log.error({ err }, 'print backgrounds not drawn'),
    );
  }
  const templatesAdded: string[] = [];
  let backgroundsListed = 0;
  await context.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const now = context.clock.now();
    const seededTemplates = await readList(tx as Db, SEEDED_TEMPLATES_KEY);
    if (TEMPLATES.some((t) => !seededTemplates.has(t.name))) {
      for (const [index, template] of TEMPLATES.entries()) {
        if (seededTemplates.has(template.name)) continue;
        // A style of the same name (made or renamed by a super-admin) wins over the seed.
        const added = await tx.insert(styles).values(templateRow(template, index)).onConflictDoNothing().returning({ id: styles.id });
        if (added.length) templatesAdded.push(template.name);
        seededTemplates.add(template.name);
      }
      await writeList(tx as Db, SEEDED_TEMPLATES_KEY, seededTemplates, now);
    }

    const listed = await readList(tx as Db, SEEDED_BACKGROUNDS_KEY);
    const pendingBackgrounds = BACKGROUNDS.filter((art) => !listed.has(backgroundPath(art.slug)));
    if (pendingBackgrounds.length) {
      const existing = new Set(
        (await tx.select({ imagepath: libraryImages.imagepath }).from(libraryImages).where(eq(libraryImages.kind, 'background'))).map(
          (r) => r.imagepath,
        ),
      );
      for (const art of pendingBackgrounds) {
        const imagepath = backgroundPath(art.slug);
        if (!existing.has(imagepath)) {
          await tx.insert(libraryImages).values({ kind: 'background', imagepath, name: art.name, sorting: BACKGROUNDS.indexOf(art) });
          backgroundsListed++;
        }
        listed.add(imagepath);
      }
      await writeList(tx as Db, SEEDED_BACKGROUNDS_KEY, listed, now);
    }
  });
  const report = { backgroundsStored, templatesAdded, backgroundsListed, ms: Math.round(performance.now() - started) };
  context.log.info(report, 'global templates and backgrounds in place');
  return report;
}
