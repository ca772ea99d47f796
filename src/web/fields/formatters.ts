import { formatDate } from '../../domain/dates.ts';

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
const number = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 0, maximumFractionDigits: 4 });

export const formatters = {
  money: (v: unknown) => (typeof v === 'number' ? euro.format(v) : ''),
  number: (v: unknown) => (typeof v === 'number' ? number.format(v) : ''),
  date: (v: unknown) => formatDate(typeof v === 'string' ? v : null),
  dateTime: (v: unknown) => formatDate(typeof v === 'string' ? v : null, 'DD-MM-YYYY HH:mm'),
};
