import type { components } from '../../../../generated/api.ts';
import { toApiError, unwrap } from '../../api/apiError.ts';
import { api } from '../../api/client.ts';
import type { Row } from '../../api/resourceApi.ts';

export type SendBody = components['schemas']['TrattativaCpSend'];
export type Attachment = components['schemas']['TrattativaCpAllegato'];
export type SendKind = 'anagrafica' | 'brochure' | 'mago' | 'link' | 'offer';
export type VatCheck = Awaited<ReturnType<typeof negotiationApi.vatCheck>>;

// Files travel to and from the server that served the app (a contract proxy in between only speaks JSON).
const files = { baseUrl: window.location.origin };

const SEND_PATHS = {
  anagrafica: '/api/trattative_cp/invia-anagrafica',
  brochure: '/api/trattative_cp/invia-brochure',
  mago: '/api/trattative_cp/invia-contatto-mago',
  link: '/api/trattative_cp/invia-link-accreditamento',
  offer: '/api/trattative_cp/invia-offerta',
} as const satisfies Record<SendKind, string>;

/** The summary of the negotiation every send carries (SPEC.md section 7), with its recipients. */
export function sendBody(
  record: Row,
  email: string[],
  extra: Pick<SendBody, 'oggetto' | 'testo' | 'invioBrochureId'> = {},
): SendBody {
  const text = (field: string) =>
    typeof record[field] === 'string' && record[field] !== '' ? record[field] : undefined;
  const summary = Object.fromEntries(
    (['ragioneSociale', 'partitaIva', 'telefono', 'contatto', 'paeseTrattativa', 'note'] as const)
      .map((f) => [f, text(f)])
      .filter(([, v]) => v !== undefined),
  ) as Partial<SendBody>;
  return { idTrattativaCp: Number(record.id), email, ...summary, ...extra };
}

export const negotiationApi = {
  send: async (kind: SendKind, body: SendBody) => unwrap(api.POST(SEND_PATHS[kind], { body })),

  async sendMarketing(id: number, email: string, oggetto: string, testo: string, attached: File[]) {
    const { data, error, response } = await api.POST('/api/trattative_cp/invia-brochure-marketing', {
      ...files,
      // The typed body stands for the multipart form the serializer builds.
      body: {
        idTrattativaCp: id,
        email,
        oggetto,
        testo,
      } as unknown as components['schemas']['BrochureMarketingUpload'],
      bodySerializer: () => {
        const form = new FormData();
        form.append('idTrattativaCp', String(id));
        form.append('email', email);
        form.append('oggetto', oggetto);
        form.append('testo', testo);
        attached.forEach((f, i) => form.append(`allegati_${i}`, f));
        return form;
      },
    });
    if (!response.ok || !data) throw toApiError(response.status, error);
    return data;
  },

  documentToken: async (id: number) =>
    (await unwrap(api.GET('/api/trattative_cp/create-document-token/{id}', { params: { path: { id } } }))).data
      .documentToken,

  /** The users the server accepts as the negotiation's operator (active, with a negotiation role), found by name. */
  operators: async (q: string) =>
    unwrap(api.GET('/api/trattative_cp/riassegna/operatori', { params: { query: q ? { q } : {} } })),
  reassign: async (id: number, userId: number) =>
    unwrap(
      api.PUT('/api/trattative_cp/riassegna/{id}', {
        params: { path: { id } },
        body: { userRiassegnazioneTrattativaCpId: userId },
      }),
    ),

  lost: async (id: number, body: { motivoPersaId: number; statoOffertaId: number; notePersa: string }) =>
    (
      await unwrap(
        api.PUT('/api/trattative-cp/{id}/save-offer-status-lost', {
          params: { path: { id } },
          body,
        }),
      )
    ).data as Row,

  archive: async (id: number, archived: boolean) =>
    (
      await unwrap(
        api.PUT('/api/trattative_cp/{id}/archiviata', {
          params: { path: { id } },
          body: { archiviata: archived ? 'Y' : 'N' },
        }),
      )
    ).data as Row,

  /** These other negotiations with the same VAT number were seen and saved over: not asked about again. */
  acknowledgeVat: async (id: number, trattative: number[]) =>
    (
      await unwrap(
        api.PUT('/api/trattative_cp/{id}/partita-iva-viste', { params: { path: { id } }, body: { trattative } }),
      )
    ).data,

  /** Whether the VAT number is an ERP customer, and the other negotiations that have it (open, lost, archived). */
  vatCheck: async (vat: string, escludiId: number | undefined) =>
    (
      await unwrap(
        api.GET('/api/trattative_cp/partita-iva/{vat}', {
          params: { path: { vat }, query: escludiId ? { escludiId } : {} },
        }),
      )
    ).data,

  /** Several files at once, each with its description (multipart trattativaCpId, file-N, descrizione-N). */
  async upload(trattativaCpId: number, chosen: { file: File; descrizione: string }[]) {
    const { data, error, response } = await api.POST('/api/trattativa_cp_allegato', {
      ...files,
      body: { trattativaCpId },
      bodySerializer: () => {
        const form = new FormData();
        form.append('trattativaCpId', String(trattativaCpId));
        chosen.forEach(({ file, descrizione }, i) => {
          form.append(`descrizione-${i}`, descrizione);
          form.append(`file-${i}`, file);
        });
        return form;
      },
    });
    if (!response.ok || !data) throw toApiError(response.status, error);
    return data.data;
  },

  async download(attachment: Attachment) {
    const blob = await unwrap(
      api.GET('/api/trattativa_cp_allegato/{id}', {
        ...files,
        params: { path: { id: attachment.id ?? 0 } },
        parseAs: 'blob',
      }),
    );
    const url = URL.createObjectURL(blob);
    const name = attachment.file ?? attachment.path?.split('/').pop() ?? attachment.descrizione ?? 'allegato';
    Object.assign(document.createElement('a'), { href: url, download: name }).click();
    URL.revokeObjectURL(url);
  },

  async removeAttachment(id: number) {
    const { error, response } = await api.DELETE('/api/trattativa_cp_allegato/{id}', { params: { path: { id } } });
    if (!response.ok) throw toApiError(response.status, error);
  },
};
