import { eq, inArray, sql } from 'drizzle-orm';
import { annotationLimits } from '@fics/contracts';
import type { Tx } from '../../db/client';
import { annotations, stories } from '../../db/schema';
import { emitEvent, type DomainEvent, type EventSubscriber } from '../events';
import { anchor, plainTextOf, quoteAt } from './anchoring';
import { placedNotesOf } from './annotations.service';

/**
 * Re-anchors a fic's placed notes on its current text (issue 20.2). A subscriber rather than a call
 * inside the stories module: stories must not depend on annotations, and the dispatcher delivers a
 * fic's events in order right after the write (before the response), so the author's next read sees
 * the notes placed. Idempotent: it reads the current text, never the event's, so a redelivery or a
 * later event finds every note already exact.
 */
export async function reanchorStory(
  tx: Tx,
  storyId: string,
  cause?: DomainEvent,
): Promise<{ moved: number; orphaned: number }> {
  // The fic's row lock: a note added meanwhile waits, and is then checked against this text.
  const [story] = await tx
    .select({ text: stories.text, title: stories.title, authorId: stories.authorId })
    .from(stories)
    .where(eq(stories.id, storyId))
    .for('no key update');
  if (!story) {
    return { moved: 0, orphaned: 0 };
  }
  const text = plainTextOf(story.text);
  const notes = await placedNotesOf(tx, storyId);
  const orphans: { annotationId: string; writerId: string | null }[] = [];
  let moved = 0;
  for (const note of notes) {
    const placed = anchor(text, {
      quote: { exact: note.quoteExact, prefix: note.quotePrefix, suffix: note.quoteSuffix },
      position: { start: note.positionStart, end: note.positionEnd },
    });
    if (placed.kind === 'orphan') {
      orphans.push({ annotationId: note.id, writerId: note.writerId });
      continue;
    }
    if (placed.kind === 'exact') {
      continue;
    }
    // The selector is rewritten to the passage it now covers, so the next edit starts from it.
    const quote = quoteAt(text, placed.start, placed.end, annotationLimits.contextMax);
    await tx
      .update(annotations)
      .set({
        positionStart: placed.start,
        positionEnd: placed.end,
        quoteExact: quote.exact,
        quotePrefix: quote.prefix,
        quoteSuffix: quote.suffix,
        updatedAt: sql`now()`,
      })
      .where(eq(annotations.id, note.id));
    moved += 1;
  }
  // An orphaned fic (issue 22.4) kept no notes: none to move, no author to tell.
  if (orphans.length > 0 && story.authorId !== null) {
    await tx
      .update(annotations)
      .set({ orphan: true, updatedAt: sql`now()` })
      .where(
        inArray(
          annotations.id,
          orphans.map((o) => o.annotationId),
        ),
      );
    // The writers are told their notes lost their place (notifications). Written with the change, in
    // the delivery's transaction: a redelivery finds these notes orphaned already and emits nothing.
    await emitEvent(tx, {
      type: 'annotation.orphaned',
      storyId,
      actor: cause?.actor ?? null,
      payload: { authorId: story.authorId, title: story.title, notes: orphans },
    });
  }
  return { moved, orphaned: orphans.length };
}

export const annotationsReanchorSubscriber: EventSubscriber = {
  name: 'annotations-reanchor',
  // A send can carry a new text too; re-anchoring twice is harmless.
  types: ['story.updated', 'story.sent'],
  async handle(tx, event) {
    if (event.storyId) {
      await reanchorStory(tx, event.storyId, event);
    }
  },
};
