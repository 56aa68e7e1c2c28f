/**
 * Every domain event, with what it carries (issue 19.3). The module that makes a change emits its
 * event in the same transaction; subscribers (tracking, mail, the gallery's cache, notifications)
 * react to it afterwards. A payload holds what subscribers need and cannot read back later (the
 * fic's title as it was, the writing time an action added, the score), never a whole row.
 */
export interface EventPayloads {
  // An `authorId`, `storyAuthorId`, `commentAuthorId` or `replyAuthorId` is null on an orphaned fic
  // or for a writer whose account was erased (issue 22.4): no one to tell.
  /** A fic was created (as a draft, or created and sent at once: then `story.sent` follows). */
  'story.created': { authorId: string; gradeId: string; title: string; writingTime: number };
  /**
   * Its author or an editor changed its text, title, cover or tags. `writingTime`: the seconds the
   * edit added, null when it sent none (the activity line shows no time then).
   */
  'story.updated': { authorId: string | null; title: string; writingTime: number | null; published: boolean };
  /** A draft sent for review (`resent: false`), or a corrected fic sent again (`resent: true`); story-status.ts has the transitions. */
  'story.sent': { authorId: string; gradeId: string; title: string; writingTime: number; resent: boolean };
  /** The first evaluation of a fic under review. */
  'story.evaluated': { authorId: string; evaluatorId: string; title: string; score: number };
  /** The evaluator rewrote the evaluation (a resent fic is evaluated again). */
  'evaluation.updated': { authorId: string; evaluatorId: string; title: string; score: number };
  'story.published': { authorId: string; title: string };
  'story.deleted': { authorId: string | null; gradeId: string; title: string; wasPublished: boolean };
  'story.liked': { authorId: string | null; title: string; liked: boolean };
  /** Hidden for review by its reports (issue 21.2); only its author, the grade's teachers and administrators still see it. */
  'story.hidden': { authorId: string | null; title: string };
  /** Shown again: the reports were looked at and it stays ('Mantener'). */
  'story.shown': { authorId: string | null; title: string };
  /** Taken out of publication by a moderation decision ('Eliminar'): back to its author, corrections pending. */
  'story.withdrawn': { authorId: string | null; title: string };
  /** Who may comment on it changed (issue 21.5): 'OPEN', 'MODERATED' (held for approval), 'CLOSED'. */
  'story.comments_mode_changed': {
    authorId: string | null;
    title: string;
    mode: 'OPEN' | 'MODERATED' | 'CLOSED';
    previousMode: 'OPEN' | 'MODERATED' | 'CLOSED';
  };
  /**
   * `held`: written held for approval (issue 21.5-6): its fic's author is told only once it is
   * approved (`comment.approved`); the writer's activity records it now.
   */
  'comment.added': { commentId: string; storyAuthorId: string | null; title: string; held?: boolean };
  /** Its writer (or a moderator) changed its text. */
  'comment.updated': { commentId: string; commentAuthorId: string | null; title: string };
  'comment.deleted': { commentId: string; commentAuthorId: string | null; title: string };
  'reply.added': {
    replyId: string;
    commentId: string;
    commentAuthorId: string | null;
    title: string;
    /** Written held for approval: the comment's writer is told once it is approved. */
    held?: boolean;
  };
  /** Its writer (or a moderator) changed its text. */
  'reply.updated': { replyId: string; commentId: string; replyAuthorId: string | null; title: string };
  'reply.deleted': { replyId: string; commentId: string; replyAuthorId: string | null; title: string };
  /**
   * Notes on passages (issue 20.1-2; the stream is the fic). `authorId`: the fic's author (whom the
   * notes are for); `writerId`: the note's writer (null once their account is deleted); `title`: the
   * fic's as it was. The replier, resolver or reopener is the event's actor.
   */
  'annotation.created': { annotationId: string; authorId: string; writerId: string; title: string };
  'annotation.replied': {
    annotationId: string;
    replyId: string;
    authorId: string;
    writerId: string | null;
    title: string;
  };
  /** Marked 'Resuelta' (by the fic's author or an administrator). */
  'annotation.resolved': { annotationId: string; authorId: string; writerId: string | null; title: string };
  /** A resolved note opened again (by a teacher of the grade or an administrator). */
  'annotation.reopened': { annotationId: string; authorId: string; writerId: string | null; title: string };
  /**
   * Re-anchoring after an edit left notes without a place (they are kept as orphans): one event per
   * edit, with each such note and its writer. The actor is whoever changed the text.
   */
  'annotation.orphaned': {
    authorId: string;
    title: string;
    notes: readonly { annotationId: string; writerId: string | null }[];
  };
  'user.created': { userId: string; roleName: string };
  /** Their school or grades changed. */
  'user.moved': { userId: string };
  'user.deleted': { userId: string };
  /**
   * An account's e-mail changed: the old address is told (it cannot be read back once changed).
   * Only addresses, never a link: an invitation to the new address is queued by the change itself.
   */
  'user.email_changed': { userId: string; previousEmail: string; newEmail: string };
  /**
   * A teacher or an administrator asked a student's guardian for consent (issue 22.5): the mail's
   * subscriber issues the link's token (never carried here) and e-mails the notice.
   */
  'guardian_consent.requested': { consentId: string; studentId: string; replaced: boolean };
  /** The guardian answered or withdrew (through the link: no actor), or the staff recorded a withdrawal. */
  'guardian_consent.decided': {
    consentId: string;
    studentId: string;
    status: 'GRANTED' | 'REFUSED' | 'WITHDRAWN';
  };
  /** Someone changed their own name, bio or photo (what lists and comments show of them). */
  'user.profile_updated': { userId: string; changed: readonly ('name' | 'bio' | 'photo')[] };
  /** 'Mis datos' produced for `userId` (issue 22.2): by the person, or by an administrator (`requestedBy`). */
  'user.data_exported': { userId: string; requestedBy: string };
  /**
   * No login for almost 6 years (issue 22.6): the account will be erased on `eraseOn` (a date in
   * Chile, YYYY-MM-DD) unless its owner signs in; the users module mails the notice. By the system.
   */
  'user.retention_notice_due': { userId: string; eraseOn: string };
  /**
   * A student blocked another (issue 21.4; the actor is the blocker), or lifted their block. Only
   * for a new block or a lifted one, never for a repeated click. Nobody is told: the blocker's
   * activity records it (issue 21.7).
   */
  'user.blocked': { blockerId: string; blockedId: string };
  'user.unblocked': { blockerId: string; blockedId: string };
  /**
   * A comment or reply held for approval (issue 21.5-6; the stream is its fic), when written or when
   * an edit brought in a listed word: `heldFor` says why. The teachers of the fic's grade are told.
   * The writer is the actor (or whoever edited it).
   */
  'comment.held': {
    target: 'COMMENT' | 'REPLY';
    commentId: string;
    replyId: string | null;
    writerId: string;
    gradeId: string;
    heldFor: 'MODERATED' | 'WORDS';
    title: string;
  };
  /**
   * A held comment or reply approved by its actor (a teacher of the fic's grade, an administrator):
   * it shows now, and who would have been told of it when written is told now (the fic's author of a
   * comment, the comment's writer of a reply), with its writer.
   */
  'comment.approved': {
    target: 'COMMENT' | 'REPLY';
    commentId: string;
    replyId: string | null;
    writerId: string;
    storyAuthorId: string | null;
    commentAuthorId: string | null;
    title: string;
  };
  /** A held comment or reply rejected by its actor: deleted (`comment.deleted`/`reply.deleted` too); its writer is told. */
  'comment.rejected': {
    target: 'COMMENT' | 'REPLY';
    commentId: string;
    replyId: string | null;
    writerId: string;
    title: string;
  };
  /** An administrator added a word or expression to the list that holds comments (issue 21.6). */
  'moderation_word.added': { wordId: string; word: string };
  'moderation_word.removed': { wordId: string; word: string };
  'request.created': { requestId: string; kind: 'REGISTER' | 'CHANGE' };
  'request.handled': { requestId: string; kind: 'REGISTER' | 'CHANGE'; accepted: boolean };
  /**
   * A request under Ley 21.719 was filed (issue 22.3). `confirmed`: filed by an account, it is in
   * the queue at once; otherwise a parent's request waits for the link e-mailed to them (the mail's
   * subscriber mints it: a secret never sits in a payload).
   */
  'privacy_request.created': { requestId: string; type: string; confirmed: boolean; dueAt: string | null };
  /** A parent opened the link: the request entered the queue and its legal time started. */
  'privacy_request.confirmed': { requestId: string; type: string; dueAt: string };
  /** Answered for good ('DONE' or 'REFUSED'); the answer is e-mailed with the notice of art. 11. */
  'privacy_request.answered': { requestId: string; status: 'DONE' | 'REFUSED' };
  /** The one extension of 30 days, with its reason (e-mailed too). */
  'privacy_request.extended': { requestId: string; dueAt: string };
  /** Falls due within a week (told once per due date, by the deadlines job). */
  'privacy_request.due_soon': { requestId: string; type: string; dueAt: string };
  /**
   * An administrator recorded a security incident (issue 22.6): the other administrators are told.
   * No personal data: what happened is read from the register by whoever may read it.
   */
  'security_incident.recorded': {
    incidentId: string;
    occurredAt: string;
    childrenData: boolean;
    affectedCount: number;
  };
  /** An administrator changed a recorded incident: which fields, and its status after the change. */
  'security_incident.updated': { incidentId: string; changed: readonly string[]; status: 'OPEN' | 'CLOSED' };
  /**
   * Someone reported a comment, reply or fic (issue 21.1; the stream is the fic it is on or is).
   * `opened`: this report opened the item's case (the teachers of the author's grade are told);
   * `hidden`: this report hid it (the third reporter, or a teacher or administrator). The reporter is
   * the actor and is never told to the reported person.
   */
  'report.created': {
    caseId: string;
    reportId: string;
    target: 'COMMENT' | 'REPLY' | 'STORY';
    targetId: string;
    subjectUserId: string | null;
    reason: string;
    opened: boolean;
    hidden: boolean;
    title: string;
  };
  /**
   * A case settled once (issue 21.3) by its actor: 'KEEP' showed the item again, 'REMOVE' deleted the
   * comment or reply, or took the fic out of publication. `reporterIds` are told the outcome without
   * names, the item's author the reasons (`reasons`, most chosen first) and `note` on REMOVE.
   */
  'moderation.decided': {
    caseId: string;
    decision: 'KEEP' | 'REMOVE';
    target: 'COMMENT' | 'REPLY' | 'STORY';
    targetId: string;
    subjectUserId: string | null;
    reporterIds: readonly string[];
    reasons: readonly string[];
    note: string | null;
    title: string;
  };
}

export type EventType = keyof EventPayloads;

export const eventTypes = [
  'story.created',
  'story.updated',
  'story.sent',
  'story.evaluated',
  'evaluation.updated',
  'story.published',
  'story.deleted',
  'story.liked',
  'story.hidden',
  'story.shown',
  'story.withdrawn',
  'story.comments_mode_changed',
  'comment.added',
  'comment.updated',
  'comment.deleted',
  'reply.added',
  'reply.updated',
  'reply.deleted',
  'comment.held',
  'comment.approved',
  'comment.rejected',
  'moderation_word.added',
  'moderation_word.removed',
  'annotation.created',
  'annotation.replied',
  'annotation.resolved',
  'annotation.reopened',
  'annotation.orphaned',
  'user.created',
  'user.moved',
  'user.deleted',
  'user.email_changed',
  'user.profile_updated',
  'user.data_exported',
  'user.retention_notice_due',
  'guardian_consent.requested',
  'guardian_consent.decided',
  'user.blocked',
  'user.unblocked',
  'request.created',
  'request.handled',
  'privacy_request.created',
  'privacy_request.confirmed',
  'privacy_request.answered',
  'privacy_request.extended',
  'privacy_request.due_soon',
  'security_incident.recorded',
  'security_incident.updated',
  'report.created',
  'moderation.decided',
] as const satisfies readonly EventType[];

/** Who made a change: a signed-in user, or the system (null). */
export interface EventActor {
  userId: string;
  role: string;
}

/** What a module emits: the type, its payload, the fic it is about (its stream) and who did it. */
export type NewDomainEvent = {
  [T in EventType]: { type: T; storyId?: string | null; actor: EventActor | null; payload: EventPayloads[T] };
}[EventType];

/** An event as subscribers receive it. */
export type DomainEvent = {
  [T in EventType]: {
    id: number;
    type: T;
    storyId: string | null;
    actor: EventActor | null;
    payload: EventPayloads[T];
    occurredAt: Date;
  };
}[EventType];
