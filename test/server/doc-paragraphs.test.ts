/**
 * Each fact of the documentation has one home: no paragraph, list item, table row or code block of the
 * README, CONTRIBUTING or docs/ appears twice, neither does a long sentence inside them, and none is a
 * near copy of another page's (most of its word runs the same). Copies drift: the README and the
 * architecture page once gave the sandbox's payout outcomes in two versions, and the README's widget
 * attributes lacked one. A second mention links to the first instead.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** Shorter units are headings, labels and stock phrases, which may well recur. */
const MIN_LENGTH = 100;

/** README.md, CONTRIBUTING.md and every Markdown file under docs/. */
function documents(): string[] {
  const under = (folder: string): string[] =>
    readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return under(path);
      return entry.name.endsWith('.md') ? [path] : [];
    });
  return [
    ...['README.md', 'CONTRIBUTING.md'].filter((file) => existsSync(join(root, file))),
    ...under('docs'),
  ];
}

interface Unit {
  line: number;
  text: string;
}

/** The comparable form: words only, in lower case, with links reduced to their text. */
function normalise(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`>#|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * The units of a Markdown text, each with its first line: fenced code blocks whole, then, in the prose,
 * each table row, each list item and each paragraph.
 */
function unitsOf(markdown: string): Unit[] {
  const units: Unit[] = [];
  const lines = markdown.split('\n');
  let block: Unit | undefined;
  const close = () => {
    if (block) units.push(block);
    block = undefined;
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (/^\s*```/.test(line)) {
      close();
      const start = index;
      while (index + 1 < lines.length && !/^\s*```/.test(lines[++index]!));
      units.push({ line: start + 1, text: lines.slice(start + 1, index).join('\n') });
    } else if (line.trim() === '') {
      close();
    } else if (/^\s*\|/.test(line)) {
      close();
      units.push({ line: index + 1, text: line });
    } else if (/^(?:[-*+]|\d+\.)\s/.test(line) || /^#{1,6}\s/.test(line)) {
      close();
      block = { line: index + 1, text: line };
    } else if (block) {
      block.text += `\n${line}`;
    } else {
      block = { line: index + 1, text: line };
    }
  }
  close();
  return units;
}

/** A unit's long sentences, besides the unit itself: a copied sentence is a copy too. */
function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?:])\s+(?=[A-Z`(])/).filter((sentence) => sentence !== text);
}

/** Every text of at least MIN_LENGTH normalised characters found in more than one place. */
function duplicates(files: { name: string; text: string }[]): string[] {
  const seen = new Map<string, string[]>();
  for (const { name, text } of files) {
    for (const unit of unitsOf(text)) {
      const keys = new Set([unit.text, ...sentencesOf(unit.text)].map(normalise));
      for (const key of keys) {
        if (key.length < MIN_LENGTH) continue;
        seen.set(key, [...(seen.get(key) ?? []), `${name}:${unit.line}`]);
      }
    }
  }
  return [...seen]
    .filter(([, places]) => places.length > 1)
    .map(([key, places]) => `${places.join(', ')}: "${key.slice(0, 90)}…"`);
}

/** Runs of this many words: two texts sharing most of theirs say the same thing, edited a little. */
const SHINGLE = 4;
/** The share of the shorter text's runs found in the other that makes it a near copy. */
const NEAR = 0.6;

const shingles = (text: string): Set<string> => {
  const words = normalise(text).split(' ');
  return new Set(
    words.slice(0, words.length - SHINGLE + 1).map((_, i) => words.slice(i, i + SHINGLE).join(' ')),
  );
};

/**
 * Pairs of units in different places, each of at least MIN_LENGTH, where most of the shorter one's
 * word runs are in the other: a copy that has started to drift (a word changed, a clause added).
 */
function nearCopies(files: { name: string; text: string }[]): string[] {
  const units = files.flatMap(({ name, text }) =>
    unitsOf(text)
      .filter((unit) => normalise(unit.text).length >= MIN_LENGTH)
      .map((unit) => ({
        place: `${name}:${unit.line}`,
        file: name,
        runs: shingles(unit.text),
        text: unit.text,
      })),
  );
  const holders = new Map<string, number[]>();
  units.forEach((unit, index) => {
    for (const run of unit.runs) holders.set(run, [...(holders.get(run) ?? []), index]);
  });
  const found: string[] = [];
  units.forEach((unit, index) => {
    const shared = new Map<number, number>();
    for (const run of unit.runs)
      for (const other of holders.get(run) ?? [])
        if (other > index) shared.set(other, (shared.get(other) ?? 0) + 1);
    for (const [other, count] of shared) {
      const partner = units[other]!;
      if (partner.file === unit.file) continue;
      if (count / Math.min(unit.runs.size, partner.runs.size) >= NEAR)
        found.push(`${unit.place}, ${partner.place}: "${normalise(unit.text).slice(0, 90)}…"`);
    }
  });
  return found;
}

describe('one home per fact in the documentation', () => {
  it('finds what it looks for', () => {
    const paragraph =
      'The frame may be embedded only by the allowed origins: its policy says so, and the checkout inside talks only to its page.';
    const files = [
      { name: 'a.md', text: `# A\n\n${paragraph}\n\n| short | row |\n` },
      {
        name: 'b.md',
        text: `Intro.\n\n- ${paragraph.replace('policy', '[policy](x.md)')}\n\n| short | row |\n`,
      },
    ];
    expect(duplicates(files)).toEqual([`a.md:3, b.md:3: "${normalise(paragraph).slice(0, 90)}…"`]);
    // A long sentence copied into another paragraph is found; one that differs is not.
    const sentence = `${paragraph.slice(0, -1)}, which is what matters here.`;
    expect(
      duplicates([
        { name: 'c.md', text: `Before. ${sentence} After.` },
        { name: 'd.md', text: sentence },
      ]),
    ).toHaveLength(1);
    const reworded = paragraph.replace('talks only', 'speaks only');
    expect(
      duplicates([
        { name: 'c.md', text: paragraph },
        { name: 'd.md', text: reworded },
      ]),
    ).toEqual([]);
    // Code blocks count whole.
    const code =
      '```sh\ndocker run -p 8787:8787 -e PAY_MODE=embedded -e SANDBOX_PUBLIC=1 -e PUBLIC_URL=http://localhost:8787 pay\n```';
    expect(
      duplicates([
        { name: 'e.md', text: code },
        { name: 'f.md', text: `Run:\n\n${code}` },
      ]),
    ).toHaveLength(1);
  });

  it('finds a copy that has started to drift', () => {
    const row =
      '| `05` | the provider answers 500 once (per reference), then behaves as the default: the retry succeeds and the payment goes on |';
    const drifted = row.replace(' (per reference)', '');
    expect(
      nearCopies([
        { name: 'a.md', text: row },
        { name: 'b.md', text: drifted },
      ]),
    ).toHaveLength(1);
    const other =
      '| `06` | the call hangs past the client timeout; the charge exists as pending, and reconciliation settles it later on |';
    expect(
      nearCopies([
        { name: 'a.md', text: row },
        { name: 'b.md', text: other },
      ]),
    ).toEqual([]);
  });

  it('no paragraph, item, row, code block or long sentence exists twice', () => {
    const files = documents().map((file) => ({
      name: relative(root, join(root, file)),
      text: readFileSync(join(root, file), 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(10);
    expect(duplicates(files)).toEqual([]);
  });

  it("no paragraph, item or row is a near copy of another page's", () => {
    const files = documents().map((file) => ({ name: file, text: readFileSync(join(root, file), 'utf8') }));
    expect(nearCopies(files)).toEqual([]);
  });
});
