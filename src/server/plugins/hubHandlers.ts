import { HUB_TOKEN_MAX_TTL } from '../auth/tokens.ts';
import { defineHandlers } from '../context.ts';
import { teamTopicsFor } from '../../domain/hubTopics.ts';
import { HttpError, MESSAGES } from '../http/httpError.ts';

const SUBSCRIBER_TTL = HUB_TOKEN_MAX_TTL;
const HEARTBEAT_MS = 25_000;

export const hubHandlers = defineHandlers({
  getHubSubscriberToken: async (req, ctx) => {
    const user = req.user;
    if (!user) throw new HttpError(401, MESSAGES.tokenMissing);
    const topics = [`/users/${user.id}`, '/broadcast', ...teamTopicsFor(user.roles)];
    return {
      data: {
        token: await ctx.tokens.signSubscriber(
          { userId: user.id, ver: user.ver, sid: user.sid, topics },
          SUBSCRIBER_TTL,
        ),
        topics,
      },
    };
  },

  // Server-Sent Events: the connection stays open; each event is one `data:` line of JSON.
  subscribeHub: async (req, ctx) => {
    const claims = await ctx.tokens.verifySubscriber(String(req.query.token));
    const topics = req.query.topic;
    if (!topics.every((t) => claims.topics.includes(t))) throw new HttpError(403, MESSAGES.forbidden);
    // The stream lives as long as the session it was opened for.
    const state = await ctx.userStates.get(claims.userId);
    if (!state?.active) throw new HttpError(423, MESSAGES.inactive);
    if (state.tokenVersion !== claims.ver || state.endedSessions.has(claims.sid))
      throw new HttpError(401, MESSAGES.sessionEnded);
    const reply = req.reply;
    const res = reply.raw;
    const ended = ctx.hub.openStream(claims.userId, claims.sid, (farewell) => {
      if (farewell) res.write(`event: message\ndata: ${JSON.stringify(farewell)}\n\n`);
      res.end();
    });
    reply.hijack();
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write(': connesso\n\n');
    const unsubscribe = ctx.hub.subscribe(topics, (event) =>
      res.write(`event: message\ndata: ${JSON.stringify(event)}\n\n`),
    );
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    res.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      ended();
    });
    return reply;
  },
});
