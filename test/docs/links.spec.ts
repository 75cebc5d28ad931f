import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve('.');

/** The repository's own Markdown: the root README, docs/, each module's README and the apps' and bench's. */
function markdownFiles(): string[] {
  const files = ['README.md', 'bench/README.md'];
  const inFolder = (folder: string) => (existsSync(join(root, folder)) ? readdirSync(join(root, folder)) : []);
  files.push(
    ...inFolder('docs')
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  );
  for (const parent of ['libs', 'apps']) {
    files.push(...inFolder(parent).map((name) => `${parent}/${name}/README.md`));
  }
  return files.filter((file) => existsSync(join(root, file)));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchors(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const match of text.matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(match[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}

/** Every relative link of a file that does not resolve: a missing file or folder, or a missing heading. */
function brokenLinks(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  const broken: string[] = [];
  for (const match of text.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
    const target = match[1];
    if (/^[a-z]+:/i.test(target)) continue;
    const [path, anchor] = target.split('#');
    const resolved = path ? resolve(dirname(join(root, file)), path) : join(root, file);
    if (!existsSync(resolved)) {
      broken.push(`${file}: ${target} (no ${relative(root, resolved)})`);
    } else if (anchor && statSync(resolved).isFile() && !anchors(resolved).has(anchor)) {
      broken.push(`${file}: ${target} (no heading #${anchor})`);
    }
  }
  return broken;
}

describe('docs: every relative link resolves', () => {
  it('finds the root README, docs/ and a README in each module', () => {
    const files = markdownFiles();
    expect(files).toContain('README.md');
    expect(files.filter((file) => file.startsWith('docs/')).length).toBeGreaterThan(5);
  });

  it('links only to files and headings that exist', () => {
    expect(markdownFiles().flatMap(brokenLinks)).toEqual([]);
  });

  it('keeps the two set-up commands first in the root README', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const firstBlock = /```bash\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(firstBlock.split('\n')[0]).toMatch(/^npm install && npm start\b/);
    expect(firstBlock.split('\n')[1]).toMatch(/^npm test\b/);
  });
});
