/**
 * The fic's status machine (spec 001 §4, §6), in one table the services consult for every action:
 *
 *   EDITING ──send (author)──> REVIEWING ──evaluate (grade teacher)──> EVALUATED
 *      EVALUATED ──send again (author)──> REVIEWING ──update evaluation (evaluator)──> EVALUATED …
 *   REVIEWING or EVALUATED, once an evaluation exists ──publish (grade teacher, admin)──> PUBLISHED
 *
 * Every write that depends on the status is a conditional UPDATE/DELETE `WHERE status IN (allowed)`
 * (publishing also `AND an evaluation exists`), so two requests racing cannot both pass a check
 * made on a stale read; a write that matches nothing is explained by reading the fic again.
 */
import {
  commentMessages,
  likeMessages,
  storyMessages,
  storyStatuses,
  evaluationMessages,
  type StoryPermissions,
  type StoryStatus,
} from '@fics/contracts';
import type { Actor } from '../../plugins/auth';

/**
 * How the caller relates to a fic. `gradeTeacher`: a teacher of the fic's grade; `evaluator`: the
 * grade teacher who wrote its evaluation (the first to evaluate it); `curator`: an administrator on
 * an orphaned fic (issue 22.4: its author's account was erased and they kept it as 'Anónimo').
 */
export type StoryRelation = 'author' | 'evaluator' | 'gradeTeacher' | 'admin' | 'curator' | 'other';

export type StoryAction =
  | 'edit'
  | 'send'
  | 'delete'
  | 'publish'
  | 'evaluate'
  | 'updateEvaluation'
  | 'viewEvaluation'
  | 'viewRevisions'
  | 'viewAnnotations'
  | 'annotate'
  | 'like'
  | 'comment'
  | 'manageComments';

const ALL: readonly StoryStatus[] = storyStatuses;
const UNDER_REVIEW: readonly StoryStatus[] = ['REVIEWING', 'EVALUATED'];
/** Only a published fic is liked and commented, by anyone who may see it. */
const PUBLIC_ONLY: readonly StoryStatus[] = ['PUBLISHED'];
const EVERYONE_ON_PUBLIC: Record<StoryRelation, readonly StoryStatus[]> = {
  author: PUBLIC_ONLY,
  evaluator: PUBLIC_ONLY,
  gradeTeacher: PUBLIC_ONLY,
  admin: PUBLIC_ONLY,
  curator: PUBLIC_ONLY,
  other: PUBLIC_ONLY,
};

/** For each action, the statuses in which each relation may take it; a relation left out never may. */
const rules: Record<StoryAction, Partial<Record<StoryRelation, readonly StoryStatus[]>>> = {
  // The author edits a draft and a corrected fic before resending it; the evaluator corrects it
  // while it is under review; administrators always. Nobody else edits a PUBLISHED fic.
  edit: { author: ['EDITING', 'EVALUATED'], evaluator: UNDER_REVIEW, admin: ALL },
  // EDITING → REVIEWING and EVALUATED → REVIEWING, by the author only.
  send: { author: ['EDITING', 'EVALUATED'] },
  // The author deletes only a draft; the evaluator a fic of theirs, published or not; admins always.
  // An orphaned fic (issue 22.4) is edited by no one (its words stay as its author left them):
  // administrators delete it or set who may comment, moderation hides or removes it.
  delete: {
    author: ['EDITING'],
    evaluator: ['REVIEWING', 'EVALUATED', 'PUBLISHED'],
    admin: ALL,
    curator: PUBLIC_ONLY,
  },
  // → PUBLISHED, and only once an evaluation exists (checked with the write).
  publish: { gradeTeacher: UNDER_REVIEW, evaluator: UNDER_REVIEW, admin: UNDER_REVIEW },
  // The first evaluation: REVIEWING → EVALUATED. Once one exists it is updated, not created again
  // (the evaluator gets a 409 saying so; the service tells another teacher who came first).
  evaluate: { gradeTeacher: ['REVIEWING'], evaluator: [] },
  // The evaluator rewrites it while the fic is under review (a resent fic goes back to EVALUATED).
  updateEvaluation: { evaluator: UNDER_REVIEW },
  // The student reads theirs, with the evaluator and administrators, whatever the status.
  viewEvaluation: { author: ALL, evaluator: ALL, admin: ALL },
  // The rounds sent (issue 20.3): the author, every teacher of the grade and administrators, always.
  viewRevisions: { author: ALL, evaluator: ALL, gradeTeacher: ALL, admin: ALL },
  // Notes on passages (issue 20.1): read (and replied to) by the author, the grade's teachers and
  // administrators, also after publication; written by the teachers and administrators only.
  viewAnnotations: { author: ALL, evaluator: ALL, gradeTeacher: ALL, admin: ALL },
  annotate: { evaluator: ALL, gradeTeacher: ALL, admin: ALL },
  // Likes and comments: a published fic only (409 to whoever may see an unpublished one).
  like: EVERYONE_ON_PUBLIC,
  comment: EVERYONE_ON_PUBLIC,
  // Who may comment on it (issue 21.5: open, held for approval, closed): its author and the adults
  // responsible for it, whatever its status (a draft's choice holds once it is published). Never a
  // classmate or a visitor.
  manageComments: { author: ALL, evaluator: ALL, gradeTeacher: ALL, admin: ALL, curator: PUBLIC_ONLY },
};

/** The status a `send` leads to. */
export const SENT_STATUS: StoryStatus = 'REVIEWING';
/** The status an evaluation (created or updated) leads to. */
export const EVALUATED_STATUS: StoryStatus = 'EVALUATED';
export const PUBLISHED_STATUS: StoryStatus = 'PUBLISHED';

export function relationTo(
  actor: Actor | null,
  /** `authorId` null: an orphaned fic (issue 22.4), no one's own. */
  story: { authorId: string | null; evaluatorId: string | null },
  isGradeTeacher: boolean,
): StoryRelation {
  if (!actor) {
    return 'other';
  }
  // An orphaned fic (issue 22.4) is no one's own and no longer a student's of the grade: only
  // administrators keep a relation to it (to delete it); everyone else reads it.
  if (story.authorId === null) {
    return actor.role === 'ADMIN' ? 'curator' : 'other';
  }
  if (actor.role === 'ADMIN') {
    return 'admin';
  }
  if (actor.userId === story.authorId) {
    return 'author';
  }
  if (actor.role !== 'TEACHER' || !isGradeTeacher) {
    return 'other';
  }
  return story.evaluatorId === actor.userId ? 'evaluator' : 'gradeTeacher';
}

/** Statuses in which `relation` may take `action` (empty: never). */
export function allowedStatuses(action: StoryAction, relation: StoryRelation): readonly StoryStatus[] {
  return rules[action][relation] ?? [];
}

/** Whether the fic is public (published): the one status anyone may see, like and comment. */
export function isPublished(status: StoryStatus): boolean {
  return status === PUBLISHED_STATUS;
}

/**
 * What keeps a published fic from someone who is not its author, a teacher of its grade or an
 * administrator (docs/decisions/privacy.md):
 * - `hidden`: hidden for review (issue 21.2);
 * - `personal`: marked 'Contiene información personal' (issue 22.7): never shown to anyone else,
 *   not even classmates, whatever its status;
 * - `schoolOnly`: its author needs a guardian's consent they do not have (issue 22.5): shown only
 *   to signed-in members of the fic's school (`sameSchool`: the caller belongs to it).
 */
export interface StoryExposure {
  hidden?: boolean;
  personal?: boolean;
  schoolOnly?: boolean;
  sameSchool?: boolean;
}

/**
 * Only PUBLISHED fics are public, and not while hidden for review nor when marked personal; one by
 * an author without a needed guardian's consent only within its school. The rest are for the
 * author, the grade's teachers and administrators. story-gate.ts's storyVisibleTo says the same in
 * SQL (a test holds them together).
 */
export function canView(relation: StoryRelation, status: StoryStatus, exposure: StoryExposure = {}): boolean {
  if (relation !== 'other') {
    return true;
  }
  if (!isPublished(status) || exposure.hidden || exposure.personal) {
    return false;
  }
  return !exposure.schoolOnly || exposure.sameSchool === true;
}

/**
 * Who may learn the real author of an anonymous or pseudonymous fic (spec 001 §2, §6): the author,
 * the evaluating teacher and administrators. Other teachers of the grade review it blind.
 */
export function canSeeRealAuthor(relation: StoryRelation): boolean {
  return relation === 'author' || relation === 'evaluator' || relation === 'admin';
}

/**
 * Who learns where a fic was written (issue 18.5). The place goes with the author: a caller from whom
 * the fic hides its author (anonymous or pseudonymous) learns neither the place's name nor its point,
 * since a place can tell who wrote it. Otherwise the name is for whoever may see the fic, and the
 * point (stored to two decimals, about 1 km) only for the author, the grade's teachers (the
 * evaluator among them) and administrators: never visitors, other students or other teachers.
 */
export function placeShownTo(
  relation: StoryRelation,
  authorHidden: boolean,
): { name: boolean; point: boolean } {
  if (authorHidden && !canSeeRealAuthor(relation)) {
    return { name: false, point: false };
  }
  return { name: true, point: relation !== 'other' };
}

export type Decision = { ok: true } | { ok: false; type: 'FORBIDDEN' | 'CONFLICT'; message: string };

const conflictMessages: Record<StoryAction, Partial<Record<StoryStatus, string>>> = {
  edit: { REVIEWING: storyMessages.cannotEditNow, PUBLISHED: storyMessages.cannotEditPublished },
  send: {
    REVIEWING: storyMessages.cannotSendNow,
    PUBLISHED: storyMessages.cannotSendPublished,
  },
  delete: {},
  publish: { EDITING: storyMessages.cannotPublishUnsent, PUBLISHED: storyMessages.cannotPublishAgain },
  evaluate: {
    EDITING: evaluationMessages.notSent,
    EVALUATED: evaluationMessages.alreadyEvaluated,
    PUBLISHED: evaluationMessages.published,
  },
  updateEvaluation: { EDITING: evaluationMessages.notSent, PUBLISHED: evaluationMessages.published },
  viewEvaluation: {},
  viewRevisions: {},
  viewAnnotations: {},
  annotate: {},
  like: {},
  comment: {},
  manageComments: {},
};
const fallbackConflict: Record<StoryAction, string> = {
  edit: storyMessages.cannotEditNow,
  send: storyMessages.cannotSendNow,
  delete: storyMessages.cannotDeleteNow,
  publish: storyMessages.cannotPublishWithoutEvaluation,
  evaluate: evaluationMessages.alreadyEvaluated,
  updateEvaluation: evaluationMessages.published,
  viewEvaluation: evaluationMessages.notFound,
  viewRevisions: storyMessages.notFound,
  viewAnnotations: storyMessages.notFound,
  annotate: storyMessages.notFound,
  like: likeMessages.notPublished,
  comment: commentMessages.notPublished,
  manageComments: storyMessages.notFound,
};

/** The 409 message for `action` refused in `status`. */
export function conflictMessage(action: StoryAction, status: StoryStatus): string {
  return conflictMessages[action][status] ?? fallbackConflict[action];
}

/**
 * Whether `relation` may take `action` on a fic in `status`: a relation that never may is refused
 * (403); one that may, but not in this status, gets a 409 saying why.
 */
export function decide(action: StoryAction, relation: StoryRelation, status: StoryStatus): Decision {
  const allowed = rules[action][relation];
  if (!allowed) {
    return { ok: false, type: 'FORBIDDEN', message: '' };
  }
  if (!allowed.includes(status)) {
    return { ok: false, type: 'CONFLICT', message: conflictMessage(action, status) };
  }
  return { ok: true };
}

/**
 * What the caller may do now, for the web's buttons (the server decides again on each request).
 * `hasEvaluation`: publishing needs one, creating one needs none, and only an existing one is read
 * or updated.
 */
export function permissionsFor(
  relation: StoryRelation,
  story: { status: StoryStatus; hasEvaluation: boolean; authorHidden: boolean },
): StoryPermissions {
  const { status, hasEvaluation } = story;
  const may = (action: StoryAction) => decide(action, relation, status).ok;
  return {
    canEdit: may('edit'),
    canSend: may('send'),
    canDelete: may('delete'),
    canPublish: hasEvaluation && may('publish'),
    canEvaluate: !hasEvaluation && may('evaluate'),
    canUpdateEvaluation: hasEvaluation && may('updateEvaluation'),
    canViewEvaluation: hasEvaluation && may('viewEvaluation'),
    canViewRevisions: may('viewRevisions'),
    canViewAnnotations: may('viewAnnotations'),
    canAnnotate: may('annotate'),
    canRevealAuthor: story.authorHidden && (relation === 'evaluator' || relation === 'admin'),
    canManageComments: may('manageComments'),
  };
}
