import { Box, Button, FormHelperText, FormLabel } from '@mui/material';
import SignaturePad from 'signature_pad';
import { useEffect, useId, useRef } from 'react';

export interface SignatureTexts {
  label: string;
  help: string;
  clear: string;
}

/**
 * A signature drawn with a finger (signature_pad), kept as a PNG data URL or null when empty. A value given from
 * outside is drawn again after a reload or a turned screen; a value set to null empties the pad.
 */
export function SignatureField({
  value,
  onChange,
  error,
  texts,
  required = false,
}: {
  value: string | null;
  onChange(png: string | null): void;
  error?: string;
  texts: SignatureTexts;
  required?: boolean;
}) {
  const id = useId();
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
      // Drawn at the screen's pixel density, so the stroke stays sharp on a phone or a tablet.
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

  useEffect(() => {
    if (value === null && pad.current && !pad.current.isEmpty()) pad.current.clear();
  }, [value]);

  return (
    <Box>
      <FormLabel id={`${id}-label`} required={required}>
        {texts.label}
      </FormLabel>
      <Box
        component="canvas"
        ref={canvas}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-help`}
        data-testid="firma"
        sx={{
          display: 'block',
          width: '100%',
          height: { xs: 180, sm: 200 },
          border: 2,
          borderColor: error ? 'error.main' : 'grey.500',
          borderRadius: 1,
          touchAction: 'none',
          bgcolor: 'common.white',
          mt: 1,
        }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mt: 0.5 }}>
        <FormHelperText id={`${id}-help`} error={!!error}>
          {error ?? texts.help}
        </FormHelperText>
        <Button
          size="large"
          onClick={() => {
            pad.current?.clear();
            onChange(null);
          }}
          sx={{ minHeight: 48, flexShrink: 0 }}
        >
          {texts.clear}
        </Button>
      </Box>
    </Box>
  );
}
