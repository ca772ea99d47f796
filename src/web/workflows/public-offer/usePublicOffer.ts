import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DOCUMENT_TOKEN } from '../../../domain/publicOffer.ts';
import { ApiError } from '../../api/apiError.ts';
import { acceptErrors, declineErrors, type AcceptValues, type DeclineValues } from './answerChecks.ts';
import { publicOfferApi, type PublicOffer } from './publicOfferApi.ts';
import { publicOfferMessages as m } from './publicOfferMessages.ts';

export type Load =
  | { state: 'loading' }
  | { state: 'notFound' }
  | { state: 'error'; message: string }
  | { state: 'ready'; offer: PublicOffer };

export interface Notice {
  severity: 'success' | 'warning' | 'error' | 'info';
  title?: string;
  text: string;
  details?: string[];
}

/**
 * The customer's offer as the server has it, and the customer's answers to it: the insurance chosen, the
 * confirmation, the refusal, the request for a new offer, the signed PDF; the server's errors by field and the
 * notice at the top of the page.
 */
export function usePublicOffer(code: string) {
  const api = useMemo(() => publicOfferApi(code), [code]);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [chosen, setChosen] = useState<string | null>(null);
  // The server's errors by field, each dropped when its field changes; the page's own checks, once the customer
  // has tried to confirm or decline, run on every change: an error goes as soon as its field is right.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [tried, setTried] = useState<'confirm' | 'decline' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  // After an answer the outcome is shown at the top of the page, where the customer's eyes go.
  const outcome = useRef<HTMLDivElement>(null);
  const [answered, setAnswered] = useState(false);
  useEffect(() => {
    if (!answered || !outcome.current) return;
    window.scrollTo({ top: 0 });
    outcome.current.focus({ preventScroll: true });
    setAnswered(false);
  }, [answered, load]);

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

  const offer = load.state === 'ready' ? load.offer : null;
  const version = offer?.offerta;
  const option = version?.opzioni.find((o) => o.code === chosen) ?? version?.opzioni[0];

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

  const confirm = async (values: AcceptValues) => {
    if (!version || !option) return;
    setTried('confirm');
    setServerErrors({});
    setNotice(null);
    if (Object.keys(acceptErrors(values)).length > 0) return;
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
        firmatario: values.signer.trim(),
        firma: values.signature ?? undefined,
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

  /** The refusal; `closed` runs once the server has it, before the offer is read again. */
  const decline = async (values: DeclineValues, closed: () => void) => {
    if (!option) return;
    setTried('decline');
    setServerErrors({});
    if (Object.keys(declineErrors(values)).length > 0 || !values.reason) return;
    setBusy(true);
    try {
      const f = option.figures;
      const res = await api.answer({
        prezzoNoleggio: f.prezzoNoleggio,
        prezzoTotale: f.prezzoTotale,
        prezzoTotaleScontato: f.prezzoTotaleScontato,
        acceptedByCustomer: 'N',
        motivoPersaId: values.reason,
        notePersa: values.note.trim() || undefined,
      });
      closed();
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
      setNotice({ severity: 'error', text: m.requestNewFailed });
    } finally {
      setBusy(false);
    }
  };

  const downloadSigned = async () => {
    try {
      const url = URL.createObjectURL(await api.signedPdf());
      Object.assign(document.createElement('a'), {
        href: url,
        download: m.signedPdfName(offer?.offerta?.numero),
      }).click();
      URL.revokeObjectURL(url);
    } catch {
      setNotice({ severity: 'error', text: m.unreachable });
    }
  };

  return {
    load,
    offer,
    version,
    option,
    choose: setChosen,
    notice,
    busy,
    tried,
    serverErrors,
    changed,
    outcome,
    reload,
    confirm,
    decline,
    requestNew,
    downloadSigned,
  };
}

export type PublicOfferState = ReturnType<typeof usePublicOffer>;
