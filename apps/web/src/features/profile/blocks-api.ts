import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  blocksPaging,
  type BlockedUser,
  type BlockResponse,
  type BlocksResponse,
  type CommentAuthor,
  type Paged,
} from '@fics/contracts';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../auth';

/**
 * Blocking (issue 21.4, docs/decisions/blocks.md). The list hangs under the caller's own key
 * (auth.me): it is theirs alone, and a new top-level key would grow the home page's code.
 */
const blocksKey = () => [...queryKeys.auth.me(), 'blocks'] as const;
const blocksPageKey = (page: number) => [...blocksKey(), page] as const;

function fetchBlocks(page: number, signal: AbortSignal): Promise<Paged<BlockedUser>> {
  return api
    .get<BlocksResponse>(`/blocks?page=${page}&limit=${blocksPaging.defaultLimit}`, { signal })
    .then((body) => body.blocks);
}

/** GET /blocks?page: the people the caller blocked, newest first. */
export function useBlocks(page: number) {
  return useQuery({
    queryKey: blocksPageKey(page),
    queryFn: ({ signal }) => fetchBlocks(page, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * A block changes which comments and replies the caller sees (both ways) and the list on /perfil:
 * every comment list read so far and the blocks list reload.
 */
function useAfterBlockChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.comments.all }),
      queryClient.invalidateQueries({ queryKey: blocksKey() }),
    ]);
}

/** POST /blocks { userId }. */
export function useBlockUser() {
  const afterChange = useAfterBlockChange();
  return useMutation({
    mutationFn: (userId: string) => api.post<BlockResponse>('/blocks', { userId }),
    onSuccess: () => afterChange(),
  });
}

/** DELETE /blocks/:userId. */
export function useUnblockUser() {
  const afterChange = useAfterBlockChange();
  return useMutation({
    mutationFn: (userId: string) => api.delete<{ message: string }>(`/blocks/${userId}`),
    onSuccess: () => afterChange(),
  });
}

/**
 * Whether the signed-in user may block the writer of a comment or reply, as the server decides
 * (blocks.service.ts): a student, another student, shown by name (not behind a fic's anonymity).
 */
export function useCanBlock(author: CommentAuthor): boolean {
  const { user, role } = useSession();
  return (
    role === 'STUDENT' && author._id !== null && author._id !== user?._id && author.role.name === 'STUDENT'
  );
}
