/**
 * Fics (spec 001 §3 Story, §4, §5 Fic form, §7 story calls, §9): statuses, limits, Spanish messages,
 * and one schema per endpoint, shared by the API (validation, OpenAPI) and the web forms.
 */
import { z } from 'zod';
import { idSchema, pagedSchema, pageQuerySchema } from './common';
import { evaluationSchema } from './evaluations';
import { commentsModes, moderationFlagSchema } from './moderation';

export const storyStatuses = ['EDITING', 'REVIEWING', 'EVALUATED', 'PUBLISHED'] as const;
export type StoryStatus = (typeof storyStatuses)[number];

/** The labels of spec 001 §4, as the student's list shows them. */
export const storyStatusLabels: Record<StoryStatus, string> = {
  EDITING: 'Borrador',
  REVIEWING: 'Por revisar',
  EVALUATED: 'Evaluada con correcciones',
  PUBLISHED: 'Público',
};

export const storyLimits = {
  titleMin: 2,
  titleMax: 50,
  nicknameMax: 20,
  locationMax: 30,
  locationUrlMax: 500,
  /** Decimals a stored or answered coordinate keeps: two, about 1 km (docs/decisions/stories.md). */
  locationDecimals: 2,
  tagsMax: 10,
  tagMax: 30,
  /** Characters of the story's HTML as sent (formatting included). */
  textMax: 100_000,
  /** Seconds one form session may report; the stored total is the sum of every session. */
  writingTimeMax: 7 * 24 * 60 * 60,
  /** The cover kept as the spec's original: PNG, longest side at most this. */
  coverMaxSide: 1080,
  /** WebP versions made at upload (card 1x and 2x, detail); never wider than the original. */
  coverVariantWidths: [320, 640, 1080] as const,
  tagSearchMax: 30,
  tagSuggestions: 10,
  /** Words a reader reads in a minute, for 'M min de lectura'. */
  wordsPerMinute: 200,
} as const;

export const storyMessages = {
  titleRequired: 'El título es requerido',
  titleMin: `El título debe tener al menos ${storyLimits.titleMin} caracteres`,
  titleMax: `El título debe tener menos ${storyLimits.titleMax} caracteres`,
  nicknameRequired: 'El seudónimo es requerido',
  nicknameMax: `El seudónimo debe tener máximo ${storyLimits.nicknameMax} caracteres`,
  anonymityAndNickname: 'Una fic no puede ser anónima y tener seudónimo a la vez',
  locationMax: `La ubicación debe tener máximo ${storyLimits.locationMax} caracteres`,
  locationUrlInvalid: 'El enlace de la ubicación no es válido: debe ser un punto de OpenStreetMap',
  imageRequired: 'La imagen es requerida',
  textRequired: 'Debe escribir algo en tu fic',
  textMax: `Tu fic no debe superar los ${storyLimits.textMax.toLocaleString('es-CL')} caracteres`,
  tagsInvalid: 'Las etiquetas no son válidas',
  tagsMax: `Puedes agregar hasta ${storyLimits.tagsMax} etiquetas`,
  tagMax: `Cada etiqueta debe tener máximo ${storyLimits.tagMax} caracteres`,
  tagSearchMax: `La búsqueda no debe tener más de ${storyLimits.tagSearchMax} caracteres`,
  writingTimeInvalid: `El tiempo de escritura debe ser un número entero de segundos entre 0 y ${storyLimits.writingTimeMax}`,
  booleanInvalid: 'Debe ser verdadero o falso',
  controlCharacters: 'El texto contiene caracteres no permitidos',
  statusInvalid: 'El estado solicitado no es válido',
  draftStatusMismatch: 'Un borrador tiene estado EDITING; una fic enviada, REVIEWING',
  onlyStudentsWrite: 'Solo los estudiantes pueden escribir fics',
  studentWithoutGrade: 'Debes pertenecer a un curso para escribir una fic',
  notFound: 'La fic solicitada no existe',
  /** 409s of the status machine (one per refused transition). */
  cannotEditNow: 'Esta fic está en revisión: no se puede editar hasta que tu docente la evalúe',
  cannotEditPublished: 'Esta fic ya fue publicada y no se puede editar',
  cannotSendNow: 'Esta fic ya fue enviada a revisión',
  cannotSendPublished: 'Esta fic ya fue publicada',
  cannotDeleteNow: 'Solo puedes eliminar tu fic mientras es un borrador',
  cannotPublishUnsent: 'Esta fic aún no fue enviada a revisión',
  cannotPublishWithoutEvaluation: 'Debes evaluar la fic antes de publicarla',
  cannotPublishAgain: 'Esta fic ya fue publicada',
  draftSaved: 'Borrador guardado exitosamente',
  created: 'Fic creado exitosamente',
  sent: 'Fic enviada exitosamente',
  updated: 'Fic actualizada exitosamente',
  deleted: 'Fic eliminada exitosamente',
  published: 'Fic publicada exitosamente',
  /** What the review lists and the fic page show for an author they may not see. */
  anonymous: 'Anónimo',
  /**
   * The author of an anonymous fic on what they write on it (comments, replies), and the badge
   * beside the author's name there.
   */
  storyAuthor: 'Autor/a',
} as const;

/** 'true'/'false' as multipart sends them, or real booleans in JSON. */
const booleanField = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ error: storyMessages.booleanInvalid }),
);

/**
 * A one-line text field: tabs and line breaks pasted in become spaces, and any other control
 * character (NUL and friends, never typed by a person) is refused.
 */
const singleLine = (error: string) =>
  z
    .string({ error })
    .transform((value) => value.replace(/[\t\n\r]+/g, ' ').trim())
    // eslint-disable-next-line no-control-regex
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), storyMessages.controlCharacters);

export const storyTitleField = singleLine(storyMessages.titleRequired).pipe(
  z
    .string()
    .min(1, storyMessages.titleRequired)
    .min(storyLimits.titleMin, storyMessages.titleMin)
    .max(storyLimits.titleMax, storyMessages.titleMax),
);

/** The HTML as the editor wrote it; the server cleans it and checks that words remain. */
export const storyTextField = z
  .string({ error: storyMessages.textRequired })
  .min(1, storyMessages.textRequired)
  .max(storyLimits.textMax, storyMessages.textMax);

export const nicknameValueField = singleLine(storyMessages.nicknameRequired).pipe(
  z.string().max(storyLimits.nicknameMax, storyMessages.nicknameMax),
);

/** A point on the globe, in degrees. */
export interface LocationPoint {
  lat: number;
  lon: number;
}

const decimalPattern = /^(-?)(\d{1,3})(?:\.(\d{1,20}))?$/;

/**
 * A coordinate written in decimal ('-33.43781') rounded to two decimals, half away from zero, on
 * the digits themselves (as PostgreSQL's round() does, with no binary rounding error); undefined
 * when the text is not such a number.
 */
export function roundCoordinate(text: string): number | undefined {
  const match = decimalPattern.exec(text.trim());
  if (!match) {
    return undefined;
  }
  const [, sign, whole, fraction = ''] = match;
  const digits = fraction.padEnd(3, '0');
  const hundredths = Number(whole) * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  return hundredths === 0 ? 0 : ((sign === '-' ? -1 : 1) * hundredths) / 100;
}

/** The point rounded to two decimals, or undefined outside the globe. */
export function coarsePoint(lat: number, lon: number): LocationPoint | undefined {
  const la = roundCoordinate(lat.toFixed(6));
  const lo = roundCoordinate(lon.toFixed(6));
  if (la === undefined || lo === undefined || Math.abs(la) > 90 || Math.abs(lo) > 180) {
    return undefined;
  }
  return { lat: la, lon: lo };
}

/**
 * The OpenStreetMap page of a coarse point, as `locationURL` is answered: the marker and the map
 * centre to two decimals, at a zoom that shows the neighbourhood rather than the street.
 */
export function coarseLocationLink(point: LocationPoint): string {
  const la = point.lat.toFixed(storyLimits.locationDecimals);
  const lo = point.lon.toFixed(storyLimits.locationDecimals);
  return `https://www.openstreetmap.org/?mlat=${la}&mlon=${lo}#map=14/${la}/${lo}`;
}

/**
 * The point of an OpenStreetMap link (its marker mlat/mlon, or else its map centre #map=z/lat/lon),
 * rounded to two decimals; undefined for any other link, or a point outside the globe. Only the
 * point is kept: nothing else a link carries (other parameters, finer digits) survives.
 */
export function pointOfLocationLink(url: string): LocationPoint | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(parsed.protocol) || !/^(www\.)?openstreetmap\.org$/.test(parsed.hostname)) {
    return undefined;
  }
  const centre = /^#map=\d{1,2}\/([^/]+)\/([^/]+)$/.exec(parsed.hash);
  const latText = parsed.searchParams.get('mlat') ?? centre?.[1];
  const lonText = parsed.searchParams.get('mlon') ?? centre?.[2];
  const lat = latText === undefined ? undefined : roundCoordinate(latText);
  const lon = lonText === undefined ? undefined : roundCoordinate(lonText);
  if (lat === undefined || lon === undefined || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    return undefined;
  }
  return { lat, lon };
}

/** Numbers with more than two decimals in a place's name: coordinates typed or pasted as its name. */
const fineNumber = /-?\d{1,3}\.\d{3,20}/g;

/**
 * The place's name. Coordinates written in it ('-33.43781, -70.65049', what a point without a name
 * used to fill in) are rounded to two decimals like the point itself, so the name never places a
 * child more finely than the map does.
 */
export const locationField = singleLine(storyMessages.locationMax)
  .transform((value) => value.replace(fineNumber, (number) => (roundCoordinate(number) ?? 0).toFixed(2)))
  .pipe(z.string().max(storyLimits.locationMax, storyMessages.locationMax));

/**
 * `locationURL` as sent: empty (no point), or an OpenStreetMap link whose point is kept rounded to
 * two decimals; any other link is refused. The server stores the point, never the link.
 */
export const locationUrlField = z.preprocess(
  (value) => (value === '' || value === 'null' ? null : value),
  z
    .string({ error: storyMessages.locationUrlInvalid })
    .max(storyLimits.locationUrlMax, storyMessages.locationUrlInvalid)
    .transform((value, ctx) => {
      const point = pointOfLocationLink(value);
      if (!point) {
        ctx.addIssue({ code: 'custom', message: storyMessages.locationUrlInvalid });
        return z.NEVER;
      }
      return point;
    })
    .nullable(),
);

/** Trims a tag list, drops blanks and repeats (case-insensitively, the first spelling wins). */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    const key = tag.toLocaleLowerCase('es');
    if (tag !== '' && !seen.has(key)) {
      seen.add(key);
      out.push(tag);
    }
  }
  return out;
}

/** A JSON array string (the spec's multipart) or a real array; trimmed, blanks and repeats dropped. */
export const tagsField = z.preprocess(
  (value) => {
    if (typeof value !== 'string') {
      return value;
    }
    if (value.trim() === '') {
      return [];
    }
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z
    // Every refusal is reported on `tags` itself (not `tags.3`), where the form shows it.
    .array(z.string(), { error: storyMessages.tagsInvalid })
    .max(50, storyMessages.tagsMax)
    // Control characters are never part of a tag someone typed.
    // eslint-disable-next-line no-control-regex
    .refine((list) => list.every((tag) => !/[\u0000-\u001f\u007f]/.test(tag)), storyMessages.tagsInvalid)
    .transform(normalizeTags)
    .refine((list) => list.length <= storyLimits.tagsMax, storyMessages.tagsMax)
    .refine((list) => list.every((tag) => tag.length <= storyLimits.tagMax), storyMessages.tagMax),
);

export const writingTimeField = z.coerce
  .number({ error: storyMessages.writingTimeInvalid })
  .int(storyMessages.writingTimeInvalid)
  .min(0, storyMessages.writingTimeInvalid)
  .max(storyLimits.writingTimeMax, storyMessages.writingTimeInvalid);

const storyFieldsShape = {
  title: storyTitleField,
  text: storyTextField,
  anonymity: booleanField.default(false),
  /** The pseudonym switch; its value is `nicknameValue`. */
  nickname: booleanField.default(false),
  nicknameValue: nicknameValueField.optional(),
  /** 'Contiene información personal' (issue 22.7): never on the public shelf, whatever its status. */
  personal: booleanField.default(false),
  tags: tagsField.default([]),
  writingTime: writingTimeField.default(0),
  location: locationField.default(''),
  locationURL: locationUrlField.optional(),
};

/** Anonymity and pseudonym exclude each other; a pseudonym needs its value. */
function checkAuthorship(
  value: { anonymity?: boolean; nickname?: boolean; nicknameValue?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.anonymity && value.nickname) {
    ctx.addIssue({ code: 'custom', path: ['nickname'], message: storyMessages.anonymityAndNickname });
  }
  if (value.nickname && !value.nicknameValue) {
    ctx.addIssue({ code: 'custom', path: ['nicknameValue'], message: storyMessages.nicknameRequired });
  }
}

/**
 * POST /stories (multipart with the cover in `file`). `draft: true` (with publicationStatus EDITING)
 * saves a draft; otherwise the fic is sent for review (REVIEWING) with its location.
 */
export const createStoryBodySchema = z
  .object({
    ...storyFieldsShape,
    draft: booleanField.optional(),
    publicationStatus: z.enum(['EDITING', 'REVIEWING'], { error: storyMessages.statusInvalid }).optional(),
  })
  .superRefine((value, ctx) => {
    checkAuthorship(value, ctx);
    const draft = value.draft ?? value.publicationStatus === 'EDITING';
    if (value.publicationStatus && (value.publicationStatus === 'EDITING') !== draft) {
      ctx.addIssue({
        code: 'custom',
        path: ['publicationStatus'],
        message: storyMessages.draftStatusMismatch,
      });
    }
  });
export type CreateStoryBody = z.infer<typeof createStoryBodySchema>;

/**
 * PATCH /stories/:id as an edit (multipart, optional new cover in `file`). A field left out keeps its
 * value; the server checks anonymity and pseudonym on the result. `writingTime` is this form
 * session's seconds, added to the fic's total.
 */
export const updateStoryBodySchema = z.object({
  title: storyTitleField.optional(),
  text: storyTextField.optional(),
  anonymity: booleanField.optional(),
  nickname: booleanField.optional(),
  nicknameValue: nicknameValueField.optional(),
  personal: booleanField.optional(),
  tags: tagsField.optional(),
  writingTime: writingTimeField.optional(),
  location: locationField.optional(),
  locationURL: locationUrlField.optional(),
});
export type UpdateStoryBody = z.infer<typeof updateStoryBodySchema>;

/**
 * PATCH /stories/:id as a status change (JSON): `{ draft: false, publicationStatus: 'REVIEWING' }`
 * sends a draft or a corrected fic for review (its author); `{ publicationStatus: 'PUBLISHED' }`
 * publishes an evaluated fic (a teacher of its grade or an administrator). EVALUATED is never asked
 * for: submitting an evaluation sets it.
 */
export const storyStatusChangeBodySchema = z.object({
  publicationStatus: z.enum(['REVIEWING', 'PUBLISHED'], { error: storyMessages.statusInvalid }),
  draft: z.literal(false, { error: storyMessages.draftStatusMismatch }).optional(),
});
export type StoryStatusChangeBody = z.infer<typeof storyStatusChangeBodySchema>;

export const storyImageVariantSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

/** The cover: the PNG original (`url`, spec's image.url) and WebP versions for `srcset`. */
export const storyImageSchema = z
  .object({
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    variants: z.array(storyImageVariantSchema),
  })
  .meta({ id: 'StoryImage' });
export type StoryImage = z.infer<typeof storyImageSchema>;

/**
 * The real author. Absent (null) for an anonymous or pseudonymous fic unless the caller is its
 * author, a teacher of its grade or an administrator; to a visitor without a session a student
 * appears as 'Sofía E.' without a photo (architecture.md §6.8).
 */
export const storyAuthorSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    profilePicture: z.object({ url: z.string() }).nullable(),
  })
  .meta({ id: 'StoryAuthor' });
export type StoryAuthor = z.infer<typeof storyAuthorSchema>;

/** What the caller may do with this fic now, decided by the server's status machine. */
export const storyPermissionsSchema = z.object({
  canEdit: z.boolean(),
  canSend: z.boolean(),
  canDelete: z.boolean(),
  /** PATCH { publicationStatus: 'PUBLISHED' } would be accepted now. */
  canPublish: z.boolean(),
  /** POST /evaluations would be accepted now (a teacher of the grade; no evaluation yet). */
  canEvaluate: z.boolean(),
  /** PATCH /evaluations/:id would be accepted now (the evaluating teacher, before publication). */
  canUpdateEvaluation: z.boolean(),
  /** The answer carries the evaluation (the author, the evaluating teacher, administrators). */
  canViewEvaluation: z.boolean(),
  /** GET /stories/:id/revisions answers (the author, the grade's teachers, administrators). */
  canViewRevisions: z.boolean(),
  /** GET /stories/:id/annotations answers: the notes on passages (the author, the grade's teachers, administrators). */
  canViewAnnotations: z.boolean(),
  /** POST /stories/:id/annotations would be accepted (the grade's teachers, administrators). */
  canAnnotate: z.boolean(),
  /**
   * The fic is anonymous or pseudonymous and `writtenBy` still names the real author, for the
   * show/hide toggle (administrators and the evaluating teacher; the author sees themself).
   */
  canRevealAuthor: z.boolean(),
  /**
   * PUT /stories/:id/comments-mode would be accepted: who may comment on it, 'Comentarios cerrados'
   * or held for approval (issue 21.5: its author, the teachers of its grade, administrators).
   */
  canManageComments: z.boolean(),
});
export type StoryPermissions = z.infer<typeof storyPermissionsSchema>;

export const storySchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    /** Cleaned HTML (server allowlist); render it only after DOMPurify. */
    text: z.string(),
    image: storyImageSchema,
    publicationStatus: z.enum(storyStatuses),
    draft: z.boolean(),
    /** Publication date once published, otherwise creation date. */
    date: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    anonymity: z.boolean(),
    nickname: z.boolean(),
    nicknameValue: z.string().nullable(),
    /**
     * 'Contiene información personal' (issue 22.7): only its author, the teachers of its grade and
     * administrators ever see it, published or not (docs/decisions/privacy.md).
     */
    personal: z.boolean(),
    /**
     * The place's name ('' when none); also '' for a caller from whom the fic hides its author
     * (anonymous or pseudonymous), so the place cannot give them away (docs/decisions/stories.md).
     */
    location: z.string(),
    /**
     * The marked point as an OpenStreetMap link to two decimals (about 1 km), only for the author,
     * the grade's teachers and administrators (and, on a fic hiding its author, only for those who
     * may know the author); null for everyone else or when no point was marked.
     */
    locationURL: z.string().nullable(),
    tags: z.array(z.string()),
    /** Seconds spent writing, over every form session. */
    writingTime: z.number().int(),
    wordCount: z.number().int(),
    writtenBy: storyAuthorSchema.nullable(),
    likesCount: z.number().int(),
    /** The caller likes it (POST /stories/:id toggles it); false for a visitor without a session. */
    likedByMe: z.boolean(),
    comments: z.number().int(),
    /** Who may comment (issue 21.5): 'OPEN', 'MODERATED' (held for approval) or 'CLOSED' ('Comentarios cerrados'). */
    commentsMode: z.enum(commentsModes),
    /** How many times it was sent for review. */
    rounds: z.number().int(),
    /**
     * The spec's evaluation array: the one evaluation, for those who may read it
     * (permissions.canViewEvaluation); empty otherwise or when there is none yet.
     */
    evaluation: z.array(evaluationSchema),
    permissions: storyPermissionsSchema,
    /** Hidden for review ('En revisión'): only its author, the grade's teachers and administrators still see it. */
    moderation: moderationFlagSchema.nullable().optional(),
  })
  .meta({ id: 'Story' });
export type Story = z.infer<typeof storySchema>;

export const storyResponseSchema = z.object({ story: storySchema });
/** PUT /stories/:id/comments-mode (moderation.ts setCommentsModeBodySchema): the fic as it is now. */
export const setCommentsModeResponseSchema = z.object({ story: storySchema, message: z.string() });
export type SetCommentsModeResponse = z.infer<typeof setCommentsModeResponseSchema>;

/** A row of the student's own list (spec 001 §2 Mis fics). */
export const storySummarySchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    publicationStatus: z.enum(storyStatuses),
    draft: z.boolean(),
    date: z.string(),
    updatedAt: z.string(),
    image: storyImageSchema,
  })
  .meta({ id: 'StorySummary' });
export type StorySummary = z.infer<typeof storySummarySchema>;

export const studentStoriesPaging = { defaultLimit: 20, maxLimit: 100 } as const;
export const studentStoriesQuerySchema = z.object(pageQuerySchema(studentStoriesPaging).shape);
export type StudentStoriesQuery = z.infer<typeof studentStoriesQuerySchema>;
/** `{ stories: { docs, page, limit, totalDocs, hasNextPage, nextPage } }`, newest first. */
export const studentStoriesResponseSchema = z.object({ stories: pagedSchema(storySummarySchema) });

/** GET /stories/tags?search: suggestions starting with (or containing) the typed text. */
export const storyTagsQuerySchema = z.object({
  search: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : v),
    z.string({ error: storyMessages.tagSearchMax }).max(storyLimits.tagSearchMax, storyMessages.tagSearchMax),
  ),
});
export const storyTagsResponseSchema = z.object({ tags: z.array(z.string()) });

export const storyDeletedResponseSchema = z.object({ message: z.string() });

/**
 * A row of a teacher's review and published lists (spec 001 §3 Review list row). `student` is the
 * real name, or null when the fic is anonymous or pseudonymous and the caller is not its evaluating
 * teacher (the list then shows `nicknameValue` or 'Anónimo').
 */
export const reviewStoryRowSchema = z
  .object({
    _id: z.string(),
    student: z.string().nullable(),
    anonymity: z.boolean(),
    nicknameValue: z.string().nullable(),
    college: z.string(),
    grade: z.string(),
    storyTitle: z.string(),
    /** Marked 'Contiene información personal' by its author (issue 22.7). */
    personal: z.boolean(),
    publicationStatus: z.enum(storyStatuses),
    /** Last sent (review list) or published (published list). */
    date: z.string(),
    /** DELETE /stories/:id would be accepted (the evaluating teacher). */
    canDelete: z.boolean(),
  })
  .meta({ id: 'ReviewStoryRow' });
export type ReviewStoryRow = z.infer<typeof reviewStoryRowSchema>;

export const reviewStoriesPaging = { defaultLimit: 20, maxLimit: 100 } as const;
/** GET /stories/review-stories: REVIEWING and EVALUATED fics of the teacher's grades, latest activity first. */
export const reviewStoriesQuerySchema = z.object({
  ...pageQuerySchema(reviewStoriesPaging).shape,
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['REVIEWING', 'EVALUATED'], { error: storyMessages.statusInvalid }).optional(),
  ),
});
export type ReviewStoriesQuery = z.infer<typeof reviewStoriesQuerySchema>;
/** GET /stories/published-stories: PUBLISHED fics of the teacher's grades, newest first. */
export const publishedStoriesQuerySchema = z.object(pageQuerySchema(reviewStoriesPaging).shape);
export type PublishedStoriesQuery = z.infer<typeof publishedStoriesQuerySchema>;
export const reviewStoriesResponseSchema = z.object({ stories: pagedSchema(reviewStoryRowSchema) });

/**
 * POST /notifications/published `{ userId, storyId? }` (spec 001 §7). Publishing already notifies
 * the author (a notification and an e-mail, once per fic); this call, kept for the spec's client,
 * makes sure it happened and never sends a second e-mail. Without `storyId`, the author's latest
 * fic published in the caller's grades.
 */
export const publishedNotificationBodySchema = z.object({
  userId: idSchema,
  storyId: idSchema.optional(),
});
export type PublishedNotificationBody = z.infer<typeof publishedNotificationBodySchema>;
export const publishedNotificationResponseSchema = z.object({
  /** True when this call created the notification (publishing had not). */
  notified: z.boolean(),
  message: z.string(),
});
export const notificationMessages = {
  nothingToNotify: 'Este estudiante no tiene fics publicadas que puedas notificar',
  notified: 'Notificación enviada',
  alreadyNotified: 'El estudiante ya fue notificado',
} as const;

/** Words of a text (already free of markup). */
export function countWords(plainText: string): number {
  const words = plainText.match(/[\p{L}\p{N}]+(?:['’\-.][\p{L}\p{N}]+)*/gu);
  return words ? words.length : 0;
}

/** Whole minutes to read `wordCount` words, at least 1. */
export function readingMinutes(wordCount: number): number {
  return Math.max(1, Math.ceil(wordCount / storyLimits.wordsPerMinute));
}

/** 'Sofía Escobar Ruiz' → 'Sofía E.' (architecture.md §6.8: how strangers see a student). */
export function publicStudentName(name: string): string {
  const [first = '', second] = name.trim().split(/\s+/);
  return second ? `${first} ${second.charAt(0).toLocaleUpperCase('es')}.` : first;
}
