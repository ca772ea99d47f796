/**
 * The one place that writes HTML: templates describe a message as blocks of plain text, and every value is
 * escaped here. Inline styles and tables only, no images or external resources, so Outlook, Gmail and
 * phone clients show it the same; the text part says the same things for clients without HTML.
 */
export type Block =
  | { paragraph: string }
  | { button: { label: string; href: string } }
  | { fields: [label: string, value: string | number | null | undefined][] }
  | { note: string; htmlOnly?: boolean };

export interface MailContent {
  subject: string;
  /** "Gentile Paolo Brambilla,": the first line, which clients also show as the preview. */
  greeting?: string;
  blocks: Block[];
  /** Who signs: a salesperson's name, else the company. */
  signature?: string;
  /** A message to a colleague (offer accepted, new request) rather than to a customer. */
  toStaff?: boolean;
}

export interface Rendered {
  subject: string;
  html: string;
  text: string;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
const paragraphHtml = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');

/** Only web links go in a button: anything else (javascript:, data:) is refused by the template's caller. */
export function safeHref(href: string): string {
  const url = new URL(href);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`link non valido: ${href}`);
  return url.toString();
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:22px;color:#1f2933';
const BRAND = '#0b5394';

function blockHtml(block: Block): string {
  if ('paragraph' in block) return `<p style="margin:0 0 16px;${FONT}">${paragraphHtml(block.paragraph)}</p>`;
  if ('note' in block)
    return `<p style="margin:0 0 16px;font-family:Arial,Helvetica,sans-serif;font-size:13px;line-height:19px;color:#616e7c">${paragraphHtml(block.note)}</p>`;
  if ('button' in block) {
    const href = escapeHtml(safeHref(block.button.href));
    return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:4px 0 20px"><tr><td bgcolor="${BRAND}" style="border-radius:4px;background:${BRAND}"><a href="${href}" target="_blank" style="display:inline-block;padding:12px 24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(block.button.label)}</a></td></tr></table>`;
  }
  const rows = block.fields
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 12px 6px 0;border-bottom:1px solid #e4e7eb;${FONT};color:#616e7c;white-space:nowrap;vertical-align:top">${escapeHtml(label)}</td><td style="padding:6px 0;border-bottom:1px solid #e4e7eb;${FONT}">${paragraphHtml(String(value))}</td></tr>`,
    );
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="margin:0 0 20px;border-collapse:collapse">${rows.join('')}</table>`;
}

function blockText(block: Block): string {
  if ('paragraph' in block) return block.paragraph;
  if ('note' in block) return block.note;
  if ('button' in block) return `${block.button.label}: ${safeHref(block.button.href)}`;
  return block.fields
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([label, value]) => `${label}: ${String(value)}`)
    .join('\n');
}

/** The message in HTML and text, with the company's name in the head and the footer. */
export function renderMail(content: MailContent, company: string): Rendered {
  const signature = content.signature ?? company;
  const footer = content.toStaff
    ? `Messaggio automatico del CRM – ${company}`
    : `Questa email le è stata inviata da ${company} in seguito al suo contatto con il nostro servizio noleggi.`;
  // A colleague gets a notice, not a letter: no sign-off.
  const closing = content.toStaff ? null : `Cordiali saluti,\n${signature}`;
  const body = [
    ...(content.greeting ? [`<p style="margin:0 0 16px;${FONT}">${escapeHtml(content.greeting)}</p>`] : []),
    ...content.blocks.map(blockHtml),
    ...(closing ? [`<p style="margin:0;${FONT}">${paragraphHtml(closing)}</p>`] : []),
  ].join('\n');
  const html = `<!DOCTYPE html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f4f5f7" style="background:#f4f5f7"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border:1px solid #e4e7eb">
<tr><td bgcolor="${BRAND}" style="background:${BRAND};padding:18px 24px;font-family:Arial,Helvetica,sans-serif;font-size:20px;font-weight:bold;color:#ffffff">${escapeHtml(company)}</td></tr>
<tr><td style="padding:24px">
${body}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4e7eb;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:18px;color:#9aa5b1">${escapeHtml(footer)}</td></tr>
</table>
</td></tr></table>
</body></html>
`;
  const text = [
    company,
    '',
    ...(content.greeting ? [content.greeting, ''] : []),
    ...content.blocks.filter((b) => !('htmlOnly' in b && b.htmlOnly)).flatMap((b) => [blockText(b), '']),
    ...(closing ? [closing, ''] : []),
    '--',
    footer,
    '',
  ].join('\n');
  return { subject: content.subject, html, text };
}
