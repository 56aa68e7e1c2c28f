import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MyLocationOutlined from '#icons/MyLocationOutlined';
import PlaceOutlined from '#icons/PlaceOutlined';
import SearchOutlined from '#icons/SearchOutlined';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { storyLimits } from '@fics/contracts';
import { CountedHelperText } from '../../../../components/CountedHelperText';
import { ChunkBoundary } from '../../../../components/ChunkBoundary';
import { coordinatesLabel, osmLink, pointOfOsmLink, searchPlaces, type Place } from './geocoder';
import type { LatLng } from './LocationMap';
import type { MapConfig } from './use-map-config';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';

// Leaflet, react-leaflet and Leaflet's CSS: a chunk of their own (architecture.md §2).
const LocationMap = lazy(() => import('./LocationMap'));

/** Spec 001 §9: the place search waits 200 ms after typing (only where the geocoder allows it). */
export const PLACE_SEARCH_DEBOUNCE_MS = 200;
const PLACE_SEARCH_MIN_LENGTH = 3;

export interface LocationValue {
  location: string;
  locationURL: string | null;
}

type SearchState =
  { state: 'idle' } | { state: 'searching' } | { state: 'done'; places: Place[] } | { state: 'failed' };

type LocateState = 'idle' | 'locating' | 'failed' | 'unsupported';

interface LocationPickerProps {
  value: LocationValue;
  onChange: (value: LocationValue) => void;
  error?: string;
  config: MapConfig;
  /** The configuration is still on its way: a placeholder holds the map's room. */
  configPending?: boolean;
  disabled?: boolean;
}

/**
 * Where a fic was written (spec 001 §2): a typed place always works; a configured geocoder adds a
 * search limited to Chile, a configured tile server a map to tap, and 'Mi ubicación' the browser's
 * position. Picking a point keeps its OpenStreetMap link in `locationURL`, rounded to two decimals
 * (about 1 km). Any of them failing only hides that part.
 */
export function LocationPicker({
  value,
  onChange,
  error,
  config,
  configPending = false,
  disabled = false,
}: LocationPickerProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const statusId = useId();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<SearchState>({ state: 'idle' });
  const [locate, setLocate] = useState<LocateState>('idle');
  const [mapFailed, setMapFailed] = useState(false);
  const searchAbort = useRef<AbortController | null>(null);
  const pin = useMemo(() => pointOfOsmLink(value.locationURL), [value.locationURL]);
  const autocomplete = config.geocoderAutocomplete;
  const debouncedQuery = useDebouncedValue(query, PLACE_SEARCH_DEBOUNCE_MS);

  useEffect(() => () => searchAbort.current?.abort(), []);

  const runSearch = async (text: string) => {
    const geocoderUrl = config.geocoderUrl;
    searchAbort.current?.abort();
    if (!geocoderUrl || text.trim().length < PLACE_SEARCH_MIN_LENGTH) {
      setSearch({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    searchAbort.current = controller;
    setSearch({ state: 'searching' });
    try {
      const places = await searchPlaces(geocoderUrl, text.trim(), controller.signal);
      if (!controller.signal.aborted) {
        setSearch({ state: 'done', places });
      }
    } catch {
      if (!controller.signal.aborted) {
        setSearch({ state: 'failed' });
      }
    }
  };

  // Search as you type only where the geocoder's policy allows it (public Nominatim does not).
  useEffect(() => {
    if (autocomplete) {
      void runSearch(debouncedQuery);
    }
    // runSearch reads only the config, which `autocomplete` and the query already follow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autocomplete, debouncedQuery]);

  // The text a pick wrote (not the student): a later pick may replace it, a typed place it keeps.
  const pickedLabel = useRef<string | null>(null);

  const pinPoint = (point: LatLng, label?: string) => {
    const typed = value.location.trim() !== '' && value.location !== pickedLabel.current;
    const location = label ?? (typed ? value.location : coordinatesLabel(point.lat, point.lng));
    pickedLabel.current = location === value.location && typed ? null : location;
    // Rounded to two decimals here already: the student sees the pin where it will be kept.
    onChange({ location, locationURL: osmLink(point.lat, point.lng) });
  };

  const choosePlace = (place: Place) => {
    pinPoint({ lat: place.lat, lng: place.lng }, place.label);
    setSearch({ state: 'idle' });
    setQuery('');
  };

  const locateMe = () => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setLocate('unsupported');
      return;
    }
    setLocate('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocate('idle');
        pinPoint({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      () => setLocate('failed'),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const locateMessage = {
    idle: null,
    locating: t('storyEditor.locating'),
    failed: t('storyEditor.locateFailed'),
    unsupported: t('storyEditor.geolocationUnsupported'),
  }[locate];
  const showMap = config.tileUrl !== null && !mapFailed;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <TextField
        label={t('storyEditor.location')}
        value={value.location}
        onChange={(event) => onChange({ ...value, location: event.target.value })}
        error={Boolean(error)}
        helperText={
          <CountedHelperText
            message={error ?? t('storyEditor.locationHint')}
            count={value.location.length}
            max={storyLimits.locationMax}
          />
        }
        disabled={disabled}
        autoComplete="off"
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <PlaceOutlined aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />

      {config.geocoderUrl ? (
        <Box>
          <TextField
            type="search"
            size="small"
            label={t('storyEditor.searchPlace')}
            value={query}
            disabled={disabled}
            autoComplete="off"
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                // The dialog's form must not submit: Enter searches.
                event.preventDefault();
                void runSearch(query);
              }
            }}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    {search.state === 'searching' ? (
                      <CircularProgress size={20} aria-label={t('storyEditor.searching')} />
                    ) : (
                      <IconButton
                        edge="end"
                        aria-label={t('storyEditor.search')}
                        onClick={() => void runSearch(query)}
                        disabled={disabled}
                      >
                        <SearchOutlined />
                      </IconButton>
                    )}
                  </InputAdornment>
                ),
              },
            }}
          />
          {search.state === 'failed' ? (
            <Alert severity="info" sx={{ mt: 1 }}>
              {t('storyEditor.searchFailed')}
            </Alert>
          ) : null}
          {search.state === 'done' ? (
            search.places.length > 0 ? (
              <Paper variant="outlined" sx={{ mt: 1 }}>
                <List dense aria-label={t('storyEditor.places')} sx={{ py: 0 }}>
                  {search.places.map((place) => (
                    <ListItemButton
                      key={`${place.lat},${place.lng},${place.description}`}
                      onClick={() => choosePlace(place)}
                    >
                      <ListItemIcon sx={{ minWidth: 36 }}>
                        <PlaceOutlined fontSize="small" aria-hidden />
                      </ListItemIcon>
                      <ListItemText
                        primary={place.label}
                        secondary={place.description}
                        slotProps={{ secondary: { noWrap: true } }}
                      />
                    </ListItemButton>
                  ))}
                </List>
              </Paper>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1, px: 1 }}>
                {t('common.emptyResults')}
              </Typography>
            )
          ) : null}
        </Box>
      ) : null}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Button
          variant="outlined"
          startIcon={
            locate === 'locating' ? <CircularProgress size={18} aria-hidden /> : <MyLocationOutlined />
          }
          onClick={locateMe}
          disabled={disabled || locate === 'locating'}
          aria-describedby={statusId}
        >
          {t('storyEditor.locateMe')}
        </Button>
        <Typography
          id={statusId}
          role="status"
          variant="body2"
          color={locate === 'failed' || locate === 'unsupported' ? 'error.dark' : 'text.secondary'}
        >
          {locateMessage}
        </Typography>
      </Box>

      {configPending ? (
        <Skeleton
          variant="rounded"
          sx={{ height: { xs: 240, md: 300 } }}
          aria-label={t('storyEditor.mapLoading')}
        />
      ) : showMap ? (
        <Box
          sx={{
            height: { xs: 240, md: 300 },
            borderRadius: 1,
            overflow: 'hidden',
            border: 1,
            borderColor: 'divider',
            // Leaflet's panes sit above MUI's dialog content otherwise.
            position: 'relative',
            zIndex: 0,
          }}
        >
          <ChunkBoundary fallback={() => <Alert severity="info">{t('storyEditor.mapUnavailable')}</Alert>}>
            <Suspense
              fallback={
                <Skeleton variant="rectangular" height="100%" aria-label={t('storyEditor.mapLoading')} />
              }
            >
              <LocationMap
                tileUrl={config.tileUrl ?? ''}
                attribution={config.attribution}
                center={pin ?? config.center}
                zoom={pin ? 14 : config.zoom}
                pin={pin}
                onPick={(point) => pinPoint(point)}
                onUnavailable={() => setMapFailed(true)}
                pinColors={{ stroke: theme.palette.primary.dark, fill: theme.palette.primary.main }}
              />
            </Suspense>
          </ChunkBoundary>
        </Box>
      ) : config.tileUrl !== null ? (
        <Alert severity="info">{t('storyEditor.mapUnavailable')}</Alert>
      ) : null}

      {value.locationURL ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {t('storyEditor.pinned')}
          </Typography>
          <Link href={value.locationURL} target="_blank" rel="noopener noreferrer" variant="body2">
            {t('storyEditor.viewOnMap')}
          </Link>
          <Button size="small" onClick={() => onChange({ ...value, locationURL: null })} disabled={disabled}>
            {t('storyEditor.removePin')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
