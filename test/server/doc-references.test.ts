/**
 * The repository documents itself: no source, test or document cites a design document that is not in
 * it, and every citation of `docs/<file>.md#<anchor>` names a heading that exists, so a reader can follow
 * each one from a clean clone.
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
const DOC_CITATION = /\bdocs\/([\w-]+\.md)#([\w-]+)/g;

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

const files = SCANNED.flatMap(textFiles).filter((file) => file !== THIS_FILE);

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
  });

  it('scans the sources, tests and documents', () => {
    const scanned = new Set(files.map((file) => relative(root, file).split(sep)[0]));
    expect([...scanned].sort()).toEqual(['README.md', 'demo', 'docs', 'server', 'test', 'widget']);
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
});
