import { Autocomplete, Box, Chip, CircularProgress, TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { resourceIndex } from '../../../../generated/resourceIndex.ts';
import { isAllowed, type Access } from '../../../domain/accessRules.ts';
import { unwrap } from '../../api/apiError.ts';
import { api } from '../../api/client.ts';
import type { Row } from '../../api/resourceApi.ts';
import { OptionText, PickerGroup } from '../../fields/pickerParts.tsx';
import { createDebouncer, PICKER_DEBOUNCE_MS } from '../../fields/pickerSearch.ts';
import { useSessionUser } from '../../session/useSessionUser.ts';
import {
  companyQuery,
  filledFrom,
  SUGGESTIONS_PER_SOURCE,
  type CompanyFetch,
  type CompanyMatch,
  type CompanySource,
} from './companySuggest.ts';
import { negotiationMessages as m } from './negotiationMessages.ts';

const page = { page: 1, rowsPerPage: SUGGESTIONS_PER_SOURCE };
const FETCH: Record<CompanySource, CompanyFetch> = {
  crm: async (q, signal) => unwrap(api.GET('/api/customers', { params: { query: { q, ...page } }, signal })),
  erp: async (q, signal) => unwrap(api.GET('/api/clienti', { params: { query: { q, ...page } }, signal })),
};
const READ_BY: Record<CompanySource, Access> = {
  crm: resourceIndex.customer.roles,
  erp: resourceIndex.clienteErp.roles,
};

/**
 * "Ragione sociale" of a negotiation: free text for a new company, and, as the salesperson types, the CRM's and
 * the ERP's customers whose name, VAT number or code match, each marked as such. Choosing one fills the
 * negotiation's VAT number, e-mail, phone and "Già cliente" (the form's `formContext.setFields`).
 */
export function CompanyNameWidget(props: WidgetProps) {
  const { id, label, value, onChange, required, disabled, readonly, rawErrors, registry } = props;
  const onChoose = (registry.formContext as { setFields?: (fields: Row) => void } | undefined)?.setFields;
  const user = useSessionUser();
  const sources = useMemo(
    () =>
      Object.fromEntries(
        (['crm', 'erp'] as const).filter((s) => isAllowed(READ_BY[s], user?.roles ?? null)).map((s) => [s, FETCH[s]]),
      ) as Partial<Record<CompanySource, CompanyFetch>>,
    [user?.roles],
  );
  const [open, setOpen] = useState(false);
  const [settled, setSettled] = useState('');
  const debouncer = useMemo(() => createDebouncer(PICKER_DEBOUNCE_MS, setSettled), []);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  const query = companyQuery(settled, sources);
  const found = useQuery({ ...query, enabled: open && query.enabled });
  const matches = query.enabled ? (found.data ?? []) : [];

  return (
    <Autocomplete<CompanyMatch, false, false, true>
      id={id}
      freeSolo
      open={open && matches.length > 0}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      disabled={disabled || readonly}
      options={matches}
      filterOptions={(o) => o}
      // Names, codes and VAT numbers need more room than the field has.
      slotProps={{ popper: { sx: { minWidth: 440 } } }}
      inputValue={typeof value === 'string' ? value : ''}
      onInputChange={(_e, text, reason) => {
        if (reason !== 'input') return;
        onChange(text === '' ? undefined : text);
        debouncer.push(text);
        setOpen(true);
      }}
      onChange={(_e, choice) => {
        if (choice && typeof choice !== 'string') onChoose?.(filledFrom(choice));
      }}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.companyName)}
      getOptionKey={(o) => (typeof o === 'string' ? o : o.key)}
      isOptionEqualToValue={(a, b) => a.key === b.key}
      groupBy={(o) => o.source}
      renderGroup={(params) => (
        <PickerGroup key={params.key} title={params.group === 'crm' ? m.company.crmGroup : m.company.erpGroup}>
          {params.children}
        </PickerGroup>
      )}
      renderOption={({ key, ...li }, o) => (
        <li key={key} {...li}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%', minWidth: 0 }}>
            <OptionText label={o.companyName} detail={o.detail} />
            <Chip
              size="small"
              variant="outlined"
              color={o.source === 'crm' ? 'primary' : 'secondary'}
              label={o.source === 'crm' ? m.company.crm : m.company.erp}
            />
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={!!rawErrors?.length}
          placeholder={m.company.hint}
          InputProps={{
            ...params.InputProps,
            endAdornment: (
              <>
                {found.isFetching ? <CircularProgress color="inherit" size={16} /> : null}
                {params.InputProps.endAdornment}
              </>
            ),
          }}
        />
      )}
    />
  );
}
