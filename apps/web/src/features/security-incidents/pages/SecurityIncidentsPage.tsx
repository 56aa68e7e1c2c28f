import { useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '#icons/AddOutlined';
import ShieldOutlined from '#icons/ShieldOutlined';
import {
  maxPage,
  securityIncidentsPaging,
  securityIncidentStatuses,
  securityIncidentStatusLabels,
  securityIncidentTexts as texts,
  type SecurityIncident,
  type SecurityIncidentStatus,
} from '@fics/contracts';
import { PagedList } from '../../../components/PagedList';
import { PageTitle } from '../../../components/PageTitle';
import { urlParam, useUrlState } from '../../../lib/use-url-state';
import { useSecurityIncidents } from '../api';
import { SecurityIncidentCard } from '../components/SecurityIncidentCard';
import { SecurityIncidentDialog } from '../components/SecurityIncidentDialog';

const ALL = 'ALL';
/** Filter and page in the query string (/incidentes-seguridad?estado=CLOSED&page=2); the open ones by default. */
const urlParams = {
  estado: urlParam.oneOf<string>([...securityIncidentStatuses, ALL], 'OPEN'),
  page: urlParam.int({ min: 1, max: maxPage, fallback: 1 }),
};
const urlOptions = { resetOnChange: ['page'] } as const;
const limit = securityIncidentsPaging.defaultLimit;

/**
 * /incidentes-seguridad (ADMIN; issue 22.6, Ley 21.719 arts. 14 quinquies and sexies): the register
 * of security incidents, the newest first, a page at a time, filtered by status; each with the
 * warning when children's data are involved and the people were not told, and 'Editar'; 'Registrar
 * incidente' on top.
 */
export function SecurityIncidentsPage() {
  const [url, setUrl] = useUrlState(urlParams, urlOptions);
  const { page } = url;
  const status = url.estado === ALL ? undefined : (url.estado as SecurityIncidentStatus);
  const incidents = useSecurityIncidents({ status, page, limit });
  // Kept while the dialog fades out, so its title does not change on the way.
  const [editing, setEditing] = useState<SecurityIncident | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const openDialog = (incident: SecurityIncident | null) => {
    setEditing(incident);
    setDialogOpen(true);
  };

  const goToPage = useCallback(
    (next: number, options?: { replace?: boolean }) => setUrl({ page: next }, options),
    [setUrl],
  );

  return (
    <>
      <PageTitle title={texts.title} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {texts.intro}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <TextField
          select
          size="small"
          label={texts.statusFilter}
          value={url.estado}
          onChange={(event) => setUrl({ estado: event.target.value })}
          fullWidth={false}
          sx={{ minWidth: 180, flex: { xs: '1 1 160px', sm: '0 0 auto' } }}
        >
          {securityIncidentStatuses.map((value) => (
            <MenuItem key={value} value={value}>
              {securityIncidentStatusLabels[value]}
            </MenuItem>
          ))}
          <MenuItem value={ALL}>{texts.filterAll}</MenuItem>
        </TextField>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => openDialog(null)}>
          {texts.record}
        </Button>
      </Box>
      <PagedList
        data={incidents.data}
        isError={incidents.isError}
        isPlaceholderData={incidents.isPlaceholderData}
        onRetry={() => void incidents.refetch()}
        page={page}
        limit={limit}
        onPageChange={goToPage}
        totalText={texts.total}
        empty={{
          message: texts.empty,
          icon: <ShieldOutlined fontSize="inherit" />,
          action:
            url.estado !== 'OPEN' ? (
              <Button onClick={() => setUrl({ estado: 'OPEN' })}>{texts.clearFilters}</Button>
            ) : undefined,
        }}
        listLabel={texts.listLabel}
        pagesLabel={texts.pages}
        renderItem={(incident) => (
          <SecurityIncidentCard
            incident={incident}
            action={
              <Button variant="outlined" onClick={() => openDialog(incident)}>
                {texts.edit}
              </Button>
            }
          />
        )}
      />
      <SecurityIncidentDialog open={dialogOpen} incident={editing} onClose={() => setDialogOpen(false)} />
    </>
  );
}
