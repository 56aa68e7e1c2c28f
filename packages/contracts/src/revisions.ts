import { z } from 'zod';
import { idSchema } from './common';

/**
 * The rounds of a fic (issue 20.3): every send stores what the fic said as a revision, so the
 * teacher and the author can compare any two rounds.
 */
export const revisionLimits = {
  /** A fic is sent a handful of times; the list is bounded all the same. */
  maxRounds: 100,
} as const;

export const revisionMessages = {
  round: 'La ronda debe ser un número entero mayor o igual a 1',
  notFound: 'Esa ronda de la fic no existe',
} as const;

/** GET /stories/:id/revisions */
export const storyRevisionsParamsSchema = z.object({ id: idSchema });
export const revisionSummarySchema = z.object({
  round: z.number().int(),
  title: z.string(),
  /** Words of the round's text, counted as the fic's own `wordCount`. */
  words: z.number().int(),
  sentAt: z.string(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;
export const storyRevisionsResponseSchema = z.object({
  /** Oldest round first, at most `revisionLimits.maxRounds`. */
  revisions: z.array(revisionSummarySchema),
});
export type StoryRevisionsResponse = z.infer<typeof storyRevisionsResponseSchema>;

/** GET /stories/:id/revisions/:round */
export const storyRevisionParamsSchema = z.object({
  id: idSchema,
  round: z.coerce
    .number({ error: revisionMessages.round })
    .int(revisionMessages.round)
    .min(1, revisionMessages.round)
    .max(2_147_483_647, revisionMessages.round),
});
export const revisionSchema = z.object({
  round: z.number().int(),
  title: z.string(),
  /** The round's sanitised HTML, as it was sent. */
  text: z.string(),
  sentAt: z.string(),
});
export type Revision = z.infer<typeof revisionSchema>;
export const storyRevisionResponseSchema = z.object({ revision: revisionSchema });
export type StoryRevisionResponse = z.infer<typeof storyRevisionResponseSchema>;
