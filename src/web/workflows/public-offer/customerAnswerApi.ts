import type { components } from '../../../../generated/api.ts';
import { api } from '../../api/client.ts';
import { unwrap } from '../../api/apiError.ts';

export type OffertaCliente = components['schemas']['OffertaCliente'];

// Files come from this origin, past any proxy that checks JSON answers against the contract.
const files = { baseUrl: window.location.origin };

export const customerAnswerApi = {
  async read(id: number): Promise<OffertaCliente> {
    return (await unwrap(api.GET('/api/trattative_cp/{id}/offerta-cliente', { params: { path: { id } } }))).data;
  },
  async downloadSigned(id: number, numero: string): Promise<void> {
    const blob = await unwrap(
      api.GET('/api/trattative_cp/{id}/offerta-firmata', { ...files, params: { path: { id } }, parseAs: 'blob' }),
    );
    const url = URL.createObjectURL(blob);
    Object.assign(document.createElement('a'), { href: url, download: `Offerta_${numero}_firmata.pdf` }).click();
    URL.revokeObjectURL(url);
  },
};
