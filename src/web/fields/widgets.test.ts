import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DateInput, type DateKind } from './DateInput.tsx';
import { NumberInput } from './NumberInput.tsx';

/** The value an input shows, and the text around it (its unit). */
const shown = (html: string) => ({
  value: /<input[^>]*value="([^"]*)"/.exec(html)?.[1],
  text: html
    .replace(/<style[^>]*>.*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim(),
});

describe('form widgets: what a stored value looks like in its input', () => {
  it.each<[string, Record<string, unknown>, unknown, string, string]>([
    ['money with the euro sign', { unit: '€' }, 42.5, '42,5', '€'],
    ['a percentage with its sign', { unit: '%' }, 8.5, '8,5', '%'],
    ['a whole number', { integer: true }, 1250, '1250', ''],
    ['a decimal with the Italian comma', {}, 0.125, '0,125', ''],
    ['nothing', {}, null, '', ''],
    ['text that is not a number stays as typed', {}, 'dodici', 'dodici', ''],
    ['a duration as minutes and seconds', { duration: true }, 65, '1:05', ''],
  ])('%s', (_name, props, value, want, unit) => {
    const html = renderToStaticMarkup(
      createElement(NumberInput, { label: 'Campo', value, onChange: () => undefined, ...props }),
    );
    expect(shown(html).value).toBe(want);
    if (unit) expect(shown(html).text).toContain(unit);
  });

  it.each<[DateKind, string, string]>([
    ['date', '2026-12-31', '31-12-2026'],
    ['time', '08:30', '08:30'],
    // Shown in the browser's own time zone (Rome for its users): a local time keeps this test zone-free.
    ['dateTime', '2026-12-31T10:05:00', '31-12-2026 10:05'],
  ])('%s %s reads %s', (kind, value, want) => {
    const html = renderToStaticMarkup(
      createElement(DateInput, { kind, label: 'Campo', value, onChange: () => undefined }),
    );
    expect(shown(html).value).toBe(want);
  });

  it('an empty date shows nothing and asks for DD-MM-YYYY in Italian letters', () => {
    const html = renderToStaticMarkup(
      createElement(DateInput, { kind: 'date', label: 'Campo', value: undefined, onChange: () => undefined }),
    );
    expect(shown(html).value).toBe('');
    expect(html).toContain('placeholder="GG-MM-AAAA"');
  });
});
