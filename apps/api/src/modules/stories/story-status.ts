/**
 * The fic's status machine (spec 001 §4, §6), in one table the service consults for every action.
 * The review issue extends it: EVALUATED (a teacher's evaluation) and PUBLISHED (a teacher of the
 * grade or an administrator). Every write that depends on the status is a conditional UPDATE/DELETE
 * `WHERE status IN (allowed)`, so two requests racing cannot both pass a check made on a stale read.
 */
import { storyMessages, storyStatuses, type StoryPermissions, type StoryStatus } from '@fics/contracts';
import type { Actor } from '../../plugins/auth';

/** How the caller relates to a fic. `gradeTeacher`: a teacher of the fic's grade. */
export type StoryRelation = 'author' | 'gradeTeacher' | 'admin' | 'other';

export type StoryAction = 'edit' | 'send' | 'delete';

const ALL: readonly StoryStatus[] = storyStatuses;

/** For each action, the statuses in which each relation may take it; a relation left out never may. */
const rules: Record<StoryAction, Partial<Record<StoryRelation, readonly StoryStatus[]>>> = {
  // The author edits a draft, and a corrected fic before resending it; administrators always.
  edit: { author: ['EDITING', 'EVALUATED'], admin: ALL },
  // EDITING → REVIEWING and EVALUATED → REVIEWING, by the author only.
  send: { author: ['EDITING', 'EVALUATED'] },
  // The author deletes only a draft; administrators always.
  delete: { author: ['EDITING'], admin: ALL },
};

/** The status a `send` leads to. */
export const SENT_STATUS: StoryStatus = 'REVIEWING';

export function relationTo(
  actor: Actor | null,
  story: { authorId: string },
  isGradeTeacher: boolean,
): StoryRelation {
  if (!actor) {
    return 'other';
  }
  if (actor.role === 'ADMIN') {
    return 'admin';
  }
  if (actor.userId === story.authorId) {
    return 'author';
  }
  return actor.role === 'TEACHER' && isGradeTeacher ? 'gradeTeacher' : 'other';
}

/** Statuses in which `relation` may take `action` (empty: never). */
export function allowedStatuses(action: StoryAction, relation: StoryRelation): readonly StoryStatus[] {
  return rules[action][relation] ?? [];
}

/** Only PUBLISHED fics are public; the rest are for the author, the grade's teachers and administrators. */
export function canView(relation: StoryRelation, status: StoryStatus): boolean {
  return status === 'PUBLISHED' || relation !== 'other';
}

/** Who may learn the real author of an anonymous or pseudonymous fic. */
export function canSeeRealAuthor(relation: StoryRelation): boolean {
  return relation !== 'other';
}

export type Decision = { ok: true } | { ok: false; type: 'FORBIDDEN' | 'CONFLICT'; message: string };

const conflictMessages: Record<StoryAction, Partial<Record<StoryStatus, string>>> = {
  edit: { REVIEWING: storyMessages.cannotEditNow, PUBLISHED: storyMessages.cannotEditPublished },
  send: {
    REVIEWING: storyMessages.cannotSendNow,
    PUBLISHED: storyMessages.cannotSendPublished,
  },
  delete: {},
};
const fallbackConflict: Record<StoryAction, string> = {
  edit: storyMessages.cannotEditNow,
  send: storyMessages.cannotSendNow,
  delete: storyMessages.cannotDeleteNow,
};

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
    return {
      ok: false,
      type: 'CONFLICT',
      message: conflictMessages[action][status] ?? fallbackConflict[action],
    };
  }
  return { ok: true };
}

/** What the caller may do now, for the web's buttons (the server decides again on each request). */
export function permissionsFor(relation: StoryRelation, status: StoryStatus): StoryPermissions {
  return {
    canEdit: decide('edit', relation, status).ok,
    canSend: decide('send', relation, status).ok,
    canDelete: decide('delete', relation, status).ok,
  };
}
