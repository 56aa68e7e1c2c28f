/**
 * The send dialog's map: Leaflet through react-leaflet, in a lazy chunk of its own with Leaflet's
 * CSS, fetched only when the dialog shows a map (a tile server is configured).
 */
import { useEffect, useRef } from 'react';
import {
  Circle,
  CircleMarker,
  MapContainer,
  TileLayer,
  ZoomControl,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { useTranslation } from 'react-i18next';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface LocationMapProps {
  tileUrl: string;
  attribution: string;
  center: LatLng;
  zoom: number;
  pin: LatLng | null;
  onPick: (point: LatLng) => void;
  /** The tile server did not answer: the caller hides the map and says so. */
  onUnavailable: () => void;
  /** The pin's outline and fill (the theme's, passed in: this chunk imports no MUI). */
  pinColors: { stroke: string; fill: string };
}

/** Tiles that fail before any loads: the server is unreachable (offline, blocked, down). */
const FAILED_TILES_BEFORE_GIVING_UP = 4;
/** The zoom a chosen place is shown at: its neighbourhood, as coarse as the kept point. */
const PLACE_ZOOM = 14;
/**
 * The area drawn around the pin: the point is kept to two decimals, so the place is within half a
 * hundredth of a degree of it each way (at most some 700 m at Chile's latitudes).
 */
const PLACE_RADIUS_METRES = 700;

function ClickToPick({ onPick }: { onPick: (point: LatLng) => void }) {
  useMapEvents({ click: (event) => onPick({ lat: event.latlng.lat, lng: event.latlng.lng }) });
  return null;
}

/** Centres the map on a newly chosen place, and fixes its size once the dialog has opened. */
function FollowPin({ pin }: { pin: LatLng | null }) {
  const map = useMap();
  useEffect(() => {
    const timer = setTimeout(() => map.invalidateSize(), 250);
    return () => clearTimeout(timer);
  }, [map]);
  useEffect(() => {
    if (pin) {
      map.setView(pin, Math.max(map.getZoom(), PLACE_ZOOM));
    }
  }, [map, pin]);
  return null;
}

export default function LocationMap({
  tileUrl,
  attribution,
  center,
  zoom,
  pin,
  onPick,
  onUnavailable,
  pinColors,
}: LocationMapProps) {
  const { t } = useTranslation();
  const tiles = useRef({ loaded: 0, failed: 0 });
  return (
    <MapContainer
      center={center}
      zoom={zoom}
      zoomControl={false}
      style={{ height: '100%', width: '100%' }}
      aria-label={t('storyEditor.mapLabel')}
    >
      <ZoomControl zoomInTitle={t('storyEditor.zoomIn')} zoomOutTitle={t('storyEditor.zoomOut')} />
      <TileLayer
        url={tileUrl}
        attribution={attribution}
        eventHandlers={{
          tileload: () => {
            tiles.current.loaded += 1;
          },
          tileerror: () => {
            tiles.current.failed += 1;
            if (tiles.current.loaded === 0 && tiles.current.failed === FAILED_TILES_BEFORE_GIVING_UP) {
              onUnavailable();
            }
          },
        }}
      />
      <ClickToPick onPick={onPick} />
      <FollowPin pin={pin} />
      {pin ? (
        <Circle
          center={pin}
          radius={PLACE_RADIUS_METRES}
          interactive={false}
          pathOptions={{ color: pinColors.stroke, fillColor: pinColors.fill, fillOpacity: 0.15, weight: 1 }}
        />
      ) : null}
      {pin ? (
        <CircleMarker
          center={pin}
          radius={10}
          pathOptions={{
            color: pinColors.stroke,
            fillColor: pinColors.fill,
            fillOpacity: 0.9,
            weight: 3,
          }}
        />
      ) : null}
    </MapContainer>
  );
}
