import { Alert, Box, CircularProgress, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { displayFormats } from '../../../domain/displayFormats.ts';
import { unwrap } from '../../api/apiError.ts';
import { api } from '../../api/client.ts';
import { messages } from '../../i18n/messages.ts';

const m = messages.emailMessage;
const URL_IN_TEXT = /https?:\/\/[^\s<>"')\]]+/g;

/** The message's HTML without anything active (scripts, handlers, javascript: links), and the links it carries. */
export function readMessage(
  html: string,
  text: string,
): { safeHtml: string; links: { href: string; label: string }[] } {
  const safeHtml = html ? DOMPurify.sanitize(html, { WHOLE_DOCUMENT: true }) : '';
  const links = new Map<string, string>();
  if (safeHtml) {
    const doc = new DOMParser().parseFromString(safeHtml, 'text/html');
    for (const a of doc.querySelectorAll('a[href]')) {
      const href = a.getAttribute('href') ?? '';
      if (/^(https?:|mailto:)/i.test(href) && !links.has(href)) links.set(href, (a.textContent ?? '').trim());
    }
  }
  for (const href of text.match(URL_IN_TEXT) ?? []) if (!links.has(href)) links.set(href, '');
  return { safeHtml, links: [...links].map(([href, label]) => ({ href, label })) };
}

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, mb: 0.5 }}>
      <Typography component="dt" variant="body2" sx={{ fontWeight: 600, minWidth: 110 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * One e-mail of the outbox as it was sent (Contact center → Email, super admin): who, when, the links it carried
 * and its body, the HTML drawn in a sandboxed frame (no script, no form, no navigation) after sanitizing.
 */
export default function EmailMessage({ id }: { id: number }) {
  const email = useQuery({
    queryKey: ['email', id],
    queryFn: async () => (await unwrap(api.GET('/api/emails/{id}', { params: { path: { id } } }))).data,
  });
  const read = useMemo(() => (email.data ? readMessage(email.data.htmlBody, email.data.textBody) : null), [email.data]);
  if (email.error) return <Alert severity="error">{email.error.message}</Alert>;
  if (!email.data || !read) return <CircularProgress aria-label={messages.loading} />;
  const e = email.data;
  return (
    <Box>
      <Box component="dl" sx={{ m: 0, mb: 2 }}>
        <Fact label={m.from} value={e.sender} />
        <Fact label={m.to} value={e.recipient} />
        <Fact label={m.cc} value={e.cc} />
        <Fact label={m.replyTo} value={e.replyTo} />
        <Fact label={m.created} value={displayFormats.dateTime(e.createdAt)} />
        <Fact label={m.sent} value={e.sentAt ? displayFormats.dateTime(e.sentAt) : null} />
        <Fact label={m.attachments} value={e.attachmentNames.join(', ')} />
      </Box>
      {e.troncato && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {m.cut}
        </Alert>
      )}
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {m.links}
      </Typography>
      {read.links.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {m.noLinks}
        </Typography>
      ) : (
        <Box component="ul" aria-label={m.links} sx={{ mt: 0, mb: 2, pl: 2.5 }}>
          {read.links.map((l) => (
            <li key={l.href}>
              {l.label && l.label !== l.href && <Typography variant="body2">{l.label}</Typography>}
              <Link href={l.href} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                {l.href}
              </Link>
            </li>
          ))}
        </Box>
      )}
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {m.body}
      </Typography>
      {read.safeHtml ? (
        <Box
          component="iframe"
          title={m.body}
          sandbox=""
          srcDoc={read.safeHtml}
          sx={{ width: '100%', height: 420, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
        />
      ) : null}
      {e.textBody && (
        <>
          <Typography variant="subtitle2" component="h3" gutterBottom sx={{ mt: 2 }}>
            {m.text}
          </Typography>
          <Box
            component="pre"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', fontSize: '0.875rem', m: 0 }}
          >
            {e.textBody}
          </Box>
        </>
      )}
    </Box>
  );
}
