import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileBody, User } from '@fics/contracts';
import { api } from '../../lib/api-client';
import { refreshAfterProfileChange } from '../../lib/resources';

/**
 * Every profile change answers the whole user: the page and the header's avatar and name take it at
 * once; user lists and school views showing the name or picture reload (lib/resources/refresh.ts).
 */
function useApplyUser() {
  const queryClient = useQueryClient();
  return (user: User) => refreshAfterProfileChange(queryClient, user);
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
