import { z } from 'zod';
import { roleSchema } from './roles';

export const limits = {
  userNameMin: 2,
  profileNameMax: 40,
  bioMax: 100,
  passwordMin: 8,
  passwordMax: 64,
  imageMaxBytes: 1_048_576,
  avatarMaxSide: 200,
} as const;

export const collegeRefSchema = z.object({ _id: z.string(), name: z.string() });
export const gradeRefSchema = z.object({
  _id: z.string(),
  level: z.string(),
  cicle: z.string(),
  name: z.string(),
  collegeId: z.string(),
});

/** A user as every endpoint returns it (spec 000 §3); schools and grades are populated. */
export const userSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    bio: z.string(),
    phoneNumber: z.string().nullable(),
    /** Optional (issue 22.5): with the grade, whether a guardian's consent is needed. */
    birthYear: z.number().int().nullable().optional(),
    profilePicture: z.object({ url: z.string() }).nullable(),
    role: roleSchema,
    collegeId: z.array(collegeRefSchema),
    gradeId: z.array(gradeRefSchema),
    createdAt: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = z.object({ user: userSchema });
