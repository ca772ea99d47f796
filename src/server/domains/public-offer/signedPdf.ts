import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatDate } from '../../../domain/dates.ts';
import { displayFormats as f } from '../../../domain/displayFormats.ts';
import { formatEuro, formatPercent } from '../../../domain/pricing/index.ts';
import { VERIFICATION } from '../../../domain/verification.ts';
import { OFFER_CONDITIONS } from '../../../domain/publicOffer.ts';
import { PDF_FONTS, renderPdf } from '../../pdf/pdf.ts';
import { verificationBlock } from '../../pdf/verificationBlock.ts';
import type { PublicOfferOption } from './repository.ts';

export interface SignedOffer {
  company: string;
  ragioneSociale: string;
  numero: string;
  inviataIl: string;
  /** SHA-256 of the offer version the customer accepted. */
  hash: string;
  dal: string | null;
  al: string | null;
  durata: string | null;
  cantiere: string | null;
  gruppoRisorse: string | null;
  option: PublicOfferOption;
  firmatario: string;
  /** The drawn signature, PNG. */
  firma: Buffer;
  accettataIl: Date;
  ip: string;
  userAgent: string;
}

/** The standard PDF fonts write WinAnsi only: the engine's minus sign (U+2212) becomes a hyphen. */
const winAnsi = (text: string) => text.replace(/\u2212/g, '-');

const field = (label: string, value: string): Content => ({
  columns: [{ text: label, width: 150, bold: true }, { text: value || '—' }],
  margin: [0, 1, 0, 1],
});

/**
 * The evidence of an acceptance (issue 16, point 4): the offer version as priced with the customer's
 * insurance, the conditions, the signature, who signed and when (Rome); closed by the "Dati di verifica":
 * the SHA-256 of the version accepted, from where and with what browser.
 */
export async function signedOfferPdf(s: SignedOffer): Promise<Buffer> {
  const figures = s.option.figures;
  const money = (euros: number) => f.money(euros);
  const period = [s.durata, s.dal && s.al ? `dal ${formatDate(s.dal)} al ${formatDate(s.al)}` : '']
    .filter(Boolean)
    .join(', ');
  const doc: TDocumentDefinitions = {
    info: { title: `Offerta ${s.numero} firmata`, author: s.company },
    defaultStyle: { font: PDF_FONTS.standard, fontSize: 10 },
    pageMargins: [40, 40, 40, 40],
    content: [
      { text: s.company, fontSize: 12, bold: true },
      {
        text: `Offerta di noleggio ${s.numero} — accettata e firmata`,
        fontSize: 16,
        bold: true,
        margin: [0, 6, 0, 10],
      },
      field('Cliente', s.ragioneSociale),
      field('Offerta inviata il', f.dateTime(s.inviataIl)),
      field('Periodo', period),
      field('Cantiere', s.cantiere ?? ''),
      field('Mezzo', s.gruppoRisorse ?? ''),
      field('Assicurazione scelta', `${s.option.name} (${formatPercent(s.option.percentage)} del noleggio)`),
      { text: 'Perché questo prezzo', bold: true, fontSize: 12, margin: [0, 10, 0, 4] },
      {
        table: {
          widths: [110, '*', 80],
          body: [
            [
              { text: 'Voce', bold: true },
              { text: 'Calcolo', bold: true },
              { text: 'Importo', bold: true, alignment: 'right' },
            ],
            ...s.option.breakdown.map((l) => [
              winAnsi(l.label),
              winAnsi(l.formula),
              { text: l.cents === null ? '' : formatEuro(l.cents), alignment: 'right' as const },
            ]),
          ],
        },
      },
      { text: 'Totali', bold: true, fontSize: 12, margin: [0, 10, 0, 4] },
      field('Noleggio', money(figures.prezzoNoleggio)),
      field('Assicurazione', money(figures.prezzoAssicurazione)),
      field('Contributo ambientale', money(figures.prezzoOneri)),
      field('Trasporto', money(figures.prezzoTrasporto)),
      field('Articoli', money(figures.prezzoVarie)),
      field('Totale', money(figures.prezzoTotale)),
      field('Totale scontato (IVA esclusa)', money(figures.prezzoTotaleScontato)),
      { text: 'Condizioni contrattuali accettate', bold: true, fontSize: 12, margin: [0, 10, 0, 4] },
      { ol: [...OFFER_CONDITIONS], fontSize: 9 },
      // The signature, who signed and when stay together on one page.
      {
        stack: [
          { text: 'Firma del cliente', bold: true, fontSize: 12, margin: [0, 10, 0, 4] },
          { image: `data:image/png;base64,${s.firma.toString('base64')}`, fit: [240, 100] },
          field('Firmato da', s.firmatario),
          field('Data e ora (Roma)', f.dateTime(s.accettataIl)),
        ],
        unbreakable: true,
      },
      verificationBlock([
        [VERIFICATION.acceptedVersionFingerprint, s.hash],
        [VERIFICATION.address, s.ip],
        [VERIFICATION.browser, s.userAgent],
      ]),
    ],
  };
  return renderPdf(doc);
}
