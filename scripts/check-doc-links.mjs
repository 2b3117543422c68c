// Checks that every repository path a doc or a code comment names exists, and that every `#anchor` on a link to a
// Markdown file is a heading of that file. Run by `npm test` after lint; prints each broken reference as file:line and
// exits 1.
//
//   node scripts/check-doc-links.mjs                 # everything
//   node scripts/check-doc-links.mjs docs packages   # only the files under these roots (files or folders)
//
// What is read: docs/**/*.md, the root's README and CONTRIBUTING files and bench/*.md; and the comments (not the strings or code) of
// .ts, .tsx, .mjs and .cjs files under apps, packages, e2e, bench and scripts. Only files git tracks or would track.
//
// What counts as a reference:
// - in Markdown, a link target `[text](target)` that is not a URL (`scheme:`), not an app route (`/...`) and not a bare
//   `#anchor` (those are checked against the file's own headings); it is resolved from the file's folder;
// - anywhere (Markdown outside code fences, comments), a path that starts with a top-level folder of the repository
//   (`apps/`, `docs/`, `packages/`, ...), optionally with `#anchor`; it is resolved from the repository root, or else
//   from the workspace the file belongs to (a package naming its own `scripts/` folder).
// - in comments, a reference to the specification the product was first built from (the word spec, its number, §
//   and a section): those documents are not in the repository; name the docs/product page and heading instead.
// What does not: paths with stand-in parts or globs (`<area>`, `*`, `{a,b}`, `...`), paths into what builds and tests
// write and git ignores (`dist`, `dist-ssr`, `node_modules`, `coverage`, `artifacts`, `test-results`: they do not
// exist on a fresh checkout), and anything in a code fence or a string literal.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const roots = process.argv.slice(2).map((r) => r.replace(/\/+$/, ''));

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && existsSync(path.join(root, f)));
const topLevel = [...new Set(files.filter((f) => f.includes('/')).map((f) => f.slice(0, f.indexOf('/'))))];

const isDoc = (f) => /^docs\/.*\.md$/.test(f) || f === 'README.md' || f === 'CONTRIBUTING.md' || /^bench\/[^/]+\.md$/.test(f);
const isCode = (f) => /^(apps|packages|e2e|bench|scripts)\//.test(f) && /\.(ts|tsx|mjs|cjs)$/.test(f) && !f.endsWith('.d.ts');
const inRoots = (f) => roots.length === 0 || roots.some((r) => f === r || f.startsWith(`${r}/`));

const GENERATED = new Set(['dist', 'dist-ssr', 'node_modules', 'coverage', 'artifacts', 'test-results']);
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const repoPath = new RegExp(`(?<![\\w./@-])((?:${topLevel.map(escapeRe).join('|')})/[\\w./@+-]*)(#[\\w-]+)?`, 'g');

/** GitHub's anchors for the headings of a Markdown text (duplicates get -1, -2, ...). */
function anchorsOf(text) {
  const anchors = new Set();
  const seen = new Map();
  let fence = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const m = !fence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = m[1]
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}
const anchorCache = new Map();
const anchorsOfFile = (abs) => {
  if (!anchorCache.has(abs)) anchorCache.set(abs, anchorsOf(readFileSync(abs, 'utf8')));
  return anchorCache.get(abs);
};

/** The comments of a JavaScript or TypeScript source, as [line, text] pairs; strings, templates and regexes skipped. */
function commentsOf(src) {
  const out = [];
  let line = 1;
  let i = 0;
  let lastSignificant = '';
  const templateDepth = []; // brace depth at which each open template's `${` started
  let braces = 0;
  while (i < src.length) {
    const c = src[i];
    const next = src[i + 1];
    if (c === '\n') {
      line++;
      i++;
      continue;
    }
    if (c === '/' && next === '/') {
      const end = src.indexOf('\n', i);
      const stop = end === -1 ? src.length : end;
      out.push([line, src.slice(i + 2, stop)]);
      i = stop;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end === -1 ? src.length : end;
      src
        .slice(i + 2, stop)
        .split('\n')
        .forEach((text, k) => {
          out.push([line + k, text]);
        });
      line += src.slice(i, stop).split('\n').length - 1;
      i = stop + 2;
      continue;
    }
    if (c === '"' || c === "'" || c === '`' || (c === '}' && templateDepth.at(-1) === braces)) {
      // A string, a template, or the rest of a template after `${...}`.
      if (c === '}') templateDepth.pop();
      const quote = c === '}' ? '`' : c;
      i++;
      while (i < src.length && src[i] !== quote) {
        if (src[i] === '\\') i++;
        else if (src[i] === '\n') line++;
        else if (quote === '`' && src[i] === '$' && src[i + 1] === '{') {
          templateDepth.push(braces);
          i++;
          break;
        }
        i++;
      }
      if (src[i] === quote) i++;
      lastSignificant = quote;
      continue;
    }
    if (c === '/' && (lastSignificant === '' || /[(,=:[!&|?{};+\-*%<>~^]/.test(lastSignificant))) {
      // A regular expression literal.
      i++;
      let inClass = false;
      while (i < src.length && src[i] !== '\n' && (src[i] !== '/' || inClass)) {
        if (src[i] === '\\') i++;
        else if (src[i] === '[') inClass = true;
        else if (src[i] === ']') inClass = false;
        i++;
      }
      i++;
      lastSignificant = '/';
      continue;
    }
    if (c === '{') braces++;
    if (c === '}') braces--;
    if (!/\s/.test(c)) {
      // `return /x/` and similar: a keyword before a slash starts an expression.
      if (/[\w$]/.test(c)) {
        const word = /^[\w$]+/.exec(src.slice(i))[0];
        lastSignificant = /^(return|typeof|case|do|else|in|of|void|yield|await)$/.test(word) ? '(' : 'a';
        i += word.length;
        continue;
      }
      lastSignificant = c;
    }
    i++;
  }
  return out;
}

const problems = [];
/** The workspace folder a file belongs to (`apps/server`, `packages/domain`, `e2e`), for paths written from there. */
const workspaceOf = (file) => /^(apps\/[^/]+|packages\/[^/]+|e2e|bench|scripts)\//.exec(file)?.[1];

function check(file, lineNo, target, anchor, fromDir) {
  const clean = target.replace(/[.,;:]+$/, '');
  if (!clean || /[<>*{}]|\.\.\.|\$/.test(clean)) return;
  if (clean.split('/').some((seg) => GENERATED.has(seg))) return;
  let abs = path.resolve(fromDir, clean);
  const workspace = fromDir === root && workspaceOf(file);
  if (!existsSync(abs) && workspace && existsSync(path.join(root, workspace, clean))) abs = path.join(root, workspace, clean);
  if (!abs.startsWith(root)) return;
  if (!existsSync(abs)) {
    problems.push(`${file}:${lineNo}: ${clean}${anchor ?? ''} does not exist`);
    return;
  }
  if (anchor && abs.endsWith('.md') && !anchorsOfFile(abs).has(anchor.slice(1))) {
    problems.push(`${file}:${lineNo}: ${path.relative(root, abs)} has no heading for ${anchor}`);
  }
}

function checkText(file, lineNo, text) {
  for (const m of text.matchAll(repoPath)) check(file, lineNo, m[1], m[2], root);
}

for (const file of files) {
  if (!inRoots(file)) continue;
  const abs = path.join(root, file);
  if (isDoc(file)) {
    const text = readFileSync(abs, 'utf8');
    let fence = false;
    text.split('\n').forEach((line, k) => {
      if (/^\s*(```|~~~)/.test(line)) fence = !fence;
      if (fence) return;
      const withoutLinks = line.replace(/\]\(([^)\s]+)\)/g, (_, target) => {
        const [p, a] = target.split('#');
        if (/^[a-z][\w+.-]*:/i.test(p) || p.startsWith('/')) return '](url)';
        if (!p) {
          if (!anchorsOfFile(abs).has(a)) problems.push(`${file}:${k + 1}: no heading for #${a}`);
        } else check(file, k + 1, decodeURIComponent(p), a === undefined ? undefined : `#${a}`, path.dirname(abs));
        return '](link)';
      });
      checkText(file, k + 1, withoutLinks.replace(/https?:\/\/\S+/g, ''));
    });
  } else if (isCode(file)) {
    for (const [lineNo, text] of commentsOf(readFileSync(abs, 'utf8'))) {
      checkText(file, lineNo, text.replace(/https?:\/\/\S+/g, ''));
      const spec = /\b[Ss]pec \d ?§ ?[\d.]*\d/.exec(text);
      if (spec) problems.push(`${file}:${lineNo}: "${spec[0]}" names a document outside the repository (use docs/product/)`);
    }
  }
}

if (problems.length) {
  console.error(`Broken references to repository paths or doc headings (${problems.length}):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
