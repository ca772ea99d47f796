import { Box, FormHelperText, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { OfferDraft } from './offerDraft.ts';
import type { useOfferCatalog } from './useOfferCatalog.ts';

/** What every section of the builder works with: the draft, how to change it, the messages by field. */
export interface SectionProps {
  draft: OfferDraft;
  set(patch: Partial<OfferDraft>): void;
  errors: Record<string, string>;
}

export type OfferCatalogState = ReturnType<typeof useOfferCatalog>;

export const figure = (v: number | string | undefined) => (typeof v === 'number' ? v : null);
export const GRID = { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: 2 } as const;

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** An input with the message that belongs to it underneath (the engine's or the server's). */
export function WithProblem({
  id,
  problem,
  children,
}: {
  id: string;
  problem?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      {children}
      {problem && (
        <FormHelperText error id={id}>
          {problem}
        </FormHelperText>
      )}
    </Box>
  );
}
