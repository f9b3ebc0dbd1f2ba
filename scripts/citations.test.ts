import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Comments and docs cite only what a clone of the repository has (#30). The design notes this project started
 * from live outside the repository; their content is now docs/gateway-api.md, docs/gateway-evidence.md,
 * docs/protocol-decisions.md and docs/architecture.md, and a comment that names a file which moved or never
 * existed sends a reader nowhere. Each problem is reported as `file:line: what`.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SELF = 'scripts/citations.test.ts';

/** Every tracked file, and every folder that holds one: what a path in a comment may name. */
const FILES = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
const EXISTING = new Set(FILES);
const FOLDERS = new Set(
  FILES.flatMap((f) =>
    f
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);
const BASENAMES = new Set(FILES.map((f) => posix.basename(f)));

/** The repository's own top-level folders: a word followed by one of these and a slash is a path. */
const TOP_FOLDERS = new Set(FILES.filter((f) => f.includes('/')).map((f) => f.split('/')[0]!));

/** Built or run-time output (the folders .gitignore names), named in docs but never tracked. */
const GENERATED = readFileSync(posix.join(ROOT, '.gitignore'), 'utf8')
  .split('\n')
  .filter((line) => line.endsWith('/'))
  .map((line) => line.replace(/^\//, ''));

/** Where a path may name what no longer exists: a record of past runs names the paths of the commit measured. */
const HISTORY = new Set(['bench/RESULTS.md']);

/** Extensions that make a word a file name. */
const FILE_EXTENSION = /\.(?:tsx?|cjs|mjs|jsx?|md|jsonc?|css|html|png|sql)$/;
/** A bare file name (no folder) is checked for these only: `widget.js` and `Node.js` are names, not files here. */
const SOURCE_EXTENSION = /\.(?:tsx?|cjs|md|css|html)$/;
const MODULE_SUFFIXES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Files outside the repository that comments used to cite, and what replaced each. */
const OUTSIDE: readonly [RegExp, string][] = [
  [/\bPROTOCOL\.md\b/, 'docs/protocol-decisions.md'],
  [/\bGATEWAY-DOCS\.md\b/, 'docs/gateway-evidence.md'],
  [/\bDESIGN\.md\b/, 'docs/architecture.md'],
  [/\bSTYLE\.md\b/, 'docs/architecture.md'],
  [/000_5388bec65c8b1cb9/, 'docs/gateway-api.md'],
];

/** A section of the gateway API named without its file ("spec 2.4", "the spec's 2.6", "spec section 8"). */
const SPEC_SECTION = /\bspec(?:'s)?,? (?:section )?\d/i;

interface Comment {
  /** 1-based line of the comment's first character */
  line: number;
  text: string;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Comments of a TypeScript, JavaScript or JSON-with-comments file, found by the compiler's own scanner. */
function scriptComments(file: string, text: string): Comment[] {
  const kind = file.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : file.endsWith('.ts')
      ? ts.ScriptKind.TS
      : /\.jsonc?$/.test(file)
        ? ts.ScriptKind.JSON
        : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Map<number, string>();
  const collect = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) seen.set(r.pos, text.slice(r.pos, r.end));
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...seen].map(([pos, comment]) => ({ line: lineAt(text, pos), text: comment }));
}

/** What of a file is prose a reader takes as documentation: the comments of code, all of a markdown file. */
function commentsOf(file: string, text: string): Comment[] {
  if (file.endsWith('.md')) return [{ line: 1, text }];
  if (/\.(?:tsx?|cjs|mjs|js|jsonc?)$/.test(file)) return scriptComments(file, text);
  const block = file.endsWith('.html') ? /<!--[\s\S]*?-->/g : file.endsWith('.css') ? /\/\*[\s\S]*?\*\//g : undefined;
  if (block) return [...text.matchAll(block)].map((m) => ({ line: lineAt(text, m.index), text: m[0] }));
  // a shell script: `#` at the start of a line or after a space
  return [...text.matchAll(/(?:^|\s)(#[^\n]*)/g)].map((m) => ({ line: lineAt(text, m.index), text: m[1]! }));
}

/** The folders a relative path in `file` may start from: the root, then the file's folder and each above it. */
function basesOf(file: string): string[] {
  const bases = [''];
  for (let dir = posix.dirname(file); dir !== '.'; dir = posix.dirname(dir)) bases.push(dir);
  return bases;
}

/** Does `token`, named in `file`, exist in the repository: from the root, or from the file's folder or any above it? */
function exists(file: string, token: string): boolean {
  const clean = token.replace(/\/$/, '');
  // `./x` and `../x` are relative to the file's folder only; other paths to the root or any folder on the way
  const bases = clean.startsWith('.') ? [posix.dirname(file)] : basesOf(file);
  return bases.some((base) => {
    const full = posix.normalize(posix.join(base, clean));
    if (full.startsWith('..')) return false;
    return FOLDERS.has(full) || MODULE_SUFFIXES.some((suffix) => EXISTING.has(full + suffix));
  });
}

/** Path-like words of one comment: `server/x/y.ts`, `routes/z.ts`, `../shared/a`, `docs/`, `detectOs.ts`. */
function pathTokens(text: string): { token: string; offset: number }[] {
  const withoutUrls = text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s)>\]`'"]*/gi, (url) => ' '.repeat(url.length));
  const found: { token: string; offset: number }[] = [];
  for (const m of withoutUrls.matchAll(/[\w.@/*{}-]+/g)) {
    const before = withoutUrls[m.index - 1] ?? ' ';
    // `/pay/return`, `@hono/...`, `node:crypto`, `a/b` in `x.a/b`, `<code/>`: routes, packages, property paths, tags
    if (/[\w:@/.$<-]/.test(before)) continue;
    // the module of an example's import is relative to the example's own file; a shell redirect's target is
    // what the command writes
    const lead = withoutUrls.slice(Math.max(0, m.index - 8), m.index);
    if (/(?:from |import\()['"]$/.test(lead) || /> ?$/.test(lead)) continue;
    const token = m[0].replace(/[.-]+$/, '');
    // globs, `.../:id` (an elided route), `PUBLIC_URL/admin/` (a variable's value)
    if (/[*{}]/.test(token) || /^(?:[/@]|\.\.\.|[A-Z_]+\/)/.test(token)) continue;
    // an extension alone (`.ts`), a placeholder (`foo.ts`, `./x.js`), a content-hashed build output
    const name = posix.basename(token);
    if (/^\.\w+$/.test(name) || /^(?:foo|bar|x)\./.test(name) || /-[\w-]{8}\.(?:css|js)$/.test(name)) continue;
    const first = token.split('/')[0]!;
    const isPath = token.includes('/')
      ? first === '.' ||
        first === '..' ||
        TOP_FOLDERS.has(first) ||
        FILE_EXTENSION.test(token) ||
        token.endsWith('/') ||
        // `payments/maskSentOrder`: a module named without its extension (camelCase, unlike `card/issuer` prose)
        (/[a-z][A-Z]/.test(name) && (BASENAMES.has(`${name}.ts`) || BASENAMES.has(`${name}.tsx`)))
      : SOURCE_EXTENSION.test(token) && /^[\w.-]+$/.test(token);
    if (isPath) found.push({ token, offset: m.index });
  }
  return found;
}

/** Is `token`, named in `file`, a path the repository has, or output it ignores? */
function named(file: string, token: string): boolean {
  if (!token.includes('/')) return BASENAMES.has(token);
  const rooted = token.replace(/^\.\//, '');
  if (basesOf(file).some((base) => GENERATED.some((g) => posix.join(base, rooted).startsWith(g)))) return true;
  if (exists(file, token)) return true;
  // `routes/`, `internal/`: a folder named in the prose of its parent (a table of `server/`'s folders)
  const folder = /^[\w-]+(?:\/[\w-]+)*\/$/.test(token) ? token.slice(0, -1) : undefined;
  return folder !== undefined && [...FOLDERS].some((f) => f === folder || f.endsWith(`/${folder}`));
}

function scanned(): { file: string; comments: Comment[] }[] {
  return FILES.filter(
    (f) =>
      f !== SELF &&
      f !== 'package-lock.json' &&
      (/\.(?:tsx?|cjs|mjs|js|md|jsonc?|css|html)$/.test(f) || f === '.ci/run'),
  ).map((file) => ({ file, comments: commentsOf(file, readFileSync(posix.join(ROOT, file), 'utf8')) }));
}

const SCANNED = scanned();

describe('comments and docs cite files of the repository only', () => {
  it('no comment or doc cites the design notes outside the repository', () => {
    const problems: string[] = [];
    for (const { file, comments } of SCANNED) {
      for (const c of comments) {
        c.text.split('\n').forEach((lineText, i) => {
          for (const [pattern, instead] of OUTSIDE) {
            const hit = pattern.exec(lineText);
            if (hit) problems.push(`${file}:${c.line + i}: cites ${hit[0]}, outside the repository (now ${instead})`);
          }
          if (/(?:^|[\s`(])\.\.\/shared\b/.test(lineText) && !exists(file, '../shared'))
            problems.push(`${file}:${c.line + i}: cites ../shared, outside the repository`);
        });
      }
    }
    expect(problems).toEqual([]);
  });

  it('a file that names a section of the gateway API ("spec 2.4") also names docs/gateway-api.md', () => {
    const problems: string[] = [];
    for (const { file, comments } of SCANNED) {
      if (file === 'docs/gateway-api.md') continue;
      const all = comments.map((c) => c.text).join('\n');
      const first = comments.find((c) => SPEC_SECTION.test(c.text));
      if (first && !all.includes('gateway-api.md')) {
        const offset = first.text.split('\n').findIndex((l) => SPEC_SECTION.test(l));
        problems.push(`${file}:${first.line + offset}: names a spec section but never docs/gateway-api.md`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every path a comment or doc names exists', () => {
    const problems: string[] = [];
    for (const { file, comments } of SCANNED) {
      if (HISTORY.has(file)) continue;
      for (const c of comments) {
        for (const { token, offset } of pathTokens(c.text)) {
          if (!named(file, token))
            problems.push(`${file}:${c.line + lineAt(c.text, offset) - 1}: ${token} does not exist`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
