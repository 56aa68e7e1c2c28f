import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { erasureTexts, type ErasureRecord, type User } from '@fics/contracts';
import { isApiError } from '../../../lib/api-client';
import { useErasureOptions, useEraseUser } from '../erasure-api';

/**
 * An administrator erases an account (issue 22.4, docs/decisions/privacy.md 'Supresión'), with the
 * person's choices as their request states them: each published fic deleted or kept as 'Anónimo',
 * and whether their comments keep their text. Shows the record's counts once done. Opened from
 * /usuarios, or from an ERASURE request in /solicitudes-datos (`requestId`: the record names it;
 * `onErased` lets the queue propose the answer).
 */
export function EraseUserDialog({
  user,
  requestId,
  onErased,
  onClose,
}: {
  user: Pick<User, '_id' | 'name'>;
  requestId?: string;
  onErased?: (record: ErasureRecord) => void;
  onClose: () => void;
}) {
  const options = useErasureOptions(user._id);
  const erase = useEraseUser();
  const [keep, setKeep] = useState<Record<string, boolean>>({});
  const [removeTexts, setRemoveTexts] = useState(false);
  const [done, setDone] = useState<ErasureRecord | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    try {
      const stories = (options.data?.stories ?? []).map((story) => ({
        id: story._id,
        keep: keep[story._id] ?? false,
      }));
      const record = await erase.mutateAsync({
        userId: user._id,
        body: { requestId, stories, defaultKeep: false, removeCommentTexts: removeTexts },
      });
      setDone(record);
      onErased?.(record);
    } catch (caught) {
      setError(isApiError(caught) && caught.status < 500 ? caught.message : erasureTexts.failed);
    }
  };

  const titleId = 'erase-user-title';
  return (
    <Dialog open onClose={erase.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>{erasureTexts.title(user.name)}</DialogTitle>
      <DialogContent>
        {done ? (
          <>
            <Alert severity="success" sx={{ mb: 2 }}>
              {erasureTexts.done}
            </Alert>
            <Typography component="h3" variant="subtitle2">
              {erasureTexts.counts}
            </Typography>
            <ul aria-label={erasureTexts.counts}>
              {Object.entries(done.counts)
                .filter(([, n]) => n > 0)
                .map(([table, n]) => (
                  <li key={table}>
                    {table}: {n.toLocaleString('es-CL')}
                  </li>
                ))}
            </ul>
          </>
        ) : options.isPending ? (
          <CircularProgress aria-label={erasureTexts.loading} />
        ) : options.isError ? (
          <Alert severity="error">{erasureTexts.failed}</Alert>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>{erasureTexts.explain}</Typography>
            {options.data.stories.length === 0 ? (
              <Typography sx={{ mb: 2 }}>{erasureTexts.noStories}</Typography>
            ) : (
              options.data.stories.map((story) => (
                <RadioGroup
                  key={story._id}
                  aria-label={story.title}
                  value={keep[story._id] ? 'keep' : 'delete'}
                  onChange={(event) => setKeep((k) => ({ ...k, [story._id]: event.target.value === 'keep' }))}
                  sx={{ mb: 1.5 }}
                >
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{story.title}</Typography>
                  <FormControlLabel value="delete" control={<Radio />} label={erasureTexts.deleteStory} />
                  <FormControlLabel value="keep" control={<Radio />} label={erasureTexts.keepStory} />
                </RadioGroup>
              ))
            )}
            <FormControlLabel
              control={<Checkbox checked={removeTexts} onChange={(e) => setRemoveTexts(e.target.checked)} />}
              label={erasureTexts.removeCommentTexts(options.data.comments)}
            />
            {error ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {error}
              </Alert>
            ) : null}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={erase.isPending}>
          {done ? erasureTexts.close : erasureTexts.cancel}
        </Button>
        {done ? null : (
          <Button
            color="error"
            variant="contained"
            onClick={() => void submit()}
            disabled={!options.data || erase.isPending}
          >
            {erasureTexts.confirm}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
