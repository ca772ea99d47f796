import { replaceStringParameters, TranslatableString } from '@rjsf/utils';
import { NO, YES } from '../../domain/yesNo.ts';

// RJSF's own labels (array buttons, empty lists...), in Italian.
const IT: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.ArrayItemTitle]: 'Elemento',
  [TranslatableString.MissingItems]: 'Definizione degli elementi mancante',
  [TranslatableString.EmptyArray]: 'Nessun elemento. Usare il pulsante qui sotto per aggiungerne.',
  [TranslatableString.YesLabel]: YES,
  [TranslatableString.NoLabel]: NO,
  [TranslatableString.CloseLabel]: 'Chiudi',
  [TranslatableString.ErrorsLabel]: 'Errori',
  [TranslatableString.NewStringDefault]: 'Nuovo valore',
  [TranslatableString.AddButton]: 'Aggiungi',
  [TranslatableString.AddItemButton]: 'Aggiungi elemento',
  [TranslatableString.CopyButton]: 'Duplica',
  [TranslatableString.MoveDownButton]: 'Sposta giù',
  [TranslatableString.MoveUpButton]: 'Sposta su',
  [TranslatableString.RemoveButton]: 'Rimuovi',
  [TranslatableString.NowLabel]: 'Adesso',
  [TranslatableString.ClearLabel]: 'Svuota',
  [TranslatableString.AriaDateLabel]: 'Scegli una data',
  [TranslatableString.PreviewLabel]: 'Anteprima',
  [TranslatableString.DecrementAriaLabel]: 'Diminuisci di 1',
  [TranslatableString.IncrementAriaLabel]: 'Aumenta di 1',
  [TranslatableString.OptionalObjectAdd]: 'Aggiungi i dati facoltativi',
  [TranslatableString.OptionalObjectRemove]: 'Rimuovi i dati facoltativi',
  [TranslatableString.OptionalObjectEmptyMsg]: 'Nessun dato facoltativo',
  [TranslatableString.Type]: 'Tipo',
  [TranslatableString.Value]: 'Valore',
  [TranslatableString.ClearButton]: 'svuota il campo',
  [TranslatableString.OptionPrefix]: 'Opzione %1',
  [TranslatableString.TitleOptionPrefix]: '%1 opzione %2',
  [TranslatableString.KeyLabel]: '%1 chiave',
  [TranslatableString.UnknownFieldType]: 'Tipo di campo sconosciuto %1',
  [TranslatableString.UnsupportedField]: 'Campo non supportato.',
  [TranslatableString.FilesInfo]: '**%1** (%2, %3 byte)',
};

/** RJSF's translateString: Italian where we have it, RJSF's English otherwise. */
export function translateString(key: TranslatableString, params?: string[]): string {
  return replaceStringParameters(IT[key] ?? key, params);
}
