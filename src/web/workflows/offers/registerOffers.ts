import { registerResourceExtension } from '../../resources/resourceExtensions.ts';
import { negotiationOfferPath } from './offerRoutes.ts';
import { QuickOfferButton } from './QuickOfferButton.tsx';

/** The offers list: "Nuova offerta rapida", and a row opens the offer in its negotiation. */
export function registerOffers(): void {
  registerResourceExtension('offer', {
    ListActions: QuickOfferButton,
    openRow(row, { navigate }) {
      if (typeof row.trattativaCpId !== 'number') return false;
      void negotiationOfferPath(row.trattativaCpId).then((path) => navigate(path));
      return true;
    },
  });
}
