import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBack from '#icons/ArrowBack';
import BlockOutlined from '#icons/BlockOutlined';
import PersonSearchOutlined from '#icons/PersonSearchOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { gradeLabel, roleDisplayNames, trackingMessages, type User } from '@fics/contracts';
import { EmptyState } from '../../../components/EmptyState';
import { LoadFailedState } from '../../../components/LoadFailedState';
import { PageTitle } from '../../../components/PageTitle';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useUserDetail } from '../../../lib/resources';
import { useSession } from '../../auth';
import { DownloadUserDataButton } from '../../profile';
import { useUserActivity } from '../api';
import { ActivityList } from '../components/ActivityList';

type Refusal = 'forbidden' | 'notFound';

/**
 * What the API's refusal means here: 403, the caller may not see this user (a teacher, a student of
 * other grades); 404 or a malformed id (400), no such user.
 */
function refusalOf(error: unknown): Refusal | null {
  if (!isApiError(error)) {
    return null;
  }
  if (error.status === 403) {
    return 'forbidden';
  }
  return error.status === 404 || error.status === 400 ? 'notFound' : null;
}

/**
 * /usuarios/:userId (spec 001 §2, User activity tracking), for administrators and the student's
 * teachers: the user's name and 'Actividad Reciente', 13 events a page with 'Ver más'.
 */
export function UserActivityPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const { userId = '' } = useParams();
  const user = useUserDetail(userId);
  const activity = useUserActivity(userId);
  const titleId = useId();

  // GET /users/:id hides a user the caller may not see (404) where GET /tracking says 403: the
  // teacher is told they may not see this student rather than that no such student exists.
  const refusals = [refusalOf(user.error), refusalOf(activity.error)];
  const refusal = refusals.includes('forbidden') ? 'forbidden' : (refusals.find(Boolean) ?? null);
  if (refusal) {
    return (
      <>
        <BackToUsers />
        <PageTitle title={trackingMessages.title} />
        <RefusedState refusal={refusal} />
      </>
    );
  }

  const loadMore = async () => {
    const result = await activity.fetchNextPage();
    if (result.isFetchNextPageError) {
      toast.error(t('errors.generic'));
    }
  };
  const pages = activity.data?.pages ?? [];

  return (
    <>
      <BackToUsers />
      {user.isPending ? (
        <UserHeadingSkeleton />
      ) : user.isError ? (
        <Box sx={{ mb: 3 }}>
          <LoadFailedState onRetry={() => void user.refetch()} />
        </Box>
      ) : (
        <UserHeading user={user.data.user} />
      )}
      <Box component="section" aria-labelledby={titleId} sx={{ maxWidth: 960 }}>
        <Typography variant="h2" id={titleId} sx={{ mb: 2 }}>
          {trackingMessages.title}
        </Typography>
        <ActivityList
          records={activity.data ? pages.flatMap((page) => page.docs) : undefined}
          totalDocs={pages.at(-1)?.totalDocs ?? 0}
          pages={pages.length}
          isError={activity.isError}
          hasMore={activity.hasNextPage}
          loadingMore={activity.isFetchingNextPage}
          onLoadMore={() => void loadMore()}
          onRetry={() => void activity.refetch()}
          labelledBy={titleId}
        />
      </Box>
    </>
  );
}

function BackToUsers() {
  const { t } = useTranslation();
  return (
    <Button
      component={RouterLink}
      to="/usuarios"
      startIcon={<ArrowBack />}
      size="small"
      sx={{ mb: 1, ml: -1 }}
    >
      {t('tracking.backToUsers')}
    </Button>
  );
}

/** The user's name as the page's h1, with their role, school and grade under it. */
function UserHeading({ user }: { user: User }) {
  const { t } = useTranslation();
  const session = useSession();
  const details = [
    roleDisplayNames[user.role.name],
    ...user.collegeId.map((college) => college.name),
    ...user.gradeId.map(gradeLabel),
  ];
  return (
    <Box sx={{ mb: 4 }}>
      <Box sx={{ '& > div': { mb: 1 } }}>
        <PageTitle title={user.name} />
      </Box>
      <Typography color="text.secondary">{details.join(' · ')}</Typography>
      {/* Administrators produce anyone's 'Mis datos' (a request under Ley 21.719, issue 22.2). */}
      {session.user?.role.name === 'ADMIN' ? (
        <Box sx={{ mt: 2 }}>
          <DownloadUserDataButton userId={user._id} name={user.name} />
        </Box>
      ) : null}
      {user.role.name !== 'STUDENT' ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('tracking.onlyStudents')}
        </Typography>
      ) : null}
    </Box>
  );
}

function UserHeadingSkeleton() {
  const { t } = useTranslation();
  return (
    <Box sx={{ mb: 4 }} role="status" aria-label={t('tracking.loadingUser')}>
      <Typography variant="h1" component="div" sx={{ mb: 1 }}>
        <Skeleton width="min(320px, 70%)" />
      </Typography>
      <Skeleton width="min(420px, 90%)" />
    </Box>
  );
}

function RefusedState({ refusal }: { refusal: Refusal }) {
  const { t } = useTranslation();
  let state: ReactNode;
  if (refusal === 'forbidden') {
    state = (
      <EmptyState
        icon={<BlockOutlined fontSize="inherit" />}
        message={t('tracking.forbidden')}
        action={<Typography color="text.secondary">{t('tracking.forbiddenHint')}</Typography>}
      />
    );
  } else {
    state = (
      <EmptyState icon={<PersonSearchOutlined fontSize="inherit" />} message={t('tracking.notFound')} />
    );
  }
  return <Paper variant="outlined">{state}</Paper>;
}
