import { z } from 'zod';
import { idSchema } from './common';

/** Notes anchored in a fic's text (issue 20.1, docs/decisions/annotations.md). */
export const annotationLimits = {
  /** Characters of a note or a reply (plain text). */
  textMax: 1_000,
  /** Notes a fic may hold (enforced by the database's conditional insert). */
  perStory: 500,
  /** Characters of the quoted passage. */
  exactMax: 5_000,
  /** Characters of context kept on each side of the passage (Hypothesis keeps 32). */
  contextMax: 32,
  /** Replies a note may hold. */
  repliesPerAnnotation: 100,
} as const;

export const annotationMessages = {
  textRequired: 'La nota no puede estar vacía',
  textMax: `La nota debe tener máximo ${annotationLimits.textMax.toLocaleString('es-CL')} caracteres`,
  replyRequired: 'La respuesta no puede estar vacía',
  replyMax: `La respuesta debe tener máximo ${annotationLimits.textMax.toLocaleString('es-CL')} caracteres`,
  exactRequired: 'Selecciona un fragmento del texto',
  exactMax: `El fragmento debe tener máximo ${annotationLimits.exactMax.toLocaleString('es-CL')} caracteres`,
  contextMax: `El contexto debe tener máximo ${annotationLimits.contextMax} caracteres`,
  positionInvalid: 'La posición del fragmento no es válida',
  quoteMismatch: 'El fragmento seleccionado ya no está en esa posición del texto',
  tooMany: `La fic ya tiene el máximo de ${annotationLimits.perStory} notas`,
  tooManyReplies: `La nota ya tiene el máximo de ${annotationLimits.repliesPerAnnotation} respuestas`,
  nothingToChange: 'Indica el texto o el estado de la nota',
  notFound: 'La nota no existe',
  created: 'Nota guardada',
  updated: 'Nota actualizada',
  deleted: 'Nota eliminada',
  replyCreated: 'Respuesta enviada',
  deletedWriter: 'Usuario eliminado',
  resolveForbidden: 'Solo la autora o el autor de la fic marca una nota como resuelta',
  reopenForbidden: 'Solo un docente del curso o un administrador reabre una nota',
  editForbidden: 'Solo quien escribió la nota puede cambiar su texto',
} as const;

const noteText = (required: string, max: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .max(annotationLimits.textMax, { message: max });

const position = z
  .number({ message: annotationMessages.positionInvalid })
  .int(annotationMessages.positionInvalid);

export const annotationQuoteSchema = z.object({
  exact: z
    .string({ message: annotationMessages.exactRequired })
    .min(1, { message: annotationMessages.exactRequired })
    .max(annotationLimits.exactMax, { message: annotationMessages.exactMax }),
  prefix: z.string().max(annotationLimits.contextMax, { message: annotationMessages.contextMax }),
  suffix: z.string().max(annotationLimits.contextMax, { message: annotationMessages.contextMax }),
});

export const annotationPositionSchema = z
  .object({
    start: position.min(0, { message: annotationMessages.positionInvalid }),
    end: position.min(1, { message: annotationMessages.positionInvalid }),
  })
  .refine((p) => p.end > p.start, { message: annotationMessages.positionInvalid, path: ['end'] });

/** POST /stories/:id/annotations. */
export const createAnnotationBodySchema = z.object({
  quote: annotationQuoteSchema,
  position: annotationPositionSchema,
  text: noteText(annotationMessages.textRequired, annotationMessages.textMax),
});

/** PATCH /annotations/:id: its text (its writer) or its state (docs/decisions/annotations.md). */
export const updateAnnotationBodySchema = z
  .object({
    text: noteText(annotationMessages.textRequired, annotationMessages.textMax).optional(),
    resolved: z.boolean({ message: annotationMessages.nothingToChange }).optional(),
  })
  .refine((b) => b.text !== undefined || b.resolved !== undefined, {
    message: annotationMessages.nothingToChange,
    path: ['text'],
  });

/** POST /annotations/:id/replies. */
export const annotationReplyBodySchema = z.object({
  text: noteText(annotationMessages.replyRequired, annotationMessages.replyMax),
});

export const annotationWriterSchema = z.object({ _id: idSchema.nullable(), name: z.string() });

export const annotationReplySchema = z.object({
  _id: idSchema,
  text: z.string(),
  author: annotationWriterSchema,
  createdAt: z.string(),
});

export const annotationSchema = z.object({
  _id: idSchema,
  quote: annotationQuoteSchema,
  position: z.object({ start: z.number().int(), end: z.number().int() }),
  text: z.string(),
  author: annotationWriterSchema,
  resolved: z.boolean(),
  orphan: z.boolean(),
  round: z.number().int(),
  replies: z.array(annotationReplySchema),
  createdAt: z.string(),
});

export const annotationResponseSchema = z.object({ annotation: annotationSchema, message: z.string() });
export const annotationsResponseSchema = z.object({ annotations: z.array(annotationSchema) });
export const annotationReplyResponseSchema = z.object({ reply: annotationReplySchema, message: z.string() });
export const annotationDeletedResponseSchema = z.object({ message: z.string() });

export type Annotation = z.infer<typeof annotationSchema>;
export type AnnotationReply = z.infer<typeof annotationReplySchema>;
export type CreateAnnotationBody = z.infer<typeof createAnnotationBodySchema>;
export type UpdateAnnotationBody = z.infer<typeof updateAnnotationBodySchema>;
