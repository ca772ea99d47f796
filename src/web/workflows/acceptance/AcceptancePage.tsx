import { useParams } from 'react-router-dom';
import { AcceptanceDetail } from './AcceptanceDetail.tsx';
import { AcceptanceWizard } from './AcceptanceWizard.tsx';

/** `/accettazioniMezzi/accettazioneMezzo`: the wizard; `/accettazioniMezzi/accettazioneMezzo/<id>`: a registered one. */
export default function AcceptancePage() {
  const { id } = useParams();
  return id ? <AcceptanceDetail key={id} id={Number(id)} /> : <AcceptanceWizard />;
}
