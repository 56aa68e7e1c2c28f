import { useCallback, useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AuthResult, LoginBody, RoleName, User } from '@fics/contracts';
import { api, isApiError } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { clearSession, setTokens, subscribeSession, useStoredToken } from '../../lib/session';
import { useToast } from '../../components/toast';

/** GET /auth/me, only while a token is stored. */
export function useCurrentUser() {
  const token = useStoredToken();
  return useQuery({
    queryKey: queryKeys.auth.me(),
    queryFn: ({ signal }) => api.get<{ user: User }>('/auth/me', { signal }).then((body) => body.user),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}

export type SessionStatus = 'anonymous' | 'loading' | 'authenticated';

export interface Session {
  status: SessionStatus;
  isAuthenticated: boolean;
  user: User | null;
  role: RoleName | null;
  logout: () => Promise<void>;
}

/** Who is signed in, and how to leave. Use inside the router (logout navigates home). */
export function useSession(): Session {
  const token = useStoredToken();
  const { data: user, isPending } = useCurrentUser();
  const logout = useLogout();
  const current = token !== null && user ? user : null;
  const status: SessionStatus = current
    ? 'authenticated'
    : token !== null && isPending
      ? 'loading'
      : 'anonymous';
  return {
    status,
    isAuthenticated: status === 'authenticated',
    user: current,
    role: current?.role.name ?? null,
    logout,
  };
}

/**
 * Spec 000 §4: on load and whenever the stored token changes (here or in another tab), reload the
 * current user; a user that still answers 401 after the api client's refresh attempt ends the session.
 * Mounted once by the app shell.
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  const { error } = useCurrentUser();

  useEffect(
    () =>
      subscribeSession((change) => {
        if (change === 'clear') {
          // Nothing cached for the previous user may leak into the next session.
          queryClient.removeQueries();
        } else if (change === 'external') {
          queryClient.removeQueries();
          void queryClient.invalidateQueries({ queryKey: queryKeys.auth.me() });
        }
      }),
    [queryClient],
  );

  useEffect(() => {
    if (isApiError(error) && error.status === 401) {
      clearSession();
    }
  }, [error]);
}

/** POST /auth/login: stores both tokens and primes the current user. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<AuthResult>('/auth/login', body),
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.auth.me(), result.user);
      setTokens(result, 'login');
    },
  });
}

/** POST /auth/logout, then clear storage, toast and go home. A failed call still ends the local session. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const toast = useToast();
  return useCallback(async () => {
    try {
      // Revokes the session behind the bearer token, refresh token included.
      await api.post('/auth/logout');
    } catch {
      // The server session expires on its own; the user asked to leave, so leave.
    }
    // Leaving on purpose clears everything, unsaved fic work included (a shared school computer).
    clearSession('logout');
    // 'Se ha desconectado con éxito!' is a contracts message, imported on demand: the home page's code
    // carries no contracts (nor zod), and leaving does not wait for it (nor fail without it).
    void import('@fics/contracts').then(
      ({ messages }) => toast.success(messages.loggedOut),
      () => undefined,
    );
    await navigate('/');
  }, [navigate, toast]);
}

/**
 * POST /auth/logout-all ('Cerrar sesión en todos los dispositivos'): every session of the user ends,
 * this one included; then this device leaves as a logout does. A failed call keeps the user here.
 */
export function useLogoutEverywhere() {
  const navigate = useNavigate();
  const toast = useToast();
  return useMutation({
    mutationFn: () => api.post<{ message: string; sessionsEnded: number }>('/auth/logout-all'),
    onSuccess: async (result) => {
      clearSession('logout');
      toast.success(result.message);
      await navigate('/');
    },
  });
}

/** POST /auth/recoverPassword: answers a message, never a token (architecture.md §6.1). */
export function useRecoverPassword() {
  return useMutation({
    mutationFn: (body: { email: string }) => api.post<{ message: string }>('/auth/recoverPassword', body),
  });
}

export interface RecoveryTokenInfo {
  valid: true;
  purpose: 'RECOVERY' | 'INVITATION';
  email: string;
}

/** POST /auth/checkRecoveryToken; a 400 means invalid or expired. */
export function useRecoveryToken(token: string) {
  return useQuery({
    queryKey: queryKeys.auth.recoveryToken(token),
    queryFn: ({ signal }) => api.post<RecoveryTokenInfo>('/auth/checkRecoveryToken', { token }, { signal }),
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** PATCH /auth/setPassword. */
export function useSetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string; confirmationPassword: string }) =>
      api.patch<{ message: string }>('/auth/setPassword', body),
  });
}
