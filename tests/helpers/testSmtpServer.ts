import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  /** The SMTP envelope: MAIL FROM and every RCPT TO (to and cc). */
  envelope: { from: string; to: string[] };
  mail: ParsedMail;
}

/** How the server answers a message: undefined accepts it, else this SMTP reply refuses it. */
export type Reply = (envelope: ReceivedMail['envelope']) => { code: number; message: string } | undefined;

/**
 * What happens between the end of a message's data and the server's acceptance (its 250), for a test that
 * stops or kills the sender there: `accept()` answers 250 and counts the message as received; one not
 * accepted when this resolves is dropped without an answer (the sender is gone).
 */
export type Hold = (envelope: ReceivedMail['envelope'], accept: () => void) => Promise<void> | void;

export interface TestSmtpServer {
  /** smtp://user:password@127.0.0.1:<random port>, the SMTP_URL of the app under test. */
  url: string;
  readonly password: string;
  /** Accepted messages, in order. */
  received: ReceivedMail[];
  /** Messages refused by `reply`, in order. */
  refused: ReceivedMail['envelope'][];
  reply: Reply;
  hold: Hold;
  /** Refuses the next n messages with this reply (451: try again later). */
  failNext(n: number, code?: number, message?: string): void;
  /** Resolves when at least n messages matching `which` were accepted (rejects after timeoutMs). */
  waitFor(n: number, which?: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

const USER = 'crm';

/** A real SMTP server on a random loopback port, with login, that keeps every message it accepts. */
export async function startTestSmtpServer(
  // A browser test starts its server before the product it configures, so it chooses both in advance.
  fixed: { port: number; password: string } = { port: 0, password: `pw-${Math.random().toString(36).slice(2)}` },
): Promise<TestSmtpServer> {
  const password = fixed.password;
  const waiters = new Set<() => void>();
  const envelopeOf = (s: SMTPServerSession) => ({
    from: s.envelope.mailFrom ? s.envelope.mailFrom.address : '',
    to: s.envelope.rcptTo.map((r) => r.address),
  });
  const state: Pick<TestSmtpServer, 'received' | 'refused' | 'reply' | 'hold'> = {
    received: [],
    refused: [],
    reply: () => undefined,
    hold: (_envelope, accept) => accept(),
  };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === password) callback(null, { user: USER });
      else callback(Object.assign(new Error('Credenziali non valide'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const envelope = envelopeOf(session);
        const refusal = state.reply(envelope);
        if (refusal) {
          state.refused.push(envelope);
          callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          async (mail) => {
            let accepted = false;
            await state.hold(envelope, () => {
              accepted = true;
              state.received.push({ envelope, mail });
              for (const w of waiters) w();
              callback();
            });
            if (!accepted) callback(Object.assign(new Error('Connessione chiusa'), { responseCode: 421 }));
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  // A sender killed mid-conversation resets its connection: that is what a crash test wants, not a failure.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(fixed.port, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${USER}:${password}@127.0.0.1:${port}`,
    password,
    get received() {
      return state.received;
    },
    get refused() {
      return state.refused;
    },
    get reply() {
      return state.reply;
    },
    set reply(r: Reply) {
      state.reply = r;
    },
    get hold() {
      return state.hold;
    },
    set hold(h: Hold) {
      state.hold = h;
    },
    failNext(n, code = 451, message = '4.3.0 Riprovare più tardi') {
      let left = n;
      const previous = state.reply;
      state.reply = (envelope) => (left-- > 0 ? { code, message } : previous(envelope));
    },
    waitFor(n, which = () => true, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const matching = state.received.filter(which);
          if (matching.length < n) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(matching);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`attesi ${n} messaggi, arrivati ${state.received.filter(which).length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
