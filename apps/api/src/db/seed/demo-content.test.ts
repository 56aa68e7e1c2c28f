import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  cellField,
  createEvaluationBodySchema,
  createStoryBodySchema,
  evaluationLimits,
  limits,
  rubricBodySchema,
} from '@fics/contracts';
import { cleanStoryHtml } from '../../lib/rich-text';
import { DEMO_COVER_SIDE, demoCoverSvg, renderDemoCover } from './demo-covers';
import { demoEvaluationGrid, demoTimeline } from './demo-content';
import { DEMO_RUBRICS, DEMO_STORIES, DEMO_STUDENTS } from './demo-stories';
import { DEMO_USERS } from './demo';

/** The demo content checked without a database: what the forms and the services would accept. */

const html = (paragraphs: readonly string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('');
const SOFIA = DEMO_USERS.find((u) => u.role === 'STUDENT')!.email;
const byStatus = (status: string) => DEMO_STORIES.filter((s) => s.status === status);

describe('demo fics', () => {
  it('come in every status: 25 published (24 public: two home pages), some of each other status, Sofía in all', () => {
    expect(byStatus('PUBLISHED')).toHaveLength(25);
    // One by the student under 14 without a guardian's consent (issue 22.5), kept within her school.
    const withoutConsent = DEMO_STUDENTS.filter((s) => s.withoutConsent).map((s) => s.email);
    expect(byStatus('PUBLISHED').filter((s) => withoutConsent.includes(s.author))).toHaveLength(1);
    expect(byStatus('EDITING').length).toBeGreaterThanOrEqual(2);
    expect(byStatus('REVIEWING').length).toBeGreaterThanOrEqual(2);
    expect(byStatus('EVALUATED').length).toBeGreaterThanOrEqual(2);
    const sofia = DEMO_STORIES.filter((s) => s.author === SOFIA);
    expect(new Set(sofia.map((s) => s.status))).toEqual(
      new Set(['EDITING', 'REVIEWING', 'EVALUATED', 'PUBLISHED']),
    );
    expect(new Set(DEMO_STORIES.map((s) => s.key)).size).toBe(DEMO_STORIES.length);
    expect(new Set(DEMO_STORIES.map((s) => s.title)).size).toBe(DEMO_STORIES.length);
  });

  it('are published by several students of both schools, some anonymous and some with a pseudonym', () => {
    const published = byStatus('PUBLISHED');
    const gradeOf = (email: string) =>
      DEMO_STUDENTS.find((s) => s.email === email)?.grade ??
      DEMO_USERS.find((u) => u.email === email)!.grades[0];
    const grades = new Set(published.map((s) => gradeOf(s.author)));
    expect(grades).toEqual(new Set(['quintoA', 'primeroB', 'sextoA', 'segundoC']));
    expect(new Set(published.map((s) => s.author)).size).toBeGreaterThanOrEqual(10);
    expect(published.filter((s) => s.anonymity).length).toBeGreaterThanOrEqual(3);
    expect(published.filter((s) => s.nickname).length).toBeGreaterThanOrEqual(3);
    // Newest first, each on its own day, over the past weeks.
    const days = published.map((s) => s.daysAgo);
    expect(days).toEqual([...days].sort((a, b) => a - b));
    expect(days.at(-1)).toBeGreaterThan(21);
  });

  it('pass the fic form: title, text, tags, pseudonym and place within the limits', () => {
    for (const story of DEMO_STORIES) {
      const text = html(story.paragraphs);
      const parsed = createStoryBodySchema.safeParse({
        title: story.title,
        text,
        anonymity: story.anonymity ?? false,
        nickname: story.nickname !== undefined,
        nicknameValue: story.nickname,
        tags: [...story.tags],
        writingTime: story.writingMinutes * 60,
        location: story.location,
        draft: story.status === 'EDITING',
      });
      expect(parsed.error?.issues, story.key).toBeUndefined();
      expect(parsed.data!.tags, story.key).toEqual(story.tags);
      // Clean HTML already: what the server stores is what is written here.
      const cleaned = cleanStoryHtml(text);
      expect(cleaned.html, story.key).toBe(text);
      expect(cleaned.wordCount, story.key).toBeGreaterThan(10);
      expect(story.tags.length, story.key).toBeGreaterThan(0);
      if (story.status !== 'EDITING') {
        expect(story.location, story.key).not.toBe('');
      }
    }
  });

  it('have rounds and evaluations that fit their status', () => {
    for (const story of DEMO_STORIES) {
      const evaluated = story.evaluation !== undefined;
      switch (story.status) {
        case 'EDITING':
          expect(story.rounds, story.key).toBe(0);
          expect(evaluated, story.key).toBe(false);
          break;
        case 'REVIEWING':
          // Sent again after an evaluation, or sent once and waiting for the first.
          expect(evaluated, story.key).toBe(story.rounds === 2);
          break;
        default:
          expect(story.rounds, story.key).toBeGreaterThanOrEqual(1);
          expect(evaluated, story.key).toBe(true);
      }
    }
    expect(byStatus('REVIEWING').some((s) => s.rounds === 2)).toBe(true);
    expect(byStatus('PUBLISHED').some((s) => s.rounds === 2)).toBe(true);
  });

  it('are dated in order: written, sent, evaluated, sent again, published, all in the past', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    for (const story of DEMO_STORIES) {
      const time = demoTimeline(story, now);
      expect(time.sends, story.key).toHaveLength(story.rounds);
      const events = [
        time.created,
        ...[...time.sends, ...time.evaluations].sort((a, b) => +a - +b),
        time.updated,
      ];
      expect(events.map(Number), story.key).toEqual(events.map(Number).sort((a, b) => a - b));
      expect(+time.updated, story.key).toBeLessThan(+now);
      if (time.sends.length === 2) {
        // Evaluated between the two sendings.
        expect(+time.evaluations[0]!).toBeGreaterThan(+time.sends[0]!);
        expect(+time.evaluations[0]!).toBeLessThan(+time.sends[1]!);
      }
    }
  });
});

describe('demo rubrics and evaluations', () => {
  it('the rubrics pass the rubric editor, on the default grid of §9', () => {
    expect(DEMO_RUBRICS.map((r) => r.owner)).toContain('docente@demo.fics.cl');
    for (const rubric of DEMO_RUBRICS) {
      const columns = [
        { key: '0', name: 'Criterio', pointValue: 0 },
        { key: '1', name: 'Logrado', pointValue: 3 },
        { key: '2', name: 'Medianamente logrado', pointValue: 2 },
        { key: '3', name: 'Por lograr', pointValue: 1 },
      ];
      const items = rubric.rows.map((row) =>
        Object.fromEntries(columns.map((c, i) => [cellField(c.key), { value: row[i], checked: false }])),
      );
      const parsed = rubricBodySchema.safeParse({
        title: rubric.title,
        description: rubric.description,
        columns,
        items,
      });
      expect(parsed.error?.issues, rubric.title).toBeUndefined();
      expect(parsed.data!.items).toEqual(items);
    }
  });

  it('every evaluation checks one level per row and passes the evaluation form; its comment fits', () => {
    for (const story of DEMO_STORIES.filter((s) => s.evaluation)) {
      const { marks, comment } = story.evaluation!;
      expect(comment.length, story.key).toBeLessThanOrEqual(evaluationLimits.commentMax);
      for (const rubric of DEMO_RUBRICS) {
        expect(marks, story.key).toHaveLength(rubric.rows.length);
        const columns = [
          { key: '0', name: 'Criterio', pointValue: 0 },
          { key: '1', name: 'Logrado', pointValue: 3 },
          { key: '2', name: 'Medianamente logrado', pointValue: 2 },
          { key: '3', name: 'Por lograr', pointValue: 1 },
        ];
        const blank = rubric.rows.map((row) =>
          Object.fromEntries(columns.map((c, i) => [cellField(c.key), { value: row[i]!, checked: false }])),
        );
        const items = demoEvaluationGrid(columns, blank, marks);
        const parsed = createEvaluationBodySchema.safeParse({
          storyId: randomUUID(),
          columns,
          items,
          comment,
        });
        expect(parsed.error?.issues, story.key).toBeUndefined();
        const checkedPoints = items.map((row) =>
          columns.filter((c) => row[cellField(c.key)]!.checked).map((c) => c.pointValue),
        );
        expect(checkedPoints, story.key).toEqual(marks.map((m) => [m]));
      }
    }
  });
});

describe('demo covers', () => {
  it('are drawn without text, the same for the same fic and different for each fic', () => {
    const svgs = DEMO_STORIES.map((s) => demoCoverSvg(s.key, s.cover.motif, s.cover.palette));
    expect(new Set(svgs).size).toBe(svgs.length);
    for (const svg of svgs) {
      expect(svg).not.toMatch(/<text|<image|href=|font/);
    }
    const first = DEMO_STORIES[0]!;
    expect(demoCoverSvg(first.key, first.cover.motif, first.cover.palette)).toBe(svgs[0]);
    expect(new Set(DEMO_STORIES.map((s) => `${s.cover.motif}/${s.cover.palette}`)).size).toBe(
      DEMO_STORIES.length,
    );
  });

  it('render to a square PNG an upload would accept', async () => {
    const story = DEMO_STORIES[0]!;
    const png = await renderDemoCover(story.key, story.cover.motif, story.cover.palette);
    expect(png.length).toBeLessThan(limits.imageMaxBytes);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: DEMO_COVER_SIDE, height: DEMO_COVER_SIDE });
  });
});
