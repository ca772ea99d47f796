import { machineName } from '../../../domain/machineName.ts';
import { isOfferExpired } from '../../../domain/calendar/offerValidity.ts';
import { endOfRomeDay } from '../../../domain/calendar/rome.ts';
import { formatDuration, priceOffer } from '../../../domain/pricing/index.ts';
import { siteAddress } from '../../../domain/siteAddress.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/Db.ts';
import {
  acceptanceOf,
  customerSide,
  insurances,
  lostReasons,
  companyEmail,
  type CustomerSide,
  type PublicOffer,
  type PublicOfferOption,
} from './repository.ts';
import { latestSentVersion as latestVersion, type SentVersion as SentOfferVersion } from '../offers/index.ts';

/** The latest sent version with its validity: the last Rome day to confirm, and the instant it ends. */
export interface CurrentOffer {
  version: SentOfferVersion;
  validUntil: string;
  expiresAt: string;
  options: PublicOfferOption[];
}

/**
 * Every insurance the customer may choose, each with the offer's figures priced by the engine from the
 * version as it was sent, with only the insurance changed. An option the engine cannot price is left out.
 */
export async function offerOptions(
  ctx: AppContext,
  db: Queryable,
  version: SentOfferVersion,
): Promise<PublicOfferOption[]> {
  const list = await insurances(ctx, db);
  const choices = list.length
    ? list
    : [version.input.insurance ?? { code: '', name: 'Senza assicurazione', percentage: 0 }].map((i) => ({
        ...i,
        description: null,
      }));
  const options: PublicOfferOption[] = [];
  for (const insurance of choices) {
    const pricing = priceOffer({
      ...version.input,
      insurance: { code: insurance.code, name: insurance.name, percentage: insurance.percentage },
    });
    if (!pricing.figures) continue;
    options.push({
      code: insurance.code,
      name: insurance.name,
      description: insurance.description,
      percentage: insurance.percentage,
      figures: pricing.figures,
      breakdown: pricing.breakdown,
    });
  }
  return options;
}

export async function currentOffer(
  ctx: AppContext,
  db: Queryable,
  negotiationId: number,
): Promise<CurrentOffer | null> {
  const version = await latestVersion(db, negotiationId);
  if (!version) return null;
  // Frozen with the version when it was sent: a later change of giorniValiditaOfferta does not move it.
  const validUntil = version.header.validUntil;
  return {
    version,
    validUntil,
    expiresAt: endOfRomeDay(validUntil).toString(),
    options: await offerOptions(ctx, db, version),
  };
}

function periodOf(version: SentOfferVersion) {
  const priced = version.result.duration;
  return {
    dal: version.header.period.from,
    al: version.header.period.to,
    durata: priced ? formatDuration(priced.value, priced.unit) : null,
  };
}

/** The site as it was when the offer was sent. */
export const siteOf = (version: SentOfferVersion) => siteAddress(version.header.site.address, version.header.site.town);

export function stateOf(
  row: CustomerSide,
  offer: CurrentOffer | null,
  accepted: boolean,
  now: Date,
): PublicOffer['stato'] {
  if (accepted || row.acceptedByCustomer === 'Y') return 'accettata';
  if (row.acceptedByCustomer === 'N') return 'rifiutata';
  if (!offer) return 'nessuna';
  return isOfferExpired(offer.validUntil, now) ? 'scaduta' : 'aperta';
}

/** What the customer's page shows: no internal field of the negotiation, no price list, no staff name. */
export async function publicView(ctx: AppContext, negotiationId: number, now: Date): Promise<PublicOffer> {
  const row = await customerSide(ctx.db, negotiationId);
  if (!row) throw new Error(`trattativa ${negotiationId} assente`);
  const offer = await currentOffer(ctx, ctx.db, negotiationId);
  const acceptance = await acceptanceOf(ctx.db, negotiationId);
  const v = offer?.version;
  const branch = v?.header.branch;
  return {
    azienda: {
      nome: ctx.mail.config.company,
      email: await companyEmail(ctx),
      sede: branch ? [branch.name, branch.address].filter(Boolean).join(', ') : null,
    },
    ragioneSociale: row.ragioneSociale ?? '',
    contatto: row.contatto || null,
    stato: stateOf(row, offer, !!acceptance, now),
    offerta:
      offer && v
        ? {
            numero: v.number,
            inviataIl: v.sentAt,
            hash: v.hash,
            validaFinoAl: offer.validUntil,
            scadeIl: offer.expiresAt,
            ...periodOf(v),
            cantiere: siteOf(v),
            gruppoRisorse: machineName(v.header.resourceGroup),
            assicurazioneTipo: v.input.insurance?.code ?? null,
            opzioni: offer.options,
          }
        : null,
    accettazione: acceptance
      ? {
          accettataIl: acceptance.accettataIl,
          firmatario: acceptance.firmatario,
          numero: acceptance.numero,
          assicurazioneTipo: acceptance.assicurazioneTipo,
        }
      : null,
    motiviPerse: await lostReasons(ctx),
  };
}
