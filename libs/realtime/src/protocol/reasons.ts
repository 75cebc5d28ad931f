/**
 * Refusals in upstream Supabase Realtime's wording (contract §3, §6): a join's error reply carries
 * `<Code>: <message>`, a `system` message on a joined channel the message alone.
 */
export class Refusal {
  constructor(
    readonly code: string,
    readonly message: string,
  ) {}

  /** The join reply's `reason`. */
  get reason(): string {
    return this.code ? `${this.code}: ${this.message}` : this.message;
  }
}

export const Refusals = {
  unmatchedTopic: () => new Refusal('', 'unmatched topic'),
  topicRequired: () => new Refusal('TopicNameRequired', 'You must provide a topic name'),
  privateOnly: () => new Refusal('PrivateOnly', 'This project only allows private channels'),
  cannotRead: (subTopic: string) =>
    new Refusal('Unauthorized', `You do not have permissions to read from this Channel topic: ${subTopic}`),
  cannotWrite: (subTopic: string) =>
    new Refusal('Unauthorized', `You do not have permissions to write to this Channel topic: ${subTopic}`),
  cannotTrack: (subTopic: string) =>
    new Refusal('Unauthorized', `You do not have permissions to track presence on this Channel topic: ${subTopic}`),
  noLongerAllowed: (subTopic: string) =>
    new Refusal('Unauthorized', `You no longer have permission to read from this Channel topic: ${subTopic}`),
  malformedJwt: () => new Refusal('MalformedJWT', 'The token provided is not a valid JWT'),
  badSignature: () => new Refusal('JwtSignatureError', 'Failed to validate JWT signature'),
  expired: (secondsAgo: number) => new Refusal('InvalidJWTToken', `Token has expired ${secondsAgo} seconds ago`),
  /** A token identity refuses for another reason (user or session gone, not an authenticated user's token). */
  notAuthenticated: (detail = 'The token does not belong to a signed-in user') => new Refusal('Unauthorized', detail),
  signedOut: () => new Refusal('Unauthorized', 'The access token was removed: sign in again to receive this channel'),
  tooManyChannels: () => new Refusal('ChannelRateLimitReached', 'Too many channels'),
  tooManyConnectionsFromAddress: () =>
    new Refusal('ConnectionRateLimitReached', 'Too many connections from this address'),
  tooManyConnectionsForAccount: () =>
    new Refusal('ConnectionRateLimitReached', 'Too many connections for this account'),
  tooManyJoins: () => new Refusal('ClientJoinRateLimitReached', 'Too many joins per second'),
  restarting: () => new Refusal('RealtimeRestarting', 'Realtime is restarting, please standby'),
  badBroadcast: () => new Refusal('InvalidBroadcast', 'A broadcast needs an event name of at most 255 characters'),
  badPresence: () => new Refusal('InvalidPresence', 'A presence message is a track or an untrack'),
  reservedEvent: (event: string) =>
    new Refusal(
      'ReservedEvent',
      `Clients broadcast only events named client:<name>; '${event.slice(0, 64)}' is reserved for the server`,
    ),
  payloadTooLarge: (limit: number) =>
    new Refusal('PayloadTooLarge', `Payload size exceeded the limit of ${limit} bytes`),
  presenceNotMap: () => new Refusal('', 'Presence track payload must be a map'),
  trackTooLarge: () => new Refusal('', 'Track message size exceeded'),
  tooManyTracks: () => new Refusal('', 'Client presence rate limit exceeded'),
  /** A client broadcast or presence message over the socket's allowance (upstream's code for the tenant's limit). */
  tooManyMessages: () => new Refusal('MessagePerSecondRateLimitReached', 'Too many messages per second'),
  /** The channel's session ended (sign-out, sign-out everywhere, password change). */
  sessionEnded: () => new Refusal('Unauthorized', 'The session ended: sign in again to receive this channel'),
  unavailable: () => new Refusal('RealtimeUnavailable', 'Realtime could not handle this message; try again'),
};
