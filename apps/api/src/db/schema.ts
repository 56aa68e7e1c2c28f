import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  jsonb,
  unique,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/*
 * Custom SQL functions (migration 0002), used by generated columns and indexes:
 * - fics_fold(text): lower case without accents ('Ñandú Pérez' → 'nandu perez'), for searching;
 * - fics_sort_key(text): the same, except that ñ sorts after n, compared with COLLATE "C", so names
 *   sort as a Spanish reader expects on every server (PGlite has no ICU collations).
 */

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name', { enum: ['ADMIN', 'TEACHER', 'STUDENT'] })
      .notNull()
      .unique(),
    displayName: text('display_name').notNull(),
  },
  (t) => [check('roles_name_check', sql`${t.name} in ('ADMIN', 'TEACHER', 'STUDENT')`)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Always stored trimmed and lower-cased; unique. */
    email: text('email').notNull(),
    /** Null until the user sets a password through the invitation link. */
    passwordHash: text('password_hash'),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    bio: text('bio').notNull().default(''),
    phoneNumber: text('phone_number'),
    /** Cleared when the image is deleted. */
    profilePictureId: uuid('profile_picture_id').references((): AnyPgColumn => media.id, {
      onDelete: 'set null',
    }),
    /**
     * Optional (issue 22.5): with the grade, it says whether a student needs a guardian's consent
     * before their name or work leaves their school (docs/decisions/privacy.md, 'Consentimiento').
     */
    birthYear: smallint('birth_year'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    /** The name's Spanish sort key (COLLATE "C"); the user list pages in this order. */
    sortKey: text('sort_key').generatedAlwaysAs(sql`fics_sort_key(name)`),
    /** Name and e-mail folded (no accents, lower case), searched by trigram. */
    searchText: text('search_text').generatedAlwaysAs(sql`fics_fold(name || ' ' || email)`),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_role_sort_idx').on(t.roleId, t.sortKey, t.id),
    index('users_sort_idx').on(t.sortKey, t.id),
    // A small pending list: every search reads it whole, and PGlite has no autovacuum to empty it.
    index('users_search_idx')
      .using('gin', t.searchText.op('gin_trgm_ops'))
      .with({ gin_pending_list_limit: 256 }),
    index('users_profile_picture_idx').on(t.profilePictureId),
    // The housekeeping job's yearly refresh reads only the students born in the year that just
    // turned 14 (fics_refresh_withheld_born, issue 22.5).
    index('users_birth_year_idx')
      .on(t.birthYear)
      .where(sql`${t.birthYear} is not null`),
    check('users_birth_year_check', sql`${t.birthYear} is null or ${t.birthYear} between 1900 and 2100`),
  ],
);

/**
 * When each account was last used, for its retention (issue 22.6, docs/decisions/privacy.md
 * 'Conservación'): its last login, or its creation until the first (a trigger on users writes the
 * row; students created by their school may never log in), and when it was told it will be erased
 * for 6 years without a login (erased 30 days later; a login clears it). Apart from users so that a
 * login writes a narrow row, not the account's (its indexes, its triggers, the signed-in caches).
 */
export const userRetention = pgTable(
  'user_retention',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastUsedAt: tz('last_used_at').notNull(),
    noticeAt: tz('notice_at'),
  },
  (t) => [
    // The job: accounts not yet told, by when they were last used; and the accounts told, by when.
    index('user_retention_due_idx')
      .on(t.lastUsedAt, t.userId)
      .where(sql`${t.noticeAt} is null`),
    index('user_retention_notice_idx')
      .on(t.noticeAt, t.userId)
      .where(sql`${t.noticeAt} is not null`),
  ],
);

/**
 * A guardian's consent for a student (issue 22.5, docs/decisions/privacy.md 'Consentimiento'): one
 * row per request a teacher or an administrator makes; the guardian decides through the e-mailed
 * link (no account), whose token is stored hashed once the mail is written. A row is PENDING until
 * decided (GRANTED or REFUSED, once), a GRANTED one may be WITHDRAWN, and a newer request REPLACES
 * a pending one. The effective state is derived in SQL (fics_consent_withheld).
 */
export const guardianConsents = pgTable(
  'guardian_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Trimmed and lower-cased. */
    guardianEmail: text('guardian_email').notNull(),
    /** SHA-256 of the link's token; null until the mail carrying it is written. */
    tokenHash: text('token_hash').unique(),
    status: text('status', { enum: ['PENDING', 'GRANTED', 'REFUSED', 'WITHDRAWN', 'REPLACED'] })
      .notNull()
      .default('PENDING'),
    /** The notice's version the guardian read (contracts' guardianNotice), set with the decision. */
    noticeVersion: text('notice_version'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: tz('requested_at').notNull().defaultNow(),
    /** The link's decision is taken before this; withdrawing a consent has no deadline. */
    expiresAt: tz('expires_at').notNull(),
    decidedAt: tz('decided_at'),
    withdrawnAt: tz('withdrawn_at'),
    /** Who recorded the withdrawal: null when the guardian did it through the link. */
    withdrawnBy: uuid('withdrawn_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check(
      'guardian_consents_status_check',
      sql`${t.status} in ('PENDING', 'GRANTED', 'REFUSED', 'WITHDRAWN', 'REPLACED')`,
    ),
    // A decision carries its date and the notice read; a withdrawal its date.
    check(
      'guardian_consents_decision_check',
      sql`(${t.status} in ('GRANTED', 'REFUSED', 'WITHDRAWN')) = (${t.decidedAt} is not null and ${t.noticeVersion} is not null)
        and (${t.status} = 'WITHDRAWN') = (${t.withdrawnAt} is not null)`,
    ),
    check('guardian_consents_email_check', sql`char_length(${t.guardianEmail}) between 3 and 254`),
    // At most one open request or consent per student: the one the state is read from.
    uniqueIndex('guardian_consents_open_idx')
      .on(t.studentId)
      .where(sql`${t.status} in ('PENDING', 'GRANTED')`),
    index('guardian_consents_student_idx').on(t.studentId, t.requestedAt.desc()),
    index('guardian_consents_requested_by_idx').on(t.requestedBy),
    index('guardian_consents_withdrawn_by_idx').on(t.withdrawnBy),
  ],
);

/**
 * How many users each role has, kept by a statement trigger on users (migration 0002), so a page
 * of the whole user list knows its total without counting 100,000 rows.
 */
export const userCounts = pgTable('user_counts', {
  roleId: uuid('role_id')
    .primaryKey()
    .references(() => roles.id, { onDelete: 'cascade' }),
  count: integer('count').notNull(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    /** Absolute expiry: rotation never extends a session past this. */
    expiresAt: tz('expires_at').notNull(),
    lastUsedAt: tz('last_used_at').notNull().defaultNow(),
    revokedAt: tz('revoked_at'),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    // Housekeeping finds ended sessions by this expression, written the same way in its query.
    index('sessions_ended_at_idx').on(sql`least(${t.revokedAt}, ${t.expiresAt})`),
  ],
);

/** Every refresh token a session has had; a used one presented again revokes the session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: tz('created_at').notNull().defaultNow(),
    usedAt: tz('used_at'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['RECOVERY', 'INVITATION'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: tz('created_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [
    index('one_time_tokens_user_idx').on(t.userId),
    index('one_time_tokens_ended_at_idx').on(sql`least(${t.usedAt}, ${t.expiresAt})`),
    check('one_time_tokens_purpose_check', sql`${t.purpose} in ('RECOVERY', 'INVITATION')`),
  ],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Template name, for logs and tests. */
    kind: text('kind').notNull(),
    status: text('status', { enum: ['PENDING', 'SENT', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    /** A dispatcher holds a message until this time while it sends it. */
    lockedUntil: tz('locked_until'),
    lastError: text('last_error'),
    createdAt: tz('created_at').notNull().defaultNow(),
    sentAt: tz('sent_at'),
    /**
     * The domain event a subscriber queued the message for (a request handled, an e-mail changed);
     * null for messages queued directly. No foreign key: events are purged, the outbox row stays.
     */
    eventId: bigint('event_id', { mode: 'number' }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // One message of each kind per event: a redelivered event queues nothing twice.
    uniqueIndex('mail_outbox_event_kind_idx').on(t.eventId, t.kind),
    // Handled messages whose body (a live link) housekeeping has not cleared yet.
    index('mail_outbox_body_to_clear_idx')
      .on(t.id)
      .where(sql`${t.status} in ('SENT', 'FAILED') and (${t.text} <> '' or ${t.html} <> '')`),
    index('mail_outbox_created_idx').on(t.createdAt),
    check('mail_outbox_status_check', sql`${t.status} in ('PENDING', 'SENT', 'FAILED')`),
  ],
);

/** Uploaded images, re-encoded, stored in the database so instances share them. */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    /** A smaller encoding of another image (a fic cover's WebP sizes); removed with it. */
    variantOf: uuid('variant_of').references((): AnyPgColumn => media.id, { onDelete: 'cascade' }),
  },
  (t) => [index('media_owner_idx').on(t.ownerId), index('media_variant_of_idx').on(t.variantOf)],
);

export const regions = pgTable('regions', {
  /** Official region code, e.g. '13'. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull(),
});

export const communes = pgTable(
  'communes',
  {
    /** Official commune code, e.g. '13101'. */
    id: text('id').primaryKey(),
    regionId: text('region_id')
      .notNull()
      .references(() => regions.id),
    name: text('name').notNull(),
  },
  (t) => [
    index('communes_region_idx').on(t.regionId),
    // The target of colleges' (commune, region) reference: a school's commune is in its region.
    unique('communes_id_region_unique').on(t.id, t.regionId),
  ],
);

export const colleges = pgTable(
  'colleges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Official region and commune codes; null when unset ('Sin especificar'). The API answers their names. */
    regionId: text('region_id').references(() => regions.id),
    communeId: text('commune_id'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    sortKey: text('sort_key').generatedAlwaysAs(sql`fics_sort_key(name)`),
  },
  (t) => [
    // Names are unique ignoring case and accents ('Liceo Los Ángeles' = 'liceo los angeles').
    uniqueIndex('colleges_name_folded_idx').on(sql`fics_fold(${t.name})`),
    index('colleges_sort_idx').on(t.sortKey, t.id),
    index('colleges_region_idx').on(t.regionId),
    index('colleges_commune_idx').on(t.communeId),
    foreignKey({
      name: 'colleges_commune_in_region_fk',
      columns: [t.communeId, t.regionId],
      foreignColumns: [communes.id, communes.regionId],
    }),
    check('colleges_commune_needs_region', sql`${t.communeId} is null or ${t.regionId} is not null`),
  ],
);

export const grades = pgTable(
  'grades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id),
    level: text('level').notNull(),
    cicle: text('cicle').notNull(),
    name: text('name').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One grade per (school, cycle, level, name), the name ignoring case and accents.
    uniqueIndex('grades_unique_idx').on(t.collegeId, t.cicle, t.level, sql`fics_fold(${t.name})`),
    // The target of stories' (grade, school) reference: a fic's grade is in its school.
    unique('grades_id_college_unique').on(t.id, t.collegeId),
  ],
);

/** A user's school and grade pairs: one for a student, several for a teacher, none for an admin. */
export const userGrades = pgTable(
  'user_grades',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gradeId: uuid('grade_id')
      .notNull()
      .references(() => grades.id),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gradeId] }), index('user_grades_grade_idx').on(t.gradeId)],
);

/**
 * Fics (spec 001 §3 Story). The school and grade are the author's when the fic was written: teachers
 * of that grade review it, the gallery filters by them, and a grade or school with fics cannot be
 * deleted (the references below refuse it). The status machine lives in modules/stories/story-status.ts.
 */
export const stories = pgTable(
  'stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once orphaned (issue 22.4): its author's account was erased and they chose to keep it. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'cascade' }),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id),
    gradeId: uuid('grade_id').notNull(),
    title: text('title').notNull(),
    /** Cleaned HTML (the editor's allowlist). */
    text: text('text').notNull(),
    status: text('status', { enum: ['EDITING', 'REVIEWING', 'EVALUATED', 'PUBLISHED'] })
      .notNull()
      .default('EDITING'),
    anonymity: boolean('anonymity').notNull().default(false),
    /** The pseudonym; null when the fic has none. */
    nicknameValue: text('nickname_value'),
    /** The place's name, as typed or as the place search gave it. */
    location: text('location').notNull().default(''),
    /**
     * Where the fic was written, if the student marked a point: rounded to two decimals (about 1 km)
     * and never finer (the column's scale), so no answer can carry where a child was to the metre.
     * Both or neither (docs/decisions/stories.md).
     */
    locationLat: numeric('location_lat', { precision: 4, scale: 2, mode: 'number' }),
    locationLon: numeric('location_lon', { precision: 5, scale: 2, mode: 'number' }),
    /** Seconds spent writing, summed over every form session. */
    writingTime: integer('writing_time').notNull().default(0),
    wordCount: integer('word_count').notNull().default(0),
    /** The PNG original; its WebP sizes are media rows with variant_of = cover_id. */
    coverId: uuid('cover_id')
      .notNull()
      .references(() => media.id),
    /** How many times it was sent for review (the last revision's round). */
    rounds: integer('rounds').notNull().default(0),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    sentAt: tz('sent_at'),
    publishedAt: tz('published_at'),
    /**
     * Why it is hidden from everyone but its author, the teachers of the author's grade and
     * administrators: 'REPORTED' (issue 21.2, until a decision; docs/decisions/moderation.md); null
     * when visible. Room for 'HELD' (comments held for approval, issue 21.5-6).
     */
    hiddenReason: text('hidden_reason', { enum: ['REPORTED'] }),
    /**
     * 'Contiene información personal' (issue 22.7): marked by its author (or whoever may edit it),
     * such a fic never leaves its author, the teachers of its grade and administrators, whatever its
     * status (modules/stories/story-status.ts canView; docs/decisions/privacy.md).
     */
    personal: boolean('personal').notNull().default(false),
    /**
     * Its author needs a guardian's consent they do not have (issue 22.5): the fic stays within its
     * school. Kept by triggers from the author's age, grade and consents (migration 0029,
     * fics_consent_withheld); errs only towards keeping it in (docs/decisions/privacy.md).
     */
    authorWithheld: boolean('author_withheld').notNull().default(false),
    /**
     * When its author's account was erased and they kept it as 'Anónimo' (issue 22.4, AO3's
     * orphaning; docs/decisions/privacy.md 'Supresión'): no author, published, anonymous, no place.
     */
    orphanedAt: tz('orphaned_at'),
    /**
     * Who may comment (issue 21.5): 'OPEN' (everyone who sees it), 'MODERATED' (new comments and
     * replies wait for a teacher's approval), 'CLOSED' ('Comentarios cerrados': none new). Set by its
     * author, the teachers of its grade and administrators (story-status.ts).
     */
    commentsMode: text('comments_mode', { enum: ['OPEN', 'MODERATED', 'CLOSED'] })
      .notNull()
      .default('OPEN'),
    /** The title folded (no accents, lower case) for the gallery's title search. */
    titleSearch: text('title_search').generatedAlwaysAs(sql`fics_fold(title)`),
  },
  (t) => [
    foreignKey({
      name: 'stories_grade_in_college_fk',
      columns: [t.gradeId, t.collegeId],
      foreignColumns: [grades.id, grades.collegeId],
    }),
    check('stories_status_check', sql`${t.status} in ('EDITING', 'REVIEWING', 'EVALUATED', 'PUBLISHED')`),
    check('stories_anonymity_or_nickname', sql`not (${t.anonymity} and ${t.nicknameValue} is not null)`),
    check('stories_writing_time_check', sql`${t.writingTime} >= 0`),
    check('stories_comments_mode_check', sql`${t.commentsMode} in ('OPEN', 'MODERATED', 'CLOSED')`),
    check(
      'stories_location_point_check',
      sql`(${t.locationLat} is null) = (${t.locationLon} is null) and ${t.locationLat} between -90 and 90 and ${t.locationLon} between -180 and 180`,
    ),
    check(
      'stories_counts_check',
      sql`${t.likesCount} >= 0 and ${t.commentsCount} >= 0 and ${t.wordCount} >= 0`,
    ),
    check('stories_published_at_check', sql`(${t.status} = 'PUBLISHED') = (${t.publishedAt} is not null)`),
    // An orphaned fic has no author, and only a published one is kept so, shown as 'Anónimo' without
    // its pseudonym or place (issue 22.4).
    check(
      'stories_orphaned_check',
      sql`(${t.authorId} is null) = (${t.orphanedAt} is not null) and (${t.orphanedAt} is null or (${t.status} = 'PUBLISHED' and ${t.anonymity} and ${t.nicknameValue} is null and ${t.location} = '' and ${t.locationLat} is null))`,
    ),
    // Only a published fic is hidden for review (taken out of publication, it is visible again).
    check(
      'stories_hidden_reason_check',
      sql`${t.hiddenReason} is null or (${t.hiddenReason} in ('REPORTED') and ${t.status} = 'PUBLISHED')`,
    ),
    // DESC NULLS FIRST is what a plain `desc()` in a query means: written so, the indexes serve
    // drizzle's `orderBy(desc(...))` as is (NULLS LAST would need every query to say so).
    // The student's own list ('Mis fics'), by the date it shows, newest first: the fic's date
    // (published, else created), ties by id. An expression cannot be declared DESC here: the index
    // is read backwards for ORDER BY that date DESC, id DESC (story-view.ts storyDate).
    index('stories_author_date_idx').on(t.authorId, sql`coalesce(${t.publishedAt}, ${t.createdAt})`, t.id),
    // Teachers' review list: their grades, by status, by the date it shows (last sent for review),
    // read backwards as above (review-stories.service.ts). The published list has its own below.
    index('stories_grade_status_sent_idx').on(
      t.gradeId,
      t.status,
      sql`coalesce(${t.sentAt}, ${t.createdAt})`,
      t.id,
    ),
    index('stories_cover_idx').on(t.coverId),
    // The gallery: published fics newest first, whole or by school or grade, and by title words.
    index('stories_published_idx')
      .on(t.publishedAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'PUBLISHED'`),
    index('stories_college_published_idx')
      .on(t.collegeId, t.publishedAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'PUBLISHED'`),
    index('stories_grade_published_idx')
      .on(t.gradeId, t.publishedAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'PUBLISHED'`),
    index('stories_title_search_idx')
      .using('gin', t.titleSearch.op('gin_trgm_ops'))
      .with({ gin_pending_list_limit: 256 })
      .where(sql`${t.status} = 'PUBLISHED'`),
  ],
);

/** Tags, one row per tag ignoring case ('Amor' and 'amor' are one tag; the first spelling is kept). */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tags_name_lower_idx').on(sql`lower(${t.name})`),
    // Suggestions match typed text anywhere in the tag, accents ignored.
    index('tags_search_idx')
      .using('gin', sql`fics_fold(${t.name}) gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
  ],
);

export const storyTags = pgTable(
  'story_tags',
  {
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    /** Tag order as the author typed them. */
    position: integer('position').notNull(),
    /**
     * The fic's publication date, copied by triggers (migration 0008) and null while it is not
     * published, so the gallery reads a tag's published fics newest first from one index.
     */
    publishedAt: tz('published_at'),
  },
  (t) => [
    primaryKey({ columns: [t.storyId, t.tagId] }),
    index('story_tags_tag_idx').on(t.tagId, t.storyId),
    // The gallery filtered by a tag: its published fics newest first, as stories_published_idx.
    index('story_tags_tag_published_idx')
      .on(t.tagId, t.publishedAt.desc().nullsFirst(), t.storyId)
      .where(sql`${t.publishedAt} is not null`),
  ],
);

/**
 * Published fics counted per gallery scope (migration 0008's triggers on stories and story_tags):
 * ALL (key: the nil uuid), COLLEGE, GRADE and TAG (key: that row's id). The gallery's totals for
 * those filters read one row instead of counting up to 700,000 fics (docs/decisions/gallery.md).
 */
export const galleryCounts = pgTable(
  'gallery_counts',
  {
    scope: text('scope', { enum: ['ALL', 'COLLEGE', 'GRADE', 'TAG'] }).notNull(),
    key: uuid('key').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    check('gallery_counts_scope_check', sql`${t.scope} in ('ALL', 'COLLEGE', 'GRADE', 'TAG')`),
  ],
);

/** What a fic said each time it was sent for review, so a teacher can compare rounds. */
export const storyRevisions = pgTable(
  'story_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    writingTime: integer('writing_time').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('story_revisions_round_unique').on(t.storyId, t.round),
    check('story_revisions_round_check', sql`${t.round} >= 1`),
  ],
);

/** A cell of a rubric or evaluation grid (contracts/rubrics.ts). */
type GridCell = { value: string; checked: boolean };
type GridColumn = { key: string; name: string; pointValue: number };

/**
 * A teacher's rubrics (spec 001 §3 Rubric). The grid is one JSON document: it is always read and
 * written whole, and its shape is checked by the contracts' schema; the database keeps the types.
 */
export const rubrics = pgTable(
  'rubrics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    columns: jsonb('columns').$type<GridColumn[]>().notNull(),
    items: jsonb('items').$type<Record<string, GridCell>[]>().notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('rubrics_owner_created_idx').on(t.ownerId, t.createdAt.desc().nullsFirst(), t.id),
    check('rubrics_title_check', sql`char_length(${t.title}) between 2 and 30`),
    check('rubrics_description_check', sql`char_length(${t.description}) between 1 and 100`),
    check(
      'rubrics_grid_check',
      sql`jsonb_typeof(${t.columns}) = 'array' and jsonb_typeof(${t.items}) = 'array' and jsonb_array_length(${t.columns}) >= 2 and jsonb_array_length(${t.items}) >= 1`,
    ),
  ],
);

/**
 * School rubric templates (issue 20.4, docs/decisions/rubrics.md): an administrator marks one of their
 * rubrics as a template of a school; the teachers of that school list it in 'Plantillas' and copy it
 * into their own rubrics. Marking twice is one row (the primary key); deleting the rubric or the school
 * removes the mark.
 */
export const rubricTemplates = pgTable(
  'rubric_templates',
  {
    rubricId: uuid('rubric_id')
      .notNull()
      .references(() => rubrics.id, { onDelete: 'cascade' }),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: tz('marked_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.rubricId, t.collegeId] }),
    // A school's templates, newest first (GET /rubric-templates, paged).
    index('rubric_templates_college_marked_idx').on(t.collegeId, t.markedAt.desc(), t.rubricId),
  ],
);

/**
 * A fic's evaluation (spec 001 §3 Evaluation): one per fic, by the first teacher who evaluates it
 * (its evaluator). `score` is computed by the server from the checked cells.
 */
export const evaluations = pgTable(
  'evaluations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    /** The evaluating teacher; null once that account is deleted. */
    teacherId: uuid('teacher_id').references(() => users.id, { onDelete: 'set null' }),
    rubricId: uuid('rubric_id').references(() => rubrics.id, { onDelete: 'set null' }),
    columns: jsonb('columns').$type<GridColumn[]>().notNull(),
    items: jsonb('items').$type<Record<string, GridCell>[]>().notNull(),
    comment: text('comment').notNull().default(''),
    /**
     * Each row's comment by index (issue 20.5), '' for none; kept beside `items` rather than inside
     * its rows, whose keys are the grid's cells. Older evaluations have none ('{}').
     */
    criterionComments: text('criterion_comments')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    score: integer('score').notNull(),
    maxScore: integer('max_score').notNull(),
    /** The fic's round (sending) the evaluation was last written for. */
    round: integer('round').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('evaluations_story_unique').on(t.storyId),
    index('evaluations_teacher_idx').on(t.teacherId),
    index('evaluations_rubric_idx').on(t.rubricId),
    check('evaluations_comment_check', sql`char_length(${t.comment}) <= 70`),
    // A comment per row at most; each one's 300 characters are the contracts' (a CHECK cannot loop).
    check(
      'evaluations_criterion_comments_check',
      sql`cardinality(${t.criterionComments}) <= jsonb_array_length(${t.items}) and array_position(${t.criterionComments}, null) is null`,
    ),
    check('evaluations_score_check', sql`${t.score} >= 0 and ${t.score} <= ${t.maxScore}`),
    check(
      'evaluations_grid_check',
      sql`jsonb_typeof(${t.columns}) = 'array' and jsonb_typeof(${t.items}) = 'array' and jsonb_array_length(${t.items}) >= 1`,
    ),
  ],
);

/**
 * What the platform tells a user in the app (issue 19.4): the bell's count and the notifications
 * page. Written by the notifications module's subscriber from domain events, the text already in
 * Spanish for its recipient (it never names an author the recipient may not know). `event_id` with
 * the recipient is unique, so an event delivered twice creates nothing twice; a fic's publication is
 * told once whatever event or call tells it (the partial unique index), so its e-mail goes once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', {
      enum: [
        'STORY_EVALUATED',
        'STORY_PUBLISHED',
        'STORY_RETURNED',
        'STORY_COMMENTED',
        'COMMENT_REPLIED',
        'STORY_TO_REVIEW',
        'REQUEST_CREATED',
        'ANNOTATION_ADDED',
        'ANNOTATION_REPLIED',
        'ANNOTATION_REOPENED',
        'ANNOTATION_ANSWERED',
        'ANNOTATION_RESOLVED',
        'ANNOTATION_ORPHANED',
        'REPORT_CREATED',
        'REPORT_SETTLED',
        'CONTENT_REMOVED',
        'COMMENT_HELD',
        'COMMENT_APPROVED',
        'COMMENT_REJECTED',
        'PRIVACY_REQUEST_CREATED',
        'PRIVACY_REQUEST_DUE',
        'SECURITY_INCIDENT_RECORDED',
      ],
    }).notNull(),
    text: text('text').notNull(),
    /** What it links to; gone with the fic or the comment (a notification of nothing is noise). */
    storyId: uuid('story_id').references(() => stories.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    /** A registration or change request: two tables, so no foreign key; the link goes to its list. */
    requestKind: text('request_kind', { enum: ['REGISTER', 'CHANGE'] }),
    /**
     * The registration request whose applicant it names: gone with it (an erasure deletes the
     * request of the person's e-mail, issue 22.4).
     */
    registerRequestId: uuid('register_request_id').references((): AnyPgColumn => registerRequests.id, {
      onDelete: 'cascade',
    }),
    /** The domain event it came from; null for rows older than events and for the spec's publish call. */
    eventId: bigint('event_id', { mode: 'number' }),
    /**
     * The person its text names ('Ana Rojas comentó tu fic'), whose erasure (issue 22.4) deletes it
     * from everyone's bell; null when the text names no one.
     */
    namedUserId: uuid('named_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    readAt: tz('read_at'),
  },
  (t) => [
    unique('notifications_event_user_unique').on(t.eventId, t.userId),
    uniqueIndex('notifications_published_story_idx')
      .on(t.storyId)
      .where(sql`${t.type} = 'STORY_PUBLISHED'`),
    // The page, newest first, and the bell's unread count.
    index('notifications_user_page_idx').on(t.userId, t.createdAt.desc(), t.id),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_story_idx').on(t.storyId),
    index('notifications_comment_idx').on(t.commentId),
    // An erasure finds the notifications that name the person (and the foreign key's cascade).
    index('notifications_named_user_idx')
      .on(t.namedUserId)
      .where(sql`${t.namedUserId} is not null`),
    index('notifications_register_request_idx')
      .on(t.registerRequestId)
      .where(sql`${t.registerRequestId} is not null`),
    check(
      'notifications_type_check',
      sql`${t.type} in ('STORY_EVALUATED', 'STORY_PUBLISHED', 'STORY_RETURNED', 'STORY_COMMENTED', 'COMMENT_REPLIED', 'STORY_TO_REVIEW', 'REQUEST_CREATED', 'ANNOTATION_ADDED', 'ANNOTATION_REPLIED', 'ANNOTATION_REOPENED', 'ANNOTATION_ANSWERED', 'ANNOTATION_RESOLVED', 'ANNOTATION_ORPHANED', 'REPORT_CREATED', 'REPORT_SETTLED', 'CONTENT_REMOVED', 'COMMENT_HELD', 'COMMENT_APPROVED', 'COMMENT_REJECTED', 'PRIVACY_REQUEST_CREATED', 'PRIVACY_REQUEST_DUE', 'SECURITY_INCIDENT_RECORDED')`,
    ),
    check(
      'notifications_request_check',
      sql`(${t.type} = 'REQUEST_CREATED') = (${t.requestKind} is not null)`,
    ),
  ],
);

/**
 * A reader's like of a published fic: one per user and fic (the primary key). `stories.likes_count`
 * follows these rows through triggers (migration 0007), so it stays exact under concurrent toggles
 * and when a user's account, and with it their likes, is deleted.
 */
export const storyLikes = pgTable(
  'story_likes',
  {
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.userId] }), index('story_likes_user_idx').on(t.userId)],
);

/**
 * A comment on a published fic (spec 001 §3 Comment). `stories.comments_count` and
 * `comments.replies_count` follow the rows through triggers (migration 0007).
 */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    /** Null once its writer's account was erased (issue 22.4): shown as 'Usuario eliminado'. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Cleaned HTML (the comment allowlist: bold, italic, underline, strike, quote). */
    text: text('text').notNull(),
    /** When its writer's account was erased (issue 22.4); the text is empty if they asked. */
    authorErasedAt: tz('author_erased_at'),
    wasEdited: boolean('was_edited').notNull().default(false),
    repliesCount: integer('replies_count').notNull().default(0),
    /**
     * Why it is hidden from everyone else: 'REPORTED' (issue 21.2, until a decision: its writer, the
     * teachers of a student writer's grade and administrators still see it) or 'HELD' (issue 21.5-6,
     * waiting for approval: its writer, the teachers of the fic's grade and administrators);
     * null when visible (docs/decisions/moderation.md).
     */
    hiddenReason: text('hidden_reason', { enum: ['REPORTED', 'HELD'] }),
    /** Why it is held (only while 'HELD'): the fic's comments are 'MODERATED', or it has a listed word ('WORDS'). */
    heldFor: text('held_for', { enum: ['MODERATED', 'WORDS'] }),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // A fic's comments, newest first, a page at a time.
    index('comments_story_created_idx').on(t.storyId, t.createdAt.desc().nullsFirst(), t.id),
    // A writer's comments, latest first: the one a new comment or reply must not repeat (and the FK's
    // cascade from users).
    index('comments_author_created_idx').on(t.authorId, t.createdAt.desc()),
    check('comments_replies_count_check', sql`${t.repliesCount} >= 0`),
    check('comments_author_erased_check', sql`(${t.authorId} is null) = (${t.authorErasedAt} is not null)`),
    check(
      'comments_hidden_reason_check',
      sql`${t.hiddenReason} is null or ${t.hiddenReason} in ('REPORTED', 'HELD')`,
    ),
    // Held says why, and only a held row does.
    check(
      'comments_held_for_check',
      sql`(${t.hiddenReason} is not distinct from 'HELD') = (${t.heldFor} is not null) and (${t.heldFor} is null or ${t.heldFor} in ('MODERATED', 'WORDS'))`,
    ),
    // The approvers' list of held items, newest first (few rows: only those waiting).
    index('comments_held_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.hiddenReason} = 'HELD'`),
    // A fic's hidden comments, counted for those who still see them (few: only reported ones).
    index('comments_story_hidden_idx')
      .on(t.storyId)
      .where(sql`${t.hiddenReason} is not null`),
  ],
);

/** A reply to a comment (spec 001 §3 Reply). */
export const commentReplies = pgTable(
  'comment_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    /** Null once its writer's account was erased (issue 22.4): shown as 'Usuario eliminado'. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** When its writer's account was erased (issue 22.4); the text is empty if they asked. */
    authorErasedAt: tz('author_erased_at'),
    wasEdited: boolean('was_edited').notNull().default(false),
    /**
     * Why it is hidden from everyone else: 'REPORTED' (issue 21.2, until a decision: its writer, the
     * teachers of a student writer's grade and administrators still see it) or 'HELD' (issue 21.5-6,
     * waiting for approval: its writer, the teachers of the fic's grade and administrators);
     * null when visible (docs/decisions/moderation.md).
     */
    hiddenReason: text('hidden_reason', { enum: ['REPORTED', 'HELD'] }),
    /** Why it is held (only while 'HELD'): the fic's comments are 'MODERATED', or it has a listed word ('WORDS'). */
    heldFor: text('held_for', { enum: ['MODERATED', 'WORDS'] }),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // A comment's replies, oldest first (a conversation reads downwards), a page at a time.
    index('comment_replies_comment_created_idx').on(t.commentId, t.createdAt, t.id),
    // A writer's replies, latest first (as comments_author_created_idx).
    index('comment_replies_author_created_idx').on(t.authorId, t.createdAt.desc()),
    check(
      'comment_replies_author_erased_check',
      sql`(${t.authorId} is null) = (${t.authorErasedAt} is not null)`,
    ),
    check(
      'comment_replies_hidden_reason_check',
      sql`${t.hiddenReason} is null or ${t.hiddenReason} in ('REPORTED', 'HELD')`,
    ),
    // Held says why, and only a held row does.
    check(
      'comment_replies_held_for_check',
      sql`(${t.hiddenReason} is not distinct from 'HELD') = (${t.heldFor} is not null) and (${t.heldFor} is null or ${t.heldFor} in ('MODERATED', 'WORDS'))`,
    ),
    // The approvers' list of held items, newest first (few rows: only those waiting).
    index('comment_replies_held_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.hiddenReason} = 'HELD'`),
    index('comment_replies_comment_hidden_idx')
      .on(t.commentId)
      .where(sql`${t.hiddenReason} is not null`),
  ],
);

/**
 * A student's activity (spec 001 §3 Tracking record; architecture.md §6.6). The fic's title is kept
 * as it was, so the line still reads after the fic is deleted; the comment and reply are referenced
 * without a foreign key (their text is shown while they exist).
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resource: text('resource', {
      enum: ['AUTH', 'STORIES', 'PROFILE', 'COMMENTS', 'REPLIES', 'MODERATION'],
    }).notNull(),
    action: text('action').notNull(),
    storyId: uuid('story_id').references(() => stories.id, { onDelete: 'set null' }),
    storyTitle: text('story_title'),
    commentId: uuid('comment_id'),
    replyId: uuid('reply_id'),
    writingTime: integer('writing_time'),
    createdAt: tz('created_at').notNull().defaultNow(),
    /**
     * The domain event the line was written from (the tracking subscriber); null for lines the
     * server writes directly (logins, logouts, reads). No foreign key: events are purged by
     * housekeeping, the lines stay.
     */
    eventId: bigint('event_id', { mode: 'number' }),
    /**
     * Moderation lines (issue 21.7, docs/decisions/tracking.md): what was reported or what happened
     * to the student's item ('COMMENT', 'REPLY', 'STORY'), and the reasons (report reason codes: the
     * one chosen by a report, those of a removal, most chosen first).
     */
    target: text('target', { enum: ['COMMENT', 'REPLY', 'STORY'] }),
    reasons: text('reasons').array(),
    /**
     * A report line's reported person (the item's writer): never answered, only read by the page's
     * query to leave the line out for that person as a reader (a reporter is never shown to the
     * reported person). Null once their account is gone.
     */
    reportedUserId: uuid('reported_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A block line's other person (the one blocked or unblocked); null once their account is gone. */
    otherUserId: uuid('other_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The activity page: a user's events, newest first.
    index('tracking_events_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id),
    index('tracking_events_story_idx').on(t.storyId),
    // One line per event and action: a redelivered event writes nothing (NULLs, the lines written
    // directly, never clash).
    uniqueIndex('tracking_events_event_action_idx').on(t.eventId, t.action),
    // An account's deletion sets these null: each probe an index on the few lines that have one.
    index('tracking_events_reported_user_idx')
      .on(t.reportedUserId)
      .where(sql`${t.reportedUserId} is not null`),
    index('tracking_events_other_user_idx')
      .on(t.otherUserId)
      .where(sql`${t.otherUserId} is not null`),
    check(
      'tracking_events_action_check',
      sql`(${t.resource} = 'AUTH' and ${t.action} in ('LOGIN', 'LOGOUT'))
        or (${t.resource} = 'STORIES' and ${t.action} in ('CREATE', 'SEND', 'DELETE', 'READ', 'LIKE', 'UNLIKE', 'UPDATE'))
        or (${t.resource} = 'PROFILE' and ${t.action} in ('UPDATE_NAME', 'UPDATE_BIO', 'UPDATE_NICKNAME', 'UPDATE_AVATAR'))
        or (${t.resource} in ('COMMENTS', 'REPLIES') and ${t.action} in ('CREATE', 'UPDATE', 'DELETE'))
        or (${t.resource} = 'MODERATION' and ${t.action} in ('REPORT', 'BLOCK', 'UNBLOCK', 'CONTENT_HIDDEN',
          'CONTENT_KEPT', 'CONTENT_REMOVED', 'CONTENT_HELD', 'CONTENT_APPROVED', 'CONTENT_REJECTED',
          'COMMENTS_CLOSED', 'COMMENTS_MODERATED', 'COMMENTS_OPENED'))`,
    ),
    check(
      'tracking_events_target_check',
      sql`${t.target} is null or ${t.target} in ('COMMENT', 'REPLY', 'STORY')`,
    ),
    // A moderation line names what it is about (a block, the person); the others carry none of it.
    check(
      'tracking_events_moderation_check',
      sql`(${t.resource} <> 'MODERATION' and ${t.target} is null and ${t.reasons} is null
          and ${t.reportedUserId} is null and ${t.otherUserId} is null)
        or (${t.resource} = 'MODERATION' and ${t.action} in ('BLOCK', 'UNBLOCK') and ${t.target} is null
          and ${t.reasons} is null and ${t.reportedUserId} is null)
        or (${t.resource} = 'MODERATION' and ${t.action} not in ('BLOCK', 'UNBLOCK') and ${t.target} is not null
          and ${t.otherUserId} is null and (${t.reportedUserId} is null or ${t.action} = 'REPORT'))`,
    ),
    check('tracking_events_writing_time_check', sql`${t.writingTime} is null or ${t.writingTime} >= 0`),
  ],
);

/**
 * What a registration or change request asks for and how it was handled (spec 000 §3), shared by
 * both tables. The typed school and grade ('Otro') are kept as typed; `requested_*` is the school
 * and grade as the requester named them, whichever way, so `former_*` can be written when handled
 * even if a listed school was deleted meanwhile (the references are then set null).
 */
const requestColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  isCollegeListed: boolean('is_college_listed').notNull(),
  isGradeListed: boolean('is_grade_listed').notNull(),
  /** The listed school asked for; after approval, the one the administrator chose. */
  collegeId: uuid('college_id').references(() => colleges.id, { onDelete: 'set null' }),
  gradeId: uuid('grade_id').references(() => grades.id, { onDelete: 'set null' }),
  /** A typed school ('Otro'). */
  collegeName: text('college_name'),
  /** A typed grade ('Otro'): its level, cycle and name. */
  gradeLevel: text('grade_level'),
  gradeCicle: text('grade_cicle'),
  gradeName: text('grade_name'),
  requestedCollegeName: text('requested_college_name').notNull(),
  requestedGradeName: text('requested_grade_name').notNull(),
  status: text('status', { enum: ['PENDING', 'APPROVED', 'DENIED'] })
    .notNull()
    .default('PENDING'),
  /** Who handled it; null while pending, and once that account is deleted. */
  adminId: uuid('admin_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  adminComments: text('admin_comments').notNull().default(''),
  formerName: text('former_name'),
  formerCollegeName: text('former_college_name'),
  formerGradeName: text('former_grade_name'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  handledAt: tz('handled_at'),
});

/** Account-creation requests sent from the public form (spec 000 §2, §3 Register request). */
export const registerRequests = pgTable(
  'register_requests',
  {
    ...requestColumns(),
    name: text('name').notNull(),
    /** Stored trimmed and lower-cased, as users.email. */
    email: text('email').notNull(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    userComment: text('user_comment').notNull(),
  },
  (t) => [
    // One pending request per e-mail; handled ones may repeat.
    uniqueIndex('register_requests_pending_email_idx')
      .on(t.email)
      .where(sql`${t.status} = 'PENDING'`),
    // The pending list (and the admin menu's dot), oldest first.
    index('register_requests_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'PENDING'`),
    // The history, last handled first.
    index('register_requests_history_idx')
      .on(t.handledAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} <> 'PENDING'`),
    index('register_requests_admin_idx').on(t.adminId),
    index('register_requests_college_idx').on(t.collegeId),
    index('register_requests_grade_idx').on(t.gradeId),
    check('register_requests_status_check', sql`${t.status} in ('PENDING', 'APPROVED', 'DENIED')`),
    check('register_requests_handled_check', sql`(${t.status} = 'PENDING') = (${t.handledAt} is null)`),
    check('register_requests_comments_check', sql`char_length(${t.adminComments}) <= 100`),
  ],
);

/** A student's request to move to another school or grade (spec 000 §3 Change request). */
export const changeRequests = pgTable(
  'change_requests',
  {
    ...requestColumns(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentExplanation: text('student_explanation').notNull(),
  },
  (t) => [
    // One pending request per student.
    uniqueIndex('change_requests_pending_user_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'PENDING'`),
    // The student's own requests, newest first.
    index('change_requests_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id),
    index('change_requests_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'PENDING'`),
    index('change_requests_history_idx')
      .on(t.handledAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} <> 'PENDING'`),
    index('change_requests_admin_idx').on(t.adminId),
    index('change_requests_college_idx').on(t.collegeId),
    index('change_requests_grade_idx').on(t.gradeId),
    check('change_requests_status_check', sql`${t.status} in ('PENDING', 'APPROVED', 'DENIED')`),
    check('change_requests_handled_check', sql`(${t.status} = 'PENDING') = (${t.handledAt} is null)`),
    check('change_requests_comments_check', sql`char_length(${t.adminComments}) <= 100`),
  ],
);

/**
 * A request under Ley 21.719 (issue 22.3, docs/decisions/privacy-requests.md): access,
 * rectification, erasure, objection, portability or blocking. Filed by an account (`user_id`,
 * confirmed at once) or by a parent without one (`email` only): then it waits, unconfirmed, for the
 * link e-mailed to that address (`confirm_token_hash`, the SHA-256 of the secret; the link works
 * until `confirm_expires_at`, once). Its legal clock starts at `confirmed_at`; `due_at` is the last
 * day to answer, a date in Chile (deadlines.ts computes it). Answers are conditional updates from
 * the open statuses, and the CHECKs hold what the statuses mean.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', {
      enum: ['ACCESS', 'RECTIFICATION', 'ERASURE', 'OBJECTION', 'PORTABILITY', 'BLOCKING'],
    }).notNull(),
    status: text('status', { enum: ['PENDING', 'EXTENDED', 'DONE', 'REFUSED'] })
      .notNull()
      .default('PENDING'),
    detail: text('detail').notNull(),
    /** The account that filed it; kept (set null) when the account goes: the answer is owed anyway. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where the answer goes: the account's address when filed, or the parent's. */
    email: text('email').notNull(),
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: tz('confirm_expires_at'),
    confirmedAt: tz('confirmed_at'),
    dueAt: date('due_at', { mode: 'string' }),
    /** The one extension (art. 11): when, and the reason told to the requester. */
    extendedAt: tz('extended_at'),
    extensionReason: text('extension_reason'),
    answer: text('answer'),
    answeredAt: tz('answered_at'),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set when administrators were told it falls due within a week (once per due date). */
    dueWarnedAt: tz('due_warned_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('privacy_requests_token_idx').on(t.confirmTokenHash),
    // The queue: all, the open ones (also the warning job's), one status; oldest due first.
    index('privacy_requests_queue_idx')
      .on(t.dueAt, t.id)
      .where(sql`${t.confirmedAt} is not null`),
    index('privacy_requests_open_idx')
      .on(t.dueAt, t.id)
      .where(sql`${t.confirmedAt} is not null and ${t.status} in ('PENDING', 'EXTENDED')`),
    index('privacy_requests_status_idx')
      .on(t.status, t.dueAt, t.id)
      .where(sql`${t.confirmedAt} is not null`),
    // A person's own, newest first.
    index('privacy_requests_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id),
    index('privacy_requests_answered_by_idx').on(t.answeredBy),
    // Unconfirmed requests whose link expired are deleted (the deadlines job).
    index('privacy_requests_unconfirmed_idx')
      .on(t.confirmExpiresAt)
      .where(sql`${t.confirmedAt} is null`),
    check(
      'privacy_requests_type_check',
      sql`${t.type} in ('ACCESS', 'RECTIFICATION', 'ERASURE', 'OBJECTION', 'PORTABILITY', 'BLOCKING')`,
    ),
    check('privacy_requests_status_check', sql`${t.status} in ('PENDING', 'EXTENDED', 'DONE', 'REFUSED')`),
    check('privacy_requests_detail_check', sql`char_length(${t.detail}) between 10 and 1000`),
    // A due date exactly once confirmed; an unconfirmed request is pending with its link's expiry.
    check('privacy_requests_due_check', sql`(${t.confirmedAt} is null) = (${t.dueAt} is null)`),
    check(
      'privacy_requests_unconfirmed_check',
      sql`${t.confirmedAt} is not null or (${t.status} = 'PENDING' and ${t.confirmExpiresAt} is not null)`,
    ),
    // Final statuses carry the answer and its time; open ones neither.
    check(
      'privacy_requests_answer_check',
      sql`(${t.status} in ('DONE', 'REFUSED')) = (${t.answeredAt} is not null) and (${t.answeredAt} is null) = (${t.answer} is null) and (${t.answer} is null or char_length(${t.answer}) between 10 and 2000)`,
    ),
    // EXTENDED has its extension; an extension always has its reason.
    check(
      'privacy_requests_extension_check',
      sql`(${t.status} <> 'EXTENDED' or ${t.extendedAt} is not null) and (${t.extendedAt} is null) = (${t.extensionReason} is null) and (${t.extensionReason} is null or char_length(${t.extensionReason}) between 10 and 2000)`,
    ),
  ],
);

/**
 * The stream of changes others react to (issue 19.3): written by the module that makes the change,
 * in the transaction that makes it, so an event exists exactly when its change does. The dispatcher
 * (modules/events) delivers each to its subscribers at least once: it claims due events with a lease
 * (`locked_until`, FOR UPDATE SKIP LOCKED, as the mail outbox does), runs the subscribers and marks
 * the event DONE in one transaction, and retries with a growing wait. Events of one fic are delivered
 * in `id` order: one is only claimed when no earlier event of its fic is still pending.
 * No foreign keys: an event outlives the fic, comment or user it tells of (a deleted fic's event
 * still has to be delivered). Housekeeping deletes handled events after a bounded time.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    /** The fic the event is about, if any: the stream whose order delivery keeps. */
    storyId: uuid('story_id'),
    /** Who made the change (null: the system), and their role then. */
    actorId: uuid('actor_id'),
    actorRole: text('actor_role'),
    payload: jsonb('payload').notNull().default({}),
    /** clock_timestamp(): two events of one transaction get distinct, ordered times. */
    occurredAt: tz('occurred_at')
      .notNull()
      .default(sql`clock_timestamp()`),
    status: text('status', { enum: ['PENDING', 'DONE', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: tz('locked_until'),
    lastError: text('last_error'),
    deliveredAt: tz('delivered_at'),
  },
  (t) => [
    index('domain_events_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'PENDING'`),
    index('domain_events_story_pending_idx')
      .on(t.storyId, t.id)
      .where(sql`${t.status} = 'PENDING'`),
    index('domain_events_handled_idx')
      .on(t.occurredAt)
      .where(sql`${t.status} <> 'PENDING'`),
    check('domain_events_status_check', sql`${t.status} in ('PENDING', 'DONE', 'FAILED')`),
  ],
);

/**
 * Notes on a passage of a fic (issue 20.1, docs/decisions/annotations.md): a W3C Web Annotation
 * TextQuoteSelector (exact, 32 characters of prefix and suffix) and TextPositionSelector (start, end
 * in the fic's plain text, its textContent), re-anchored when the text changes. Private to the
 * author, the grade's teachers and administrators. At most 500 a fic: inserted under the fic's row
 * lock, by a conditional INSERT counting them.
 */
export const annotations = pgTable(
  'annotations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    /** A teacher or administrator; null once their account is deleted (the note stays for the student). */
    writerId: uuid('writer_id').references(() => users.id, { onDelete: 'set null' }),
    quoteExact: text('quote_exact').notNull(),
    quotePrefix: text('quote_prefix').notNull().default(''),
    quoteSuffix: text('quote_suffix').notNull().default(''),
    positionStart: integer('position_start').notNull(),
    positionEnd: integer('position_end').notNull(),
    text: text('text').notNull(),
    resolved: boolean('resolved').notNull().default(false),
    /** No longer placed in the text (its passage was deleted): kept, listed apart, never re-placed. */
    orphan: boolean('orphan').notNull().default(false),
    /** The fic's round (stories.rounds) when the note was written. */
    round: integer('round').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The fic's notes in the order of its text (GET, the count, re-anchoring).
    index('annotations_story_position_idx').on(t.storyId, t.positionStart, t.id),
    index('annotations_writer_idx').on(t.writerId),
    check(
      'annotations_position_check',
      sql`${t.positionStart} >= 0 and ${t.positionEnd} > ${t.positionStart}`,
    ),
    check('annotations_text_check', sql`char_length(${t.text}) between 1 and 1000`),
    check('annotations_quote_check', sql`char_length(${t.quoteExact}) between 1 and 5000`),
    check(
      'annotations_context_check',
      sql`char_length(${t.quotePrefix}) <= 32 and char_length(${t.quoteSuffix}) <= 32`,
    ),
    check('annotations_round_check', sql`${t.round} >= 0`),
  ],
);

/** Replies to a note: by the fic's author, the grade's teachers or administrators. At most 100 a note. */
export const annotationReplies = pgTable(
  'annotation_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    annotationId: uuid('annotation_id')
      .notNull()
      .references(() => annotations.id, { onDelete: 'cascade' }),
    writerId: uuid('writer_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('annotation_replies_annotation_idx').on(t.annotationId, t.createdAt, t.id),
    index('annotation_replies_writer_idx').on(t.writerId),
    check('annotation_replies_text_check', sql`char_length(${t.text}) between 1 and 1000`),
  ],
);

/**
 * 'Mis comentarios' (issue 20.4, docs/decisions/comment-bank.md): a teacher's own reusable comments.
 * One text once per owner (unique on md5(text): a 1,000-character text may exceed a btree entry),
 * at most 500 an owner (a conditional INSERT under the owner's users row lock), searched by trigram
 * on the folded text, listed last used first.
 */
export const savedComments = pgTable(
  'saved_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    useCount: integer('use_count').notNull().default(0),
    /** Saving counts as the first touch, so a new comment comes first until others are used. */
    lastUsedAt: tz('last_used_at').notNull().defaultNow(),
    createdAt: tz('created_at').notNull().defaultNow(),
    /** The text folded (no accents, lower case), searched by trigram. */
    searchText: text('search_text').generatedAlwaysAs(sql`fics_fold(text)`),
  },
  (t) => [
    uniqueIndex('saved_comments_owner_text_idx').on(t.ownerId, sql`md5(${t.text})`),
    // The owner's list: last used first, then newest (GET /me/saved-comments, paged).
    index('saved_comments_owner_used_idx').on(t.ownerId, t.lastUsedAt.desc(), t.createdAt.desc(), t.id),
    index('saved_comments_search_idx')
      .using('gin', t.searchText.op('gin_trgm_ops'))
      .with({ gin_pending_list_limit: 256 }),
    check(
      'saved_comments_text_check',
      sql`char_length(${t.text}) between 1 and 1000 and ${t.text} = btrim(${t.text})`,
    ),
    check('saved_comments_use_count_check', sql`${t.useCount} >= 0`),
  ],
);

/**
 * A moderation case (issue 21.3, docs/decisions/moderation.md): one reported item and the reports
 * about it, open until a teacher of its author's grade or an administrator decides once (a
 * conditional update `WHERE status = 'OPEN'`). One open case per item (the partial unique index); a
 * kept item reported again opens a new case. `target_id` stays after the item is gone; the foreign
 * key of its kind (null once it is deleted) says whether it still exists. `subject_text` is what it
 * said when first reported, for the queue once it no longer exists.
 */
export const moderationCases = pgTable(
  'moderation_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    target: text('target', { enum: ['COMMENT', 'REPLY', 'STORY'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'set null' }),
    replyId: uuid('reply_id').references(() => commentReplies.id, { onDelete: 'set null' }),
    storyId: uuid('story_id').references(() => stories.id, { onDelete: 'set null' }),
    /** Who wrote the item (the teachers of their grades decide); null once their account is gone. */
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    subjectText: text('subject_text').notNull(),
    status: text('status', { enum: ['OPEN', 'KEPT', 'REMOVED'] })
      .notNull()
      .default('OPEN'),
    reportsCount: integer('reports_count').notNull().default(0),
    /** When this case hid the item (null: not hidden by it). */
    hiddenAt: tz('hidden_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    lastReportedAt: tz('last_reported_at').notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** The decider's name as it was (the record outlives their account). */
    decidedByName: text('decided_by_name'),
    decidedAt: tz('decided_at'),
    decisionNote: text('decision_note'),
  },
  (t) => [
    check('moderation_cases_target_check', sql`${t.target} in ('COMMENT', 'REPLY', 'STORY')`),
    check('moderation_cases_status_check', sql`${t.status} in ('OPEN', 'KEPT', 'REMOVED')`),
    check(
      'moderation_cases_item_check',
      sql`(${t.target} = 'COMMENT' and ${t.replyId} is null and ${t.storyId} is null and (${t.commentId} is null or ${t.commentId} = ${t.targetId}))
        or (${t.target} = 'REPLY' and ${t.commentId} is null and ${t.storyId} is null and (${t.replyId} is null or ${t.replyId} = ${t.targetId}))
        or (${t.target} = 'STORY' and ${t.commentId} is null and ${t.replyId} is null and (${t.storyId} is null or ${t.storyId} = ${t.targetId}))`,
    ),
    check(
      'moderation_cases_decision_check',
      sql`(${t.status} = 'OPEN') = (${t.decidedAt} is null) and (${t.decisionNote} is null or char_length(${t.decisionNote}) <= 300)`,
    ),
    check('moderation_cases_reports_count_check', sql`${t.reportsCount} >= 0`),
    uniqueIndex('moderation_cases_open_item_idx')
      .on(t.target, t.targetId)
      .where(sql`${t.status} = 'OPEN'`),
    // The queue, newest report first: all cases, or one status.
    index('moderation_cases_queue_idx').on(t.lastReportedAt.desc(), t.id),
    index('moderation_cases_status_queue_idx').on(t.status, t.lastReportedAt.desc(), t.id),
    // A teacher's queue: cases about students of their grades (joined through user_grades).
    index('moderation_cases_subject_idx').on(t.subjectUserId, t.lastReportedAt.desc()),
    index('moderation_cases_comment_idx').on(t.commentId),
    index('moderation_cases_reply_idx').on(t.replyId),
    index('moderation_cases_story_idx').on(t.storyId),
    index('moderation_cases_decided_by_idx').on(t.decidedBy),
  ],
);

/**
 * One person's report of one item (issue 21.1): one per reporter and item (the unique constraint
 * answers the second with 409), in the item's case. Never shown with the reporter's name.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => moderationCases.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    target: text('target', { enum: ['COMMENT', 'REPLY', 'STORY'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason', {
      enum: ['HARASSMENT', 'OFFENSIVE', 'PERSONAL_INFO', 'SEXUAL', 'VIOLENCE_SELF_HARM', 'SPAM', 'OTHER'],
    }).notNull(),
    detail: text('detail'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('reports_reporter_item_unique').on(t.reporterId, t.target, t.targetId),
    check('reports_target_check', sql`${t.target} in ('COMMENT', 'REPLY', 'STORY')`),
    check(
      'reports_reason_check',
      sql`${t.reason} in ('HARASSMENT', 'OFFENSIVE', 'PERSONAL_INFO', 'SEXUAL', 'VIOLENCE_SELF_HARM', 'SPAM', 'OTHER')`,
    ),
    check(
      'reports_detail_check',
      sql`(${t.detail} is null or char_length(${t.detail}) between 1 and 300) and (${t.reason} <> 'OTHER' or ${t.detail} is not null)`,
    ),
    // A case's reports by reason (the queue's reason filter and counts).
    index('reports_case_reason_idx').on(t.caseId, t.reason),
  ],
);

/**
 * A student's block of another student (issue 21.4, docs/decisions/blocks.md): from then on neither
 * sees the other's comments and replies, and neither may comment on the other's fics nor reply to
 * the other's comments (the comments module's NOT EXISTS both ways, on the primary key one way and
 * the blocked_id index the other). One row per pair and direction; nobody blocks themselves.
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'user_blocks_pkey', columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId, t.blockerId),
    // The blocker's list on /perfil, newest first (GET /blocks, paged).
    index('user_blocks_blocker_created_idx').on(t.blockerId, t.createdAt.desc(), t.blockedId),
    check('user_blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/**
 * The administrators' list of words and expressions (issue 21.6): a comment or reply that contains
 * one as a whole word (case and accents ignored) is held for a teacher's approval instead of shown
 * (modules/moderation-words). `folded` is the word as the database compares it (fics_fold, spaces
 * collapsed), unique so the same word is listed once however it is written.
 */
export const moderationWords = pgTable(
  'moderation_words',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    word: text('word').notNull(),
    folded: text('folded').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('moderation_words_folded_unique').on(t.folded),
    index('moderation_words_created_by_idx').on(t.createdBy),
    // The admins' search over the list.
    index('moderation_words_folded_trgm_idx')
      .using('gin', t.folded.op('gin_trgm_ops'))
      .with({ gin_pending_list_limit: 256 }),
    check('moderation_words_word_check', sql`char_length(${t.word}) between 2 and 40`),
    // Letters, spaces, hyphens and apostrophes only: nothing a regular expression would read as its own.
    check('moderation_words_folded_check', sql`${t.folded} ~ '^[a-z'' -]+$'`),
  ],
);

/**
 * 'Mis datos' downloads (issue 22.2, docs/decisions/privacy.md): one row per export produced, who
 * it was for and who asked (the person, or an administrator). A person's own export is allowed once
 * an hour: the row is inserted by a conditional INSERT under the person's users row lock, so
 * parallel requests produce one. No personal data beyond the two references and the time.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who asked: the person themselves, or an administrator; null once that account is gone. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // The hourly limit's lookup: the person's latest exports.
    index('data_exports_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('data_exports_requested_by_idx').on(t.requestedBy),
  ],
);

/**
 * One erased account (issue 22.4, docs/decisions/privacy.md 'Supresión'): when, why, the privacy
 * request it answers, the administrator who did it, and rows removed or anonymised per table. No
 * personal data: not the person's id, name or e-mail.
 */
export const erasures = pgTable(
  'erasures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * 'ADMIN': an administrator erased the account with the person's choices (POST /users/:id/erasure);
     * 'STAFF': a teacher or an administrator deleted it (DELETE /users/:id, everything goes);
     * 'RETENTION': 6 years without a login.
     */
    cause: text('cause', { enum: ['ADMIN', 'STAFF', 'RETENTION'] }).notNull(),
    privacyRequestId: uuid('privacy_request_id').references(() => privacyRequests.id, {
      onDelete: 'set null',
    }),
    performedBy: uuid('performed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Rows removed or anonymised per table ({ "stories": 2, "comments": 5 }). */
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    storiesKept: integer('stories_kept').notNull().default(0),
    commentTextsRemoved: boolean('comment_texts_removed').notNull().default(false),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // The administrators' list, newest first.
    index('erasures_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('erasures_performed_by_idx').on(t.performedBy),
    index('erasures_request_idx').on(t.privacyRequestId),
    check('erasures_cause_check', sql`${t.cause} in ('ADMIN', 'STAFF', 'RETENTION')`),
    check('erasures_counts_check', sql`jsonb_typeof(${t.counts}) = 'object'`),
    check('erasures_stories_kept_check', sql`${t.storiesKept} >= 0`),
    // A person's erasure names who did it (until their own account goes); retention names none.
    check('erasures_performer_check', sql`${t.cause} <> 'RETENTION' or ${t.performedBy} is null`),
  ],
);

/**
 * What an erasure leaves to clear later (issue 22.6, docs/decisions/privacy.md 'Conservación'): some
 * rows that name the person have to outlive the erasure's transaction for a while (events still to
 * deliver, the answer to their request on its way to their address). The housekeeping job finds them
 * by these, at `purge_at` (within 60 days of the erasure), then deletes this row too. The only table
 * that keeps an erased person's id, name and e-mail, and only until then.
 */
export const erasureTraces = pgTable(
  'erasure_traces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The erased account's id (no foreign key: the account is gone). */
    userId: uuid('user_id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    purgeAt: tz('purge_at').notNull(),
  },
  (t) => [index('erasure_traces_purge_idx').on(t.purgeAt, t.id)],
);

/**
 * The register of security incidents (issue 22.6; Ley 21.719 arts. 14 quinquies and sexies,
 * docs/decisions/privacy.md 'Registro de incidentes de seguridad'): what happened and when, which
 * data and how many people, the measures taken, and whether (when, how) the affected people and the
 * Agencia were told. Kept by administrators; `version` settles concurrent edits (an edit names the
 * version it read). The CHECKs hold what the fields mean, whatever the application does.
 */
export const securityIncidents = pgTable(
  'security_incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    occurredAt: tz('occurred_at').notNull(),
    detectedAt: tz('detected_at').notNull(),
    nature: text('nature', { enum: ['CONFIDENTIALITY', 'INTEGRITY', 'AVAILABILITY'] }).notNull(),
    description: text('description').notNull(),
    dataCategories: text('data_categories').array().notNull(),
    childrenData: boolean('children_data').notNull(),
    affectedCount: integer('affected_count').notNull(),
    affectedDescription: text('affected_description'),
    measures: text('measures').notNull(),
    subjectsNotified: boolean('subjects_notified').notNull().default(false),
    subjectsNotifiedAt: tz('subjects_notified_at'),
    subjectsNoticeMethod: text('subjects_notice_method'),
    agencyNotified: boolean('agency_notified').notNull().default(false),
    agencyNotifiedAt: tz('agency_notified_at'),
    status: text('status', { enum: ['OPEN', 'CLOSED'] })
      .notNull()
      .default('OPEN'),
    closedAt: tz('closed_at'),
    /** The administrator who recorded it; kept (set null) when their account goes. */
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The register's pages, newest incident first: all, or one status.
    index('security_incidents_occurred_idx').on(t.occurredAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('security_incidents_status_idx').on(
      t.status,
      t.occurredAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('security_incidents_recorded_by_idx').on(t.recordedBy),
    check(
      'security_incidents_nature_check',
      sql`${t.nature} in ('CONFIDENTIALITY', 'INTEGRITY', 'AVAILABILITY')`,
    ),
    check('security_incidents_status_check', sql`${t.status} in ('OPEN', 'CLOSED')`),
    check('security_incidents_detected_check', sql`${t.detectedAt} >= ${t.occurredAt}`),
    check('security_incidents_description_check', sql`char_length(${t.description}) between 10 and 4000`),
    check('security_incidents_measures_check', sql`char_length(${t.measures}) between 10 and 4000`),
    check(
      'security_incidents_affected_description_check',
      sql`${t.affectedDescription} is null or char_length(${t.affectedDescription}) <= 1000`,
    ),
    check('security_incidents_affected_count_check', sql`${t.affectedCount} between 0 and 10000000`),
    check(
      'security_incidents_categories_check',
      sql`cardinality(${t.dataCategories}) between 1 and 9 and array_position(${t.dataCategories}, null) is null and ${t.dataCategories} <@ array['IDENTIFICATION', 'CONTACT', 'CREDENTIALS', 'CONTENT', 'EVALUATIONS', 'IMAGES', 'ACTIVITY', 'CONSENT', 'OTHER']::text[]`,
    ),
    // Told iff dated (and, to the people, how); never dated before the incident.
    check(
      'security_incidents_subjects_notice_check',
      sql`${t.subjectsNotified} = (${t.subjectsNotifiedAt} is not null) and ${t.subjectsNotified} = (${t.subjectsNoticeMethod} is not null) and (${t.subjectsNoticeMethod} is null or char_length(${t.subjectsNoticeMethod}) between 3 and 300) and (${t.subjectsNotifiedAt} is null or ${t.subjectsNotifiedAt} >= ${t.occurredAt})`,
    ),
    check(
      'security_incidents_agency_notice_check',
      sql`${t.agencyNotified} = (${t.agencyNotifiedAt} is not null) and (${t.agencyNotifiedAt} is null or ${t.agencyNotifiedAt} >= ${t.occurredAt})`,
    ),
    // Closed iff dated; with children's data, only once the people were told (art. 14 sexies).
    check('security_incidents_closed_check', sql`(${t.status} = 'CLOSED') = (${t.closedAt} is not null)`),
    check(
      'security_incidents_children_notice_check',
      sql`${t.status} = 'OPEN' or not ${t.childrenData} or ${t.subjectsNotified}`,
    ),
    check('security_incidents_version_check', sql`${t.version} >= 1`),
  ],
);

/**
 * One row counting the changes to what a gallery page shows (migration 0041, which creates it and
 * the deferred triggers that bump it once per writing transaction; modules/stories/gallery.service.ts
 * reads it before answering a signed-in reader from its kept pages). Never written by the app.
 */
export const galleryVersion = pgTable(
  'gallery_version',
  {
    id: boolean('id').primaryKey().default(true).notNull(),
    n: bigint('n', { mode: 'number' }).default(0).notNull(),
  },
  (t) => [check('gallery_version_one_row', sql`${t.id}`)],
);
