/** The words of a yes/no value, everywhere (a flag, a Y/N field, a filter): "Sì" with its accent, never "Si". */
export const YES = 'Sì';
export const NO = 'No';
