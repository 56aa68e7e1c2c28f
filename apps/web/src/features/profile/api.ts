import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileBody, User, userDetailResponseSchema } from '@fics/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { currentUserKey } from '../auth/api';

export type UserDetail = z.infer<typeof userDetailResponseSchema>;

export const profileKey = (userId: string) => ['profile', userId] as const;

/** GET /users/:id for the signed-in user: the user plus, for a teacher, their schools and grades. */
export function useProfile(userId: string) {
  return useQuery({
    queryKey: profileKey(userId),
    queryFn: ({ signal }) => api.get<UserDetail>(`/users/${userId}`, { signal }),
  });
}

/**
 * Every profile change answers the whole user: the page, the header's avatar and name (the cached
 * current user) take it at once; user lists showing the name or picture reload when next seen.
 */
function useApplyUser() {
  const queryClient = useQueryClient();
  return (user: User) => {
    queryClient.setQueryData<User>(currentUserKey, user);
    queryClient.setQueryData<UserDetail>(profileKey(user._id), (detail) =>
      detail ? { ...detail, user } : detail,
    );
    return queryClient.invalidateQueries({ queryKey: ['users'] });
  };
}

/** PATCH /users/:id/profile as JSON: name, bio or phoneNumber (null clears the phone). */
export function useUpdateProfile(userId: string) {
  const applyUser = useApplyUser();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) =>
      api.patch<{ user: User }>(`/users/${userId}/profile`, body).then((b) => b.user),
    onSuccess: applyUser,
  });
}

/** PATCH /users/:id/profile as multipart with the cropped photo in `file`; the server re-encodes it. */
export function useUploadProfilePhoto(userId: string) {
  const applyUser = useApplyUser();
  return useMutation({
    mutationFn: (photo: Blob) => {
      const form = new FormData();
      form.append('file', photo, 'perfil.png');
      return api
        .upload<{ user: User }>(`/users/${userId}/profile`, form, { method: 'PATCH' })
        .then((b) => b.user);
    },
    onSuccess: applyUser,
  });
}

/** DELETE /users/:id/profile/photo. */
export function useDeleteProfilePhoto(userId: string) {
  const applyUser = useApplyUser();
  return useMutation({
    mutationFn: () => api.delete<{ user: User }>(`/users/${userId}/profile/photo`).then((b) => b.user),
    onSuccess: applyUser,
  });
}
