import { Box, Button, FormHelperText, FormLabel } from '@mui/material';
import SignaturePad from 'signature_pad';
import { useEffect, useRef } from 'react';
import { publicOfferMessages as m } from './publicOfferMessages.ts';

/** The customer's signature drawn with a finger (signature_pad), handed up as a PNG data URL, or null when empty. */
export function SignatureBox({ onChange, error }: { onChange(png: string | null): void; error?: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const p = new SignaturePad(el, { minWidth: 1, maxWidth: 3, backgroundColor: 'rgb(255,255,255)' });
    pad.current = p;
    const fit = () => {
      // Drawn at the screen's pixel density, so the stroke stays sharp on a phone; a turned phone starts again.
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      el.width = el.offsetWidth * ratio;
      el.height = el.offsetHeight * ratio;
      el.getContext('2d')?.scale(ratio, ratio);
      p.clear();
      changed.current(null);
    };
    fit();
    p.addEventListener('endStroke', () => changed.current(p.isEmpty() ? null : p.toDataURL('image/png')));
    window.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      p.off();
    };
  }, []);

  return (
    <Box>
      <FormLabel id="firma-label" required>
        {m.signature}
      </FormLabel>
      <Box
        component="canvas"
        ref={canvas}
        role="img"
        aria-labelledby="firma-label"
        aria-describedby="firma-help"
        data-testid="firma"
        sx={{
          display: 'block',
          width: '100%',
          height: 180,
          border: 2,
          borderColor: error ? 'error.main' : 'grey.500',
          borderRadius: 1,
          touchAction: 'none',
          bgcolor: 'common.white',
          mt: 1,
        }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mt: 0.5 }}>
        <FormHelperText id="firma-help" error={!!error}>
          {error ?? m.signatureHelp}
        </FormHelperText>
        <Button
          onClick={() => {
            pad.current?.clear();
            changed.current(null);
          }}
          sx={{ minHeight: 44, flexShrink: 0 }}
        >
          {m.clearSignature}
        </Button>
      </Box>
    </Box>
  );
}
