import { formatRomeDateTime } from '../../../domain/dates.ts';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Container,
  CssBaseline,
  Divider,
  FormControl,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  TextField,
  ThemeProvider,
  Typography,
  createTheme,
} from '@mui/material';
import { itIT } from '@mui/material/locale';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { formatDate } from '../../../domain/dates.ts';
import { eurosToCents, formatEuro, formatPercent } from '../../../domain/pricing/index.ts';
import { DOCUMENT_TOKEN, OFFER_CONDITIONS, PUBLIC_OFFER_MESSAGES } from '../../../domain/publicOffer.ts';
import { ApiError } from '../../api/apiError.ts';
import { SignatureField } from '../../ui/SignatureField.tsx';
import { publicOfferApi, type PublicOffer, type PublicOfferOption } from './publicOfferApi.ts';
import { publicOfferMessages as m } from './publicOfferMessages.ts';

const theme = createTheme(
  {
    palette: { primary: { main: '#1565c0' } },
    components: { MuiButton: { styleOverrides: { root: { textTransform: 'none' } } } },
  },
  itIT,
);

const euro = (euros: number) => formatEuro(eurosToCents(euros));
const romeDateTime = (iso: string) => formatRomeDateTime(iso, ' alle ');
const TOTAL_LINES = new Set(['totale', 'totaleScontato']);

type Load =
  | { state: 'loading' }
  | { state: 'notFound' }
  | { state: 'error'; message: string }
  | { state: 'ready'; offer: PublicOffer };
interface Notice {
  severity: 'success' | 'warning' | 'error' | 'info';
  title?: string;
  text: string;
  details?: string[];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `sezione-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, py: 0.5 }}>
      <Typography component="dt" sx={{ fontWeight: 600, minWidth: 110 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** "Perché questo prezzo": one line per item of the engine's breakdown, the totals in bold. */
function Breakdown({ option }: { option: PublicOfferOption }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {option.breakdown.map((line, i) => {
        const total = TOTAL_LINES.has(line.key);
        return (
          <Box
            component="li"
            key={`${line.key}-${i}`}
            sx={{ py: 1, borderTop: i ? 1 : 0, borderColor: 'divider', fontWeight: total ? 700 : 400 }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <span>{line.label}</span>
              {line.cents !== null && <span style={{ whiteSpace: 'nowrap' }}>{formatEuro(line.cents)}</span>}
            </Box>
            <Typography variant="body2" color="text.secondary">
              {line.formula}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * The customer's page of one offer (issue 16), opened from the e-mailed link on a phone: the offer's terms
 * and breakdown, the insurance options, then the signature; or its outcome (confirmed, declined, expired).
 */
export function PublicOfferPage() {
  const { code = '' } = useParams();
  const api = useMemo(() => publicOfferApi(code), [code]);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [chosen, setChosen] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [signer, setSigner] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  // The server's errors by field, each dropped when its field changes; the page's own checks, once the customer
  // has tried to confirm or decline, run on every change: an error goes as soon as its field is right.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [tried, setTried] = useState<'confirm' | 'decline' | null>(null);
  // After an answer the outcome is shown at the top of the page, where the customer's eyes go.
  const outcome = useRef<HTMLDivElement>(null);
  const [answered, setAnswered] = useState(false);
  useEffect(() => {
    if (!answered || !outcome.current) return;
    window.scrollTo({ top: 0 });
    outcome.current.focus({ preventScroll: true });
    setAnswered(false);
  }, [answered, load]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState<number | ''>('');
  const [note, setNote] = useState('');

  /** Shows the offer as the server has it now, keeping what the customer typed and, if still offered, chose. */
  const show = useCallback((result: PublicOffer | Load) => {
    if (!('stato' in result)) {
      setLoad(result);
      return null;
    }
    const offer = result;
    setLoad({ state: 'ready', offer });
    const codes = offer.offerta?.opzioni.map((o) => o.code) ?? [];
    // Once accepted, the page shows the figures of the insurance the customer chose.
    const signed = offer.accettazione?.assicurazioneTipo;
    setChosen((c) =>
      signed && codes.includes(signed)
        ? signed
        : c !== null && codes.includes(c)
          ? c
          : (offer.offerta?.assicurazioneTipo ?? codes[0] ?? null),
    );
    return offer;
  }, []);
  const fetchOffer = useCallback(
    (): Promise<PublicOffer | Load> =>
      // A code cut short by a mail client is no offer: said at once, without a call the server would refuse.
      !DOCUMENT_TOKEN.test(code)
        ? Promise.resolve({ state: 'notFound' })
        : api
            .read()
            .catch((err: unknown): Load =>
              err instanceof ApiError
                ? err.status === 404
                  ? { state: 'notFound' }
                  : { state: 'error', message: err.body.message }
                : { state: 'error', message: m.unreachable },
            ),
    [api, code],
  );
  const reload = useCallback(async () => show(await fetchOffer()), [fetchOffer, show]);

  useEffect(() => {
    document.title = m.loading;
    void fetchOffer().then((result) => {
      const offer = show(result);
      if (offer?.offerta) document.title = m.title(offer.offerta.numero);
      // Opening the page tells the salesperson the customer has seen it.
      if (offer?.stato === 'aperta') void api.viewed().catch(() => undefined);
    });
  }, [api, fetchOffer, show]);

  if (load.state === 'loading')
    return (
      <Shell>
        <Box role="progressbar" aria-label={m.loading} sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress />
        </Box>
      </Shell>
    );
  if (load.state !== 'ready')
    return (
      <Shell>
        {load.state === 'notFound' ? (
          <Alert severity="warning">
            <AlertTitle>{m.notFound}</AlertTitle>
            {m.notFoundText}
          </Alert>
        ) : (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => void reload()}>
                {m.retry}
              </Button>
            }
          >
            {load.message}
          </Alert>
        )}
      </Shell>
    );

  const offer = load.offer;
  const version = offer.offerta;
  const option = version?.opzioni.find((o) => o.code === chosen) ?? version?.opzioni[0];

  const ownErrors: Record<string, string> = {};
  if (tried === 'confirm') {
    if (!accepted) ownErrors.condizioniAccettate = PUBLIC_OFFER_MESSAGES.conditionsRequired;
    if (signer.trim().length < 3) ownErrors.firmatario = PUBLIC_OFFER_MESSAGES.signerRequired;
    if (!signature) ownErrors.firma = PUBLIC_OFFER_MESSAGES.signatureRequired;
  }
  if (tried === 'decline' && !reason) ownErrors.motivoPersaId = PUBLIC_OFFER_MESSAGES.reasonRequired;
  const errors: Record<string, string> = { ...serverErrors, ...ownErrors };
  /** A changed field loses the server's error about its former value. */
  const changed = (field: string) =>
    setServerErrors((e) => {
      if (!(field in e)) return e;
      const { [field]: _gone, ...rest } = e;
      return rest;
    });

  const failed = async (err: unknown) => {
    if (!(err instanceof ApiError)) {
      setNotice({ severity: 'error', text: m.unreachable });
      return;
    }
    const violations = err.body.violations ?? [];
    if (err.status === 400) {
      setServerErrors(Object.fromEntries(violations.map((v) => [v.field, v.message])));
      setNotice({ severity: 'error', text: err.body.message });
      return;
    }
    // 409: prices or version changed, or the offer was answered or expired meanwhile: show it as it is now.
    await reload();
    setNotice({
      severity: err.status === 409 ? 'warning' : 'error',
      title: err.status === 409 && violations.length ? m.pricesChanged : undefined,
      text: err.body.message,
      // The insurance price travels twice (assicurazionePrezzo, prezzoAssicurazione): one line says it.
      details: [...new Set(violations.map((v) => v.message))],
    });
  };

  const confirm = async () => {
    if (!version || !option) return;
    setTried('confirm');
    setServerErrors({});
    setNotice(null);
    if (!accepted || signer.trim().length < 3 || !signature) return;
    setBusy(true);
    try {
      const f = option.figures;
      const res = await api.answer({
        ...f,
        assicurazioneTipo: option.code,
        assicurazionePrezzo: f.prezzoAssicurazione,
        acceptedByCustomer: 'Y',
        hash: version.hash,
        condizioniAccettate: true,
        firmatario: signer.trim(),
        firma: signature ?? undefined,
      });
      setNotice({ severity: 'success', text: res.message });
      await reload();
      setAnswered(true);
    } catch (err) {
      await failed(err);
    } finally {
      setBusy(false);
    }
  };

  const decline = async () => {
    if (!option) return;
    setTried('decline');
    setServerErrors({});
    if (!reason) return;
    setBusy(true);
    try {
      const f = option.figures;
      const res = await api.answer({
        prezzoNoleggio: f.prezzoNoleggio,
        prezzoTotale: f.prezzoTotale,
        prezzoTotaleScontato: f.prezzoTotaleScontato,
        acceptedByCustomer: 'N',
        motivoPersaId: reason,
        notePersa: note.trim() || undefined,
      });
      setDeclining(false);
      await reload();
      setNotice({ severity: 'success', text: res.message });
      setAnswered(true);
    } catch (err) {
      await failed(err);
    } finally {
      setBusy(false);
    }
  };

  const requestNew = async () => {
    setBusy(true);
    try {
      setNotice({ severity: 'success', text: (await api.requestNew()).message });
    } catch {
      setNotice({ severity: 'error', text: "Si è verificato un errore durante l'invio della richiesta" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Shell company={offer.azienda.nome} email={offer.azienda.email} branch={offer.azienda.sede}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        {version ? m.title(version.numero) : offer.ragioneSociale}
      </Typography>
      {version && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {m.forCustomer(offer.ragioneSociale)}
        </Typography>
      )}

      {notice && !(notice.severity === 'success' && offer.stato !== 'aperta' && offer.stato !== 'scaduta') && (
        <Alert severity={notice.severity} role={notice.severity === 'success' ? 'status' : 'alert'} sx={{ mb: 2 }}>
          {notice.title && <AlertTitle>{notice.title}</AlertTitle>}
          {notice.text}
          {notice.details?.length ? (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {notice.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </Box>
          ) : null}
        </Alert>
      )}

      <Box ref={outcome} tabIndex={-1} sx={{ outline: 'none' }}>
        {offer.stato === 'accettata' && offer.accettazione && (
          <Alert severity="success" sx={{ mb: 2 }}>
            <AlertTitle>{m.acceptedTitle}</AlertTitle>
            {m.acceptedText(offer.accettazione.firmatario, romeDateTime(offer.accettazione.accettataIl))}
          </Alert>
        )}
        {offer.stato === 'rifiutata' && (
          <Alert severity="info" sx={{ mb: 2 }}>
            <AlertTitle>{m.declinedTitle}</AlertTitle>
            {m.declinedText}
          </Alert>
        )}
      </Box>
      {offer.stato === 'scaduta' && version && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>{m.expiredTitle}</AlertTitle>
          {m.expiredText(formatDate(version.validaFinoAl))}
          <Box sx={{ mt: 1.5 }}>
            <Button variant="contained" onClick={() => void requestNew()} disabled={busy} sx={{ minHeight: 44 }}>
              {m.requestNew}
            </Button>
          </Box>
        </Alert>
      )}
      {offer.stato === 'nessuna' && <Alert severity="info">{m.noOffer}</Alert>}

      {version && option && (
        <>
          <Section title={m.rental}>
            <Box component="dl" sx={{ m: 0 }}>
              <Fact
                label={m.period}
                value={[
                  version.durata,
                  version.dal ? m.from(formatDate(version.dal)) : '',
                  version.al ? m.to(formatDate(version.al)) : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
              />
              {version.cantiere && <Fact label={m.site} value={version.cantiere} />}
              {version.gruppoRisorse && <Fact label={m.group} value={version.gruppoRisorse} />}
              <Fact label={m.validUntil} value={m.validUntilText(formatDate(version.validaFinoAl))} />
            </Box>
          </Section>

          <Section title={m.why}>
            <Breakdown option={option} />
            <Divider sx={{ my: 1 }} />
            <Box sx={{ display: 'flex', justifyContent: 'space-between', fontWeight: 700, fontSize: '1.15rem' }}>
              <span>{m.totalNoVat}</span>
              <span data-testid="totale">{euro(option.figures.prezzoTotaleScontato)}</span>
            </Box>
          </Section>

          <Section title={m.conditions}>
            <Box component="ol" sx={{ pl: 2.5, m: 0 }}>
              {OFFER_CONDITIONS.map((c) => (
                <Typography component="li" variant="body2" key={c} sx={{ mb: 0.75 }}>
                  {c}
                </Typography>
              ))}
            </Box>
          </Section>

          {offer.stato === 'aperta' && (
            <>
              <Section title={m.insurance}>
                <Typography variant="body2" color="text.secondary" id="assicurazione-help" sx={{ mb: 1 }}>
                  {m.insuranceHelp}
                </Typography>
                <RadioGroup
                  aria-label={m.insurance}
                  aria-describedby="assicurazione-help"
                  value={option.code}
                  onChange={(e) => {
                    setChosen(e.target.value);
                    changed('assicurazioneTipo');
                  }}
                >
                  {version.opzioni.map((o) => (
                    <FormControlLabel
                      key={o.code}
                      value={o.code}
                      control={<Radio />}
                      sx={{ alignItems: 'flex-start', py: 0.75, mr: 0 }}
                      label={
                        <Box sx={{ pt: 1 }}>
                          <Typography sx={{ fontWeight: 600 }}>{o.name}</Typography>
                          {o.description && (
                            <Typography variant="body2" color="text.secondary">
                              {o.description}
                            </Typography>
                          )}
                          <Typography variant="body2">
                            {m.insurancePrice(euro(o.figures.prezzoAssicurazione), formatPercent(o.percentage))}
                          </Typography>
                          <Typography variant="body2">{m.optionTotal(euro(o.figures.prezzoTotaleScontato))}</Typography>
                        </Box>
                      }
                    />
                  ))}
                </RadioGroup>
                {errors.assicurazioneTipo && <FormHelperText error>{errors.assicurazioneTipo}</FormHelperText>}
              </Section>

              <Section title={m.sign}>
                <FormControl error={!!errors.condizioniAccettate} sx={{ mb: 2 }}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={accepted}
                        onChange={(e) => {
                          setAccepted(e.target.checked);
                          changed('condizioniAccettate');
                        }}
                        slotProps={{ input: { 'aria-describedby': 'condizioni-help' } }}
                      />
                    }
                    label={m.accept}
                  />
                  {errors.condizioniAccettate && (
                    <FormHelperText id="condizioni-help">{errors.condizioniAccettate}</FormHelperText>
                  )}
                </FormControl>
                <TextField
                  label={m.signer}
                  required
                  fullWidth
                  value={signer}
                  onChange={(e) => {
                    setSigner(e.target.value);
                    changed('firmatario');
                  }}
                  error={!!errors.firmatario}
                  helperText={errors.firmatario}
                  autoComplete="name"
                  slotProps={{ htmlInput: { maxLength: 120 } }}
                  sx={{ mb: 2 }}
                />
                <SignatureField
                  value={signature}
                  onChange={(value) => {
                    setSignature(value);
                    changed('firma');
                  }}
                  error={errors.firma}
                  texts={{ label: m.signature, help: m.signatureHelp, clear: m.clearSignature }}
                  required
                />
                <Button
                  variant="contained"
                  size="large"
                  fullWidth
                  disabled={busy}
                  onClick={() => void confirm()}
                  sx={{ mt: 2, minHeight: 52 }}
                >
                  {busy ? m.confirming : m.confirm}
                </Button>
              </Section>
            </>
          )}

          {(offer.stato === 'aperta' || offer.stato === 'scaduta') &&
            (declining ? (
              <Section title={m.declineTitle}>
                <TextField
                  select
                  label={m.reason}
                  required
                  fullWidth
                  value={reason}
                  onChange={(e) => {
                    setReason(Number(e.target.value));
                    changed('motivoPersaId');
                  }}
                  error={!!errors.motivoPersaId}
                  helperText={errors.motivoPersaId}
                  sx={{ mb: 2 }}
                >
                  {offer.motiviPerse.map((r) => (
                    <MenuItem key={r.id} value={r.id}>
                      {r.description}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  label={m.note}
                  fullWidth
                  multiline
                  minRows={2}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                  slotProps={{ htmlInput: { maxLength: 1000 } }}
                  sx={{ mb: 2 }}
                />
                <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
                  <Button onClick={() => setDeclining(false)} sx={{ minHeight: 44 }}>
                    {m.cancel}
                  </Button>
                  <Button
                    variant="outlined"
                    color="error"
                    disabled={busy}
                    onClick={() => void decline()}
                    sx={{ minHeight: 44 }}
                  >
                    {m.decline}
                  </Button>
                </Box>
              </Section>
            ) : (
              <Box sx={{ textAlign: 'center', mb: 2 }}>
                <Button onClick={() => setDeclining(true)} sx={{ minHeight: 44 }}>
                  {m.declineOpen}
                </Button>
              </Box>
            ))}
        </>
      )}
    </Shell>
  );
}

/** The plain layout of the public page: the company's header and the content, no top bar, no drawer. */
function Shell({
  company,
  email,
  branch,
  children,
}: {
  company?: string;
  email?: string | null;
  branch?: string | null;
  children: ReactNode;
}) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 2, py: 1.5 }}>
        <Container maxWidth="sm" disableGutters>
          <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }}>{company ?? '\u00a0'}</Typography>
          {branch && <Typography variant="body2">{branch}</Typography>}
          {email && (
            <Typography variant="body2">
              <Box component="a" href={`mailto:${email}`} sx={{ color: 'inherit' }}>
                {email}
              </Box>
            </Typography>
          )}
        </Container>
      </Box>
      <Container component="main" maxWidth="sm" sx={{ py: 2, px: 1.5 }}>
        {children}
      </Container>
    </ThemeProvider>
  );
}

export default PublicOfferPage;
