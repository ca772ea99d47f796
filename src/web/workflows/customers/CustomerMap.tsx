import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useState } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { messages } from '../../i18n/messages.ts';

// Leaflet looks for its marker images next to its script; the bundler gives them their own URLs.
L.Icon.Default.mergeOptions({ iconRetinaUrl, iconUrl, shadowUrl });

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
const m = messages.map;

interface Props {
  latitude: number | null;
  longitude: number | null;
  /** Company name, address and city, shown in the marker's popup. */
  label: string[];
  address: string;
  onMove(latitude: number, longitude: number): void;
  /** The address the search found, as the search service writes it (a negotiation keeps it). */
  onFound?(formattedAddress: string): void;
  /** The section's title, when it is not the customer's position. */
  title?: string;
}

function ClickToPlace({ onMove }: Pick<Props, 'onMove'>) {
  useMapEvents({ click: (e) => onMove(Number(e.latlng.lat.toFixed(6)), Number(e.latlng.lng.toFixed(6))) });
  return null;
}

function Follow({ latitude, longitude }: { latitude: number; longitude: number }) {
  const map = useMap();
  useEffect(() => {
    map.panTo([latitude, longitude]);
  }, [map, latitude, longitude]);
  return null;
}

/** The customer on a Leaflet map; clicking or dragging sets the coordinates. Works, and says so, without tiles. */
export default function CustomerMap({ latitude, longitude, label, address, onMove, onFound, title = m.title }: Props) {
  const [unavailable, setUnavailable] = useState(false);
  const [searchFailed, setSearchFailed] = useState(false);
  const placed = latitude !== null && longitude !== null && !(latitude === 0 && longitude === 0);
  const at: [number, number] = placed ? [latitude, longitude] : [0, 0];

  async function geocode() {
    setSearchFailed(false);
    try {
      const url = `${meta('map-geocoder-url')}?format=json&limit=1&q=${encodeURIComponent(address)}`;
      const found = (await (await fetch(url, { headers: { Accept: 'application/json' } })).json()) as {
        lat: string;
        lon: string;
        display_name?: string;
      }[];
      if (!found[0]) throw new Error('not found');
      onMove(Number(found[0].lat), Number(found[0].lon));
      if (found[0].display_name) onFound?.(found[0].display_name);
    } catch {
      setSearchFailed(true);
    }
  }

  return (
    <Paper component="section" aria-label={title} sx={{ p: 2, mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1, gap: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <Button onClick={() => void geocode()} disabled={!address.trim()}>
          {m.geocode}
        </Button>
      </Box>
      {unavailable && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {m.unavailable}
        </Alert>
      )}
      {searchFailed && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {m.geocodeFailed}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {m.hint}
      </Typography>
      <Box sx={{ height: 360 }}>
        <MapContainer center={at} zoom={placed ? 13 : 2} style={{ height: '100%' }}>
          <TileLayer
            url={meta('map-tile-url')}
            attribution="&copy; OpenStreetMap"
            eventHandlers={{ tileerror: () => setUnavailable(true) }}
          />
          <Follow latitude={at[0]} longitude={at[1]} />
          <ClickToPlace onMove={onMove} />
          <Marker
            position={at}
            alt={m.marker}
            draggable
            eventHandlers={{
              dragend: (e) => {
                const p = (e.target as L.Marker).getLatLng();
                onMove(Number(p.lat.toFixed(6)), Number(p.lng.toFixed(6)));
              },
            }}
          >
            <Popup>{placed ? label.filter(Boolean).map((l) => <div key={l}>{l}</div>) : m.notConfigured}</Popup>
          </Marker>
        </MapContainer>
      </Box>
    </Paper>
  );
}
