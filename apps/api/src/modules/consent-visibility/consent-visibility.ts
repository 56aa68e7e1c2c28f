import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from '../../plugins/auth';

/**
 * Whether a user's name and work may be shown to `actor` (issue 22.5, docs/decisions/privacy.md
 * 'Consentimiento'), in SQL over the user's id: always, unless they lack a needed guardian's consent
 * (fics_consent_withheld); then only to themselves, administrators and signed-in members of their
 * own school (a grade of one of the schools of their grades). Never to a visitor. A null id (an
 * erased writer, issue 22.4) has nothing to withhold. Modules that show what a person wrote (the
 * comments' access rule) ask this; the fics' gate reads its own copy (stories.author_withheld).
 */
export function userShownTo(
  actor: Pick<Actor, 'userId' | 'role'> | null,
  userId: AnyPgColumn | SQL,
): SQL<boolean> {
  const allowed = sql`not coalesce(fics_consent_withheld(${userId}), false)`;
  if (!actor) {
    return sql<boolean>`(${allowed})`;
  }
  if (actor.role === 'ADMIN') {
    return sql<boolean>`true`;
  }
  return sql<boolean>`(${userId} = ${actor.userId} or ${allowed} or exists (
    select 1 from user_grades shown_writer_grade
    join grades shown_writer_school on shown_writer_school.id = shown_writer_grade.grade_id
    join grades shown_viewer_school on shown_viewer_school.college_id = shown_writer_school.college_id
    join user_grades shown_viewer_grade on shown_viewer_grade.grade_id = shown_viewer_school.id
    where shown_writer_grade.user_id = ${userId} and shown_viewer_grade.user_id = ${actor.userId}
  ))`;
}
