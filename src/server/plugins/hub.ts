import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { HubEvent } from '../../../generated/entities.ts';
import type { Db } from '../db/Db.ts';
import { HttpError, MESSAGES } from '../http/httpError.ts';

/** Event streams one user may keep open (tabs, devices), and all users together. */
export const HUB_LIMITS = { perUser: 8, total: 1000 } as const;

/** The PostgreSQL channel every server process listens on. */
export const HUB_CHANNEL = 'crm_hub';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7999;
/** How long a publisher waits to hear its own message back before going on (the listener is reconnecting). */
const ECHO_WAIT_MS = 2000;

/** Which of a user's sessions end: one (its logout), or every one but one (a password change made there). */
export type SessionChoice = { only: string } | { except: string };

/**
 * What travels between processes: an event on a topic, a user whose cached state is stale, or some
 * sessions of a user that ended (their streams close, the user's cached state is stale).
 */
type Message =
  | { id: string; topic: string; event: HubEvent }
  | { id: string; changedUser: number }
  | { id: string; endedSessions: { userId: number } & SessionChoice };

const isMessage = (m: unknown): m is Message => {
  if (typeof m !== 'object' || m === null) return false;
  const { id, topic, event, changedUser, endedSessions } = m as Record<string, unknown>;
  if (typeof id !== 'string') return false;
  if (typeof topic === 'string') return typeof event === 'object' && event !== null;
  if (typeof changedUser === 'number') return true;
  const ended = endedSessions as Record<string, unknown> | null | undefined;
  return typeof ended?.userId === 'number' && (typeof ended.only === 'string' || typeof ended.except === 'string');
};

/** An open event stream: the session it was opened for, and how to end it (telling it why first). */
interface Stream {
  sid: string;
  close(farewell?: HubEvent): void;
}

const forcedLogout = (userId: number): HubEvent => ({
  entity: 'user',
  event: 'forced-logout',
  userId,
  at: new Date().toISOString(),
});

/**
 * Publish/subscribe by topic; the SSE route turns subscriptions into event streams. Every message goes
 * through the database's NOTIFY and every server process (this one too) delivers it to its own
 * subscribers when it hears it, so each subscriber gets it once, whichever process published it (on
 * PGlite, one process, the same path runs in place).
 */
export function createHub(
  db: Pick<Db, 'query' | 'listen'>,
  limits: { perUser: number; total: number } = HUB_LIMITS,
  onError: (err: unknown, what: string) => void = () => {},
) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const streams = new Map<number, Set<Stream>>();
  const changedListeners: ((userId: number | null) => void)[] = [];
  const echoes = new Map<string, () => void>();
  let open = 0;
  let unlisten: (() => Promise<void>) | undefined;

  function deliver(message: Message) {
    if ('changedUser' in message) changedListeners.forEach((l) => l(message.changedUser));
    else if ('endedSessions' in message) {
      const { userId, ...which } = message.endedSessions;
      changedListeners.forEach((l) => l(userId));
      // Only the ended sessions' streams hear that they were logged out: the session that changed the
      // password keeps its stream and stays signed in.
      for (const stream of [...(streams.get(userId) ?? [])])
        if ('only' in which ? stream.sid === which.only : stream.sid !== which.except)
          stream.close(forcedLogout(userId));
    } else {
      const { topic, event } = message;
      const loggedOut = event.event === 'forced-logout' && typeof event.userId === 'number' ? event.userId : null;
      if (loggedOut !== null) changedListeners.forEach((l) => l(loggedOut));
      emitter.emit(topic, event);
      if (loggedOut !== null && topic === `/users/${loggedOut}`)
        for (const stream of [...(streams.get(loggedOut) ?? [])]) stream.close();
    }
    echoes.get(message.id)?.();
  }

  /** Resolves once this process has delivered the message to its own subscribers (or could not send it: logged). */
  async function send(message: Message): Promise<void> {
    const payload = JSON.stringify(message);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES)
      throw new Error(`hub message of ${Buffer.byteLength(payload)} bytes: send an id and let subscribers fetch`);
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      echoes.set(message.id, resolve);
      timer = setTimeout(resolve, ECHO_WAIT_MS);
    });
    try {
      await db.query('SELECT pg_notify($1, $2)', [HUB_CHANNEL, payload]);
      await heard;
    } catch (err) {
      // Live updates are a courtesy: what was saved stays saved, and sessions ended by a forced logout
      // are refused at their next request anyway.
      onError(err, 'hub message not sent');
    } finally {
      clearTimeout(timer);
      echoes.delete(message.id);
    }
  }

  function heard(payload: string | undefined) {
    // Messages lost while the connection was down: every cached user state may be stale.
    if (payload === undefined) return changedListeners.forEach((l) => l(null));
    try {
      const message: unknown = JSON.parse(payload);
      if (isMessage(message)) deliver(message);
    } catch (err) {
      onError(err, 'unreadable hub message');
    }
  }

  const hub = {
    /** Starts hearing the processes on the database (this one too); before it, nothing is delivered. */
    async start() {
      if (!unlisten) unlisten = await db.listen(HUB_CHANNEL, heard);
    },
    async stop() {
      await unlisten?.();
      unlisten = undefined;
    },
    /** Resolves once the event reached this process's subscribers (and went out to the others). */
    publish(topic: string, event: Omit<HubEvent, 'at'>): Promise<void> {
      return send({ id: randomUUID(), topic, event: { ...event, at: new Date().toISOString() } });
    },
    subscribe(topics: string[], sendEvent: (event: HubEvent) => void): () => void {
      for (const t of topics) emitter.on(t, sendEvent);
      return () => topics.forEach((t) => emitter.off(t, sendEvent));
    },
    /** Every process forgets what it cached about the user (roles, activity, session version). */
    userChanged(userId: number): Promise<void> {
      return send({ id: randomUUID(), changedUser: userId });
    },
    /** Called with a user whose state changed on any process, or null when any may have. */
    onUserChanged(listener: (userId: number | null) => void) {
      changedListeners.push(listener);
    },
    /**
     * Counts an open stream of a user's session (429 past the limits); `close` ends it from the server
     * side, after writing the farewell event when there is one. Returns what to call when the stream has ended.
     */
    openStream(userId: number, sid: string, close: (farewell?: HubEvent) => void): () => void {
      const mine = streams.get(userId) ?? new Set();
      if (mine.size >= limits.perUser || open >= limits.total)
        throw new HttpError(429, MESSAGES.tooManyRequests, undefined, 30);
      const stream: Stream = { sid, close };
      mine.add(stream);
      streams.set(userId, mine);
      open++;
      return () => {
        if (!mine.delete(stream)) return;
        open--;
        if (mine.size === 0) streams.delete(userId);
      };
    },
    /**
     * The event that closes every session of a user (SPEC.md section 4): every process forgets the
     * user's state, sends the event, then ends the user's streams it holds.
     */
    forceLogout(userId: number): Promise<void> {
      return hub.publish(`/users/${userId}`, { entity: 'user', event: 'forced-logout', userId });
    },
    /**
     * Some sessions of a user ended: on every process the user's cached state is forgotten (so their
     * tokens are refused at the next request) and those sessions' open streams are told and closed.
     */
    endSessions(userId: number, which: SessionChoice): Promise<void> {
      return send({ id: randomUUID(), endedSessions: { userId, ...which } });
    },
    get openStreams() {
      return open;
    },
  };
  return hub;
}
export type Hub = ReturnType<typeof createHub>;
