import { randomBytes } from 'node:crypto';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { openBadgeIssuers, openBadgeKeys } from '../../db/schema.ts';
import { decryptSecret, encryptSecret } from '../../secrets.ts';
import { issuerDid } from './did-web.ts';
import { DID_V1_CONTEXT, MULTIKEY_CONTEXT } from './document-loader.ts';

/**
 * An account as an Open Badges issuer: its DID and Ed25519 keys, made on first use. The DID carries an
 * opaque id of its own, never the account's number.
 */

export interface Issuer {
  accountId: number;
  publicId: string;
  did: string;
}

type KeyRow = typeof openBadgeKeys.$inferSelect;

/** The key that signs now, ready to sign: the verification method's id and the key pair. */
export interface SigningKey {
  keyId: string;
  keyPair: Ed25519Multikey.Ed25519KeyPair;
}

const keyContext = (accountId: number, publicKeyMultibase: string) => `open-badge-key:${accountId}:${publicKeyMultibase}`;
const verificationMethodId = (did: string, publicKeyMultibase: string) => `${did}#${publicKeyMultibase}`;

export async function issuerOf(context: AppContext, accountId: number): Promise<Issuer> {
  const read = () => context.db.select().from(openBadgeIssuers).where(eq(openBadgeIssuers.account_id, accountId));
  let [row] = await read();
  if (!row) {
    // 96 random bits in lower-case hex: nothing did:web would have to escape.
    await context.db
      .insert(openBadgeIssuers)
      .values({ account_id: accountId, public_id: randomBytes(12).toString('hex'), created_at: context.clock.now() })
      .onConflictDoNothing();
    [row] = await read();
  }
  return { accountId, publicId: row!.public_id, did: issuerDid(context.env, row!.public_id) };
}

export async function issuerByPublicId(context: AppContext, publicId: string): Promise<Issuer | null> {
  const [row] = await context.db.select().from(openBadgeIssuers).where(eq(openBadgeIssuers.public_id, publicId));
  return row ? { accountId: row.account_id, publicId, did: issuerDid(context.env, publicId) } : null;
}

async function insertKey(context: AppContext, accountId: number) {
  const keyPair = await Ed25519Multikey.generate();
  const exported = await keyPair.export({ publicKey: true, secretKey: true });
  return context.db
    .insert(openBadgeKeys)
    .values({
      account_id: accountId,
      public_key_multibase: keyPair.publicKeyMultibase,
      secret_key_encrypted: encryptSecret(context.secret, exported.secretKeyMultibase!, keyContext(accountId, keyPair.publicKeyMultibase)),
      created_at: context.clock.now(),
    })
    .onConflictDoNothing();
}

/**
 * Decrypted key pairs by public key: decrypting and importing once per process, not once per credential.
 * Keyed by the (random) public key rather than the row id, which another database (a test's) repeats.
 */
const keyPairs = new Map<string, Promise<Ed25519Multikey.Ed25519KeyPair>>();

function keyPairOf(context: AppContext, issuer: Issuer, row: KeyRow) {
  let keyPair = keyPairs.get(row.public_key_multibase);
  if (!keyPair) {
    keyPair = Ed25519Multikey.from({
      type: 'Multikey',
      id: verificationMethodId(issuer.did, row.public_key_multibase),
      controller: issuer.did,
      publicKeyMultibase: row.public_key_multibase,
      secretKeyMultibase: decryptSecret(context.secret, row.secret_key_encrypted, keyContext(issuer.accountId, row.public_key_multibase)),
    });
    keyPairs.set(row.public_key_multibase, keyPair);
  }
  return keyPair;
}

/**
 * The key that signs from now on, created with the account's first credential. It is read from the database
 * each time (one indexed row), so a rotation made by any process is followed by every process at once.
 */
export async function currentKey(context: AppContext, issuer: Issuer): Promise<SigningKey> {
  const read = () =>
    context.db
      .select()
      .from(openBadgeKeys)
      .where(and(eq(openBadgeKeys.account_id, issuer.accountId), isNull(openBadgeKeys.retired_at)));
  let [row] = await read();
  if (!row) {
    await insertKey(context, issuer.accountId);
    [row] = await read();
  }
  return { keyId: verificationMethodId(issuer.did, row!.public_key_multibase), keyPair: await keyPairOf(context, issuer, row!) };
}

/**
 * Makes a new key the one that signs. The old one is retired, not removed: it stays in the DID document,
 * so everything it signed still verifies.
 */
export async function rotateIssuerKey(context: AppContext, accountId: number): Promise<{ keyId: string }> {
  const issuer = await issuerOf(context, accountId);
  const keyPair = await Ed25519Multikey.generate();
  const exported = await keyPair.export({ publicKey: true, secretKey: true });
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    // Lock the issuer's row: two rotations at once end with one current key, not a refused insert.
    await tx.execute(sql`select 1 from ${openBadgeIssuers} where ${openBadgeIssuers.account_id} = ${accountId} for update`);
    await tx
      .update(openBadgeKeys)
      .set({ retired_at: now })
      .where(and(eq(openBadgeKeys.account_id, accountId), isNull(openBadgeKeys.retired_at)));
    await tx.insert(openBadgeKeys).values({
      account_id: accountId,
      public_key_multibase: keyPair.publicKeyMultibase,
      secret_key_encrypted: encryptSecret(context.secret, exported.secretKeyMultibase!, keyContext(accountId, keyPair.publicKeyMultibase)),
      created_at: now,
    });
  });
  return { keyId: verificationMethodId(issuer.did, keyPair.publicKeyMultibase) };
}

async function keysOf(context: AppContext, accountId: number): Promise<KeyRow[]> {
  return context.db.select().from(openBadgeKeys).where(eq(openBadgeKeys.account_id, accountId)).orderBy(asc(openBadgeKeys.id));
}

const verificationMethod = (issuer: Issuer, row: KeyRow) => ({
  id: verificationMethodId(issuer.did, row.public_key_multibase),
  type: 'Multikey',
  controller: issuer.did,
  publicKeyMultibase: row.public_key_multibase,
});

/** The issuer's DID document: every key it ever had, each one allowed to assert credentials. */
export async function didDocument(context: AppContext, issuer: Issuer) {
  const methods = (await keysOf(context, issuer.accountId)).map((row) => verificationMethod(issuer, row));
  return {
    '@context': [DID_V1_CONTEXT, MULTIKEY_CONTEXT],
    id: issuer.did,
    verificationMethod: methods,
    assertionMethod: methods.map((method) => method.id),
  };
}

/** One key as a verifier dereferences its id (`<did>#<key>`), or null when the issuer has no such key. */
export async function verificationMethodDocument(context: AppContext, issuer: Issuer, id: string) {
  const row = (await keysOf(context, issuer.accountId)).find((key) => verificationMethodId(issuer.did, key.public_key_multibase) === id);
  return row ? { '@context': MULTIKEY_CONTEXT, ...verificationMethod(issuer, row) } : null;
}
