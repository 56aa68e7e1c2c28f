import { eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  cellField,
  defaultRubricGrid,
  gridMaxScore,
  gridScore,
  type RoleName,
  type RubricRow,
} from '@fics/contracts';
import type { DbOrTx } from '../client';
import { evaluations, notifications, rubrics, stories, storyRevisions, users } from '../schema';
import { cleanStoryHtml } from '../../lib/rich-text';
import { processCover, storeCover, type ProcessedCover } from '../../modules/media';
import { replaceStoryTags } from '../../modules/stories';
import { renderDemoCover } from './demo-covers';
import { DEMO_RUBRICS, DEMO_STORIES, type DemoGradeKey, type DemoStory } from './demo-stories';

/**
 * The demo fics, their covers, tags, revisions, evaluations and notifications, and the teachers'
 * rubrics (SEED_DEMO). The rows are the ones the services write; e-mails are never sent for them.
 */

/** Everyone who wrote a demo fic: the demo student with a password and the ones without. */
const DEMO_AUTHORS = [...new Set(DEMO_STORIES.map((story) => story.author))];

/**
 * The marker: the demo fics are there when some demo author has a fic. Their students without a
 * password cannot log in, so only the seed writes fics for them; a second start adds nothing.
 */
export async function demoContentExists(db: DbOrTx): Promise<boolean> {
  const found = await db
    .select({ id: stories.id })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.authorId))
    .where(inArray(sql`lower(${users.email})`, DEMO_AUTHORS))
    .limit(1);
  return found.length > 0;
}

/**
 * Draws every demo cover and runs it through the upload's pipeline (PNG original and WebP sizes),
 * two at a time: a few seconds of CPU, spent before the seed's transaction opens.
 */
export async function prepareDemoCovers(): Promise<Map<string, ProcessedCover>> {
  const covers = new Map<string, ProcessedCover>();
  const queue = [...DEMO_STORIES];
  const worker = async () => {
    for (let story = queue.shift(); story; story = queue.shift()) {
      const png = await renderDemoCover(story.key, story.cover.motif, story.cover.palette);
      covers.set(story.key, await processCover(png));
    }
  };
  await Promise.all([worker(), worker()]);
  return covers;
}

const DAY = 24 * 60 * 60 * 1000;

/** When each step of a fic's life happened, counted back from its last change. */
export function demoTimeline(story: DemoStory, now: Date) {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  const last = story.daysAgo;
  const sends: Date[] = [];
  const evaluationsAt: Date[] = [];
  let created: Date;
  switch (story.status) {
    case 'EDITING':
      created = at(last + 0.9);
      break;
    case 'REVIEWING':
      // Sent now; a second round follows the first round's evaluation.
      if (story.rounds === 2) {
        sends.push(at(last + 2.2), at(last));
        evaluationsAt.push(at(last + 1.1));
      } else {
        sends.push(at(last));
      }
      created = at(last + (story.rounds === 2 ? 3.7 : 1.5));
      break;
    case 'EVALUATED':
      sends.push(at(last + 1.2));
      evaluationsAt.push(at(last));
      created = at(last + 2.7);
      break;
    case 'PUBLISHED':
      if (story.rounds === 2) {
        sends.push(at(last + 4.1), at(last + 1.9));
        evaluationsAt.push(at(last + 3), at(last + 0.8));
      } else {
        sends.push(at(last + 1.9));
        evaluationsAt.push(at(last + 0.8));
      }
      created = at(last + (story.rounds === 2 ? 5.6 : 3.4));
      break;
  }
  return { created, updated: at(last), sends, evaluations: evaluationsAt };
}

/** The teacher's rubric grid with the story's marks checked (one cell per row, by its points). */
export function demoEvaluationGrid(
  columns: { key: string; pointValue: number }[],
  items: RubricRow[],
  marks: readonly number[],
): RubricRow[] {
  return items.map((row, index) => {
    const level = columns.find((column, position) => position > 0 && column.pointValue === marks[index]);
    return Object.fromEntries(
      Object.entries(row).map(([field, cell]) => [
        field,
        { ...cell, checked: level !== undefined && field === cellField(level.key) },
      ]),
    );
  });
}

/** A rubric's grid in the shape rows are stored: the default columns of spec 001 §9, a row per criterion. */
function rubricGrid(rows: (typeof DEMO_RUBRICS)[number]['rows']) {
  const { columns } = defaultRubricGrid();
  const items: RubricRow[] = rows.map((row) =>
    Object.fromEntries(
      columns.map((column, i) => [cellField(column.key), { value: row[i]!, checked: false }]),
    ),
  );
  return { columns, items };
}

const html = (paragraphs: readonly string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('');

/**
 * Writes the demo content in the caller's transaction: the rubrics, then every fic with its cover,
 * tags, revisions (one per round), evaluation (score from the checked cells) and, once published,
 * the author's notification. Batch inserts, except the covers and tags, which go through the
 * services' own helpers.
 */
export async function insertDemoContent(
  tx: DbOrTx,
  options: {
    covers: Map<string, ProcessedCover>;
    /** Grade and school ids by demo grade key. */
    grades: Map<DemoGradeKey, { gradeId: string; collegeId: string }>;
    /** Every demo account (teachers and students) with its grades. */
    accounts: readonly { role: RoleName; email: string; grades: readonly DemoGradeKey[] }[];
    now: Date;
  },
): Promise<void> {
  const { now } = options;
  const teachers = options.accounts.filter((account) => account.role === 'TEACHER');
  const emails = [...DEMO_AUTHORS, ...teachers.map((t) => t.email)];
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const personId = (email: string) => {
    const person = people.find((p) => p.email.toLowerCase() === email);
    if (!person) {
      throw new Error(`demo: falta la cuenta ${email}`);
    }
    return person.id;
  };

  const rubricRows = DEMO_RUBRICS.map((rubric) => ({
    id: randomUUID(),
    ownerId: personId(rubric.owner),
    title: rubric.title,
    description: rubric.description,
    ...rubricGrid(rubric.rows),
    createdAt: new Date(now.getTime() - 60 * DAY),
    updatedAt: new Date(now.getTime() - 60 * DAY),
  }));
  await tx.insert(rubrics).values(rubricRows);

  const gradeOf = (email: string): DemoGradeKey => {
    const grade = options.accounts.find((account) => account.email === email)?.grades[0];
    if (!grade) {
      throw new Error(`demo: ${email} no tiene curso`);
    }
    return grade;
  };
  const teacherOf = (grade: DemoGradeKey) => {
    const teacher = teachers.find((t) => t.grades.includes(grade))!;
    const rubric = rubricRows.find((r) => r.ownerId === personId(teacher.email))!;
    return { id: personId(teacher.email), rubric };
  };

  const storyRows: (typeof stories.$inferInsert)[] = [];
  const revisionRows: (typeof storyRevisions.$inferInsert)[] = [];
  const evaluationRows: (typeof evaluations.$inferInsert)[] = [];
  const notificationRows: (typeof notifications.$inferInsert)[] = [];
  const tagLists: { storyId: string; tags: string[] }[] = [];

  for (const story of DEMO_STORIES) {
    const id = randomUUID();
    const authorId = personId(story.author);
    const grade = gradeOf(story.author);
    const place = options.grades.get(grade)!;
    const time = demoTimeline(story, now);
    const text = cleanStoryHtml(html(story.paragraphs));
    const writingTime = story.writingMinutes * 60;
    const coverId = await storeCover({ db: tx, ownerId: authorId, cover: options.covers.get(story.key)! });
    const published = story.status === 'PUBLISHED';
    storyRows.push({
      id,
      authorId,
      collegeId: place.collegeId,
      gradeId: place.gradeId,
      title: story.title,
      text: text.html,
      status: story.status,
      anonymity: story.anonymity ?? false,
      nicknameValue: story.nickname ?? null,
      location: story.location,
      writingTime,
      wordCount: text.wordCount,
      coverId,
      rounds: story.rounds,
      createdAt: time.created,
      updatedAt: time.updated,
      sentAt: time.sends.at(-1) ?? null,
      publishedAt: published ? time.updated : null,
    });
    tagLists.push({ storyId: id, tags: [...story.tags] });
    time.sends.forEach((sentAt, index) => {
      const round = index + 1;
      // A second round: the first sending lacked the paragraph the student added afterwards.
      const earlier = round < story.rounds;
      revisionRows.push({
        storyId: id,
        round,
        title: story.title,
        text: earlier ? cleanStoryHtml(html(story.paragraphs.slice(0, -1))).html : text.html,
        writingTime: earlier ? Math.round(writingTime * 0.7) : writingTime,
        createdAt: sentAt,
      });
    });
    if (story.evaluation) {
      const teacher = teacherOf(grade);
      const columns = teacher.rubric.columns;
      const items = demoEvaluationGrid(columns, teacher.rubric.items, story.evaluation.marks);
      evaluationRows.push({
        storyId: id,
        teacherId: teacher.id,
        rubricId: teacher.rubric.id,
        columns,
        items,
        comment: story.evaluation.comment,
        score: gridScore({ columns, items }),
        maxScore: gridMaxScore({ columns, items }),
        // A fic sent again after its evaluation waits with the previous round's evaluation.
        round: story.status === 'REVIEWING' ? story.rounds - 1 : story.rounds,
        createdAt: time.evaluations[0]!,
        updatedAt: time.evaluations.at(-1)!,
      });
    }
    if (published) {
      notificationRows.push({
        userId: authorId,
        type: 'STORY_PUBLISHED',
        text: `Tu fic «${story.title}» fue publicada`,
        storyId: id,
        createdAt: time.updated,
        // Told long ago: the demo's bells start quiet.
        readAt: time.updated,
      });
    }
  }

  await tx.insert(stories).values(storyRows);
  for (const { storyId, tags } of tagLists) {
    await replaceStoryTags(tx, storyId, tags);
  }
  await tx.insert(storyRevisions).values(revisionRows);
  await tx.insert(evaluations).values(evaluationRows);
  await tx.insert(notifications).values(notificationRows);
}
