// Below Linux's ephemeral range (32768–60999), so an outgoing connection of this or another test never
// holds the port a server is about to listen on. Even, so that port + 1 (a proxy beside it) is free too.
export const freePort = () => 20000 + 2 * Math.floor(Math.random() * 6000);
