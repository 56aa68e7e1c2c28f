import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * modules/stories owns the fic (issue 19.1): no other code writes `stories.status` or compares a
 * status with its name; they ask the gate (storyVisibleTo, loadStoryFor, isPublished) and call the
 * lifecycle (markStoryEvaluated, ...). This test reads every non-test source file of apps/api/src
 * outside modules/stories and fails on either.
 *
 * Exempt, and why:
 * - db/: schema.ts declares the column, its check constraint and the partial indexes on published
 *   fics (SQL that must name the status), migrations are history, and seed/ loads demo rows in
 *   every status directly, as data, outside any request (as the fixtures of modules/stories do).
 * - *.test.ts: tests set up and assert statuses by name; packages/contracts defines the names.
 */
const src = path.resolve(__dirname, '../..');
const exempt = [path.join(src, 'modules', 'stories') + path.sep, path.join(src, 'db') + path.sep];

const statusName = /(['"`])(EDITING|REVIEWING|EVALUATED|PUBLISHED)\1/g;
const writes = [
  // drizzle: update(stories).set({ ..., status: ... })
  /\.update\(\s*stories\s*\)\s*\.set\(\s*\{[^}]*?\bstatus\s*:/gs,
  // drizzle: a fic inserted (its status with it)
  /\.insert\(\s*stories\s*\)/g,
  // SQL text: update stories set ... status
  /update\s+"?stories"?\s+set\b[^;`]*?\bstatus\b/gis,
];

/** What a source file does that only modules/stories may: each finding with its line. */
export function storyOwnershipViolations(source: string): string[] {
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  const found: string[] = [];
  for (const match of source.matchAll(statusName)) {
    found.push(`line ${lineOf(match.index)}: status name ${match[0]}`);
  }
  for (const pattern of writes) {
    for (const match of source.matchAll(pattern)) {
      found.push(`line ${lineOf(match.index)}: writes a fic (${match[0].split('\n')[0]})`);
    }
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return sourceFiles(full);
    }
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('modules/stories owns the fic’s status', () => {
  it('fires on a status name and on writes of a fic, and not on other words', () => {
    expect(storyOwnershipViolations("if (story.status !== 'PUBLISHED') {")).toHaveLength(1);
    expect(storyOwnershipViolations('inArray(stories.status, ["REVIEWING", `EVALUATED`])')).toHaveLength(2);
    expect(
      storyOwnershipViolations(
        'await tx\n  .update(stories)\n  .set({ status: next, updatedAt: now })\n  .where(eq(stories.id, id));',
      ),
    ).toEqual(['line 2: writes a fic (.update(stories))']);
    expect(storyOwnershipViolations('await db.insert(stories).values(row);')).toHaveLength(1);
    expect(storyOwnershipViolations('sql`update "stories" set "status" = ${s}`')).toHaveLength(1);
    // Other tables' statuses, names inside other words, prose and reads of the column are fine.
    expect(
      storyOwnershipViolations(
        [
          "type: 'STORY_PUBLISHED',",
          '// EDITING → REVIEWING',
          'status: stories.status,',
          '.update(stories).set({ likesCount: 1 })',
          ".update(mailOutbox).set({ status: 'SENT' })",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('finds neither in any source file outside modules/stories', () => {
    const files = sourceFiles(src).filter((file) => !exempt.some((prefix) => file.startsWith(prefix)));
    expect(files.length).toBeGreaterThan(50);
    const findings = files.flatMap((file) =>
      storyOwnershipViolations(fs.readFileSync(file, 'utf8')).map(
        (finding) => `${path.relative(src, file)} ${finding}`,
      ),
    );
    expect(findings).toEqual([]);
  });
});
