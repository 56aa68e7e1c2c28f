/**
 * Request and response schemas of the /users and /media endpoints (spec 000 §5, §7).
 * They live apart from users.ts because they reuse the e-mail field of auth.ts, which itself
 * imports users.ts: keeping them here avoids an import cycle.
 */
import { z } from 'zod';
import { emailField } from './auth';
import { idSchema, pagedSchema, pageQuerySchema } from './common';
import { birthYearField } from './guardian-consent';
import { limits, userSchema } from './users';

export const bulkImportMaxRows = 2000;

/** Every Spanish message of the user endpoints, worded as the spec's forms word them. */
export const userMessages = {
  nameRequired: 'El nombre es obligatorio',
  /** The spec's own wording for the user dialogs (000 §5 Edit user). */
  nameMin: `El debe tener al menos ${limits.userNameMin} caracteres`,
  /** Profile and bulk-import rows, where the field is not next to the message. */
  nameMinLong: `El nombre debe tener al menos ${limits.userNameMin} caracteres`,
  nameMax: `El nombre no debe tener más de ${limits.profileNameMax} caracteres`,
  roleRequired: 'El campo Rol es obligatorio',
  roleUnknown: 'El rol seleccionado no existe',
  collegeRequired: 'El establecimiento es obligatorio',
  gradeRequired: 'El curso es obligatorio',
  collegeUnknown: 'El establecimiento seleccionado no existe',
  gradeUnknown: 'El curso seleccionado no existe',
  gradeOutsideCollege: 'El curso no pertenece al establecimiento seleccionado',
  collegeWithoutGrade: 'Cada establecimiento debe tener al menos un curso seleccionado',
  studentOneCollege: 'Un estudiante pertenece a un solo establecimiento',
  studentOneGrade: 'Un estudiante pertenece a un solo curso',
  alreadyInList: 'Ya fue agregado a la lista',
  emailTaken: 'El email ya está registrado',
  emailRepeated: 'El email está repetido en la lista',
  teacherCreatesStudentsOnly: 'Solo puedes crear usuarios con rol estudiante',
  teacherOwnGradesOnly: 'Solo puedes gestionar estudiantes de tus establecimientos y cursos',
  roleChangeAdminOnly: 'Solo un administrador puede cambiar el rol de un usuario',
  emailChangeAdminOnly:
    'Solo un administrador puede cambiar el email de un estudiante que ya activó su cuenta',
  filterOutsideScope: 'Solo puedes consultar tus establecimientos y cursos',
  deleteSelf: 'No puedes eliminar tu propia cuenta',
  lastAdmin: 'Debe existir al menos un administrador: no se puede eliminar ni cambiar el rol del último',
  userStillReferenced: 'El usuario tiene información asociada que impide eliminarlo',
  userCreated: 'Usuario creado exitosamente',
  userUpdated: 'Usuario actualizado exitosamente',
  userDeleted: 'Usuario eliminado exitosamente',
  fileNotImage: 'El archivo debe ser tipo imagen',
  fileTooLarge: 'El peso del archivo excede el maximo permitido',
  imageTooManyPixels: 'La imagen tiene demasiados píxeles, usa una de menos de 40 megapíxeles',
  imageUpdated: 'Imagen actualizada exitosamente',
  imageDeleted: 'Imagen eliminada exitosamente',
  bioMax: `La biografía no debe tener más de ${limits.bioMax} caracteres`,
  phoneInvalid: 'Ingresa un número de teléfono válido',
  phoneUpdated: 'Número de teléfono actualizado con éxito!',
  phoneStudentsOnly: 'Solo los estudiantes pueden registrar un número de teléfono',
  profileOwnOnly: 'Solo puedes editar tu propio perfil',
  bulkEmpty: 'Debe cargar al menos un usuario',
  bulkTooMany: `No se pueden importar más de ${bulkImportMaxRows} usuarios a la vez`,
  bulkListErrors: 'Hay errores en los correos listados',
  mediaNotFound: 'La imagen solicitada no existe',
} as const;

/** Query strings send '' for an unset filter; treat it as absent. */
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional());

export const usersPaging = { defaultLimit: 50, maxLimit: 100 } as const;
/** Longest search text; a longer one is refused rather than silently cut. */
export const usersSearchMax = 100;

/** The filters of the user list, shared by GET /users and GET /users/export. */
export const usersFilterSchema = z.object({
  roleId: optionalId,
  collegeId: optionalId,
  gradeId: optionalId,
  /** Part of a name or e-mail; accents and case are ignored, each word must appear. */
  search: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v === null ? undefined : v),
    z
      .string({ error: `La búsqueda no debe tener más de ${usersSearchMax} caracteres` })
      .max(usersSearchMax, `La búsqueda no debe tener más de ${usersSearchMax} caracteres`)
      .optional(),
  ),
});
export type UsersFilter = z.infer<typeof usersFilterSchema>;

/** GET /users: the filters plus the page. */
export const usersQuerySchema = usersFilterSchema.extend(pageQuerySchema(usersPaging).shape);
export type UsersQuery = z.infer<typeof usersQuerySchema>;

/** `{ users: { docs, page, limit, totalDocs, hasNextPage, nextPage } }`, sorted by name. */
export const usersResponseSchema = z.object({ users: pagedSchema(userSchema) });

/** A teacher's schools with their grades (spec 000 §3, User.inscriptionObject). */
export const inscriptionSchema = z
  .object({
    collegeId: z.string(),
    collegeName: z.string(),
    grades: z.array(z.object({ gradeId: z.string(), gradeName: z.string() })),
  })
  .meta({ id: 'Inscription' });
export type Inscription = z.infer<typeof inscriptionSchema>;

/** `inscriptionObject` is the teacher's schools and grades; [] for students and administrators. */
export const userDetailResponseSchema = z.object({
  user: userSchema,
  inscriptionObject: z.array(inscriptionSchema),
});

export const userNameField = z
  .string({ error: userMessages.nameRequired })
  .trim()
  .min(1, userMessages.nameRequired)
  .min(limits.userNameMin, userMessages.nameMin)
  .max(limits.profileNameMax, userMessages.nameMax);

const roleField = z
  .string({ error: userMessages.roleRequired })
  .trim()
  .min(1, userMessages.roleRequired)
  .pipe(z.uuid({ error: userMessages.roleUnknown }));

/**
 * A list of ids, as JSON (an array) or multipart (a JSON array string, as the spec's client sends;
 * a single id or '' are accepted too).
 */
const idList = (requiredMessage: string) =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') {
        return value ?? [];
      }
      const text = value.trim();
      if (text === '') {
        return [];
      }
      if (text.startsWith('[')) {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          return value;
        }
      }
      return [text];
    },
    z
      .array(z.string({ error: requiredMessage }).pipe(idSchema), { error: requiredMessage })
      .max(100, requiredMessage),
  );

/** POST /users. Schools and grades are the role's rules (checked by the server against the data). */
export const createUserBodySchema = z.object({
  email: emailField(),
  name: userNameField,
  role: roleField,
  collegeId: idList(userMessages.collegeRequired).default([]),
  gradeId: idList(userMessages.gradeRequired).default([]),
  /** Optional (issue 22.5); '' or null: unknown. */
  birthYear: birthYearField.optional(),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

/**
 * PATCH /users/:id, JSON or multipart (fields plus an optional `file` avatar). A field left out
 * keeps its value; schools and grades sent replace the user's whole list.
 */
export const updateUserBodySchema = z.object({
  email: emailField().optional(),
  name: userNameField.optional(),
  role: roleField.optional(),
  collegeId: idList(userMessages.collegeRequired).optional(),
  gradeId: idList(userMessages.gradeRequired).optional(),
  birthYear: birthYearField.optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const userDeletedResponseSchema = z.object({ message: z.string() });

/**
 * PATCH /users/:id/profile, JSON or multipart (`file` for the photo). Every field is optional;
 * phoneNumber '' or null clears it, and only students have one (spec 000 §6).
 */
export const updateProfileBodySchema = z.object({
  name: z
    .string({ error: userMessages.nameRequired })
    .trim()
    .min(1, userMessages.nameRequired)
    .min(limits.userNameMin, userMessages.nameMinLong)
    .max(limits.profileNameMax, userMessages.nameMax)
    .optional(),
  bio: z.string({ error: userMessages.bioMax }).trim().max(limits.bioMax, userMessages.bioMax).optional(),
  phoneNumber: z
    .string({ error: userMessages.phoneInvalid })
    .trim()
    .max(32, userMessages.phoneInvalid)
    .nullable()
    .optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** One row of a bulk import, validated on its own so a bad row never blocks the others. */
export const bulkUserRowSchema = z.object({
  name: z
    .string({ error: userMessages.nameMinLong })
    .trim()
    .min(limits.userNameMin, userMessages.nameMinLong)
    .max(limits.profileNameMax, userMessages.nameMax),
  email: emailField(),
  /** Optional column (issue 22.5): a student's birth year; empty is unknown. */
  birthYear: birthYearField.optional(),
});

/** Cells read from a spreadsheet may be numbers or empty; rows are checked one by one later. */
const looseCell = z.union([z.string().max(1000), z.number(), z.null()]).optional();

/**
 * POST /users/bulk. `isExcel` and `items` are what the wizard sends alongside the rows; the server
 * only needs `users`. collegeId and gradeId are required for student and teacher imports.
 */
export const bulkImportBodySchema = z.object({
  role: roleField,
  collegeId: optionalId,
  gradeId: optionalId,
  users: z
    .array(z.object({ name: looseCell, email: looseCell, birthYear: looseCell }), {
      error: userMessages.bulkEmpty,
    })
    .min(1, userMessages.bulkEmpty)
    .max(bulkImportMaxRows, userMessages.bulkTooMany),
  isExcel: z.boolean().optional(),
  items: z
    .array(z.string().max(1000))
    .max(bulkImportMaxRows * 2)
    .optional(),
});
export type BulkImportBody = z.infer<typeof bulkImportBodySchema>;

export const bulkUserErrorSchema = z.object({
  email: z.string(),
  name: z.string(),
  message: z.string(),
});
export type BulkUserError = z.infer<typeof bulkUserErrorSchema>;

/** `usersCreated` is how many accounts were created; each refused row is in `usersErrors`. */
export const bulkImportResponseSchema = z.object({
  summary: z
    .object({ usersCreated: z.number().int(), usersErrors: z.array(bulkUserErrorSchema) })
    .meta({ id: 'BulkImportSummary' }),
});
export type BulkImportSummary = z.infer<typeof bulkImportResponseSchema>['summary'];

/** The export workbook (GET /users/export). */
export const usersExportFilename = 'Usuarios.xlsx';
export const usersExportSheets = {
  ADMIN: 'Administradores',
  TEACHER: 'Docentes',
  STUDENT: 'Estudiantes',
} as const;
export const usersExportHeader = ['NOMBRE', 'EMAIL', 'ESTABLECIMIENTOS', 'CURSOS'] as const;
