import { Box, Button, FormHelperText, FormLabel } from '@mui/material';
import SignaturePad from 'signature_pad';
import { useEffect, useRef } from 'react';
import { messages } from '../../i18n/messages.ts';

const m = messages.acceptance;

/** The customer's signature with a finger (signature_pad), kept as a PNG data URL; restored from one after a reload. */
export function SignatureField({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange(png: string | null): void;
  error?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const p = new SignaturePad(el, { minWidth: 1.2, maxWidth: 3.5, backgroundColor: 'rgb(255,255,255)' });
    pad.current = p;
    const fit = () => {
      // The canvas draws at the screen's pixel density, so the stroke stays sharp on a tablet.
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      el.width = el.offsetWidth * ratio;
      el.height = el.offsetHeight * ratio;
      el.getContext('2d')?.scale(ratio, ratio);
      p.clear();
      const saved = latest.current.value;
      if (saved) void p.fromDataURL(saved, { width: el.offsetWidth, height: el.offsetHeight });
    };
    fit();
    p.addEventListener('endStroke', () => latest.current.onChange(p.isEmpty() ? null : p.toDataURL('image/png')));
    window.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      p.off();
    };
  }, []);

  // A reset from outside (Ricomincia, a saved acceptance) empties the pad.
  useEffect(() => {
    if (value === null && pad.current && !pad.current.isEmpty()) pad.current.clear();
  }, [value]);

  return (
    <Box>
      <FormLabel id="firma-label">{m.signature}</FormLabel>
      <Box
        component="canvas"
        ref={canvas}
        aria-labelledby="firma-label"
        data-testid="firma"
        sx={{
          display: 'block',
          width: '100%',
          height: 200,
          border: 2,
          borderColor: error ? 'error.main' : 'grey.400',
          borderRadius: 1,
          touchAction: 'none',
          bgcolor: 'common.white',
          mt: 1,
        }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 0.5 }}>
        <FormHelperText error={!!error}>{error ?? m.signatureHelp}</FormHelperText>
        <Button
          size="large"
          onClick={() => {
            pad.current?.clear();
            onChange(null);
          }}
          sx={{ minHeight: 48 }}
        >
          {m.clearSignature}
        </Button>
      </Box>
    </Box>
  );
}
