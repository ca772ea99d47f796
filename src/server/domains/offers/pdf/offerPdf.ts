import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { appInfo } from '../../../../domain/appInfo.ts';
import { formatDate } from '../../../../domain/dates.ts';
import { machineName } from '../../../../domain/machineName.ts';
import { displayFormats } from '../../../../domain/displayFormats.ts';
import { siteAddress } from '../../../../domain/siteAddress.ts';
import { VERIFICATION } from '../../../../domain/verification.ts';
import {
  OFFER_FIGURES,
  formatDuration,
  formatEuro,
  formatPercent,
  type OfferFigureName,
} from '../../../../domain/pricing/index.ts';
import { PDF_FONTS, renderPdf } from '../../../pdf/pdf.ts';
import { verificationBlock } from '../../../pdf/verificationBlock.ts';
import type { SentVersion } from '../pricing/sentVersions.ts';

/** The customer's acceptance printed on the signed copy (issue 16). */
export interface OfferSignature {
  acceptedAt: string;
  signerName: string;
  /** The signature drawn on the public page, PNG. */
  signaturePng?: Buffer | null;
}

const FIGURE_LABELS: Record<OfferFigureName, string> = {
  prezzoNoleggio: 'Noleggio',
  prezzoAssicurazione: 'Assicurazione',
  prezzoOneri: 'Contributo ambientale',
  prezzoTrasporto: 'Trasporto (andata e ritorno)',
  prezzoVarie: 'Articoli e varie',
  prezzoTotale: 'Totale',
  prezzoTotaleScontato: 'Totale scontato',
};

/** What the customer agrees to besides the figures (SPEC.md: prices in euro, 2 decimals). */
export const OFFER_CONDITIONS = [
  'Prezzi in euro, IVA esclusa.',
  'Il noleggio è calcolato sulla fascia del listino che comprende la durata indicata; una restituzione anticipata è ricalcolata alla tariffa della fascia della durata effettiva.',
  'Il trasporto è calcolato sul tempo di percorrenza tra la filiale di noleggio e il cantiere; variazioni del cantiere possono modificarne il prezzo.',
  "Il mezzo viene consegnato in efficienza e va restituito nelle stesse condizioni, salvo la normale usura; i danni non coperti dall'assicurazione scelta sono a carico del cliente.",
  "L'offerta è confermata dal cliente dalla pagina indicata nell'email entro la data di validità.",
];

/** DD-MM-YYYY HH:mm in Italian time (SPEC.md section 9), whatever the server's zone. */
const dateTime = (iso: string) => displayFormats.dateTime(iso);

const field = (label: string, value: string | null | undefined): Content => ({
  columns: [
    { text: label, width: 120, color: '#555555' },
    { text: value?.trim() ? value : '—', width: '*' },
  ],
  margin: [0, 1, 0, 1],
});
const heading = (text: string): Content => ({ text, style: 'heading' });

/** The PDF of a sent version: rendered from the frozen version only, never re-priced. */
export async function renderOfferPdf(version: SentVersion, signature?: OfferSignature): Promise<Buffer> {
  const { header, input, result } = version;
  const cents = result.cents;
  const duration = result.duration ? formatDuration(result.duration.value, result.duration.unit) : '—';
  const dates =
    header.period.from && header.period.to
      ? ` (dal ${formatDate(header.period.from)} al ${formatDate(header.period.to)})`
      : '';
  const lines = result.breakdown.filter((l) => l.key !== 'totale' && l.key !== 'sconto' && l.key !== 'totaleScontato');
  const discountLine = result.breakdown.find((l) => l.key === 'sconto');
  const doc: TDocumentDefinitions = {
    info: { title: `Offerta ${version.number}`, author: appInfo.company, subject: header.customer.ragioneSociale },
    defaultStyle: { font: PDF_FONTS.embedded, fontSize: 9.5, lineHeight: 1.15 },
    styles: {
      heading: { fontSize: 11.5, bold: true, margin: [0, 12, 0, 4], color: '#1a3c6e' },
      th: { bold: true, fillColor: '#eef2f7' },
    },
    pageMargins: [40, 40, 40, 50],
    footer: (page, pages) => ({
      columns: [
        { text: `${appInfo.company} — Offerta ${version.number}`, fontSize: 7.5, color: '#777777' },
        { text: `Pagina ${page} di ${pages}`, alignment: 'right', fontSize: 7.5, color: '#777777' },
      ],
      margin: [40, 15, 40, 0],
    }),
    content: [
      {
        columns: [
          { text: appInfo.company, fontSize: 16, bold: true, color: '#1a3c6e' },
          {
            stack: [
              { text: `Offerta n. ${version.number}`, bold: true, fontSize: 12 },
              { text: `Versione ${version.version}, inviata il ${dateTime(version.sentAt)}` },
              { text: `Valida fino al ${formatDate(header.validUntil)}`, bold: true },
            ],
            alignment: 'right',
          },
        ],
      },
      {
        canvas: [{ type: 'line', x1: 0, y1: 6, x2: 515, y2: 6, lineWidth: 1, lineColor: '#1a3c6e' }],
        margin: [0, 0, 0, 4],
      },
      heading('Cliente'),
      field('Ragione sociale', header.customer.ragioneSociale),
      field('Partita IVA', header.customer.partitaIva),
      field('Riferimento', header.customer.contatto),
      field('Email', header.customer.email),
      field('Telefono', displayFormats.phone(header.customer.telefono)),
      heading('Noleggio'),
      field('Mezzo', `${machineName(header.resourceGroup)} (${header.resourceGroup.code})`),
      field('Periodo', `${duration}${dates}`),
      field(
        'Filiale di noleggio',
        header.branch ? [header.branch.name, header.branch.address].filter(Boolean).join(', ') : null,
      ),
      field('Cantiere', siteAddress(header.site.address, header.site.town)),
      field(
        'Assicurazione',
        input.insurance
          ? `${input.insurance.name} (${formatPercent(input.insurance.percentage)} del noleggio)`
          : 'Nessuna',
      ),
      field('Trasporto', input.transport.enabled ? 'Andata e ritorno come da dettaglio' : 'Non richiesto'),
      heading('Dettaglio del prezzo'),
      {
        table: {
          headerRows: 1,
          widths: [110, '*', 70],
          body: [
            [
              { text: 'Voce', style: 'th' },
              { text: 'Calcolo', style: 'th' },
              { text: 'Importo', style: 'th', alignment: 'right' },
            ],
            ...lines.map((l) => [
              l.label,
              { text: l.formula, fontSize: 8.5 },
              { text: l.cents === null ? '' : formatEuro(l.cents), alignment: 'right' as const },
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      heading('Riepilogo'),
      {
        table: {
          widths: ['*', 90],
          body: [
            ...OFFER_FIGURES.filter((f) => f !== 'prezzoTotaleScontato').map((f) => [
              FIGURE_LABELS[f],
              { text: cents ? formatEuro(cents[f]) : '—', alignment: 'right' as const },
            ]),
            [
              discountLine ? `Sconto (${discountLine.formula})` : 'Sconto',
              {
                text: discountLine?.cents != null ? `− ${formatEuro(discountLine.cents)}` : '—',
                alignment: 'right' as const,
              },
            ],
            [
              { text: FIGURE_LABELS.prezzoTotaleScontato, bold: true, fontSize: 11 },
              {
                text: cents ? formatEuro(cents.prezzoTotaleScontato) : '—',
                bold: true,
                fontSize: 11,
                alignment: 'right' as const,
              },
            ],
          ],
        },
        layout: {
          // Thin rules between the figures, a stronger one above the amount the customer pays.
          hLineWidth: (i, node) =>
            i === 0 || i === node.table.body.length ? 0 : i === node.table.body.length - 1 ? 1.2 : 0.5,
          vLineWidth: () => 0,
          hLineColor: (i, node) => (i === node.table.body.length - 1 ? '#1a3c6e' : '#cccccc'),
        },
      },
      ...(header.note ? [heading('Note'), { text: header.note } as Content] : []),
      heading('Condizioni'),
      { ul: [...OFFER_CONDITIONS, `Offerta valida fino al ${formatDate(header.validUntil)}.`], fontSize: 8.5 },
      ...(signature
        ? [
            heading('Accettazione del cliente'),
            field('Accettata da', signature.signerName),
            field('Il', dateTime(signature.acceptedAt)),
            ...(signature.signaturePng
              ? [
                  {
                    image: `data:image/png;base64,${signature.signaturePng.toString('base64')}`,
                    fit: [220, 90],
                  } as Content,
                ]
              : []),
          ]
        : []),
      {
        text: [
          header.sender.name ? `Inviata da ${header.sender.name}` : '',
          header.sender.email ? ` (${header.sender.email})` : '',
        ].join(''),
        margin: [0, 14, 0, 0],
      },
      verificationBlock([[VERIFICATION.versionFingerprint, version.hash]]),
    ],
  };
  return renderPdf(doc);
}
