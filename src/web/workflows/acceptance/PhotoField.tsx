import { Alert, Box, Button, FormHelperText, FormLabel, IconButton, LinearProgress } from '@mui/material';
import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import DeleteIcon from '@mui/icons-material/Delete';
import { useEffect, useState } from 'react';
import { messages } from '../../i18n/messages.ts';
import { acceptanceStore } from './acceptanceStore.ts';
import { downscalePhoto, MAX_PHOTOS, sha256Hex } from './photos.ts';

const m = messages.acceptance;

/** A key for a photo where the browser cannot hash (no WebCrypto outside https): the server hashes it then. */
const localKey = () =>
  `local-${[...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;

function Thumbnail({ hash, n, onRemove }: { hash: string; n: number; onRemove(): void }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    void acceptanceStore.photo(hash).then((p) => {
      if (p) setUrl((made = URL.createObjectURL(p.blob)));
    });
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [hash]);
  return (
    <Box
      sx={{ position: 'relative', width: 144, height: 108, borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.200' }}
    >
      {url && (
        <Box component="img" src={url} alt={m.photoAlt(n)} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      )}
      <IconButton
        aria-label={m.removePhoto(n)}
        onClick={onRemove}
        sx={{ position: 'absolute', top: 2, right: 2, width: 44, height: 44, bgcolor: 'rgba(255,255,255,0.85)' }}
      >
        <DeleteIcon />
      </IconButton>
    </Box>
  );
}

/**
 * Several photos from the tablet's camera (`capture`) or its gallery: each is made smaller, hashed and kept in
 * IndexedDB at once, so a reload or a crash loses none; thumbnails, and removal before saving.
 */
export function PhotoField({
  photos,
  onChange,
  error,
}: {
  photos: string[];
  onChange(next: string[]): void;
  error?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    const found: string[] = [];
    const added: string[] = [];
    for (const file of [...files]) {
      if (photos.length + added.length >= MAX_PHOTOS) {
        found.push(m.tooManyPhotos(MAX_PHOTOS));
        break;
      }
      try {
        const blob = await downscalePhoto(file);
        const hash = (await sha256Hex(blob)) ?? localKey();
        await acceptanceStore.putPhoto({ sha256: hash, blob });
        if (!photos.includes(hash) && !added.includes(hash)) added.push(hash);
      } catch {
        found.push(m.notAnImage(file.name));
      }
    }
    setProblems(found);
    setBusy(false);
    if (added.length) onChange([...photos, ...added]);
  };
  return (
    <Box>
      <FormLabel>{m.photos}</FormLabel>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 1, alignItems: 'center' }}>
        {photos.map((hash, i) => (
          <Thumbnail key={hash} hash={hash} n={i + 1} onRemove={() => onChange(photos.filter((h) => h !== hash))} />
        ))}
        <Button
          component="label"
          variant="outlined"
          size="large"
          startIcon={<AddAPhotoIcon />}
          disabled={busy || photos.length >= MAX_PHOTOS}
          sx={{ minHeight: 108, minWidth: 144 }}
        >
          {m.takePhoto}
          <input
            hidden
            type="file"
            accept="image/png,image/jpeg,image/*"
            capture="environment"
            multiple
            data-testid="foto-input"
            onChange={(e) => {
              void add(e.target.files);
              e.target.value = '';
            }}
          />
        </Button>
      </Box>
      {busy && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress aria-label={m.preparing} />
          <FormHelperText>{m.preparing}</FormHelperText>
        </Box>
      )}
      {problems.map((p) => (
        <Alert key={p} severity="warning" sx={{ mt: 1 }}>
          {p}
        </Alert>
      ))}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
