import { eq, inArray, sql } from 'drizzle-orm';
import type { User } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { colleges, grades, roles, userGrades, users } from '../../db/schema';
import { mediaUrl } from '../media';

/** One of a user's grades with its school, as the statement below aggregates them. */
interface Membership {
  gradeId: string;
  level: string;
  cicle: string;
  gradeName: string;
  collegeId: string;
  collegeName: string;
}

/** The columns of a user's view: the user, their role, and their grades with schools as JSON. */
const viewColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  bio: users.bio,
  phoneNumber: users.phoneNumber,
  birthYear: users.birthYear,
  profilePictureId: users.profilePictureId,
  createdAt: users.createdAt,
  roleId: roles.id,
  roleName: roles.name,
  roleDisplayName: roles.displayName,
  // In the order the profile lists them.
  memberships: sql<Membership[]>`coalesce((
    select json_agg(json_build_object('gradeId', g.id, 'level', g.level, 'cicle', g.cicle,
        'gradeName', g.name, 'collegeId', c.id, 'collegeName', c.name)
      order by c.name, g.cicle, g.level, g.name)
    from ${userGrades} ug join ${grades} g on g.id = ug.grade_id join ${colleges} c on c.id = g.college_id
    where ug.user_id = ${users.id}), '[]'::json)`,
};

type ViewRow = Awaited<ReturnType<ReturnType<typeof prepareView>['execute']>>[number];

function toView(row: ViewRow): User {
  const user: User = {
    _id: row.id,
    name: row.name,
    email: row.email,
    bio: row.bio,
    phoneNumber: row.phoneNumber,
    birthYear: row.birthYear,
    profilePicture: row.profilePictureId ? { url: mediaUrl(row.profilePictureId) } : null,
    role: { _id: row.roleId, name: row.roleName, displayName: row.roleDisplayName },
    collegeId: [],
    gradeId: [],
    createdAt: row.createdAt.toISOString(),
  };
  for (const m of row.memberships) {
    if (!user.collegeId.some((c) => c._id === m.collegeId)) {
      user.collegeId.push({ _id: m.collegeId, name: m.collegeName });
    }
    user.gradeId.push({
      _id: m.gradeId,
      level: m.level,
      cicle: m.cicle,
      name: m.gradeName,
      collegeId: m.collegeId,
    });
  }
  return user;
}

/**
 * Users as the API returns them (spec 000 §3): role, schools and grades populated, in one statement.
 * Unknown ids are simply absent from the map.
 */
export async function loadUserViews(db: DbOrTx, ids: string[]): Promise<Map<string, User>> {
  const result = new Map<string, User>();
  if (ids.length === 0) {
    return result;
  }
  const rows = await db
    .select(viewColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(inArray(users.id, ids));
  for (const row of rows) {
    result.set(row.id, toView(row));
  }
  return result;
}

/** One user's view statement, prepared once per database handle (every GET /auth/me runs it). */
const prepared = new WeakMap<object, ReturnType<typeof prepareView>>();

function prepareView(db: DbOrTx) {
  return db
    .select(viewColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('fics_user_view');
}

export async function loadUserView(db: DbOrTx, id: string): Promise<User | undefined> {
  let statement = prepared.get(db);
  if (!statement) {
    statement = prepareView(db);
    prepared.set(db, statement);
  }
  const [row] = await statement.execute({ id });
  return row ? toView(row) : undefined;
}
