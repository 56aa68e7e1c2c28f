import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DeleteOutline from '#icons/DeleteOutlined';
import EditOutlined from '#icons/EditOutlined';
import VisibilityOutlined from '#icons/VisibilityOutlined';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { collegeMessages, type College } from '@fics/contracts';

interface CollegesTableProps {
  colleges: readonly College[];
  onEdit: (college: College) => void;
  onDelete: (college: College) => void;
}

const PAGE_SIZES = [10, 25, 50];

/** The school list: a table on wide screens, stacked cards on phones, paged on the client. */
export function CollegesTable({ colleges, onEdit, onDelete }: CollegesTableProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  // After a delete the last page may be gone: show the last one that still exists.
  const lastPage = Math.max(0, Math.ceil(colleges.length / pageSize) - 1);
  const current = Math.min(page, lastPage);
  const visible = colleges.slice(current * pageSize, (current + 1) * pageSize);
  const place = (value: string | null) => value ?? collegeMessages.unspecified;

  const actions = (college: College) => (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>
      <Tooltip title={t('colleges.view')}>
        <IconButton
          component={Link}
          to={`/escuelas/${college._id}`}
          aria-label={t('colleges.viewAria', { name: college.name })}
        >
          <VisibilityOutlined />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('colleges.edit')}>
        <IconButton
          aria-label={t('colleges.editAria', { name: college.name })}
          onClick={() => onEdit(college)}
        >
          <EditOutlined />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('colleges.delete')}>
        <IconButton
          aria-label={t('colleges.deleteAria', { name: college.name })}
          onClick={() => onDelete(college)}
          sx={{ color: 'error.dark' }}
        >
          <DeleteOutline />
        </IconButton>
      </Tooltip>
    </Box>
  );

  const pagination = (
    <TablePagination
      component="div"
      count={colleges.length}
      page={current}
      onPageChange={(_event, next) => setPage(next)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={phone ? [] : PAGE_SIZES}
      onRowsPerPageChange={(event) => {
        setPageSize(Number(event.target.value));
        setPage(0);
      }}
      labelRowsPerPage={t('colleges.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('colleges.pageRange', { from, to, count })}
      getItemAriaLabel={(type) => (type === 'next' ? t('colleges.nextPage') : t('colleges.previousPage'))}
    />
  );

  if (phone) {
    return (
      <Box>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {visible.map((college) => (
            <Paper component="li" key={college._id} variant="outlined" sx={{ p: 2 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{college.name}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('colleges.region')}: {place(college.region)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('colleges.zone')}: {place(college.zone)}
              </Typography>
              <Box sx={{ mt: 1 }}>{actions(college)}</Box>
            </Paper>
          ))}
        </Box>
        {pagination}
      </Box>
    );
  }

  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table>
          <TableHead>
            <TableRow>
              <TableCell>{t('colleges.name')}</TableCell>
              <TableCell>{t('colleges.region')}</TableCell>
              <TableCell>{t('colleges.zone')}</TableCell>
              <TableCell align="right">{t('colleges.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((college) => (
              <TableRow key={college._id} hover>
                <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{college.name}</TableCell>
                <TableCell>{place(college.region)}</TableCell>
                <TableCell>{place(college.zone)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {actions(college)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pagination}
    </Paper>
  );
}
