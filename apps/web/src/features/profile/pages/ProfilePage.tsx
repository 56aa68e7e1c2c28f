import { lazy, Suspense, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { limits, updateProfileBodySchema, type Inscription, type User } from '@fics/contracts';
import { PageTitle } from '../../../components/PageTitle';
import Button from '@mui/material/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/toast';
import { useLogoutEverywhere, useSession } from '../../auth';
import { ChangeRequestAction, ChangeRequestHistory } from '../../requests';
import { PrivacyRights } from '../../privacy-requests';
import { useUserDetail } from '../../../lib/resources';
import { useUpdateProfile } from '../api';
import { BlockedUsers } from '../components/BlockedUsers';
import { MyDataSection } from '../components/MyDataSection';
import { EditableField } from '../components/EditableField';
import { PhotoDialog } from '../components/PhotoDialog';
import { ProfileCard } from '../components/ProfileCard';
import { TeacherSchools } from '../components/TeacherSchools';
import { studentPlacement } from '../user-display';
import { LoadFailedState } from '../../../components/LoadFailedState';

// Only students have a phone: the phone library is fetched for them alone (architecture.md §2).
const StudentPhone = lazy(() =>
  import('../components/StudentPhone').then((module) => ({ default: module.StudentPhone })),
);

const nameSchema = updateProfileBodySchema.shape.name.unwrap();
const bioSchema = updateProfileBodySchema.shape.bio.unwrap();

/** /perfil, 'Sobre tí' (spec 000 §2 Profile): any signed-in user's own profile. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  // RequireAuth renders this page only with a signed-in user.
  const userId = user?._id ?? '';
  const profile = useUserDetail(userId);

  let body: ReactNode;
  if (profile.isPending) {
    body = <ProfileSkeleton />;
  } else if (profile.isError) {
    body = <LoadFailedState framed={false} onRetry={() => void profile.refetch()} />;
  } else {
    body = <ProfileView user={profile.data.user} inscriptions={profile.data.inscriptionObject} />;
  }
  return (
    <>
      <PageTitle title={t('profile.title')} />
      {body}
    </>
  );
}

function ProfileView({ user, inscriptions }: { user: User; inscriptions: Inscription[] }) {
  const { t } = useTranslation();
  const update = useUpdateProfile(user._id);
  const [photoOpen, setPhotoOpen] = useState(false);
  const role = user.role.name;

  return (
    <Grid container spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Grid size={{ xs: 12, md: 4 }}>
        <ProfileCard user={user} onChangePhoto={() => setPhotoOpen(true)} />
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <Stack spacing={3}>
          <Section title={t('profile.personalTitle')}>
            <Stack spacing={2} divider={<Divider flexItem />}>
              <EditableField
                field="name"
                label={t('profile.name')}
                editLabel={t('profile.editName')}
                value={user.name}
                schema={nameSchema}
                maxLength={limits.profileNameMax}
                minLength={limits.userNameMin}
                onSave={(name) => update.mutateAsync({ name })}
              />
              <EditableField
                field="bio"
                label={t('profile.bio')}
                editLabel={t('profile.editBio')}
                value={user.bio}
                placeholder={t('profile.noBio')}
                schema={bioSchema}
                maxLength={limits.bioMax}
                multiline
                onSave={(bio) => update.mutateAsync({ bio })}
              />
            </Stack>
          </Section>
          {role === 'STUDENT' ? (
            <>
              <Section title={t('profile.phoneTitle')}>
                <Suspense fallback={<Skeleton variant="text" width={180} aria-label={t('common.loading')} />}>
                  <StudentPhone user={user} />
                </Suspense>
              </Section>
              <StudentPlacementSection user={user} />
              <Section title={t('requests.historyTitle')}>
                <ChangeRequestHistory />
              </Section>
              <Section title={t('blocks.title')}>
                <BlockedUsers />
              </Section>
            </>
          ) : null}
          {role === 'TEACHER' ? (
            <Section title={t('profile.schoolsTitle')}>
              <TeacherSchools inscriptions={inscriptions} />
            </Section>
          ) : null}
          <SessionsSection />
          {/* Ley 21.719 (issue 22.2): everyone downloads what the platform keeps about them. */}
          <Section title={t('personalData.title')}>
            <MyDataSection />
          </Section>
          {/* Ley 21.719 (issue 22.3): everyone may ask for access, rectification, erasure… */}
          <Section title={t('privacyRequests.profileTitle')}>
            <PrivacyRights />
          </Section>
        </Stack>
      </Grid>
      <PhotoDialog user={user} open={photoOpen} onClose={() => setPhotoOpen(false)} />
    </Grid>
  );
}

/** 'Cerrar sesión en todos los dispositivos': a shared school computer left signed in, a lost phone. */
function SessionsSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const logoutEverywhere = useLogoutEverywhere();
  const [confirming, setConfirming] = useState(false);
  return (
    <Section title={t('profile.sessionsTitle')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('profile.sessionsHint')}
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
        {t('profile.logoutEverywhere')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('profile.logoutEverywhere')}
        message={t('profile.logoutEverywhereConfirm')}
        confirmLabel={t('profile.logoutEverywhere')}
        pending={logoutEverywhere.isPending}
        onConfirm={() =>
          logoutEverywhere.mutate(undefined, {
            onError: () => toast.error(t('profile.logoutEverywhereFailed')),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </Section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h2" sx={{ fontSize: { xs: '1.15rem', md: '1.2rem' }, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function StudentPlacementSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const { school, grade } = studentPlacement(user);
  const rows = [
    { label: t('profile.school'), value: school },
    { label: t('profile.grade'), value: grade },
  ];
  return (
    <Section title={t('profile.placementTitle')}>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, m: 0 }}
      >
        {rows.map((row) => (
          <Box key={row.label}>
            <Typography component="dt" variant="subtitle2" color="text.secondary">
              {row.label}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, overflowWrap: 'anywhere', color: row.value ? 'text.primary' : 'text.secondary' }}
            >
              {row.value ?? t('profile.unassigned')}
            </Typography>
          </Box>
        ))}
      </Box>
      <ChangeRequestAction user={user} />
    </Section>
  );
}

function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <Grid container spacing={3} role="status" aria-label={t('common.loading')}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Paper
          variant="outlined"
          sx={{ p: 3, display: 'flex', flexDirection: 'column', alignItems: 'center' }}
        >
          <Skeleton variant="circular" width={128} height={128} />
          <Skeleton variant="text" width="60%" sx={{ fontSize: '1.35rem', mt: 1 }} />
          <Skeleton variant="text" width="40%" />
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Skeleton variant="text" width="40%" sx={{ fontSize: '1.2rem', mb: 2 }} />
          <Skeleton variant="text" width="25%" />
          <Skeleton variant="text" width="70%" />
          <Skeleton variant="text" width="25%" sx={{ mt: 2 }} />
          <Skeleton variant="text" width="90%" />
        </Paper>
      </Grid>
    </Grid>
  );
}
