import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { selectedTabSx } from '../../../components/tab-styles';
import { useSession } from '../../auth';
import { HeldQueue } from '../components/HeldQueue';
import { ReportsQueue } from '../components/ReportsQueue';
import { WordsPanel } from '../components/WordsPanel';

/** The views of /reportes, as `?vista=` names them ('Reportes' has none: /reportes stays its address). */
const views = ['reportes', 'por-aprobar', 'palabras'] as const;
type View = (typeof views)[number];

/**
 * /reportes (TEACHER, ADMIN): moderation in one place. 'Reportes', the queue of reported content
 * (issue 21.3); 'Por aprobar', the comments and replies held for approval (issue 21.5-6); and for
 * administrators 'Palabras', the list of words whose comments are held. The view is in the query
 * string, so a reload, a notification's link and back keep it; each view keeps its own filters there.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const isAdmin = user?.role.name === 'ADMIN';
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = views.find((view) => view === searchParams.get('vista')) ?? 'reportes';
  const view: View = asked === 'palabras' && !isAdmin ? 'reportes' : asked;
  const tabId = (name: View) => `moderacion-tab-${name}`;
  const panelId = 'moderacion-vista';

  return (
    <>
      <PageTitle title={t('moderation.title')} />
      <Tabs
        value={view}
        onChange={(_event, next: View) => setSearchParams(next === 'reportes' ? {} : { vista: next })}
        aria-label={t('moderation.views')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          sx={selectedTabSx}
          value="reportes"
          id={tabId('reportes')}
          aria-controls={panelId}
          label={t('moderation.reportsTab')}
        />
        <Tab
          sx={selectedTabSx}
          value="por-aprobar"
          id={tabId('por-aprobar')}
          aria-controls={panelId}
          label={t('moderation.heldTab')}
        />
        {isAdmin ? (
          <Tab
            sx={selectedTabSx}
            value="palabras"
            id={tabId('palabras')}
            aria-controls={panelId}
            label={t('moderation.wordsTab')}
          />
        ) : null}
      </Tabs>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(view)}>
        {view === 'reportes' ? <ReportsQueue /> : view === 'por-aprobar' ? <HeldQueue /> : <WordsPanel />}
      </div>
    </>
  );
}
