/**
 * The repository documents itself: no source, test or document cites a design document that is not in
 * it, every citation of `docs/<file>.md#<anchor>` names a heading that exists, and in the README,
 * CONTRIBUTING and docs/ every relative link (and its anchor) and every repository path in backticks
 * resolves, so a reader can follow each one from a clean clone.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SCANNED = ['server', 'widget', 'demo', 'test', 'docs', 'README.md'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist']);
/** This file spells out the patterns it looks for. */
const THIS_FILE = fileURLToPath(import.meta.url);

/** Design notes that lived beside the repository, never in it: a citation of one leads nowhere. */
const OUTSIDE_DOCUMENT = /\bDESIGN\b|\b(?:provider-api|STYLE|TOOLCHAIN)\.md\b/;
/** A relative path into a folder named `shared`; fine only while it stays inside the repository. */
const SHARED_PATH = /(?:\.\.\/)+shared\b/g;
const DOC_CITATION = /\bdocs\/([\w/-]+\.md)#([\w-]+)/g;
/** A Markdown link or image: `[text](target)`, the target without a title. */
const MARKDOWN_LINK = /!?\[[^\]]*\]\(([^)\s]+)\)/g;
/** A repository path in backticks: `server/app.ts`, `test/e2e/`, `docs/decisions/refunds.md`. */
const CODE_PATH = /`((?:server|widget|demo|test|docs|\.ci)\/[\w./-]*)`/g;
/** Paths the build writes (git ignores them): named in the docs, absent from a clean clone. */
const BUILT_PATH = /(?:^|\/)dist(?:\/|$)|^widget\/custom-elements\.json$/;
/** The documents a reader browses: their links and paths must lead somewhere. */
const DOCUMENTS = ['README.md', 'CONTRIBUTING.md', 'docs'];

/** Text files under `path` (a folder or a file), without dependencies and build output. */
function textFiles(path: string): string[] {
  const absolute = join(root, path);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [absolute];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : textFiles(join(path, entry.name));
    return /\.(?:ts|mjs|js|json|html|css|md|svg)$/.test(entry.name) ? [join(absolute, entry.name)] : [];
  });
}

interface Finding {
  line: number;
  text: string;
}

/** Lines citing a document outside the repository; `file` is where the text lives, for relative paths. */
function outsideCitations(text: string, file: string): Finding[] {
  const findings: Finding[] = [];
  text.split('\n').forEach((line, index) => {
    const leavesRepository = [...line.matchAll(SHARED_PATH)].some((match) => {
      const target = resolve(dirname(file), match[0]);
      return relative(root, target).startsWith('..') || !existsSync(target);
    });
    if (OUTSIDE_DOCUMENT.test(line) || leavesRepository)
      findings.push({ line: index + 1, text: line.trim() });
  });
  return findings;
}

/** The anchors GitHub gives a Markdown file's headings, plus explicit `<a id="...">` anchors. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading] of markdown.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    anchors.add(
      (heading ?? '')
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    );
  }
  for (const [, id] of markdown.matchAll(/<a id="([\w-]+)"><\/a>/g)) anchors.add(id ?? '');
  return anchors;
}

/** Markdown without its fenced code blocks, whose text is an example, not a reference. */
function proseOf(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*```/.test(line)) fenced = !fenced;
      return fenced || /^\s*```/.test(line) ? '' : line;
    })
    .join('\n');
}

/** Links of `file` (a Markdown file) that lead nowhere: a missing file or folder, or a missing anchor. */
function brokenLinks(markdown: string, file: string): string[] {
  const broken: string[] = [];
  for (const [, target] of proseOf(markdown).matchAll(MARKDOWN_LINK)) {
    if (!target || /^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto:: not ours to check
    const [path = '', anchor] = target.split('#');
    const destination = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
    if (!existsSync(destination)) broken.push(target);
    else if (anchor !== undefined && !anchorsOf(readFileSync(destination, 'utf8')).has(anchor))
      broken.push(target);
  }
  return broken;
}

/** Repository paths named in backticks in `markdown` that do not exist (built output aside). */
function missingPaths(markdown: string): string[] {
  return [...proseOf(markdown).matchAll(CODE_PATH)]
    .map(([, path]) => (path ?? '').replace(/[.]$/, ''))
    .filter((path) => !BUILT_PATH.test(path) && !existsSync(join(root, path)));
}

const files = SCANNED.flatMap(textFiles).filter((file) => file !== THIS_FILE);
const documents = DOCUMENTS.flatMap(textFiles).filter((file) => file.endsWith('.md'));

describe('citations of documents', () => {
  it('finds what it looks for', () => {
    const here = join(root, 'server', 'example.ts');
    expect(outsideCitations(' * Rate limits (DESIGN section 5): in memory\nfine', here)).toEqual([
      { line: 1, text: '* Rate limits (DESIGN section 5): in memory' },
    ]);
    expect(outsideCitations('// as provider-api.md says', here)).toHaveLength(1);
    // From server/, two levels up leaves the repository.
    expect(outsideCitations('as ../../shared/notes.md explains', here)).toHaveLength(1);
    // demo/shared is in the repository: its pages may point there.
    expect(
      outsideCitations("import '../shared/event-log.ts';", join(root, 'demo', 'spa', 'main.ts')),
    ).toEqual([]);
    expect(anchorsOf('## Payment lifecycle\n### OTP and customer codes\n<a id="list-rules"></a>')).toEqual(
      new Set(['payment-lifecycle', 'otp-and-customer-codes', 'list-rules']),
    );
    expect(anchorsOf('### Durability: `SQLITE_SYNCHRONOUS`')).toEqual(
      new Set(['durability-sqlite_synchronous']),
    );
    const page = join(root, 'docs', 'example.md');
    expect(
      brokenLinks(
        '[a](deploy.md#limits) [b](deploy.md#nowhere) [c](nowhere.md) [d](https://example.com) [e](#here)\n## Here\n```\n[f](nowhere.md)\n```',
        page,
      ),
    ).toEqual(['deploy.md#nowhere', 'nowhere.md', '#here']);
    expect(
      missingPaths('`server/app.ts`, `server/nowhere.ts`, `server/dist/main.js`, `demo/dist/`, `docs/`.'),
    ).toEqual(['server/nowhere.ts']);
  });

  it('scans the sources, tests and documents', () => {
    const scanned = new Set(files.map((file) => relative(root, file).split(sep)[0]));
    expect([...scanned].sort()).toEqual(['README.md', 'demo', 'docs', 'server', 'test', 'widget']);
    expect(documents.map((file) => relative(root, file))).toEqual(
      expect.arrayContaining([
        'README.md',
        'CONTRIBUTING.md',
        join('docs', 'README.md'),
        join('docs', 'decisions', 'README.md'),
      ]),
    );
  });

  it('no file cites a document outside the repository', () => {
    const found = files.flatMap((file) =>
      outsideCitations(readFileSync(file, 'utf8'), file).map(
        ({ line, text }) => `${relative(root, file)}:${line}: ${text}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('every docs/*.md#anchor cited exists', () => {
    const broken: string[] = [];
    for (const file of files) {
      for (const [citation, document, anchor] of readFileSync(file, 'utf8').matchAll(DOC_CITATION)) {
        const path = join(root, 'docs', document ?? '');
        if (!existsSync(path) || !anchorsOf(readFileSync(path, 'utf8')).has(anchor ?? '')) {
          broken.push(`${relative(root, file)}: ${citation}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('every link of the README, CONTRIBUTING and docs/ leads to a file and heading that exist', () => {
    const broken = documents.flatMap((file) =>
      brokenLinks(readFileSync(file, 'utf8'), file).map((target) => `${relative(root, file)}: ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('every repository path they name in backticks exists', () => {
    const missing = documents.flatMap((file) =>
      missingPaths(readFileSync(file, 'utf8')).map((path) => `${relative(root, file)}: ${path}`),
    );
    expect(missing).toEqual([]);
  });
});
