/**
 * The negotiation's columns the offer builder edits: the salesperson's choices, never a total. The server's
 * offer input reads and writes them; the negotiation's form leaves them to the builder, one figure one editor.
 */
export const OFFER_BUILDER_FIELDS = [
  'filialeNoleggioId',
  'famigliaGruppoRisorsaId',
  'gruppoRisorsaId',
  'durata',
  'durataUnita',
  'inizio',
  'fine',
  'assicurazioneTipo',
  'contributoAmbientale',
  'trasportoAbilitato',
  'trasporto',
  'trasportoRitorno',
  'km',
  'articoli',
  'scontoPercentuale',
  'scontoImporto',
  'noteOfferta',
] as const;

/** The site the offer is priced to: stored with the choices, edited in the negotiation's form (Cantiere, map). */
export const OFFER_SITE_FIELDS = ['formattedAddress', 'latitudeTrattativa', 'longitudeTrattativa'] as const;

/** Everything a negotiation stores of its offer's choices. */
export const OFFER_CHOICE_FIELDS = [...OFFER_BUILDER_FIELDS, ...OFFER_SITE_FIELDS] as const;
