import type { Handler } from '../context.ts';
import { HttpError, MESSAGES } from '../httpError.ts';

const SUBSCRIBER_TTL = 12 * 3600;
const HEARTBEAT_MS = 25_000;

export const hubHandlers: Record<string, Handler> = {
  getHubSubscriberToken: async (req, ctx) => {
    const topics = [`/users/${req.user?.id ?? 0}`, '/broadcast'];
    return { data: { token: await ctx.tokens.signSubscriber(topics, SUBSCRIBER_TTL), topics } };
  },

  // Server-Sent Events: the connection stays open; each event is one `data:` line of JSON.
  subscribeHub: async (req, ctx) => {
    const allowed = await ctx.tokens.verifySubscriber(String(req.query.token));
    const topics = req.query.topic as string[];
    if (!topics.every((t) => allowed.includes(t))) throw new HttpError(403, MESSAGES.forbidden);
    const reply = req.reply;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write(': connesso\n\n');
    const unsubscribe = ctx.hub.subscribe(topics, (event) =>
      res.write(`event: message\ndata: ${JSON.stringify(event)}\n\n`),
    );
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    req.raw.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
    return reply;
  },

  forceLogoutUser: async (req, ctx) => {
    const id = Number(req.params.id);
    await ctx.resource('User').repo.get(id);
    await ctx.refreshTokens.revokeUser(id);
    ctx.hub.forceLogout(id);
    return { message: 'Operazione completata con successo' };
  },
};
