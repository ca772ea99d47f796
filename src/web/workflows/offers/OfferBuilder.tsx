import {
  Alert,
  AlertTitle,
  Box,
  Button,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TimeUnit } from '../../../../generated/entities.ts';
import {
  APPROVAL_CODES,
  eurosToCents,
  formatEuro,
  formatPercent,
  priceListSummary,
} from '../../../domain/pricing/index.ts';
import type { Row } from '../../api/resourceApi.ts';
import { DateInput } from '../../fields/DateInput.tsx';
import { NumberInput } from '../../fields/NumberInput.tsx';
import { ArticlesTable } from './ArticlesTable.tsx';
import { GroupChooser } from './GroupChooser.tsx';
import {
  errorsByField,
  mergeArticles,
  priceDraft,
  pricedByDates,
  type OfferDraft,
  type ShownPricing,
} from './offerDraft.ts';
import { offerMessages as m } from './offerMessages.ts';
import { OFFER_ANCHOR } from './offerRoutes.ts';
import { PriceBreakdown } from './PriceBreakdown.tsx';
import { useOfferCatalog } from './useOfferCatalog.ts';

/** The engine names some fields its own way: touching the input shows the engine's message for it. */
const touchedAlias = (patch: Partial<OfferDraft>) => [
  ...('scontoPercentuale' in patch ? ['sconto'] : []),
  ...('fine' in patch || 'inizio' in patch ? ['al', 'durata'] : []),
  ...('gruppoRisorsaId' in patch ? ['listiniOfferta'] : []),
];

const needsApproval = (e: { code: string }) => (APPROVAL_CODES as readonly string[]).includes(e.code);
/** For a supervisor what needs approval is a notice, not an error: their save gives it. */
const withoutApprovalError = (p: ShownPricing): ShownPricing => ({
  ...p,
  errors: p.errors.filter((e) => !needsApproval(e)),
});

const figure = (v: number | string | undefined) => (typeof v === 'number' ? v : null);
const UNITS: TimeUnit[] = ['G', 'M', 'A'];

function Section({ title, children }: { title: string; children: ReactNode }) {
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
function WithProblem({ id, problem, children }: { id: string; problem?: string | undefined; children: ReactNode }) {
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

export interface OfferBuilderProps {
  negotiation: Row;
  initial: OfferDraft;
  /** A supervisor (or admin) approves a discount above the limit by saving it. */
  canApprove: boolean;
  /** The server's pricing of what is stored: shown when this user cannot read what live pricing needs. */
  serverPricing?: ShownPricing;
  /** Who approved the stored discount above the limit. */
  approvedBy?: string | null;
  /** Messages of the server next to their fields, after a refused save, and its message. */
  serverErrors?: Record<string, string>;
  refusedMessage?: string | null;
  /**
   * A save refused because someone saved in between (409): the server's words (who, when) and the reload that
   * keeps what was typed here.
   */
  conflict?: { message: string; onReload(draft: OfferDraft): void } | null;
  /** Said above the builder: the reload after a conflict, and which fields both sides changed. */
  notice?: string[] | null;
  busy?: boolean;
  onSave?(draft: OfferDraft, shown: ShownPricing): void;
  /** Below the builder: the version history. */
  children?: ReactNode;
}

/**
 * The offer builder of a negotiation: every choice and figure the offer needs, priced by the one engine as the
 * user types, with "Perché questo prezzo" beside it. It sends only inputs; the server prices them again.
 */
export function OfferBuilder(props: OfferBuilderProps) {
  const { negotiation, initial, canApprove, serverPricing, approvedBy, serverErrors, refusedMessage, busy, onSave } =
    props;
  const { conflict, notice } = props;
  const [draft, setDraft] = useState(initial);
  // A new offer is not scolded before it is typed: a field's message shows once it was touched, all after a save.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(initial.gruppoRisorsaId !== null);
  const set = (patch: Partial<OfferDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setTouched((t) => new Set([...t, ...Object.keys(patch), ...touchedAlias(patch)]));
  };
  const lastLeg = useRef({ trasporto: initial.trasporto || 100, trasportoRitorno: initial.trasportoRitorno || 100 });
  const offer = useOfferCatalog(draft, negotiation);
  const { catalog } = offer;

  // A group's articles arrive after it is chosen: they join the draft once, keeping what was typed.
  const [seenArticles, setSeenArticles] = useState(offer.groupArticles);
  if (offer.groupArticles !== seenArticles) {
    setSeenArticles(offer.groupArticles);
    if (offer.groupArticles) set({ articoli: mergeArticles(offer.groupArticles, draft.articoli) });
  }

  const live = offer.unavailable.length === 0 || !serverPricing;
  const livePricing = useMemo(() => priceDraft(draft, catalog), [draft, catalog]);
  const pricing = live ? livePricing : (serverPricing ?? livePricing);
  // A supervisor's save records the approval: for them the limit is a notice, not an error.
  const approval = pricing.approvalRequired && canApprove;
  const engine = errorsByField(approval ? withoutApprovalError(pricing) : pricing);
  const shownEngine = Object.fromEntries(
    Object.entries(engine).filter(
      ([field]) => showAll || [...touched].some((t) => field === t || field.startsWith(`${t}.`)),
    ),
  );
  const errors: Record<string, string> = { ...shownEngine, ...serverErrors };
  // Without live pricing the server is the judge: the save goes to it.
  const blocking = live ? livePricing.errors.filter((e) => !(canApprove && needsApproval(e))) : [];
  const discountProblem = errors.sconto ?? errors.scontoPercentuale;
  const effective = pricing.effectiveDiscount;
  const byDates = pricedByDates(draft);
  const days = pricing.duration && byDates ? pricing.duration.value : null;
  const site = String(
    draft.site.formattedAddress || negotiation.destinazioneCantiere || negotiation.paeseTrattativa || '',
  );
  const distance = pricing.breakdown.find((l) => l.key === 'distanza');

  const leg = (key: 'trasporto' | 'trasportoRitorno', label: string) => {
    const on = draft[key] > 0;
    return (
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <FormControlLabel
          sx={{ minWidth: 130, mt: 1 }}
          label={label}
          control={
            <Switch
              checked={on}
              disabled={!draft.trasportoAbilitato}
              onChange={(e) => {
                if (!e.target.checked) lastLeg.current[key] = draft[key] || 100;
                set({ [key]: e.target.checked ? lastLeg.current[key] : 0 });
              }}
            />
          }
        />
        <WithProblem id={`offer-${key}-problem`} problem={errors[key]}>
          <NumberInput
            label={m.legPercent(label)}
            unit="%"
            value={draft[key]}
            disabled={!draft.trasportoAbilitato || !on}
            error={!!errors[key]}
            describedBy={`offer-${key}-problem`}
            onChange={(v) => set({ [key]: figure(v) ?? 0 })}
          />
        </WithProblem>
      </Box>
    );
  };

  // Opened from the offers list (`#offerta`): the page shows the offer, not the top of the negotiation.
  const scrollHere = useCallback((el: HTMLElement | null) => {
    if (el && window.location.hash === `#${OFFER_ANCHOR}`) el.scrollIntoView();
  }, []);

  const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: 2 } as const;

  return (
    <Paper
      component="section"
      id={OFFER_ANCHOR}
      ref={scrollHere}
      aria-label={m.title}
      sx={{ p: 3, mb: 3, scrollMarginTop: 80 }}
    >
      <Typography variant="h6" component="h2" gutterBottom>
        {m.title}
      </Typography>
      {notice && notice.length > 0 && (
        <Alert severity="info" sx={{ mb: 2 }} role="status">
          {notice.map((line) => (
            <Box key={line}>{line}</Box>
          ))}
        </Alert>
      )}
      {offer.unavailable.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {m.configMissing(offer.unavailable.join(', '))}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 380px' }, gap: 3 }}>
        <Box sx={{ minWidth: 0 }}>
          <Section title={m.sections.rental}>
            <Box sx={{ mb: 2 }}>
              <TextField
                select
                label={m.branch}
                value={draft.filialeNoleggioId ?? ''}
                onChange={(e) => set({ filialeNoleggioId: e.target.value === '' ? null : Number(e.target.value) })}
                sx={{ minWidth: 280 }}
                error={!!errors.filialeNoleggioId}
                helperText={errors.filialeNoleggioId}
              >
                {offer.branches.map((b) => (
                  <MenuItem key={b.id} value={b.id}>
                    {b.name}
                    {b.address ? ` — ${b.address}` : ''}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
            <GroupChooser
              families={offer.families}
              groups={offer.groups}
              familyId={draft.famigliaGruppoRisorsaId}
              groupId={draft.gruppoRisorsaId}
              problem={errors.listiniOfferta ?? errors.gruppoRisorsaId}
              onFamily={(id) =>
                set({
                  famigliaGruppoRisorsaId: id,
                  ...(id === draft.famigliaGruppoRisorsaId ? {} : { gruppoRisorsaId: null }),
                })
              }
              onGroup={(g) => set({ gruppoRisorsaId: g.id ?? null })}
            />
          </Section>

          <Section title={m.sections.period}>
            <Box sx={{ ...grid, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}>
              <TextField
                select
                label={m.unit}
                value={draft.durataUnita}
                onChange={(e) => set({ durataUnita: UNITS.find((u) => u === e.target.value) ?? 'G' })}
              >
                {UNITS.map((u) => (
                  <MenuItem key={u} value={u}>
                    {m.units[u]}
                  </MenuItem>
                ))}
              </TextField>
              <WithProblem id="offer-durata-problem" problem={errors.durata}>
                <NumberInput
                  label={m.duration}
                  integer
                  value={days ?? draft.durata}
                  disabled={byDates}
                  error={!!errors.durata}
                  describedBy="offer-durata-problem"
                  onChange={(v) => set({ durata: figure(v) })}
                />
              </WithProblem>
              <WithProblem id="offer-inizio-problem" problem={errors.inizio}>
                <DateInput
                  kind="date"
                  label={m.from}
                  value={draft.inizio ?? ''}
                  onChange={(v) => set({ inizio: v ?? null })}
                />
              </WithProblem>
              <WithProblem id="offer-al-problem" problem={errors.al ?? errors.fine}>
                <DateInput
                  kind="date"
                  label={m.to}
                  value={draft.fine ?? ''}
                  error={!!(errors.al ?? errors.fine)}
                  describedBy="offer-al-problem"
                  onChange={(v) => set({ fine: v ?? null })}
                />
              </WithProblem>
            </Box>
            {days !== null && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {m.byDates(days)}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {m.priceList}:{' '}
              {!catalog.resourceGroup
                ? m.priceListEmpty
                : offer.priceLinesLoading
                  ? m.priceListLoading
                  : priceListSummary(catalog.priceLines.filter((l) => l.ResourceGroup === catalog.resourceGroup))
                      .map((l) => `${l.period} ${formatEuro(eurosToCents(l.price))}`)
                      .join(' · ') || '—'}
            </Typography>
          </Section>

          <Section title={m.sections.insurance}>
            <RadioGroup
              aria-label={m.sections.insurance}
              row
              value={draft.assicurazioneTipo}
              onChange={(e) => set({ assicurazioneTipo: e.target.value })}
            >
              {catalog.insurances.map((i) => (
                <FormControlLabel
                  key={i.code}
                  value={i.code}
                  control={<Radio />}
                  label={`${i.name} (${formatPercent(i.percentage)})${i.defaultInsurance ? `, ${m.defaultInsurance}` : ''}`}
                />
              ))}
              <FormControlLabel value="" control={<Radio />} label={m.noInsurance} />
            </RadioGroup>
            {errors.assicurazioneTipo && <FormHelperText error>{errors.assicurazioneTipo}</FormHelperText>}
            <RadioGroup
              aria-label={m.environmental}
              row
              value={draft.contributoAmbientale ?? ''}
              onChange={(e) =>
                set({
                  contributoAmbientale:
                    e.target.value === 'base' || e.target.value === 'all-inclusive' ? e.target.value : null,
                })
              }
            >
              <Typography component="span" sx={{ alignSelf: 'center', mr: 2 }}>
                {m.environmental}:
              </Typography>
              <FormControlLabel value="" control={<Radio />} label={m.environmentalOptions.none} />
              {(['base', 'all-inclusive'] as const).map((option) => {
                const percent = catalog.environmental[option];
                return (
                  <FormControlLabel
                    key={option}
                    value={option}
                    disabled={percent === undefined}
                    control={<Radio />}
                    label={`${m.environmentalOptions[option]} (${percent === undefined ? m.environmentalNotConfigured : formatPercent(percent)})`}
                  />
                );
              })}
            </RadioGroup>
          </Section>

          <Section title={m.sections.transport}>
            <FormControlLabel
              label={m.transportRequested}
              control={
                <Switch
                  checked={draft.trasportoAbilitato}
                  onChange={(e) => set({ trasportoAbilitato: e.target.checked })}
                />
              }
            />
            <Typography variant="body2" sx={{ mt: 1 }}>
              {m.site}:{' '}
              {site || (
                <Box component="span" sx={{ color: 'warning.main' }}>
                  {m.siteMissing}
                </Box>
              )}
            </Typography>
            {draft.trasportoAbilitato && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {distance ? m.distanceComputed(distance.formula) : catalog.distance ? '' : m.distanceNone}
              </Typography>
            )}
            <Box sx={{ ...grid, mb: 2 }}>
              <WithProblem id="offer-km-problem" problem={errors.km}>
                <NumberInput
                  label={m.km}
                  unit="km"
                  value={draft.km}
                  disabled={!draft.trasportoAbilitato}
                  error={!!errors.km}
                  describedBy="offer-km-problem"
                  onChange={(v) => set({ km: figure(v) })}
                />
                {!errors.km && <FormHelperText>{m.kmHelp}</FormHelperText>}
              </WithProblem>
            </Box>
            <Box sx={{ display: 'grid', gap: 2 }}>
              {leg('trasporto', m.outbound)}
              {leg('trasportoRitorno', m.return)}
            </Box>
          </Section>

          <Section title={m.sections.articles}>
            {draft.gruppoRisorsaId === null ? (
              <Typography color="text.secondary">{m.priceListEmpty}</Typography>
            ) : (
              <ArticlesTable articles={draft.articoli} errors={errors} onChange={(articoli) => set({ articoli })} />
            )}
          </Section>

          <Section title={m.sections.discount}>
            <Box sx={grid}>
              <WithProblem id="offer-sconto-problem" problem={discountProblem}>
                <NumberInput
                  label={m.offerDiscountPercent}
                  unit="%"
                  value={draft.scontoPercentuale}
                  error={!!discountProblem}
                  describedBy="offer-sconto-problem"
                  onChange={(v) => set({ scontoPercentuale: figure(v) })}
                />
              </WithProblem>
              <WithProblem id="offer-scontoImporto-problem" problem={errors.scontoImporto}>
                <NumberInput
                  label={m.offerDiscountAmount}
                  unit="€"
                  value={draft.scontoImporto}
                  error={!!errors.scontoImporto}
                  describedBy="offer-scontoImporto-problem"
                  onChange={(v) => set({ scontoImporto: figure(v) })}
                />
              </WithProblem>
            </Box>
            {effective && (
              <Typography sx={{ mt: 1.5 }} data-effective-discount>
                <Box component="span" sx={{ fontWeight: 700 }}>
                  {m.effectiveDiscount}: {formatPercent(Math.max(0, effective.percent))}
                </Box>{' '}
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  ({m.effectiveDiscountOf(Math.max(0, effective.cents), effective.listCents)})
                </Box>
              </Typography>
            )}
            {approval ? (
              <Alert severity="info" sx={{ mt: 1 }}>
                {m.supervisorApproves(catalog.maxDiscount)}
              </Alert>
            ) : (
              <FormHelperText>{m.discountLimit(catalog.maxDiscount)}</FormHelperText>
            )}
          </Section>

          <Section title={m.sections.notes}>
            <TextField
              label={m.notes}
              multiline
              minRows={2}
              fullWidth
              value={draft.noteOfferta}
              error={!!errors.noteOfferta}
              helperText={errors.noteOfferta}
              onChange={(e) => set({ noteOfferta: e.target.value })}
            />
          </Section>
        </Box>

        <Box>
          <Box sx={{ position: { lg: 'sticky' }, top: { lg: 96 } }}>
            {!live && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {m.serverPricing}
              </Alert>
            )}
            <PriceBreakdown pricing={approval ? withoutApprovalError(pricing) : pricing} showProblems={showAll} />
            {approvedBy && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {m.approvedBy(approvedBy)}
              </Typography>
            )}
            {conflict && (
              <Alert
                severity="warning"
                sx={{ mt: 2 }}
                role="alert"
                action={
                  <Button color="inherit" onClick={() => conflict.onReload(draft)}>
                    {m.reload}
                  </Button>
                }
              >
                <AlertTitle>{m.conflictTitle}</AlertTitle>
                {conflict.message}. {m.conflictText}
              </Alert>
            )}
            {!conflict && (refusedMessage ?? (showAll && blocking.length > 0)) && (
              <Alert severity="error" sx={{ mt: 2 }} role="alert">
                {refusedMessage ?? m.fixFirst}
              </Alert>
            )}
            {onSave && (
              <Button
                variant="contained"
                fullWidth
                sx={{ mt: 2 }}
                disabled={busy}
                onClick={() => {
                  setShowAll(true);
                  // What the engine refuses here the server would refuse too: nothing is sent, everything stays.
                  if (blocking.length === 0) onSave(draft, livePricing);
                }}
              >
                {m.save}
              </Button>
            )}
          </Box>
        </Box>
      </Box>
      {props.children}
    </Paper>
  );
}
